"""Responsiveness while computer players think (issue 6: p99 handler time of human actions
in other games stays under 50 ms while 10 games with hard computer players run).

One asyncio loop, as in the bot:
- ``--ai-games`` (10) games of hard computer players only, each a task asking
  ``bot.ai.pool.ComputerPlayers`` (the bot's process pool, ``--workers``, default one per
  core) for every move with ``--budget`` (hard's default), and applying it, after the
  bot's natural pause (``--pause LOW HIGH``, the driver's 0.9-1.8 s; ``--pause 0 0``
  asks back to back, a harder load than the bot ever makes); the time from request to
  answer of each computer move is measured (its wait in the queue plus its search);
- ``--human-games`` (20) other games on a scratch SQLite database, each a task of a
  simulated person pressing a random legal action through ``GameService.act`` after a
  think time (0.2-1.0 s): the handler time of each press is what is measured.
Also measured: the event loop's lag (a 10 ms ticker's overshoot), which is what any other
handler would wait.

    nice -n 5 .venv/bin/python scripts/bench_ai_responsiveness.py [--seconds 30]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_service import keep_playing, new_table, pct, press  # noqa: E402

from bot.ai import DEFAULT_BUDGET_S  # noqa: E402
from bot.ai.pool import ComputerPlayers, default_workers  # noqa: E402
from bot.engine import Action, RuleSet, new_deal  # noqa: E402
from bot.service.games import GameService  # noqa: E402
from bot.service.lobby import LobbyService  # noqa: E402
from bot.storage.scratch import scratch_database  # noqa: E402


async def computer_game(players: ComputerPlayers, seed: int, deadline: float,
                        moves: list[float], budget: float, pause: tuple[float, float],
                        rng: random.Random) -> None:
    """Hard against hard until the deadline (a new deal when one ends)."""
    rules = RuleSet.preset("podkidnoy", players=2)
    state = new_deal(rules, seed)
    while time.perf_counter() < deadline:
        if pause[1] > 0:
            await asyncio.sleep(rng.uniform(*pause))
        if state.is_over:
            seed += 1000
            state = new_deal(rules, seed)
        seat = state.waiting_on()[0]
        t0 = time.perf_counter()
        text = await players.choose(state.to_dict(), seat, "hard", seed + state.version,
                                    budget)
        moves.append(time.perf_counter() - t0)
        state.apply(Action.parse(text, player=seat))


async def human_game(lobbies, games, n: int, deadline: float, rng: random.Random,
                     times: list[float], counter: list[int]) -> None:
    table = await new_table(lobbies, games, n)
    while time.perf_counter() < deadline:
        await asyncio.sleep(rng.uniform(0.2, 1.0))  # the person thinks
        table = await keep_playing(lobbies, games, table, rng, counter)
        times.append(await press(games, table, rng))


async def ticker(deadline: float, lags: list[float]) -> None:
    while time.perf_counter() < deadline:
        t0 = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(time.perf_counter() - t0 - 0.01)


async def bench(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        async with scratch_database(None, Path(tmp)) as db:
            lobbies, games = LobbyService(db), GameService(db, rng=random.Random(1))
            async with ComputerPlayers(args.workers) as players:
                await players.start()
                deadline = time.perf_counter() + args.seconds
                human: list[float] = []
                ai_moves: list[float] = []
                lags: list[float] = []
                counter = [0]
                rng = random.Random(args.seed)
                await asyncio.gather(
                    *(computer_game(players, args.seed + i, deadline, ai_moves, args.budget,
                                    tuple(args.pause), random.Random(args.seed + i))
                      for i in range(args.ai_games)),
                    *(human_game(lobbies, games, 1 + i, deadline, rng, human, counter)
                      for i in range(args.human_games)),
                    ticker(deadline, lags))
                counts = dict(players.counts)
                workers = players.workers
    done = len(ai_moves)
    ai_moves = ai_moves or [0.0]  # --ai-games 0: the baseline without computer players
    print(f"{args.ai_games} hard computer games through ComputerPlayers "
          f"({workers} worker(s), budget {args.budget} s, pause {args.pause[0]}-"
          f"{args.pause[1]} s): {done} computer moves in {args.seconds:.0f} s, "
          f"request to answer p50 {pct(ai_moves, 0.5):.0f} ms, "
          f"p95 {pct(ai_moves, 0.95):.0f} ms, p99 {pct(ai_moves, 0.99):.0f} ms, "
          f"max {max(ai_moves) * 1000:.0f} ms; pool: {counts}")
    print(f"{args.human_games} human games via GameService.act (SQLite): {len(human)} actions, "
          f"handler p50 {pct(human, 0.5):.1f} ms, p99 {pct(human, 0.99):.1f} ms, "
          f"max {max(human) * 1000:.1f} ms")
    print(f"event loop lag (10 ms ticker): p50 {pct(lags, 0.5):.1f} ms, "
          f"p99 {pct(lags, 0.99):.1f} ms, max {max(lags) * 1000:.1f} ms")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--ai-games", type=int, default=10)
    p.add_argument("--human-games", type=int, default=20)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--workers", type=int, default=None,
                   help=f"pool workers (default {default_workers()}: one per core)")
    p.add_argument("--budget", type=float, default=DEFAULT_BUDGET_S["hard"],
                   help="hard's wall seconds per move")
    p.add_argument("--pause", type=float, nargs=2, default=[0.9, 1.8], metavar=("LOW", "HIGH"),
                   help="natural pause before each computer move (the driver's default)")
    asyncio.run(bench(p.parse_args()))


if __name__ == "__main__":
    main()
