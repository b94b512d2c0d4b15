"""Several bot instances behind one webhook URL, on one PostgreSQL, against the fake Bot
API with Telegram's flood limits; one instance is killed mid-game.

    .venv/bin/python scripts/bench_instances.py [--games 8] [--instances 2]
        [--seconds 90] [--kill-after 25] [--think 0.3,1.2] [--idle 0.05]
        [--pg-url postgresql+asyncpg://postgres@127.0.0.1:5432/durak_test]

The instances are real bot processes (``bench_bot.py --serve-bot``, webhook mode,
``DURAK_INSTANCES`` set) behind a small round-robin proxy on 127.0.0.1 that, like a load
balancer with health checks, skips an instance that does not accept the connection.
People play 2-person group games on the 24-card deck with a 10 s turn timer: whoever has
move buttons thinks ``--think`` seconds and presses one of them at random; with
probability ``--idle`` they let the turn pass instead (so turn timers fire too).
``--kill-after S``: the first instance gets SIGKILL S seconds into play (0: never).
Each run is preceded by the same games against one instance (no kill) for comparison.

Printed (JSON), per run:
- refusals_per_press: presses answered with a refusal (out of date, not your turn) over
  all presses; with a kill, also before it (both instances up) and in the 10 s after it
  (``refusal_ratio``: several instances before the kill over one instance);
- double_applies: player moves in the database beyond the presses answered "✓" (a press
  applied twice would show here), and gaps or repeats in any game's move numbers;
- double_timer_fires: two timer moves in one game less than the turn time apart with no
  player move between them (one deadline fired twice);
- too_many_requests: the 429s the fake gave, per scope (and before the kill);
- finished: games that reached their end, of all; longest_pause_after_kill_s: the
  longest time any game went without a move across the kill;
- next_deals_started: after the end both people press "Play again" (each press may
  reach either instance): the groups whose next deal started.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import signal
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "scripts")]

import aiohttp  # noqa: E402
from aiohttp import web  # noqa: E402
from bench_bot import (  # noqa: E402
    _move_buttons,
    drop_postgres,
    free_port,
    fresh_postgres,
    hand_message,
)
from fakebot import FakeBotServer  # noqa: E402
from sqlalchemy import text  # noqa: E402

from bot.storage.database import Database  # noqa: E402

TURN_SECONDS = 10
PRESET = "two_player_24"


class RoundRobin:
    """An HTTP proxy on 127.0.0.1 that sends each request to the next instance in turn;
    an instance that refuses the connection (stopped, killed) is skipped."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self._next = itertools.cycle(range(len(ports)))
        self.port = free_port()
        self.forwarded = [0] * len(ports)
        self._runner: web.AppRunner | None = None
        self._session: aiohttp.ClientSession | None = None

    async def start(self) -> None:
        self._session = aiohttp.ClientSession()
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._forward)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()

    async def stop(self) -> None:
        if self._session is not None:
            await self._session.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _forward(self, request: web.Request) -> web.Response:
        assert self._session is not None
        body = await request.read()
        headers = {k: v for k, v in request.headers.items()
                   if k.lower() not in ("host", "content-length")}
        for _ in range(len(self.ports)):
            i = next(self._next)
            url = f"http://127.0.0.1:{self.ports[i]}{request.rel_url}"
            try:
                async with self._session.request(request.method, url, data=body,
                                                 headers=headers) as answer:
                    payload = await answer.read()
                    self.forwarded[i] += 1
                    return web.Response(body=payload, status=answer.status,
                                        content_type=answer.content_type)
            except aiohttp.ClientConnectionError:
                continue  # that instance is gone: the next one
        return web.Response(status=502)


async def _person(fake, user, group, deadline: float, think, idle: float,
                  rng: random.Random, tally: dict) -> None:
    """Press a random move button whenever the hand shows some (after thinking), until
    the game is over; sometimes let the turn pass instead."""
    loop = asyncio.get_running_loop()
    seen: tuple[int, int] | None = None
    while loop.time() < deadline:
        table = fake.last_bot_message(group)
        if table is not None and "Game over" in table.text:
            return
        message = hand_message(fake, user)
        buttons = _move_buttons(message) if message else []
        if message is None or not buttons or (message.message_id, message.edit_count) == seen:
            await asyncio.sleep(0.05)
            continue
        seen = (message.message_id, message.edit_count)
        if rng.random() < idle:
            tally["idle"] += 1
            continue  # lets this turn's timer run out (until the hand changes)
        await asyncio.sleep(rng.uniform(*think))
        message = hand_message(fake, user)
        buttons = _move_buttons(message)
        if not buttons:
            continue
        try:
            query = await fake.user_presses(user, message, rng.choice(buttons))
        except LookupError:
            continue
        tally["presses"] += 1
        tally["pressed_at"].append(loop.time())
        try:
            answer = await fake.wait_for_answer(query, 30)
        except AssertionError:
            tally["unanswered"] += 1
            continue
        words = answer.get("text") or ""
        if words.startswith("✓"):
            tally["accepted"] += 1
        elif words:
            tally["refused"] += 1
            tally["reasons"][words[:60]] = tally["reasons"].get(words[:60], 0) + 1
            tally["refused_at"].append(loop.time())
            seen = None  # the hand is redrawn after a refusal: look again
        else:
            tally["opened"] += 1  # a choice screen opened (a card with several meanings)
            seen = None


