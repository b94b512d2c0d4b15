"""Several bot instances behind one webhook URL, on one PostgreSQL, against the fake Bot
API with Telegram's flood limits; one instance is killed mid-game.

    .venv/bin/python scripts/bench_instances.py [--games 8] [--instances 2]
        [--seconds 90] [--kill-after 25] [--think 0.3,1.2] [--idle 0.05]
        [--pg-url postgresql+asyncpg://postgres@127.0.0.1:5432/durak_test]

The instances are real bot processes (``bench_harness.py --serve-bot``, webhook mode,
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
- double_applies: player moves in the database beyond the presses answered "✓" (or
  "Already done" when pressed as the instance was killed: applied there, forwarded
  again) (a press applied twice would show here), and gaps or repeats in any game's
  move numbers;
- double_timer_fires: two timer moves in one game less than the turn time apart with no
  player move between them (one deadline fired twice);
- too_many_requests: the 429s the fake gave, per scope (and before the kill);
- finished: games that reached their end, of all; longest_pause_after_kill_s: the
  longest time any game went without a move across the kill;
- moves_after_kill: moves the database has from after the kill (the other instance
  played on);
- next_deals_started: after the end both people press "Play again" (each press may
  reach either instance): the groups whose next deal started; next_deals_missed: why
  the others did not (by group);
- db_reads_per_render: reads of a game from the database (``GameService.snapshot``) by
  the presenter and the runtime, per render of a game; db_reads_per_press: those made to
  judge a press, per press; db_reads_by_caller: every caller's count (the instances that
  were not killed, pooled).

What to expect (the figures tests/bot/test_two_instances.py no longer asserts, because
they follow the machine's load): refusals come in clusters (one stale screen, several
presses), so a run of a hundred-odd presses is a small sample; measured on 2026-11-26,
five runs of 3 games with both instances up refused 0-13% of their presses, one instance
2-5%: within 1.2 times plus 12 points of one instance is the design working, 15-35% was
the design that had both instances draw every game. The longest wait for a move across
the kill is a turn timer (10 s) plus the takeover (``LEASE_S``): under 25 s.
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
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "scripts")]

import aiohttp  # noqa: E402
from aiohttp import web  # noqa: E402
from bench_harness import (  # noqa: E402
    BotReport,
    drop_postgres,
    free_port,
    fresh_postgres,
    game_over,
    hand_message,
    move_buttons,
    open_group_games,
    percentile,
    press,
    spawn_bot,
    stop_bots,
    wait_for_bots,
    wait_listening,
)
from fakebot import FakeBotServer  # noqa: E402
from sqlalchemy import text  # noqa: E402

from bot.i18n import t  # noqa: E402
from bot.render.callback import decode  # noqa: E402
from bot.storage.database import Database  # noqa: E402

TURN_SECONDS = 10
PRESET = "two_player_24"
# How long one group may take from its last table to its next deal (a bound that only a
# fault reaches, not a figure: the next deal comes within seconds).
PLAY_AGAIN_WAIT = 120.0
READY_TEXT = t("en", "game.ready_you")
ALREADY_DONE = t("en", "err.already_played")
# A press in flight to the killed instance is forwarded again by the proxy within this long
KILL_REPLAY_S = 5.0


class RoundRobin:
    """An HTTP proxy on 127.0.0.1 that sends each request to the next instance in turn
    (``rng``: to one picked at random, as a balancer whose choice has nothing to do with
    what the request is); an instance that refuses the connection (stopped, killed) is
    skipped."""

    def __init__(self, ports: list[int], rng: random.Random | None = None) -> None:
        self.ports = ports
        turns = itertools.cycle(range(len(ports)))
        self._next = (turns if rng is None else
                      (rng.randrange(len(ports)) for _ in itertools.count()))
        self.port = free_port()
        self.forwarded = [0] * len(ports)
        self.sockets: list[int] = []  # the instance each WebSocket went to
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

    async def _forward(self, request: web.Request) -> web.StreamResponse:
        assert self._session is not None
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return await self._forward_socket(request)
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


    async def _forward_socket(self, request: web.Request) -> web.StreamResponse:
        """A Mini App page's WebSocket, to the next instance in turn (as a load balancer
        without sticky sessions would), piped both ways until either side closes."""
        assert self._session is not None
        for _ in range(len(self.ports)):
            i = next(self._next)
            url = f"http://127.0.0.1:{self.ports[i]}{request.rel_url}"
            try:
                upstream = await self._session.ws_connect(url, max_msg_size=0)
            except aiohttp.WSServerHandshakeError as exc:
                return web.Response(status=exc.status)
            except aiohttp.ClientConnectionError:
                continue
            self.forwarded[i] += 1
            self.sockets.append(i)
            ws = web.WebSocketResponse(max_msg_size=0)
            await ws.prepare(request)

            async def pump(source, sink) -> None:
                async for message in source:
                    if message.type == aiohttp.WSMsgType.TEXT:
                        await sink.send_str(message.data)
                    else:
                        break
                await sink.close()

            ends = [asyncio.create_task(pump(ws, upstream)),
                    asyncio.create_task(pump(upstream, ws))]
            await asyncio.wait(ends, return_when=asyncio.FIRST_COMPLETED)
            for end in ends:
                end.cancel()
            await upstream.close()
            return ws
        return web.Response(status=502)


async def _person(fake, user, group, deadline: float, think, idle: float,
                  rng: random.Random, tally: dict) -> None:
    """Press a random move button whenever the hand shows some (after thinking), until
    the game is over; sometimes let the turn pass instead."""
    loop = asyncio.get_running_loop()
    seen: tuple[int, int] | None = None
    while loop.time() < deadline:
        if game_over(fake, group):
            return
        message = hand_message(fake, user)
        buttons = move_buttons(message) if message else []
        if message is None or not buttons or (message.message_id, message.edit_count) == seen:
            await asyncio.sleep(0.05)
            continue
        seen = (message.message_id, message.edit_count)
        if rng.random() < idle:
            tally["idle"] += 1
            continue  # lets this turn's timer run out (until the hand changes)
        await asyncio.sleep(rng.uniform(*think))
        message = hand_message(fake, user)
        buttons = move_buttons(message)
        if not buttons:
            continue
        data = rng.choice(buttons)
        answer = await press(fake, user, message, data)
        if answer is None:
            continue
        tally["presses"] += 1
        tally["pressed_at"].append(answer.at)
        if not answer.answered:
            tally["unanswered"] += 1
        elif answer.accepted:
            tally["accepted"] += 1
            tally["accepted_data"].add(data)
        elif answer.refused:
            tally["refused"] += 1
            reason = answer.text[:60]
            tally["reasons"][reason] = tally["reasons"].get(reason, 0) + 1
            tally["refused_at"].append(loop.time())
            if answer.text == ALREADY_DONE and data not in tally["accepted_data"]:
                # (the same button pressed again after its "✓", on a hand not yet
                # redrawn, is a second press of a move counted once already)
                tally["already_at"].append((answer.at, data))
            seen = None  # the hand is redrawn after a refusal: look again
        else:
            tally["opened"] += 1  # a choice screen opened (a card with several meanings)
            seen = None


async def _play_again(fake, tables, wait: float) -> tuple[int, dict[str, str]]:
    """Everyone presses "Play again" under their finished table (each press may reach
    any instance), every group at once: (the number of groups whose next deal started,
    why each other group's did not). Each person presses the button the table showed at
    the end (its callback data does not change with the ready count it is labelled with),
    so no press waits on the group's table edits, which the group's 20 messages a minute
    pace; ``wait`` is each group's own bound, not a figure."""
    missed: dict[str, str] = {}

    async def one(users, group) -> bool:
        loop = asyncio.get_running_loop()
        until = loop.time() + wait
        try:
            table = await fake.wait_for(lambda: next(
                (m for m in reversed(fake.bot_messages(group)) if "Game over" in m.text),
                None), wait, "the end of the deal")
            data = await fake.wait_for(lambda: next(
                (b["callback_data"] for b in table.buttons
                 if b["text"].startswith("Play again")), None), wait, "Play again")
        except AssertionError:
            last = fake.last_bot_message(group)
            missed[group.title] = "no table with Play again; the last one: " + (
                repr(last.text[-120:]) if last is not None else "none")
            return False
        for user in users:
            query = await fake.user_presses(user, table, data=data)
            try:
                answer = await fake.wait_for_answer(query, max(1.0, until - loop.time()))
            except AssertionError:
                missed[group.title] = f"{user.first_name}'s press was not answered"
                return False
            if answer.get("text") and answer["text"] != READY_TEXT:
                missed[group.title] = f"{user.first_name}: {answer['text']}"
                return False
        try:
            await fake.wait_for(lambda: any("deal 2" in m.text
                                            for m in fake.bot_messages(group)),
                                max(1.0, until - loop.time()), "the next deal")
        except AssertionError:
            missed[group.title] = "both ready, no deal 2"
            return False
        return True

    started = await asyncio.gather(*(one(users, group) for users, group in tables))
    return sum(started), missed


async def _spawn_instances(fake, db_url: str, tmp: str, ports: list[int], extra: dict):
    """One bot process per port, in webhook mode behind the proxy, on one database."""
    return [await spawn_bot(fake, db_url, f"{tmp}/timings{i}.json", extra=extra,
                            webhook_port=port, env={**os.environ, "DURAK_AI_WORKERS": "1"})
            for i, port in enumerate(ports)]


async def _start_games(fake, db_url: str, games: int) -> list[tuple[list, object]]:
    """2-person group games on ``PRESET`` with a ``TURN_SECONDS`` timer (set in the
    lobby through the service before Start)."""
    from bot.service.chats import ChatService
    from bot.service.lobby import LobbyService

    db = Database(db_url)
    chats, lobbies = ChatService(db), LobbyService(db)

    async def settings(users, group) -> None:
        lobby_id = await chats.open_lobby(group.id)
        await lobbies.change_settings(lobby_id, users[0].id,
                                      {"preset": PRESET, "turn_seconds": TURN_SECONDS})

    try:
        return await open_group_games(fake, games, 2, name="I", title="Instances",
                                      before_start=settings)
    finally:
        await db.dispose()


async def _move_log(db_url: str) -> list[tuple]:
    db = Database(db_url)
    async with db.read() as s:
        rows = (await s.execute(text(
            "SELECT game_id, idx, cause, created_at FROM moves ORDER BY game_id, idx"))).all()
        finished = (await s.execute(text(
            "SELECT count(*) FROM games WHERE status = 'finished'"))).scalar_one()
    await db.dispose()
    return [tuple(r) for r in rows] + [("finished", finished)]


def _replays(already: list[tuple[float, str]], killed_at: float,
             causes: dict[tuple[int, int], str]) -> int:
    """The "Already done" answers that were the killed instance's move forwarded again:
    pressed in the moments of the kill, on a button whose move is in the log as the
    person's. (The same words answer a press of the move a turn timer just played for
    them, a timeout in the log: no player move to set against.)"""
    replays = 0
    for at, data in already:
        pressed = decode(data)
        if abs(at - killed_at) < KILL_REPLAY_S and \
                causes.get((pressed.game_id or 0, pressed.version or 0)) == "player":
            replays += 1
    return replays


def _already_near_kill(already: list[tuple[float, str]], killed_at: float | None,
                       causes: dict[tuple[int, int], str]) -> dict[str, int]:
    """The log's move (its cause, or "none") at the button of each "Already done" answer
    pressed in the moments of the kill."""
    found: dict[str, int] = {}
    for at, data in already:
        if killed_at is not None and abs(at - killed_at) < KILL_REPLAY_S:
            pressed = decode(data)
            cause = causes.get((pressed.game_id or 0, pressed.version or 0), "none")
            found[cause] = found.get(cause, 0) + 1
    return found


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
    causes = {(game_id, idx): cause for game_id, idx, cause, _at in moves}
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
    after_kill = None
    if killed_at is not None:
        kill = loop_to_wall(killed_at)
        pause = 0.0
        after_kill = sum(1 for m in moves if m[3] > kill)
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
        # A press applied by the killed instance just before it died reaches the other
        # one again (the proxy forwards the update anew) and is answered "Already done":
        # one move, applied once, told so; not a double (pressed in the moments of the
        # kill: an "Already done" at any other time is a second press of one move).
        "double_applies": player_moves - tally["accepted"] + gaps - (
            0 if killed_at is None else _replays(tally["already_at"], killed_at, causes)),
        # what the log has at the button's version of each "Already done" near the kill
        "already_done_near_kill": _already_near_kill(tally["already_at"], killed_at, causes),
        "timer_moves": sum(1 for m in moves if m[2] == "timeout"),
        "double_timer_fires": double_fires,
        "too_many_requests": {k: v for k, v in refused_429.items() if v},
        "finished": f"{finished}/{games}",
        "longest_pause_after_kill_s": None if pause is None else round(pause, 1),
        "moves_after_kill": after_kill,
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
    extra = {"instances": instances, "webhook_url": f"http://127.0.0.1:{proxy.port}/hook"}
    bots = await _spawn_instances(fake, db_url, tmp, ports, extra)
    tally: dict = {"presses": 0, "accepted": 0, "refused": 0, "unanswered": 0, "opened": 0,
                   "idle": 0, "reasons": {}, "refused_at": [], "pressed_at": [], "already_at": [],
                   "accepted_data": set()}
    killed_at = None
    before_kill: dict | None = None
    again, missed = 0, {}
    loop = asyncio.get_running_loop()
    offset = datetime.now(UTC).timestamp() - loop.time()

    def loop_to_wall(t: float):
        return datetime.fromtimestamp(t + offset, UTC)

    try:
        await wait_for_bots(fake, bots, webhook=True)
        await wait_listening(ports)
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
        again, missed = await _play_again(fake, tables, PLAY_AGAIN_WAIT)
        await fake.settle(0.5, timeout=30)
    finally:
        await stop_bots(bots)
        await proxy.stop()
    log = await _move_log(db_url)
    figures = _figures(log, tally, dict(fake.flood.refused), games, killed_at, loop_to_wall)
    # (the killed instance wrote nothing: the others' counts)
    figures.update(BotReport.pooled([BotReport.load(f"{tmp}/timings{i}.json")
                                     for i in range(instances)]).read_figures())
    figures.update(instances=instances, games=games, forwarded=proxy.forwarded,
                   too_many_requests_before_kill=None if before_kill is None else {
                       k: v for k, v in before_kill.items() if v},
                   next_deals_started=f"{again}/{games}", next_deals_missed=missed)
    await fake.stop()
    await drop_postgres(pg_url, db_name)
    return figures


async def _page(session, url: str, who: str, game: dict, think, rng: random.Random,
                deadline: float) -> None:
    """One person's Mini App page, through the proxy: notes when each version arrives
    and taps a move (a playable card, else a button but the hint) after thinking; at the
    end of the deal taps "Play again" and notes the next deal the page is sent on to."""
    loop = asyncio.get_running_loop()
    async with session.ws_connect(url, max_msg_size=0) as ws:
        latest = await ws.receive_json()
        game["seen"][who] = {latest["version"]: loop.time()}
        news = asyncio.Event()

        async def read() -> None:
            nonlocal latest
            async for message in ws:
                data = message.json()
                if data["type"] == "state":
                    game["seen"][who].setdefault(data["version"], loop.time())
                    latest = data
                elif data["type"] == "refused":
                    mine = [p for p in game["presses"] if p[0] == who]
                    if mine:
                        mine[-1][3] = True  # nothing moved: no delay to measure
                elif data["type"] == "next":
                    game["followed"][who] = data["game"]
                news.set()

        reader = asyncio.create_task(read())
        acted: tuple = ()
        try:
            while loop.time() < deadline and latest["status"] == "running":
                options = [c["press"] for c in latest["hand"] if c.get("press")] + [
                    b["press"] for b in latest["buttons"] if not b["press"].endswith(".hint")]
                options += [pair[0]["press"] for pair in latest["table"] if pair[0].get("press")]
                if options and acted != (latest["version"], latest["picking"]):
                    state = latest
                    await asyncio.sleep(rng.uniform(*think))
                    if latest is state:
                        acted = (state["version"], state["picking"])
                        press = rng.choice(options)
                        if decode(press).is_move:  # (a choice screen changes no version)
                            game["presses"].append([who, state["version"], loop.time(),
                                                    loop.time() > deadline - 2])
                        await ws.send_json({"press": press})
                news.clear()
                try:
                    await asyncio.wait_for(news.wait(), timeout=1.0)
                except TimeoutError:
                    pass
            again = [b["press"] for b in (latest.get("result") or {}).get("buttons", ())
                     if decode(b["press"]).payload == "next"]
            if again and loop.time() < deadline:
                game["finished"] = True
                await asyncio.sleep(rng.uniform(*think))
                await ws.send_json({"press": again[0]})
                until = loop.time() + 10
                while who not in game["followed"] and loop.time() < until:
                    await asyncio.sleep(0.05)
        finally:
            reader.cancel()


async def run_pages(instances: int, games: int, seconds: float, think: tuple[float, float],
                    pg_url: str, seed: int = 1) -> dict:
    """``instances`` bot processes behind the proxy, each person playing from a Mini App
    page whose WebSocket the proxy hands to the instances in turn (the two pages of a game
    on different instances): how long after a tap each page of the game shows its move."""
    from fakebot.webapp import init_data

    fake = FakeBotServer(telegram_limits=True)
    await fake.start()
    db_url, db_name = await fresh_postgres(pg_url)
    tmp = tempfile.mkdtemp(prefix="bench-instance-pages-")
    ports = [free_port() for _ in range(instances)]
    proxy = RoundRobin(ports)
    await proxy.start()
    base = f"http://127.0.0.1:{proxy.port}"
    extra = {"instances": instances, "webhook_url": f"{base}/hook",
             "webapp_url": f"{base}/webapp/"}
    bots = await _spawn_instances(fake, db_url, tmp, ports, extra)
    loop = asyncio.get_running_loop()
    played: list[dict] = []
    try:
        await wait_for_bots(fake, bots, webhook=True)
        await wait_listening(ports)
        tables = await _start_games(fake, db_url, games)
        rng = random.Random(seed)
        deadline = loop.time() + seconds
        async with aiohttp.ClientSession() as session:
            tasks = []
            for users, _group in tables:
                button = next(b for b in hand_message(fake, users[0]).buttons
                              if "web_app" in b)
                game_id = int(button["web_app"]["url"].rsplit("=", 1)[1])
                game: dict = {"id": game_id, "seen": {}, "presses": [], "instances": [],
                              "followed": {}, "finished": False}
                played.append(game)
                for user in users:
                    query = urlencode({"game": game_id, "init": init_data(
                        fake.token, user.id, user.first_name)})
                    tasks.append(asyncio.create_task(_page(
                        session, f"{base}/webapp/ws?{query}", user.first_name, game, think,
                        random.Random(rng.random()), deadline)))
                    while len(proxy.sockets) < len(tasks):  # one at a time: in turn
                        await asyncio.sleep(0.01)
                    game["instances"].append(proxy.sockets[-1])
            await asyncio.gather(*tasks)
    finally:
        await stop_bots(bots)
        await proxy.stop()
        await fake.stop()
        await drop_postgres(pg_url, db_name)
    delays, missed = [], 0
    for game in played:
        for _who, version, at, left_out in game["presses"]:
            if left_out:  # refused (nothing moved), or tapped as the pages closed
                continue
            for seen in game["seen"].values():
                later = [t for v, t in seen.items() if v > version]
                if later:
                    delays.append(min(later) - at)
                else:
                    missed += 1
                    print("missed", game["id"], _who, version, round(deadline - at, 2),
                          {k: max(v) for k, v in game["seen"].items()}, file=sys.stderr)
    return {
        "instances": instances, "games": games, "pages": 2 * games,
        "games_with_pages_on_two_instances": sum(
            1 for g in played if len(set(g["instances"])) > 1),
        "moves_measured": len(delays) // 2, "page_deliveries": len(delays),
        "missed": missed,
        "delay_ms_p50": round(percentile(delays, 0.50) * 1000, 1) if delays else None,
        "delay_ms_p99": round(percentile(delays, 0.99) * 1000, 1) if delays else None,
        "delay_ms_max": round(max(delays) * 1000, 1) if delays else None,
        "sockets_per_instance": [proxy.sockets.count(i) for i in range(instances)],
        # deals played to their end, both people tapping "Play again" on their pages: the
        # pages sent on to the next deal (both, whichever instance started it)
        "finished_games": sum(1 for g in played if g["finished"]),
        "pages_followed_next_deal": sum(
            len({who for who, to in g["followed"].items() if to > g["id"]})
            for g in played if g["finished"]),
    }


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
    parser.add_argument("--pages", action="store_true",
                        help="people play from Mini App pages, spread over the instances: "
                        "how soon each page shows each move (no kill)")
    args = parser.parse_args()
    if args.pages:
        think = tuple(float(x) for x in args.think.split(","))
        print(json.dumps(asyncio.run(run_pages(args.instances, args.games, args.seconds,
                                               think, args.pg_url)), indent=1))
        return
    print(json.dumps(asyncio.run(compare(args)), indent=1))


if __name__ == "__main__":
    main()
