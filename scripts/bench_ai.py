"""Arena table for the computer players (issue 6): prints one JSON line per match-up.

    nice .venv/bin/python scripts/bench_ai.py --pairs hard:normal normal:easy \
        --configs podkidnoy:2 perevodnoy:2 podkidnoy:3 --games 200 --budget 0.2

Each line is the ``durak arena`` JSON (``bot.ai.arena.run_arena``) plus wall seconds.
Games are scaled per pair with ``--games-easy`` (normal vs easy is cheap, so more games
for a tighter interval).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from bot.ai.arena import run_arena
from bot.engine import RuleSet


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pairs", nargs="+", default=["hard:normal", "normal:easy"])
    p.add_argument("--configs", nargs="+", default=["podkidnoy:2", "perevodnoy:2",
                                                    "podkidnoy:3", "perevodnoy:3",
                                                    "podkidnoy:4", "perevodnoy:4"])
    p.add_argument("--games", type=int, default=100, help="games per match-up with hard")
    p.add_argument("--games-easy", type=int, default=400, help="games without hard")
    p.add_argument("--budget", type=float, default=0.2, help="hard's seconds per move")
    p.add_argument("--seed", type=int, default=2026)
    args = p.parse_args(argv)
    for pair in args.pairs:
        a, b = pair.split(":")
        for config in args.configs:
            preset, players = config.split(":")
            rules = RuleSet.preset(preset, players=int(players))
            games = args.games if "hard" in (a, b) else args.games_easy
            t0 = time.perf_counter()
            result = run_arena(rules, a, b, games, args.seed,
                               budget_a=args.budget if a == "hard" else None,
                               budget_b=args.budget if b == "hard" else None)
            result["wall_s"] = round(time.perf_counter() - t0, 1)
            print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
