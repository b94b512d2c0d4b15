"""Screenshots of the Mini App for the README: a two-player game against the fake Bot API,
a few moves played from the pages, then one person's page at a phone's size in
Telegram's light theme, its dark theme, and in Russian (a person whose Telegram speaks
Russian). Needs Debian's chromium (as the browser tests do).

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

from bench_bot import free_port  # noqa: E402
from browser import chromium, open_page  # noqa: E402
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


async def play_a_little(pages, moves: int) -> None:
    """Tap moves on whichever page offers one, until ``moves`` were made and the table
    holds cards (a picture of a bout in progress)."""
    made = 0
    for _ in range(200):
        for page in pages:
            cards = await page.query_selector_all("#hand .card.playable")
            if not cards:
                continue
            version = int(await page.evaluate("document.body.dataset.version"))
            await cards[-1].click()
            await page.wait_for_function(
                f"Number(document.body.dataset.version) > {version}", timeout=10000)
            made += 1
        on_table = await pages[0].query_selector_all("#table .card")
        if made >= moves and on_table:
            return
        await asyncio.sleep(0.05)


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
            for language, title, shots in (("en", "Cards night", (("light", LIGHT),
                                                                   ("dark", DARK))),
                                           ("ru", "Вечер карт", (("ru", LIGHT),))):
                users = await game_with_pages(fake, app, language, title)
                pages = [await open_page(browser, launch_url(
                    page_url(fake, u), init_data(fake.token, u.id, u.first_name,
                                                 language=language))) for u in users]
                for page in pages:
                    await page.wait_for_selector("#hand .card")
                await play_a_little(pages, 3)
                alice = users[0]
                for name, theme in shots:
                    page = await open_page(browser, launch_url(
                        page_url(fake, alice), init_data(fake.token, alice.id, "Alice",
                                                         language=language), theme))
                    await page.wait_for_selector("#hand .card")
                    await page.wait_for_timeout(300)
                    await page.screenshot(path=str(out / f"table-{name}.png"))
                    print(out / f"table-{name}.png")
                    await page.context.close()
                for page in pages:
                    await page.context.close()
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