async def _play_again(fake, tables, deadline: float) -> int:
    """Everyone presses "Play again" under their finished table (each press may reach
    any instance); the number of groups whose next deal started."""
    started = 0
    for users, group in tables:
        table = next((m for m in reversed(fake.bot_messages(group))
                      if "Game over" in m.text), None)
        if table is None:
            continue
        for user in users:
            button = next((b for b in table.button_texts() if b.startswith("Play again")),
                          None)
            if button is None:
                break
            await fake.wait_for_answer(await fake.user_presses(user, table, button), 30)
            try:
                await fake.wait_for(lambda t=table, b=button: b not in t.button_texts(), 10,
                                    "the ready count")
            except AssertionError:
                break  # the table never showed who is ready
        try:
            await fake.wait_for(lambda g=group: "deal 2" in fake.last_bot_message(g).text,
                                max(1.0, deadline - asyncio.get_running_loop().time()),
                                "the next deal")
            started += 1
        except AssertionError:
            pass
    return started


async def _start_games(fake, db_url: str, games: int) -> list[tuple[list, object]]:
    from bot.service.chats import ChatService
    from bot.service.lobby import LobbyService

    db = Database(db_url)
    chats, lobbies = ChatService(db), LobbyService(db)
    tables = []
    for n in range(games):
        users = [fake.add_user(f"I{n}{k}") for k in "ab"]
        for user in users:
            await fake.user_starts_bot(user)
        group = fake.add_group(f"Instances {n}", users)
        tables.append((users, group))
        await fake.user_sends(users[0], group, "/newgame")
    for users, group in tables:
        lobby = await fake.wait_for_message(group, lambda m: "Join" in m.button_texts(), 60)
        await fake.wait_for_answer(await fake.user_presses(users[1], lobby, "Join"), 60)
        lobby_id = await chats.open_lobby(group.id)
        await lobbies.change_settings(lobby_id, users[0].id,
                                      {"preset": PRESET, "turn_seconds": TURN_SECONDS})
        await fake.user_presses(users[0], lobby, "Start")
    for users, _group in tables:
        for user in users:
            await fake.wait_for(lambda u=user: hand_message(fake, u), 60, "hands")
    await db.dispose()
    return tables


async def _move_log(db_url: str) -> list[tuple]:
    db = Database(db_url)
    async with db.read() as s:
        rows = (await s.execute(text(
            "SELECT game_id, idx, cause, created_at FROM moves ORDER BY game_id, idx"))).all()
        finished = (await s.execute(text(
            "SELECT count(*) FROM games WHERE status = 'finished'"))).scalar_one()
    await db.dispose()
    return [tuple(r) for r in rows] + [("finished", finished)]


def _figures(log: list[tuple], tally: dict, refused_429: dict, games: int,
             killed_at: float | None, loop_to_wall) -> dict:
    finished = log[-1][1]
    moves = log[:-1]
    by_game: dict[int, list[tuple]] = {}
    for game_id, idx, cause, at in moves:
        by_game.setdefault(game_id, []).append((idx, cause, at))
    gaps = sum(1 for rows in by_game.values()
               if [r[0] for r in rows] != list(range(rows[0][0], rows[0][0] + len(rows))))
    player_moves = sum(1 for m in moves if m[2] == "player")
    double_fires = 0
    for rows in by_game.values():
        last_fire = None
        for _idx, cause, at in rows:
            if cause == "player":
                last_fire = None
            elif cause == "timeout":
                if last_fire is not None and 0.05 < (at - last_fire).total_seconds() \
                        < TURN_SECONDS / 2:
                    double_fires += 1
                last_fire = at
    pause = None
    if killed_at is not None:
        kill = loop_to_wall(killed_at)
        pause = 0.0
        for rows in by_game.values():
            before = [r[2] for r in rows if r[2] <= kill]
            after = [r[2] for r in rows if r[2] > kill]
            if before and after:
                pause = max(pause, (after[0] - before[-1]).total_seconds())
    presses = max(1, tally["presses"])
    return {
        "presses": tally["presses"], "accepted": tally["accepted"],
        "refused": tally["refused"], "unanswered": tally["unanswered"],
        "refusals_per_press": round(tally["refused"] / presses, 3),
        "refusal_reasons": tally["reasons"],
        # before the kill (both instances up): what the comparison with one instance is
        # about; the takeover after it costs some refusals of its own
        "refusals_per_press_before_kill": None if killed_at is None else round(
            sum(1 for t in tally["refused_at"] if t < killed_at)
            / max(1, sum(1 for t in tally["pressed_at"] if t < killed_at)), 3),
        "refused_in_10_s_after_kill": None if killed_at is None else sum(
            1 for t in tally["refused_at"] if 0 <= t - killed_at < 10),
        "double_applies": player_moves - tally["accepted"] + gaps,
        "timer_moves": sum(1 for m in moves if m[2] == "timeout"),
        "double_timer_fires": double_fires,
        "too_many_requests": {k: v for k, v in refused_429.items() if v},
        "finished": f"{finished}/{games}",
        "longest_pause_after_kill_s": None if pause is None else round(pause, 1),
    }


