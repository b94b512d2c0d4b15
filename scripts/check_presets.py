"""On-demand soak test: many checked random games per playable preset (and with random
house-rule mixes), invariants verified after every action; a deal that does not end or a
state where nobody can act is a failure too.

    .venv/bin/python scripts/check_presets.py [--games 10000] [--seed 1000] [--preset NAME]

Prints one JSON line per run (the `durak simulate --check` result) and, on the first
failure, the report that reproduces it; exit 1 then. The suite runs a few thousand games;
this is the 10,000-per-preset run of issue 3.
"""

from __future__ import annotations

import argparse
import json
import sys

from bot.cli.simulate import SimulationFailure, simulate
from bot.engine import PLAYABLE_PRESETS, PRESETS, RuleSet


def runs(presets: list[str]) -> list[tuple[str, int, bool]]:
    """(preset, players, random house rules) for each preset: its smallest and largest
    player count, plain, plus one run with random house-rule mixes."""
    out = []
    for name in presets:
        lo, hi = PRESETS[name].players
        ok = [n for n in range(lo, min(hi, 6) + 1)
              if not RuleSet.preset(name, players=n).problems()]
        for n in sorted({ok[0], ok[-1]}):
            out.append((name, n, False))
        out.append((name, ok[len(ok) // 2], True))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--preset", action="append", default=[])
    args = ap.parse_args()
    for name, players, mixed in runs(args.preset or list(PLAYABLE_PRESETS)):
        rules = RuleSet.preset(name, players=players)
        try:
            result = simulate(rules, args.games, args.seed, check=True,
                              explore=players % 2 == 1, random_house_rules=mixed)
        except SimulationFailure as failure:
            print(f"{name} players={players} house_mix={mixed}: FAILED", flush=True)
            print(failure.report(), flush=True)
            return 1
        print(json.dumps({"preset": name, "players": players, "house_mix": mixed,
                          "games": result["games"], "draws": result["draws"],
                          "actions": result["actions"], "seconds": result["seconds"]}),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
