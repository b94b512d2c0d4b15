"""Benchmark the Mini App: N two-player group games played from pages over WebSockets
against one bot process (the real Application, long polling the fake Bot API, with the
Mini App's own server), the scripted pages in this process.

    .venv/bin/python scripts/bench_webapp.py [--games 200] [--seconds 60] [--think 0.5,1.5]

Each game's two people open the page (init data signed with the token, as Telegram
does) and play from it only: when their page offers a move they think ``--think``
seconds (uniform) and tap the first playable card, else the first button that is not the
hint. Printed (JSON):
- moves_per_second: moves the bot applied during play (the move log) per wall second;
- bot_cpu_ms_per_move: the bot process's CPU (user + system, all threads) over play, per
  move, and bot_cpu_share (1.0 = one whole core);
- delay_ms p50/p99: from a page sending a move to the OTHER page of that game receiving
  the state it made (both pages here, one clock): what a person waits to see the move;
- bot_api_requests_per_move: Bot API requests the bot made during play (getUpdates
  excluded) per move, split by method: with both people on pages only the group table is
  edited (and the end of a deal);
- presses_refused: taps the bot refused (a page tapping a choice that just went stale);
- memory_kb_per_page: the bot process's resident memory after every page connected and
  got its first state, minus before, per page;
- page (``--page-loads N``, Chromium; before play): page_kb, the page's HTML, JS and CSS
  as served (before compression), and what else it fetched (words.json);
  foreign_requests, requests to any other origin (the budget: none); first_draw_ms, from
  the WebSocket opening to the frame showing the first full table (median and max of N
  loads of one seat's page at a phone's size).

Budgets (issue 27): page_kb <= 60 with foreign_requests 0; first_draw_ms max <= 300;
delay_ms_p99 <= 100 at 200 games; bot_cpu_ms_per_move <= 4.9.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "bot"),
                str(ROOT / "scripts")]

import aiohttp  # noqa: E402
from bench_harness import (  # noqa: E402
    count_by_method,
    count_moves,
    exit_with_parent,
    free_port,
    hand_message,
    percentile,
)
from fakebot import FakeBotServer  # noqa: E402
from fakebot.webapp import init_data  # noqa: E402

from bot.app import build_application  # noqa: E402
from bot.config import Settings  # noqa: E402


async def serve(token: str, base_url: str, db_url: str, port: int) -> None:
    """The bot process: polling the fake, the Mini App on 127.0.0.1:port, until SIGTERM."""
    settings = Settings(token=token, database_url=db_url, api_base_url=base_url,
                        computer_pause=(0.0, 0.0), timer_tick=1.0, overall_rate=0,
                        group_rate_per_minute=0,
                        webapp_url=f"http://127.0.0.1:{port}/webapp/")
    app = build_application(settings, rng=random.Random(1))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    loop.add_signal_handler(signal.SIGINT, stop.set)
    watchdog = asyncio.create_task(exit_with_parent(stop))
    await app.initialize()
    await app.post_init(app)
    await app.start()
    await app.bot_data["webapp"].start("127.0.0.1", port)
    await app.updater.start_polling(poll_interval=0.0, timeout=5)
    await stop.wait()
    await app.updater.stop()
    await app.bot_data["webapp"].stop()
    await app.stop()
    await app.post_shutdown(app)
    await app.shutdown()
    watchdog.cancel()


def proc_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    import os

    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Game:
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self.pressed: tuple[str, int, float] | None = None  # (who, version, when)


def choices(state: dict) -> list[str]:
    cards = [c["press"] for c in state["hand"] if c.get("press")]
    buttons = [b["press"] for b in state["buttons"] if not b["press"].endswith(".hint")]
    return cards + buttons


async def page(session, url: str, who: str, game: Game, think, rng: random.Random,
               delays: list, ready: asyncio.Event, deadline: float, connected: list,
               refused: list) -> None:
    """One person's page: a reader keeps the newest state (as the page draws it), the
    person looks at it, thinks, and taps on what is on screen after thinking."""
    loop = asyncio.get_running_loop()
    async with session.ws_connect(url, max_msg_size=0) as ws:
        latest = await ws.receive_json()
        connected.append(1)
        news = asyncio.Event()
        refusals = 0

        async def read() -> None:
            nonlocal latest, refusals
            async for message in ws:
                data = message.json()
                if data["type"] == "state":
                    pressed = game.pressed
                    if pressed and pressed[0] != who and data["version"] > pressed[1]:
                        delays.append(time.perf_counter() - pressed[2])
                        game.pressed = None
                    latest = data
                elif data["type"] == "refused":
                    refused.append(data.get("text", ""))
                    if game.pressed and game.pressed[0] == who:
                        game.pressed = None  # nothing moved: no delay to measure
                    refusals += 1
                news.set()

        reader = asyncio.create_task(read())
        await ready.wait()  # every page connected: play starts
        acted = (-1, -1)  # (version, refusals) at the last tap
        try:
            while loop.time() < deadline:
                state = latest
                if state["status"] != "running":
                    return
                options = choices(state)
                if options and acted != (state["version"], refusals):
                    await asyncio.sleep(rng.uniform(*think))
                    if latest is not state:
                        continue  # the screen changed while thinking: look again
                    tries = refusals - acted[1] if acted[0] == state["version"] else 0
                    press = options[tries % len(options)]
                    acted = (state["version"], refusals)
                    game.pressed = (who, state["version"], time.perf_counter())
                    await ws.send_json({"press": press})
                news.clear()
                try:
                    await asyncio.wait_for(news.wait(), timeout=2.0)
                except TimeoutError:
                    pass
        finally:
            reader.cancel()


async def measure_page(url: str, loads: int) -> dict:
    """Open one seat's page ``loads`` times in Chromium (a fresh browser context each time:
    nothing cached): what it weighs, what it fetches from elsewhere, how soon after its
    socket opens the first full table shows."""
    from urllib.parse import urlsplit

    from browser import ARGS, CHROMIUM, PHONE
    from playwright.async_api import async_playwright

    origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    asked: set[str] = set()
    foreign: list[str] = []
    draws: list[float] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(loads):
            context = await browser.new_context(viewport=PHONE, device_scale_factor=2)
            page = await context.new_page()
            page.on("request", lambda r: asked.add(r.url) if r.url.startswith(origin)
                    else foreign.append(r.url))
            await page.goto(url)
            await page.wait_for_function("performance.getEntriesByName('drawn').length > 0",
                                         timeout=10000)
            draws.append(await page.evaluate(
                "performance.getEntriesByName('drawn')[0].startTime - "
                "performance.getEntriesByName('socket')[0].startTime"))
            await context.close()
        await browser.close()
    sizes = {}
    async with aiohttp.ClientSession() as http:
        for address in asked:
            path = urlsplit(address).path
            if path.endswith("/ws"):
                continue
            async with http.get(address, headers={"Accept-Encoding": "identity"}) as got:
                sizes[path] = len(await got.read())
    code = {path: n for path, n in sizes.items() if not path.endswith(".json")}
    return {"page_kb": round(sum(code.values()) / 1024, 1), "page_files": len(code),
            "other_fetched_kb": round(
                sum(n for path, n in sizes.items() if path.endswith(".json")) / 1024, 1),
            "foreign_requests": len(foreign),
            "first_draw_ms_median": round(sorted(draws)[len(draws) // 2], 1),
            "first_draw_ms_max": round(max(draws), 1)}


async def main(games: int, seconds: float, think: tuple[float, float],
               page_loads: int = 0) -> dict:
    fake = FakeBotServer(group_rate=None)
    await fake.start()
    tmp = tempfile.mkdtemp(prefix="bench-webapp-")
    db_url = f"sqlite+aiosqlite:///{tmp}/bench.db"
    port = free_port()
    bot = await asyncio.create_subprocess_exec(sys.executable, __file__, "--serve", fake.token,
                                               fake.base_url, db_url, str(port))
    try:
        await fake.wait_for(lambda: fake.poll_count > 0, 60, "the bot to poll")
        tables = []
        for n in range(games):
            users = [fake.add_user(f"W{n}{k}") for k in "ab"]
            for user in users:
                await fake.user_starts_bot(user)
            group = fake.add_group(f"Web {n}", users)
            await fake.user_sends(users[0], group, "/newgame")
            tables.append((users, group))
        for users, group in tables:
            lobby = await fake.wait_for_message(group, lambda m: "Join" in m.button_texts(), 60)
            await fake.wait_for_answer(await fake.user_presses(users[1], lobby, "Join"), 60)
            await fake.wait_for_answer(await fake.user_presses(users[0], lobby, "Start"), 60)
        for users, _ in tables:
            for user in users:
                await fake.wait_for(lambda u=user: hand_message(fake, u), 60, "hands")
        await fake.settle(0.5, timeout=60)
        page_figures: dict = {}
        if page_loads:
            from fakebot.webapp import launch_url

            users = tables[0][0]
            button = next(b for b in hand_message(fake, users[0]).buttons if "web_app" in b)
            page_figures = await measure_page(launch_url(
                button["web_app"]["url"],
                init_data(fake.token, users[0].id, users[0].first_name)), page_loads)
            await fake.settle(0.5, timeout=60)  # its hand message, redrawn as it closed
        rss_before = proc_rss_kb(bot.pid)
        loop = asyncio.get_running_loop()
        ready, delays, connected, refused = asyncio.Event(), [], [], []
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as session:
            tasks = []
            for users, _ in tables:
                button = next(b for b in hand_message(fake, users[0]).buttons if "web_app" in b)
                game = Game(int(button["web_app"]["url"].rsplit("=", 1)[1]))
                for user in users:
                    query = urlencode({"game": game.game_id,
                                       "init": init_data(fake.token, user.id, user.first_name)})
                    tasks.append(asyncio.create_task(page(
                        session, f"http://127.0.0.1:{port}/webapp/ws?{query}", user.first_name,
                        game, think, random.Random(user.id), delays, ready,
                        loop.time() + seconds + 120, connected, refused)))
            while len(connected) < len(tasks):
                await asyncio.sleep(0.1)
                if any(t.done() and t.exception() for t in tasks):
                    raise next(t.exception() for t in tasks if t.done() and t.exception())
            await asyncio.sleep(1.0)
            rss_after = proc_rss_kb(bot.pid)
            calls_before = len(fake.calls)
            moves_before = await count_moves(db_url)
            cpu_before, started = proc_cpu_seconds(bot.pid), loop.time()
            ready.set()
            await asyncio.wait(tasks, timeout=seconds)
            elapsed = loop.time() - started
            cpu = proc_cpu_seconds(bot.pid) - cpu_before
            moves = await count_moves(db_url) - moves_before
            play_calls = [c for c in fake.calls[calls_before:] if c.method != "getUpdates"]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        if bot.returncode is None:
            bot.terminate()
            try:
                await asyncio.wait_for(bot.wait(), 30)
            except (TimeoutError, asyncio.CancelledError):
                bot.kill()
        await bot.wait()
        await fake.stop()
    return {
        "games": games, "pages": 2 * games, "seconds": round(elapsed, 1), "moves": moves,
        "moves_per_second": round(moves / max(elapsed, 1e-9), 1),
        "bot_cpu_ms_per_move": round(cpu * 1000 / max(1, moves), 2),
        "bot_cpu_share": round(cpu / max(elapsed, 1e-9), 2),
        "delay_samples": len(delays), "presses_refused": len(refused),
        "refusals": dict(Counter(refused).most_common(5)),
        "delay_ms_p50": round(percentile(delays, 0.50) * 1000, 1),
        "delay_ms_p99": round(percentile(delays, 0.99) * 1000, 1),
        "bot_api_requests_per_move": round(len(play_calls) / max(1, moves), 3),
        "bot_api_requests_by_method": count_by_method(play_calls),
        "memory_kb_per_page": round((rss_after - rss_before) / max(1, 2 * games), 1),
        "think_s": list(think),
        **({"page": page_figures} if page_figures else {}),
    }


def cli() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        token, base_url, db_url, port = sys.argv[2:6]
        asyncio.run(serve(token, base_url, db_url, int(port)))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", default="0.5,1.5",
                        help="seconds a person thinks before a move: min,max (uniform)")
    parser.add_argument("--page-loads", type=int, default=5,
                        help="loads of one page in Chromium, before play, for its weight "
                        "and first draw (0: none)")
    args = parser.parse_args()
    low, high = (float(x) for x in args.think.split(","))
    print(json.dumps(asyncio.run(main(args.games, args.seconds, (low, high),
                                      args.page_loads)), indent=2))


if __name__ == "__main__":
    cli()