async def run(instances: int, games: int, seconds: float, kill_after: float,
              think: tuple[float, float], idle: float, pg_url: str, seed: int = 1) -> dict:
    """One run: ``instances`` bot processes behind the proxy; the figures."""
    from datetime import UTC, datetime

    fake = FakeBotServer(telegram_limits=True)
    await fake.start()
    db_url, db_name = await fresh_postgres(pg_url)
    tmp = tempfile.mkdtemp(prefix="bench-instances-")
    ports = [free_port() for _ in range(instances)]
    proxy = RoundRobin(ports)
    await proxy.start()
    extra = json.dumps({"instances": instances,
                        "webhook_url": f"http://127.0.0.1:{proxy.port}/hook"})
    bots = []
    for i, port in enumerate(ports):
        bots.append(await asyncio.create_subprocess_exec(
            sys.executable, str(ROOT / "scripts" / "bench_bot.py"), "--serve-bot",
            fake.token, fake.base_url, db_url, "0.25", f"{tmp}/timings{i}.json", "0.8",
            extra, str(port), "1", env={**os.environ, "DURAK_AI_WORKERS": "1"}))
    tally: dict = {"presses": 0, "accepted": 0, "refused": 0, "unanswered": 0, "opened": 0,
                   "idle": 0, "reasons": {}, "refused_at": [], "pressed_at": []}
    killed_at = None
    before_kill: dict | None = None
    again = 0
    loop = asyncio.get_running_loop()
    offset = datetime.now(UTC).timestamp() - loop.time()

    def loop_to_wall(t: float):
        return datetime.fromtimestamp(t + offset, UTC)

    try:
        await fake.wait_for(lambda: fake.webhook_url or any(
            bot.returncode is not None for bot in bots), 60, "the bots to set the webhook")
        if any(bot.returncode is not None for bot in bots):
            raise RuntimeError("a bot process did not start (its error is above)")
        for port in ports:  # every instance is listening
            for _ in range(600):
                try:
                    _r, w = await asyncio.open_connection("127.0.0.1", port)
                    w.close()
                    break
                except OSError:
                    await asyncio.sleep(0.1)
        tables = await _start_games(fake, db_url, games)
        deadline = loop.time() + seconds
        rng = random.Random(seed)
        people = [asyncio.create_task(_person(fake, user, group, deadline, think, idle,
                                              random.Random(rng.random()), tally))
                  for users, group in tables for user in users]
        if kill_after and instances > 1:
            await asyncio.sleep(kill_after)
            bots[0].send_signal(signal.SIGKILL)
            killed_at = loop.time()
            before_kill = dict(fake.flood.refused)
        await asyncio.gather(*people)
        again = await _play_again(fake, tables, loop.time() + 60)
        await fake.settle(0.5, timeout=30)
    finally:
        for bot in bots:
            if bot.returncode is None:
                bot.terminate()
        for bot in bots:
            try:
                await asyncio.wait_for(bot.wait(), 30)
            except TimeoutError:
                bot.kill()
                await bot.wait()
        await proxy.stop()
    log = await _move_log(db_url)
    figures = _figures(log, tally, dict(fake.flood.refused), games, killed_at, loop_to_wall)
    figures.update(instances=instances, games=games, forwarded=proxy.forwarded,
                   too_many_requests_before_kill=None if before_kill is None else {
                       k: v for k, v in before_kill.items() if v},
                   next_deals_started=f"{again}/{games}")
    await fake.stop()
    await drop_postgres(pg_url, db_name)
    return figures


async def compare(args) -> dict:
    think = tuple(float(x) for x in args.think.split(","))
    one = await run(1, args.games, args.seconds, 0, think, args.idle, args.pg_url)
    many = await run(args.instances, args.games, args.seconds, args.kill_after, think,
                     args.idle, args.pg_url)
    compared = many["refusals_per_press_before_kill"]
    if compared is None:
        compared = many["refusals_per_press"]
    ratio = compared / one["refusals_per_press"] if one["refusals_per_press"] else None
    return {"one_instance": one, "instances": many,
            "refusal_ratio": None if ratio is None else round(ratio, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--instances", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--kill-after", type=float, default=25.0)
    parser.add_argument("--think", default="0.3,1.2")
    parser.add_argument("--idle", type=float, default=0.05)
    parser.add_argument("--pg-url",
                        default="postgresql+asyncpg://postgres@127.0.0.1:5432/durak_test")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(compare(args)), indent=1))


if __name__ == "__main__":
    main()
