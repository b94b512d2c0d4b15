"""Screenshots of the Mini App's pictures for the README: three friends play a dozen
deals (podkidnoy in one group, perevodnoy in another) against the fake Bot API, then
Anna's stats page and the first group's season standings are photographed at a phone's
size (390 x 844) in Telegram's light and dark themes and on a desktop (1280 x 800).
Needs Debian's chromium (as the browser tests do).

    python scripts/stats_screenshots.py [--out docs/webapp] [--deals 12] [--language en]
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
from browser import DESKTOP, PHONE, chromium, open_page  # noqa: E402
from fakebot import FakeBotServer  # noqa: E402
from fakebot.webapp import DARK, LIGHT, init_data, launch_url  # noqa: E402
from playing import play_to_the_end  # noqa: E402
from sqlalchemy import update  # noqa: E402

from bot.app import build_application  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.storage.models import Chat  # noqa: E402


async def deal(fake, svc, users, group) -> None:
    """/newgame, everyone joins, Start, played to its end by pressing the offered moves."""
    newest = fake.last_bot_message(group)
    await fake.user_sends(users[0], group, "/newgame")
    lobby = await fake.wait_for_message(
        group, lambda m: "Join" in m.button_texts(),
        after=newest.message_id if newest else 0)
    for user in users[1:]:
        await fake.wait_for_answer(await fake.user_presses(user, lobby, "Join"))
    await fake.wait_for_answer(await fake.user_presses(users[0], lobby, "Start"))
    game_id = None
    while game_id is None:
        await asyncio.sleep(0.02)
        game_id = await svc.chats.running_game(group.id)
    while await play_to_the_end(fake, _World(svc), game_id, users) == "running":
        pass
    await fake.settle(0.1)


class _World:
    """What ``play_to_the_end`` reads of a test's world: its services."""

    def __init__(self, services) -> None:
        self.services = services


async def main(out: Path, deals: int, language: str) -> None:
    fake = FakeBotServer()
    await fake.start()
    port = free_port()
    tmp = tempfile.mkdtemp(prefix="stats-shots-")
    settings = Settings(token=fake.token, database_url=f"sqlite+aiosqlite:///{tmp}/db.sqlite",
                        api_base_url=fake.base_url, computer_pause=(0.0, 0.0),
                        edit_coalesce=0.01, table_debounce=0.02, table_min_interval=0.05,
                        overall_rate=0, group_rate_per_minute=0, private_rate_per_second=0,
                        lobby_edit_interval=0.02, quiet_hand_delay=0.1, takeover_pause=0.0,
                        webapp_url=f"http://127.0.0.1:{port}/webapp/", webapp_name="table")
    app = build_application(settings, rng=random.Random(5))
    await app.initialize()
    await app.post_init(app)
    await app.start()
    await app.updater.start_polling(poll_interval=0.0, timeout=5)
    await app.bot_data["webapp"].start("127.0.0.1", port)
    svc = app.bot_data["services"]
    base = f"http://127.0.0.1:{port}/webapp/"
    out.mkdir(parents=True, exist_ok=True)
    try:
        # (the deals are played in English: deal() presses the lobby's buttons by name)
        users = [fake.add_user(name) for name in ("Anna", "Boris", "Vera")]
        for user in users:
            await fake.user_starts_bot(user)
        fridays = fake.add_group("Friday cards", users)
        transfers = fake.add_group("Perevodnoy club", users[:2])
        async with svc.db.transaction() as s:  # the second group plays perevodnoy
            await s.merge(Chat(id=transfers.id, settings={"preset": "perevodnoy"}))
            await s.execute(update(Chat).where(Chat.id == transfers.id)
                            .values(settings={"preset": "perevodnoy"}))
        for n in range(deals):
            if n % 3 == 2:
                await deal(fake, svc, users[:2], transfers)
            else:
                await deal(fake, svc, users, fridays)
        anna = users[0]
        async with chromium() as browser:
            for start, name in (("s", "stats"), (f"t{fridays.id}", "top")):
                for suffix, theme, size in (("light", LIGHT, PHONE), ("dark", DARK, PHONE),
                                            ("desktop", LIGHT, DESKTOP)):
                    data = init_data(fake.token, anna.id, anna.first_name, start_param=start,
                                     language=language)
                    page = await open_page(browser, launch_url(base, data, theme),
                                           viewport=size, theme=theme)
                    await page.wait_for_selector("body[data-drawn]", timeout=15000)
                    path = out / (f"{name}-{suffix}.png" if language == "en"
                                  else f"{name}-{language}-{suffix}.png")
                    await page.screenshot(path=str(path), full_page=size is PHONE)
                    print(path)
                    await page.context.close()
    finally:
        await app.bot_data["webapp"].stop()
        await app.updater.stop()
        await app.stop()
        await app.post_stop(app)
        await app.shutdown()
        await app.post_shutdown(app)
        await fake.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "webapp")
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--language", default="en",
                        help="the language Anna's Telegram opens the pages in (not en: the "
                             "files are named stats-<language>-*.png, to check the words "
                             "fit; the group's board speaks the group's language)")
    args = parser.parse_args()
    asyncio.run(main(args.out, args.deals, args.language))
