"""Identical presses that race apply exactly once; the losers are told why."""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from playhelp import new_game, press_args

from bot.service.errors import AlreadyPlayed, StaleVersion
from bot.service.games import GameService
from bot.service.lobby import LobbyService
from bot.storage import games as game_repo

HOST = 6_000_000_001


async def _first_press(games: GameService, game_id: int, rng: random.Random) -> dict:
    snap = await games.snapshot(game_id)
    seat = sorted(snap.state.actors())[0]
    action = rng.choice(list(snap.state.legal_actions(seat)))
    return {"game_id": game_id, "action": action.text(), "version": snap.version,
            "who": press_args(snap, seat)}


async def test_many_identical_presses_in_one_process_apply_once(db):
    lobbies, games = LobbyService(db), GameService(db)
    started = await new_game(lobbies, games, -100, HOST, people=(HOST + 1,), computers=())
    press = await _first_press(games, started.game_id, random.Random(3))
    results = await asyncio.gather(
        *(games.act(press["game_id"], press["action"], expected_version=press["version"],
                    **press["who"]) for _ in range(25)),
        return_exceptions=True)
    applied = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(applied) == 1 and applied[0].version == press["version"] + 1
    assert all(isinstance(r, AlreadyPlayed) for r in refused), refused
    assert "already played" in refused[0].reason
    async with db.transaction() as s:
        log = await game_repo.move_log(s, started.game_id)
    assert [(m.idx, m.action) for m in log] == [(press["version"], press["action"])]


async def test_a_different_press_on_an_old_version_is_stale_not_already_played(db):
    lobbies, games = LobbyService(db), GameService(db)
    started = await new_game(lobbies, games, -101, HOST, people=(HOST + 1,), computers=())
    press = await _first_press(games, started.game_id, random.Random(4))
    await games.act(press["game_id"], press["action"], expected_version=press["version"],
                    **press["who"])
    snap = await games.snapshot(started.game_id)
    other_seat = next(x.seat for x in snap.seats if x.user_id != press["who"].get("user_id"))
    with pytest.raises(StaleVersion) as info:
        await games.act(started.game_id, "t", expected_version=press["version"],
                        **press_args(snap, other_seat))
    assert not isinstance(info.value, AlreadyPlayed)


@pytest.mark.parametrize("warm", [False, True], ids=["cold", "cached"])
async def test_two_processes_racing_on_postgresql_apply_each_press_once(db, warm):
    if db.is_sqlite:
        pytest.skip("the two-process race is a PostgreSQL deployment property")
    lobbies, games = LobbyService(db), GameService(db)
    rng = random.Random(5)
    presses = []
    for n in range(15):
        started = await new_game(lobbies, games, -200 - n, HOST + 10 * n,
                                 people=(HOST + 10 * n + 1,), computers=())
        presses.append(await _first_press(games, started.game_id, rng))
    worker = Path(__file__).with_name("race_worker.py")
    url = db.url.render_as_string(hide_password=False)
    start_at = time.time() + 4.0  # both interpreters are up and connected by then
    procs = [await asyncio.create_subprocess_exec(
        sys.executable, str(worker), url, db.schema or "-", str(start_at),
        json.dumps(presses), *(["warm"] if warm else []), stdout=asyncio.subprocess.PIPE,
        cwd=str(worker.parent), env={**os.environ}) for _ in range(2)]
    outputs = [(await p.communicate())[0].decode().split("\n") for p in procs]
    assert all(p.returncode == 0 for p in procs)
    lines = [line for out in outputs for line in out if line]
    assert len(lines) == 2 * len(presses)
    for press in presses:
        gid = press["game_id"]
        wins = [ln for ln in lines if ln == f"OK {gid}"]
        losses = [ln for ln in lines if ln.startswith(f"LOST {gid} ")]
        assert len(wins) == 1 and losses == [f"LOST {gid} AlreadyPlayed"], (gid, lines)
        async with db.transaction() as s:
            assert len(await game_repo.move_log(s, gid)) == 1


async def test_a_turn_timer_leaves_a_game_another_instance_is_working_on(db):
    """PostgreSQL: while one transaction holds a game (another instance applying a press
    or firing the same timer), a timer does not wait for it but leaves the game to it
    (SKIP LOCKED); once it is free the timer fires. (SQLite has one writer: nothing to
    skip, the timer fires.)"""
    from datetime import timedelta

    from bot.storage.upsert import dialect_name

    late = GameService(db, clock=lambda: datetime.now(UTC) + timedelta(days=1))
    started = await new_game(LobbyService(db), GameService(db), -102, HOST,
                             people=(HOST + 1,), computers=())
    if db.is_sqlite:
        assert (await late.time_out(started.game_id, 0)).version > 0
        return
    async with db.transaction() as s:  # another instance, mid-move
        await game_repo.load_game(s, started.game_id, lock=True)
        assert dialect_name(s) == "postgresql"
        t0 = time.perf_counter()
        with pytest.raises(StaleVersion):
            await late.time_out(started.game_id, 0)
        assert time.perf_counter() - t0 < 1.0  # not waited for
    assert (await late.time_out(started.game_id, 0)).version > 0
