"""``durak arena``: computer players against each other; prints one JSON object.

    durak arena --a hard --b normal --preset podkidnoy --players 2 --games 200 --seed 1

How seats are split and what "a wins" means with more than two players:
see ``bot.ai.arena`` (a holds the even seats in even games, the odd seats in odd games;
a wins when the fool sits on b's side).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from bot.cli_args import budget_seconds, non_negative_int, positive_int, rule_assignment

STRENGTH_CHOICES = ("easy", "normal", "hard")


def add_arena_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser("arena", help="computer players against each other (JSON)")
    p.add_argument("--a", required=True, choices=STRENGTH_CHOICES, help="strength of side a")
    p.add_argument("--b", required=True, choices=STRENGTH_CHOICES, help="strength of side b")
    p.add_argument("--preset", default="podkidnoy")
    p.add_argument("--players", type=positive_int, default=2)
    p.add_argument("--games", type=positive_int, default=100)
    p.add_argument("--seed", type=non_negative_int, default=0)
    p.add_argument("--budget-a", type=budget_seconds, default=None,
                   help="seconds per move of side a (default: 0.7 for hard)")
    p.add_argument("--budget-b", type=budget_seconds, default=None,
                   help="seconds per move of side b (default: 0.7 for hard)")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="what budgets and move times measure: wall time, or CPU time of "
                        "the searching thread (figures that hold on a loaded machine)")
    p.add_argument("--progress", action="store_true", help="progress lines on stderr")
    p.add_argument("--rule", action="append", default=[], type=rule_assignment,
                   metavar="NAME=VALUE",
                   help="override one rule parameter (repeatable)")
    p.set_defaults(handler=arena_command)
    return p


def arena_command(args: argparse.Namespace, out: TextIO | None = None,
                  err: TextIO | None = None) -> int:
    from bot.ai.arena import run_arena
    from bot.cli_rules import build_rules

    out = out or sys.stdout
    err = err or sys.stderr
    rules = build_rules(args.preset, args.players, dict(args.rule))  # UsageError on mistakes

    def progress(done: int, a: int, b: int, draws: int) -> None:
        err.write(f"{done}/{args.games}: a {a} b {b} draws {draws}\n")
        err.flush()

    result = run_arena(rules, args.a, args.b, args.games, args.seed, args.budget_a,
                       args.budget_b, progress if args.progress else None, clock=args.clock)
    out.write(json.dumps(result) + "\n")
    out.flush()
    return 0
