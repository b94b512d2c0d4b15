"""How fast the Mini App's lobby pages follow (``bot/webapp/rooms.py``): tables by link
opened with ``/newgame`` against the fake Bot API, each with its host's and a guest's room
socket (``?room=j<invite>``, as the app's direct link opens it); the guest taps Join and
the host taps Start over the sockets. Printed: from Join to the host's page showing the
guest (the desk's listener, one lobby read), from Start to both pages told the deal
(``next``: the presenter's listener on the deal's launch), p50/p99 in ms, and how many
room states each page was sent. The bot runs in this process (its CPU shares the
clients'); no browser.

    .venv/bin/python scripts/bench_rooms.py [--lobbies 60] [--at-once 10]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "scripts")]

import aiohttp  # noqa: E402
from bench_harness import free_port, percentile  # noqa: E402
from fakebot import FakeBotServer  # noqa: E402
from fakebot.webapp import init_data  # noqa: E402

from bot.app import build_application  # noqa: E402
from bot.config import Settings  # noqa: E402


async def next_message(ws, wanted, counts: dict | None = None) -> dict:
    """The next message ``wanted`` accepts; ``counts``: room states seen, by socket."""
    while True:
        message = await ws.receive_json(timeout=30)
        if counts is not None and message.get("type") == "room":
            counts[id(ws)] = counts.get(id(ws), 0) + 1
        if wanted(message):
            return message


async def one_lobby(fake, app, session, base: str, n: int, figures: dict) -> None:
    host, guest = fake.add_user(f"Host{n}"), fake.add_user(f"Guest{n}")
    for user in (host, guest):
        await fake.user_starts_bot(user)
    await fake.user_sends(host, fake.private_chat(host), "/newgame")
    chats = app.bot_data["services"].chats
    while (lobby_id := await chats.lobby_of(host.id)) is None:
        await asyncio.sleep(0.02)
    lobby = await app.bot_data["services"].lobbies.get(lobby_id)

    def url(user) -> str:
        return f"{base}ws?" + urlencode({"room": "j" + lobby.invite, "init": init_data(
            fake.token, user.id, user.first_name)})

    counts: dict[int, int] = {}
    async with session.ws_connect(url(host)) as h, session.ws_connect(url(guest)) as g:
        await next_message(h, lambda m: m.get("type") == "room", counts)
        await next_message(g, lambda m: m.get("type") == "room", counts)
        began = time.perf_counter()
        await g.send_json({"do": "join"})
        await next_message(h, lambda m: len(m.get("players", ())) == 2, counts)
        figures["join"].append((time.perf_counter() - began) * 1000)
        began = time.perf_counter()
        await h.send_json({"do": "start"})

        async def told(ws) -> float:
            await next_message(ws, lambda m: m.get("type") == "next", counts)
            return (time.perf_counter() - began) * 1000

        figures["start"].append(max(await asyncio.gather(told(h), told(g))))
        figures["states"].append(counts[id(h)])


async def main(lobbies: int, at_once: int) -> None:
    fake = FakeBotServer()
    await fake.start()
    port = free_port()
    tmp = tempfile.mkdtemp(prefix="bench-rooms-")
    base = f"http://127.0.0.1:{port}/webapp/"
    settings = Settings(token=fake.token, database_url=f"sqlite+aiosqlite:///{tmp}/db.sqlite",
                        api_base_url=fake.base_url, computer_pause=(0.0, 0.0),
                        edit_coalesce=0.01, table_debounce=0.02, table_min_interval=0.05,
                        overall_rate=0, group_rate_per_minute=0,
                        webapp_url=base, webapp_name="table")
    app = build_application(settings, rng=random.Random(3))
    await app.initialize()
    await app.post_init(app)
    await app.start()
    await app.updater.start_polling(poll_interval=0.0, timeout=5)
    await app.bot_data["webapp"].start("127.0.0.1", port)
    figures: dict[str, list[float]] = {"join": [], "start": [], "states": []}
    try:
        async with aiohttp.ClientSession() as session:
            for first in range(0, lobbies, at_once):
                await asyncio.gather(*(one_lobby(fake, app, session, base, n, figures)
                                       for n in range(first, min(lobbies, first + at_once))))
    finally:
        await app.bot_data["webapp"].stop()
        await app.updater.stop()
        await app.stop()
        await app.shutdown()
        await fake.stop()
    print(f"{lobbies} lobbies, {at_once} at once")
    for name, label in (("join", "Join -> host's page shows the guest"),
                        ("start", "Start -> both pages told the deal")):
        values = figures[name]
        print(f"{label}: p50 {percentile(values, 0.5):.0f} ms, "
              f"p99 {percentile(values, 0.99):.0f} ms")
    states = figures["states"]
    print(f"room states sent to the host's page per lobby: {sum(states) / len(states):.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lobbies", type=int, default=60)
    parser.add_argument("--at-once", type=int, default=10)
    args = parser.parse_args()
    asyncio.run(main(args.lobbies, args.at_once))
