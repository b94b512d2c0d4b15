"""The stats page's first draw and weight (issue 39: first draw <= 300 ms): a person with
``--deals`` finished deals (filled directly into a fresh SQLite database, against four
tablemates and two games), the real bot's Mini App server, and Debian's chromium loading
the page ``--loads`` times at a phone's size, each of the two ways in: a private chat's
button (stats.html itself) and a group's link (the app's index.html with startapp=s, which
goes on to stats.html). Printed: the time from the first navigation's start to the charts
drawn (``performance.mark("drawn")`` in static/stats.js: the JSON fetched and the SVG
built), p50/p90/p99/max, and the bytes the page took (HTML, modules, CSS, the JSON).

    python scripts/bench_stats_page.py [--deals 500] [--loads 30]
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "bot"), str(ROOT / "scripts")]

from bench_harness import free_port  # noqa: E402
from browser import PHONE, chromium, open_page  # noqa: E402
from fakebot import FakeBotServer  # noqa: E402
from fakebot.webapp import LIGHT, init_data, launch_url  # noqa: E402
from sqlalchemy import insert  # noqa: E402

from bot.app import build_application  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.storage.database import Database  # noqa: E402
from bot.storage.migrate import upgrade  # noqa: E402
from bot.storage.models import (  # noqa: E402
    Chat,
    DealResult,
    Game,
    Rating,
    Series,
    Tally,
    User,
    user_key,
)

ME, MATES = 7001, (7002, 7003, 7004, 7005)
GROUP = -1007000


async def fill(url: str, deals: int) -> None:
    db = Database(url)
    await upgrade(db)
    rng = random.Random(11)
    start = datetime.now(UTC) - timedelta(days=60)
    async with db.transaction() as s:
        await s.execute(insert(User), [{"id": uid, "name": f"Player {uid}"}
                                       for uid in (ME, *MATES)])
        await s.execute(insert(Chat), [{"id": GROUP, "settings": {}}])
        await s.execute(insert(Series), [{"id": 1, "chat_id": GROUP}])
        games, results = [], []
        rating = {uid: 0.0 for uid in (ME, *MATES)}
        for n in range(1, deals + 1):
            other = rng.choice(MATES)
            preset = "podkidnoy" if n % 3 else "perevodnoy"
            when = start + timedelta(minutes=10 * n)
            games.append({"id": n, "chat_id": GROUP, "series_id": 1, "deal_number": n,
                          "rules": {}, "settings": {"preset": preset}, "seed": n, "state": {},
                          "status": "finished", "finished_at": when})
            fool = rng.choice((ME, other))
            for seat, uid in enumerate((ME, other)):
                before = rating[uid]
                rating[uid] += -0.3 if uid == fool else 0.3
                results.append({"game_id": n, "series_id": 1, "chat_id": GROUP, "seat": seat,
                                "player": user_key(uid), "user_id": uid, "fool": uid == fool,
                                "rating_before": before, "rating_after": rating[uid],
                                "created_at": when})
        await s.execute(insert(Game), games)
        await s.execute(insert(DealResult), results)
        await s.execute(insert(Tally), [{"chat_id": 0, "player": user_key(ME), "user_id": ME,
                                         "name": "Player", "games": deals}])
        await s.execute(insert(Rating), [{"player": user_key(ME), "user_id": ME, "mu": 25.0,
                                          "sigma": 3.0, "games": deals}])
    await db.dispose()


async def main(deals: int, loads: int) -> None:
    tmp = tempfile.mkdtemp(prefix="bench-stats-page-")
    url = f"sqlite+aiosqlite:///{tmp}/db.sqlite"
    await fill(url, deals)
    fake = FakeBotServer()
    await fake.start()
    port = free_port()
    settings = Settings(token=fake.token, database_url=url, api_base_url=fake.base_url,
                        webapp_url=f"http://127.0.0.1:{port}/webapp/", webapp_name="table")
    app = build_application(settings)
    await app.initialize()
    await app.post_init(app)
    await app.bot_data["webapp"].start("127.0.0.1", port)
    base = f"http://127.0.0.1:{port}/webapp/"
    # The two ways in: a private chat's web_app button opens stats.html itself; a group's
    # t.me link opens the app's page (index.html) with startapp=s, which goes on to it.
    ways = {"private (button: stats.html)": base + "stats.html?view=me",
            "group (link: index.html, startapp=s)": base}
    drawn: dict[str, list[float]] = {way: [] for way in ways}
    weights: list[float] = []
    try:
        async with chromium() as browser:
            for n in range(loads + 1):  # the first load warms the server's caches: not counted
                for way, url in ways.items():
                    data = init_data(fake.token, ME, "Player", start_param="s",
                                     auth_date=time.time())
                    # The first document's time origin, kept across the group's redirect
                    # (the stats page's own timeline starts at its own navigation).
                    page = await open_page(browser, launch_url(url, data, LIGHT),
                                           viewport=PHONE, theme=LIGHT, init_script=FIRST)
                    await page.wait_for_selector("body[data-drawn]", timeout=30000)
                    at = await page.evaluate(
                        'performance.timeOrigin + performance.getEntriesByName("drawn")[0]'
                        '.startTime - Number(sessionStorage.getItem("firstOrigin"))')
                    weight = await page.evaluate(
                        "performance.getEntriesByType('navigation').concat("
                        "performance.getEntriesByType('resource'))"
                        ".reduce((sum, e) => sum + (e.transferSize || e.encodedBodySize || 0),"
                        " 0)")
                    points = await page.evaluate(
                        "document.querySelector('path.line').getAttribute('d')"
                        ".split('L').length")
                    await page.context.close()
                    if n:
                        drawn[way].append(at)
                        if way.startswith("private"):
                            weights.append(weight)
    finally:
        await app.bot_data["webapp"].stop()
        await app.shutdown()
        await app.post_shutdown(app)
        await fake.stop()
    print(f"deals stored: {deals}; rating chart points: {points}; loads: {loads} each way")
    for way, times in drawn.items():
        times.sort()
        p90, p99 = nearest_rank(times, 0.90), nearest_rank(times, 0.99)
        print(f"first draw, {way} (navigation start -> charts drawn): "
              f"p50 {statistics.median(times):.0f} ms, p90 {p90:.0f} ms, p99 {p99:.0f} ms, "
              f"max {times[-1]:.0f} ms (target <= 300 ms: {p90 / 300:.2f} of it at p90)")
    print(f"weight: {statistics.median(weights) / 1024:.1f} KiB a load (HTML, modules, CSS, "
          f"the JSON; uncompressed)")


FIRST = ('if (!sessionStorage.getItem("firstOrigin")) '
         'sessionStorage.setItem("firstOrigin", String(performance.timeOrigin));')


def nearest_rank(ordered: list[float], share: float) -> float:
    """The ``share`` percentile of sorted values (nearest rank: with 30 loads, p99 is the
    slowest)."""
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--loads", type=int, default=30)
    args = parser.parse_args()
    asyncio.run(main(args.deals, args.loads))
