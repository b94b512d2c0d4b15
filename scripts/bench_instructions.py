"""Instructions per random game, counted by valgrind's callgrind: a speed figure that does not
depend on how busy the machine is (wall-clock games/s on a shared box is noise).

    .venv/bin/python scripts/bench_instructions.py [--games 200] [--preset podkidnoy] [--players 2]

Plays the ``durak bench`` loop (bot.engine.verify.random_play, public legal_actions + apply, one
``random.Random(0)`` for the run, seeds 0, 1, 2, ...) under callgrind twice: once with only
``--warmup`` games and once with ``--warmup`` + ``--games``; the difference divided by
``--games`` is the steady-state cost of a game (interpreter start-up, imports and the
per-trump tables built by the first games cancel out). PYTHONHASHSEED is fixed so
that two runs of the same code count the same. Needs ``valgrind`` on PATH. Prints one JSON
object; compare figures of two revisions, lower is faster.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

# What runs under callgrind: the bench loop of scripts/bench_engine.py, nothing else.
_GAMES = """
import random, sys
from bot.engine import RuleSet
from bot.engine.verify.random_play import play_random_game
from bot.engine._build import engine_build
rules = RuleSet.preset(sys.argv[1], players=int(sys.argv[2]))
rng = random.Random(0)
actions = 0
warmup, games = int(sys.argv[3]), int(sys.argv[4])
for seed in range(warmup):
    play_random_game(rules, seed, rng)
for seed in range(warmup, warmup + games):
    actions += len(play_random_game(rules, seed, rng)[1])
print(actions, engine_build()["engine"])
"""


def count_instructions(preset: str, players: int, warmup: int,
                       games: int) -> tuple[int, int, str]:
    """(instructions executed, actions played after the warm-up, engine build) for one
    run. ``DURAK_PURE_ENGINE=1`` in the environment counts the pure-Python engine."""
    with tempfile.TemporaryDirectory() as tmp:
        out_file = os.path.join(tmp, "callgrind.out")
        env = dict(os.environ, PYTHONHASHSEED="0")
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}",
             sys.executable, "-c", _GAMES, preset, str(players), str(warmup), str(games)],
            capture_output=True, text=True, env=env, check=True)
    found = re.search(r"Collected\s*:\s*(\d+)", proc.stderr)
    if not found:
        raise SystemExit(f"no instruction count in valgrind's output:\n{proc.stderr}")
    actions, build = proc.stdout.split()
    return int(found.group(1)), int(actions), build


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--preset", default="podkidnoy")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--warmup", type=int, default=20)
    args = ap.parse_args()
    base, _, _ = count_instructions(args.preset, args.players, args.warmup, 0)
    total, actions, build = count_instructions(args.preset, args.players, args.warmup,
                                               args.games)
    per_game = (total - base) / args.games
    print(json.dumps({"preset": args.preset, "players": args.players, "engine": build,
                      "games": args.games,
                      "actions_per_game": round(actions / args.games, 1),
                      "instructions_per_game": round(per_game),
                      "instructions_per_action": round(per_game * args.games / actions),
                      "warmup_games": args.warmup, "startup_instructions": base}))


if __name__ == "__main__":
    main()
