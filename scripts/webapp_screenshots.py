"""Screenshots of the Mini App for the README: a two-player game against the fake Bot API,
played from the pages until it is Alice's turn with cards on the table, then her page at
a phone's size (390 x 844) in Telegram's light theme, its dark theme, on a desktop
(1280 x 800), and in Russian (a person whose Telegram speaks Russian); the 💬 phrase menu
and a phrase's bubble on the other page (light and dark); then the deal played to its
end: the result dialog. Then the pages before a deal (``bot/webapp/rooms.py``), light and
dark: a table by link's lobby as its host and as a guest sees it, the quick-game queue,
home (opened from the bot's menu), and a made-up invite refused. Needs Debian's chromium
(as the browser tests do).

    .venv/bin/python scripts/webapp_screenshots.py [--out docs/webapp]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "bot"), str(ROOT / "scripts")]

from bench_harness import free_port  # noqa: E402
from browser import DESKTOP, chromium, open_page  # noqa: E402
from fakebot import FakeBotServer  # noqa: E402
from fakebot.webapp import DARK, LIGHT, init_data, launch_url  # noqa: E402
from playing import hand_message  # noqa: E402

from bot.app import build_application  # noqa: E402
from bot.config import Settings  # noqa: E402


async def game_with_pages(fake, app, language: str, title: str):
    users = [fake.add_user(name, language_code=language) for name in ("Alice", "Bob")]
    for user in users:
        await fake.user_starts_bot(user)
    group = fake.add_group(title, users)
    await fake.user_sends(users[0], group, "/newgame")
    lobby = await fake.wait_for_message(group, lambda m: len(m.buttons) > 2, 30)
    await fake.wait_for_answer(await fake.user_presses(users[1], lobby, lobby.buttons[0]
                                                       ["callback_data"]), 30)
    start = next(b for b in lobby.buttons if b["callback_data"].endswith(".start"))
    await fake.wait_for_answer(await fake.user_presses(users[0], lobby, start["callback_data"]))
    for user in users:
        await fake.wait_for(lambda u=user: hand_message(fake, u) or _any_hand(fake, u), 30)
    return users


def _any_hand(fake, user):
    messages = [m for m in fake.bot_messages(user.id) if any("web_app" in b for b in m.buttons)]
    return messages[-1] if messages else None


def page_url(fake, user) -> str:
    message = _any_hand(fake, user)
    return next(b for b in message.buttons if "web_app" in b)["web_app"]["url"]


async def tap_once(pages) -> bool:
    """One move from whichever page offers one (a card, else a button but the hint)."""
    for page in pages:
        targets = await page.query_selector_all("#hand .card.playable, #pairs .playable")
        targets = targets or [b for b in await page.query_selector_all("#buttons button")
                              if "hint" not in (await b.inner_text()).lower()]
        if not targets:
            continue
        version = int(await page.evaluate("document.body.dataset.version"))
        try:
            await targets[0].click(timeout=3000)
            await page.wait_for_function(
                f"Number(document.body.dataset.version) > {version}", timeout=5000)
        except Exception:
            pass  # redrawn under the finger, or a choice screen: look again
        return True
    return False


async def play_until(pages, done, limit: int = 400) -> None:
    for _ in range(limit):
        if await done():
            return
        if not await tap_once(pages):
            await asyncio.sleep(0.05)


async def shot(browser, url: str, path: Path, theme, viewport=None) -> None:
    page = await open_page(browser, url, viewport=viewport, theme=theme)
    await page.wait_for_selector("#hand .card, #result .panel")
    await page.wait_for_timeout(400)
    await page.screenshot(path=str(path))
    print(path)
    await page.context.close()


async def room_shot(browser, url: str, path: Path, theme, ready: str) -> None:
    page = await open_page(browser, url, theme=theme, reduced_motion="reduce")
    await page.wait_for_selector(ready)
    await page.wait_for_timeout(300)
    await page.screenshot(path=str(path))
    print(path)
    await page.context.close()


async def phrase_shots(browser, fake, users, alice, out: Path) -> None:
    """Bob's page in the dark theme opens 💬 and says 👍: the bubble on Alice's (light);
    then Alice's menu, and her "Good game" bubbling on Bob's dark page."""
    bob_url = launch_url(page_url(fake, users[1]), init_data(fake.token, users[1].id, "Bob",
                                                             language="en"), DARK)
    bob = await open_page(browser, bob_url, theme=DARK, reduced_motion="reduce")
    await bob.wait_for_selector("#hand .card")
    await bob.click("#say")
    await bob.wait_for_selector("#phrases .phrase")
    await bob.screenshot(path=str(out / "phrases-dark.png"))
    await bob.click("#phrases .phrase.emoji")
    await alice.wait_for_selector("#bubbles .bubble")
    await alice.screenshot(path=str(out / "bubble-light.png"))
    await alice.click("#say")
    await alice.wait_for_selector("#phrases .phrase")
    await alice.screenshot(path=str(out / "phrases-light.png"))
    await alice.click("#phrases .phrase")
    await bob.wait_for_selector("#bubbles .bubble:not(.mine)")
    await bob.screenshot(path=str(out / "bubble-dark.png"))
    print(out / "phrases-*.png", out / "bubble-*.png")
    await bob.context.close()


async def room_shots(browser, fake, base: str, out: Path) -> None:
    """The pages before a deal, each in the light and the dark theme."""
    host, guest = fake.add_user("Alice"), fake.add_user("Bob")
    waiter, home = fake.add_user("Clara"), fake.add_user("Dmitri")
    for user in (host, guest, waiter, home):
        await fake.user_starts_bot(user)
    await fake.user_sends(host, fake.private_chat(host), "/newgame")
    await fake.wait_for_message(host.id, lambda m: "start=j" in m.text, 30)
    invite = next(m.text for m in fake.bot_messages(host.id)
                  if "start=j" in m.text).split("start=j")[1][:16]

    def url(user, code: str, theme) -> str:
        return launch_url(base, init_data(fake.token, user.id, user.first_name,
                                          start_param=code), theme)

    for name, theme in (("light", LIGHT), ("dark", DARK)):
        await room_shot(browser, url(guest, "j" + invite, theme),
                        out / f"lobby-guest-{name}.png", theme, "[data-do=join]")
    joined = await open_page(browser, url(guest, "j" + invite, LIGHT), theme=LIGHT)
    await joined.click("[data-do=join]")
    await joined.wait_for_selector("[data-do=leave]")
    for name, theme in (("light", LIGHT), ("dark", DARK)):
        await room_shot(browser, url(host, "j" + invite, theme),
                        out / f"lobby-host-{name}.png", theme, "[data-do=start]")
        await room_shot(browser, url(home, "", theme), out / f"home-{name}.png", theme,
                        "[data-do=quick]")
        await room_shot(browser, url(home, "jAAAAAAAAAAAAAAAA", theme),
                        out / f"refused-{name}.png", theme, ".room-panel")
    for name, theme in (("light", LIGHT), ("dark", DARK)):
        await room_shot(browser, url(waiter, "q", theme), out / f"quick-{name}.png", theme,
                        "#room .searching")
    await joined.context.close()


async def main(out: Path) -> None:
    fake = FakeBotServer()
    await fake.start()
    port = free_port()
    tmp = tempfile.mkdtemp(prefix="webapp-shots-")
    settings = Settings(token=fake.token, database_url=f"sqlite+aiosqlite:///{tmp}/db.sqlite",
                        api_base_url=fake.base_url, computer_pause=(0.0, 0.0),
                        edit_coalesce=0.01, table_debounce=0.02, table_min_interval=0.05,
                        overall_rate=0, group_rate_per_minute=0,
                        webapp_url=f"http://127.0.0.1:{port}/webapp/", webapp_name="table")
    app = build_application(settings, rng=random.Random(3))
    await app.initialize()
    await app.post_init(app)
    await app.start()
    await app.updater.start_polling(poll_interval=0.0, timeout=5)
    await app.bot_data["webapp"].start("127.0.0.1", port)
    out.mkdir(parents=True, exist_ok=True)
    try:
        async with chromium() as browser:
            for language, title, shots in (
                    ("en", "Cards night", (("light", LIGHT, None), ("dark", DARK, None),
                                           ("desktop", LIGHT, DESKTOP))),
                    ("ru", "Вечер карт", (("ru", LIGHT, None),))):
                users = await game_with_pages(fake, app, language, title)
                pages = [await open_page(browser, launch_url(
                    page_url(fake, u), init_data(fake.token, u.id, u.first_name,
                                                 language=language))) for u in users]
                for page in pages:
                    await page.wait_for_selector("#hand .card")
                alice = pages[0]

                async def her_turn_with_pairs(alice=alice) -> bool:
                    return await alice.evaluate(
                        "document.body.dataset.turn === '1' && "
                        "document.querySelectorAll('#pairs .pair').length >= 2")

                await play_until(pages, her_turn_with_pairs)
                url = page_url(fake, users[0])
                data = init_data(fake.token, users[0].id, "Alice", language=language)
                for name, theme, viewport in shots:
                    await shot(browser, launch_url(url, data, theme), out / f"table-{name}.png",
                               theme, viewport)
                if language == "en":
                    await phrase_shots(browser, fake, users, alice, out)

                    async def over(alice=alice) -> bool:
                        return await alice.evaluate("document.body.dataset.over === '1'")

                    await play_until(pages, over, limit=2000)
                    await shot(browser, launch_url(url, data, LIGHT), out / "table-end.png",
                               LIGHT)
                for page in pages:
                    await page.context.close()
            await room_shots(browser, fake, settings.webapp_url or "", out)
    finally:
        await app.bot_data["webapp"].stop()
        await app.updater.stop()
        await app.stop()
        await app.post_shutdown(app)
        await app.shutdown()
        await fake.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "webapp")
    asyncio.run(main(parser.parse_args().out))
