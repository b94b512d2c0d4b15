"""``durak arena``: computer players against each other; prints one JSON object.

How seats are split and what "a wins" means with more than two players: see
``bot.ai.arena`` (a holds the even seats in even games, the odd seats in odd games; a wins
when the fool sits on b's side).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from bot.ai import PLAYERS
from bot.ai.arena import run_arena
from bot.cli.args import add_game_options, budget_seconds, non_negative_int, positive_int
from bot.cli.rulesets import build_rules
from bot.cli.streams import Streams

STRENGTH_CHOICES = PLAYERS  # the strengths and the yardsticks greedy, mcts and oracle

DESCRIPTION = """\
Play computer players of two strengths against each other (the same players the Telegram
bot and `durak play` use) and print one JSON object: wins of each side, draws, the win
rate of side a over decided games with its 95% interval, and seconds per move. Side a
holds the even seats in even games and the odd seats in odd games; a wins a deal when the
fool sits on b's side (bot/ai/README.md has the measured tables). Besides the strengths
people play, three yardsticks: greedy (the textbook player), mcts (plain determinized
Monte Carlo with random playouts, 0.7 s per move unless --budget-*) and oracle (hard's
search shown every card: what the hidden cards cost, not a fair player). With --solo side a
holds one seat against b in every other seat (a's seat goes round the table on each
deal) and a_fool_rate says how often a was the fool.

example: durak arena --a hard --b normal --preset podkidnoy --players 2 --games 200 --seed 1"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "arena", help="computer players against each other (one JSON object)",
        description=DESCRIPTION)
    parser.add_argument("--a", required=True, choices=STRENGTH_CHOICES,
                        help="strength of side a")
    parser.add_argument("--b", required=True, choices=STRENGTH_CHOICES,
                        help="strength of side b")
    add_game_options(parser)
    parser.add_argument("--games", type=positive_int, default=100, metavar="G",
                        help="how many deals (default: %(default)s)")
    parser.add_argument("--seed", type=non_negative_int, default=0, metavar="S",
                        help="seed of the first deal; game i uses S+i (default: %(default)s)")
    parser.add_argument("--budget-a", type=budget_seconds, default=None, metavar="SECONDS",
                        help="thinking time per move of side a (default: 0.7 for hard)")
    parser.add_argument("--budget-b", type=budget_seconds, default=None, metavar="SECONDS",
                        help="thinking time per move of side b (default: 0.7 for hard)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="what budgets and move times measure: wall time, or CPU time "
                             "of the searching thread (figures that hold on a loaded "
                             "machine; default: %(default)s)")
    parser.add_argument("--solo", action="store_true",
                        help="side a holds a single seat, b all the others (a's seat goes "
                             "round each deal); reports a_fool_rate")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="a progress line on stderr after every game (default: on "
                             "when stderr is a terminal, so a long run is never silent; "
                             "off in a pipe or a log)")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace, streams: Streams) -> int:
    rules = build_rules(args.preset, args.players, dict(args.rule))  # UsageError on mistakes

    def progress(done: int, a: int, b: int, draws: int) -> None:
        streams.err.write(f"{done}/{args.games}: a {a} b {b} draws {draws}\n")
        streams.err.flush()

    show = args.progress if args.progress is not None else _is_terminal(streams.err)
    result = run_arena(rules, args.a, args.b, args.games, args.seed, args.budget_a,
                       args.budget_b, progress if show else None, clock=args.clock,
                       solo=args.solo)
    streams.out.write(json.dumps(result) + "\n")
    streams.out.flush()
    return 0


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed or unusual stream: stay quiet
        return False
