"""SIGKILL a process that is playing games, at random moments, many times: after every
restart each game loads, its log replays from seed + rules to the stored state exactly,
and no acknowledged move is missing."""

from __future__ import annotations

import asyncio
import random
import signal
import sys
from pathlib import Path

import pytest

from bot.service.games import GameService
from bot.service.replay import load_record
from bot.storage.models import Game

WORKER = Path(__file__).with_name("crash_worker.py")
ROUNDS = 10

pytestmark = pytest.mark.slow


async def _run_and_kill(url: str, schema: str, seed: int, alive_for: float) -> list[str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(WORKER), url, schema, str(seed),
        stdout=asyncio.subprocess.PIPE, cwd=str(WORKER.parent))
    lines: list[str] = []

    async def read() -> None:
        async for raw in proc.stdout:
            if raw.endswith(b"\n"):  # a line cut by the kill was never acknowledged
                lines.append(raw.decode().strip())

    reader = asyncio.create_task(read())
    try:
        while not lines:  # wait for READY (imports take a while on a busy machine)
            if proc.returncode is not None:
                raise AssertionError("worker died before READY")
            await asyncio.sleep(0.02)
        await asyncio.sleep(alive_for)
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)
        await proc.wait()
        await reader
    assert proc.returncode == -signal.SIGKILL, "the worker must have been killed, not crashed"
    return lines


async def test_sigkill_loses_no_acknowledged_move_and_every_log_replays(db):
    from sqlalchemy import select

    url = db.url.render_as_string(hide_password=False)
    rng = random.Random(20261121)
    acked: dict[int, int] = {}
    total_acks = 0
    for round_no in range(ROUNDS):
        lines = await _run_and_kill(url, db.schema or "-", rng.randrange(10**6),
                                    rng.uniform(0.1, 0.8))
        for line in lines:
            if line.startswith("ACK "):
                _, game, version = line.split()
                acked[int(game)] = max(acked.get(int(game), 0), int(version))
                total_acks += 1
        games = GameService(db)
        async with db.transaction() as s:
            ids = list((await s.execute(select(Game.id))).scalars())
        for game_id in ids:
            record = await load_record(db, game_id)
            assert record.replay_matches(), f"round {round_no}: game {game_id} log != state"
            assert record.game.version >= acked.get(game_id, 0), (
                f"round {round_no}: game {game_id} lost acknowledged move "
                f"{acked[game_id]} (stored version {record.game.version})")
            snap = await games.snapshot(game_id)  # every game loads through the service
            if snap.status == "running" and tuple(snap.state.waiting_on()):
                assert snap.turn_deadline is not None  # its timer can be re-armed
        assert set(acked) <= set(ids)
    print(f"crash drill: {ROUNDS} kills, {total_acks} acknowledged, {len(acked)} games")
    assert total_acks > ROUNDS, "the worker must have played between kills"
