"""``durak bench``: the engine's speed, random 2-player podkidnoy deals per second.

It plays through the engine's ``play_random_game`` (the public ``legal_actions`` +
``apply`` path the bot uses), so it measures what users get; ``scripts/bench_compare.py``
runs the same loop against another revision.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from bot.cli.args import positive_float
from bot.cli.streams import Streams
from bot.engine import RuleSet
from bot.engine._build import engine_build
from bot.engine.verify.random_play import play_random_game

DESCRIPTION = """\
Measure the rules engine: play random 2-player podkidnoy deals on one core for about
--seconds and print one JSON object (games and actions per second, and "engine":
"compiled" or "pure" with the reason; `pip install -e .` builds the compiled engine when
a C compiler is there, DURAK_PURE_ENGINE=1 forces pure Python). Figures, not a test."""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "bench", help="engine speed: random 2-player podkidnoy deals per second (JSON)",
        description=DESCRIPTION)
    parser.add_argument("--seconds", type=positive_float, default=5.0, metavar="S",
                        help="how long to play (default: %(default)s)")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace, streams: Streams) -> int:
    streams.out.write(json.dumps(bench(args.seconds)) + "\n")
    return 0


def bench(seconds: float) -> dict[str, Any]:
    """Random 2-player podkidnoy deals for about `seconds`, on this one core."""
    rules = RuleSet.preset("podkidnoy", players=2)
    rng = random.Random(0)  # one move generator for the run, as scripts/bench_engine.py
    games = actions = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        _, played = play_random_game(rules, games, rng)
        games += 1
        actions += len(played)
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - started
    return {
        "games_per_sec": round(games / elapsed, 1),
        "games": games,
        "actions": actions,
        "actions_per_sec": round(actions / elapsed),
        "seconds": round(elapsed, 3),
        **engine_build(),  # "engine": compiled or pure (bot/engine/README.md), and why
    }
