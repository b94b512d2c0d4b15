"""Benchmark of the game service: one accepted action end to end (load, check version,
apply through the engine, save, append to the log, commit), on SQLite and PostgreSQL.

Prints, per backend:
- latency of single actions with one client (p50/p99): the cost of one press;
- sustained accepted actions/s with N concurrent games (default 200), each game a task
  pressing its next action as soon as the previous one is committed, plus the p50/p99
  latency under that load. Deal ends (results, tallies, ratings) are part of the mix.

The bench keeps a local copy of each game's state to choose the next legal action, as a
handler gets the action from callback data, so only ``GameService.act`` is timed.

Wall-clock figures depend on what else runs on the machine, so each phase also prints CPU
per action, which moves much less with load: this process's CPU (all its threads, so the
aiosqlite threads too, and the bench's own move choice), and for PostgreSQL on this host the
CPU of all PostgreSQL server processes (other users of the server count too). A calibration
(best of 5 of ``sum(range(10**6))``, ~18-20 ms on a quiet machine) is printed before and
after each backend.

    .venv/bin/python scripts/bench_service.py [--backend sqlite|postgresql|both]
        [--games 200] [--seconds 10] [--single 1000] [--pg-url URL]
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import os
import random
import statistics
import tempfile
import time
import timeit
from pathlib import Path

from bot.engine import GameState
from bot.service.games import GameService
from bot.service.lobby import LobbyService
from bot.storage.scratch import scratch_database

DEFAULT_PG = "postgresql+asyncpg://postgres@127.0.0.1:5432/durak_test"


class Table:
    """One benchmark game: its id, a local mirror of its state, who sits where."""

    def __init__(self, game_id: int, state: GameState, users: list[int], version: int):
        self.game_id, self.state, self.users, self.version = game_id, state, users, version


async def new_table(lobbies: LobbyService, games: GameService, n: int) -> Table:
    chat, host, guest = -(10**12) - n, 10**10 + 2 * n, 10**10 + 2 * n + 1
    lobby = await lobbies.create(chat, host, "host")
    await lobbies.join(lobby.lobby_id, guest, "guest")
    _, started = await games.start(lobby.lobby_id, host)
    snap = await games.snapshot(started.game_id)
    return Table(started.game_id, snap.state, [host, guest], snap.version)


async def press(games: GameService, table: Table, rng: random.Random) -> float:
    """Press one random legal action; returns the seconds the service call took."""
    seat = rng.choice(sorted(table.state.actors()))
    action = rng.choice(list(table.state.legal_actions(seat)))
    t0 = time.perf_counter()
    result = await games.act(table.game_id, action.text(), expected_version=table.version,
                             user_id=table.users[seat])
    elapsed = time.perf_counter() - t0
    table.state.apply(action)
    table.version = result.version
    return elapsed


async def keep_playing(lobbies, games, table: Table, rng, counter: list[int]) -> Table:
    if table.state.is_over:
        counter[0] += 1
        return await new_table(lobbies, games, 10**6 + counter[0])
    return table


def calibration_ms() -> float:
    return min(timeit.repeat("sum(range(10**6))", number=1, repeat=5)) * 1000


def postgres_cpu() -> dict[str, int]:
    """CPU ticks of each local PostgreSQL process (Linux /proc; empty elsewhere)."""
    ticks = {}
    for path in glob.glob("/proc/[0-9]*/stat"):
        try:
            with open(path) as f:
                fields = f.read().split()
        except OSError:
            continue
        if fields[1] == "(postgres)":
            ticks[path] = int(fields[13]) + int(fields[14])
    return ticks


class CpuMeter:
    """CPU seconds of this process, and of the local PostgreSQL processes, over a phase.
    A server process that exits during the phase loses its ticks (the pool keeps ours)."""

    def __init__(self, server: bool) -> None:
        self.server = server
        self.proc0 = time.process_time()
        self.pg0 = postgres_cpu() if server else {}

    def stop(self) -> tuple[float, float | None]:
        proc = time.process_time() - self.proc0
        if not self.server:
            return proc, None
        pg1 = postgres_cpu()
        ticks = sum(v - self.pg0.get(k, 0) for k, v in pg1.items())
        return proc, ticks / os.sysconf("SC_CLK_TCK")


def cpu_text(cpu: tuple[float, float | None], actions: int) -> str:
    text = f"CPU/action {cpu[0] * 1000 / actions:.2f} ms"
    if cpu[1] is not None:
        text += f" + PostgreSQL {cpu[1] * 1000 / actions:.2f} ms"
    return text


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def bench(url: str | None, label: str, games_n: int, seconds: float, single: int) -> None:
    print(f"[{label}] calibration before: {calibration_ms():.1f} ms", flush=True)
    server = url is not None and bool(postgres_cpu())
    with tempfile.TemporaryDirectory() as tmp:
        async with scratch_database(url, Path(tmp)) as db:
            lobbies, games = LobbyService(db), GameService(db, rng=random.Random(1))
            rng = random.Random(2)
            counter = [0]

            # 1. one client, one action at a time
            table = await new_table(lobbies, games, 0)
            for _ in range(50):  # warm-up: connections, caches
                table = await keep_playing(lobbies, games, table, rng, counter)
                await press(games, table, rng)
            single_times = []
            meter = CpuMeter(server)
            for _ in range(single):
                table = await keep_playing(lobbies, games, table, rng, counter)
                single_times.append(await press(games, table, rng))
            single_cpu = meter.stop()

            # 2. many concurrent games
            tables = [await new_table(lobbies, games, 1 + i) for i in range(games_n)]
            loaded_times: list[float] = []
            deadline = time.perf_counter() + seconds

            async def player(t: Table) -> None:
                while time.perf_counter() < deadline:
                    t = await keep_playing(lobbies, games, t, rng, counter)
                    loaded_times.append(await press(games, t, rng))

            meter = CpuMeter(server)
            start = time.perf_counter()
            await asyncio.gather(*(player(t) for t in tables))
            wall = time.perf_counter() - start
            loaded_cpu = meter.stop()

    print(f"[{label}] single client, {single} actions: "
          f"p50 {pct(single_times, 0.5):.2f} ms, p99 {pct(single_times, 0.99):.2f} ms, "
          f"mean {statistics.mean(single_times) * 1000:.2f} ms; "
          f"{cpu_text(single_cpu, single)} (with the deals started between)")
    print(f"[{label}] {games_n} concurrent games, {wall:.1f} s: "
          f"{len(loaded_times) / wall:.0f} actions/s sustained, "
          f"latency under load p50 {pct(loaded_times, 0.5):.1f} ms, "
          f"p99 {pct(loaded_times, 0.99):.1f} ms; {counter[0]} deals finished; "
          f"{cpu_text(loaded_cpu, len(loaded_times))}")
    print(f"[{label}] calibration after: {calibration_ms():.1f} ms", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--backend", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--single", type=int, default=1000)
    parser.add_argument("--pg-url", default=os.environ.get("TEST_DATABASE_URL", DEFAULT_PG))
    args = parser.parse_args()
    if args.backend in ("sqlite", "both"):
        asyncio.run(bench(None, "sqlite", args.games, args.seconds, args.single))
    if args.backend in ("postgresql", "both"):
        asyncio.run(bench(args.pg_url, "postgresql", args.games, args.seconds, args.single))


if __name__ == "__main__":
    main()
