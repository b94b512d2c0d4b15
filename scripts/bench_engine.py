"""Engine benchmarks: random-game throughput, clone time, 6-player JSON size.

    .venv/bin/python scripts/bench_engine.py [--seconds 3] [--preset podkidnoy] [--players 2]

Games go through the public legal_actions + apply path (bot.engine.verify.random_play).
Prints one JSON object. Figures, not pass/fail: compare with the targets in issue 2
(>= 3000 games/s, clone < 20 us, 6-player state < 2 KB).
"""

from __future__ import annotations

import argparse
import json
import random
import time
import timeit

from bot.engine import GameState, RuleSet, new_deal
from bot.engine._build import engine_build
from bot.engine.verify.random_play import play_random_game


def bench_games(rules: RuleSet, seconds: float) -> dict:
    start, cpu_start = time.perf_counter(), time.process_time()
    games = actions = 0
    seed = 0
    rng = random.Random(0)  # one move generator for the run: seeding one costs ~10 us
    while time.perf_counter() - start < seconds:
        _, acts = play_random_game(rules, seed, rng)
        games += 1
        actions += len(acts)
        seed += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    # games_per_cpu_sec: the same run measured in this process's CPU time, steadier than
    # wall time when other jobs share the machine's cores.
    return {"games": games, "actions_per_game": round(actions / games, 1),
            "games_per_sec": round(games / elapsed, 1),
            "games_per_cpu_sec": round(games / cpu, 1),
            "actions_per_sec": round(actions / elapsed)}


def mid_game_state(players: int, seed: int = 7, steps: int = 25) -> GameState:
    rules = RuleSet.preset("podkidnoy", players=players)
    state = new_deal(rules, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.waiting_on()[0]
        acts = list(state.legal_actions(seat))
        state.apply(rng.choice(acts))
    return state


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--preset", default="podkidnoy")
    ap.add_argument("--players", type=int, default=2)
    args = ap.parse_args()
    rules = RuleSet.preset(args.preset, players=args.players)
    out = {"preset": args.preset, "players": args.players, **engine_build()}
    out.update(bench_games(rules, args.seconds))
    six = mid_game_state(6)
    out["json_bytes_6p_start"] = len(json.dumps(new_deal(six.rules, 1).to_dict(),
                                                separators=(",", ":")))
    out["json_bytes_6p_mid"] = len(json.dumps(six.to_dict(), separators=(",", ":")))
    n = 20000
    out["clone_us"] = round(timeit.timeit(six.clone, number=n) / n * 1e6, 2)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
