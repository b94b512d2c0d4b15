"""The `durak` command line: rules, simulate, bench, play (and replay when available).

`main(argv)` returns the process exit code instead of exiting, so tests can run it
in-process. Exit codes: 0 ok, 1 an invariant violation found by `simulate --check`,
2 bad usage (unknown preset, invalid rule, impossible combination), 130 interrupted.
User mistakes are reported as one clear line on stderr, never as a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import inspect
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from bot.cli_args import non_negative_int, positive_float, positive_int, rule_assignment
from bot.cli_rules import UsageError, build_rules, rules_text

USAGE_ERROR = 2
# (module, function adding its subparser): `durak replay` (storage), `durak arena` (ai).
OPTIONAL_SUBCOMMANDS = (
    ("bot.cli_replay", "add_replay_parser"),
    ("bot.cli_arena", "add_arena_parser"),
)

class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of exiting, so `main` decides how to report."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="durak", description="Durak, the Russian card game: command line.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    sub.add_parser("rules", help="presets and every rule parameter with its default")

    sim = sub.add_parser("simulate", help="random legal games; prints one JSON object")
    sim.add_argument("--preset", default="podkidnoy")
    sim.add_argument("--players", type=positive_int, default=2)
    sim.add_argument("--games", type=positive_int, default=100)
    sim.add_argument("--seed", type=non_negative_int, default=0)
    sim.add_argument("--check", action="store_true",
                     help="verify the invariants after every action")
    sim.add_argument("--explore", action="store_true",
                     help="let any seat with a legal action move, not only those waited on")
    sim.add_argument("--rule", action="append", default=[], type=rule_assignment,
                     metavar="NAME=VALUE", help="override one rule parameter (repeatable)")
    sim.add_argument("--random-house-rules", action="store_true",
                     help="each game adds a seeded random valid mix of house rules")

    bench = sub.add_parser("bench", help="engine speed: random 2-player podkidnoy games/s")
    bench.add_argument("--seconds", type=positive_float, default=5.0)

    play = sub.add_parser("play", help="a game in the terminal against computer players")
    play.add_argument("--preset", default="podkidnoy")
    play.add_argument("--players", type=positive_int, default=2)
    play.add_argument("--seed", type=non_negative_int, default=None,
                      help="seed of the first deal (default: random)")
    play.add_argument("--rule", action="append", default=[], type=rule_assignment,
                      metavar="NAME=VALUE", help="override one rule parameter (repeatable)")
    play.add_argument("--strength", choices=("easy", "normal", "hard"), default="normal",
                      help="the computer players' strength (bot.ai, as in Telegram)")

    # Subcommands that live with their own layer are wired in when their module exists.
    # Each parser must `set_defaults(func=...)` or `set_defaults(handler=...)`: a callable
    # taking the parsed args (and `out`/`err` streams if it accepts them) and returning
    # the exit code (see `main`). A broken module is reported, not silently skipped, but
    # it must not take `durak play` and the other commands down with it.
    for module_name, adder in OPTIONAL_SUBCOMMANDS:
        if importlib.util.find_spec(module_name) is None:
            continue
        try:
            getattr(importlib.import_module(module_name), adder)(sub)
        except Exception as exc:  # noqa: BLE001 - any failure there is the same warning
            sys.stderr.write(f"durak: `{module_name}` is unavailable: {exc!r}\n")
    return parser


def _cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    out.write(rules_text())
    return 0


def _cmd_simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from bot.cli_simulate import SimulationFailure, simulate

    rules = build_rules(args.preset, args.players, dict(args.rule))
    try:
        result = simulate(rules, games=args.games, seed=args.seed, check=args.check,
                          explore=args.explore, random_house_rules=args.random_house_rules)
    except SimulationFailure as failure:
        err.write(failure.report() + "\n")
        return 1
    result = {"preset": args.preset, "players": args.players, **result}
    out.write(json.dumps(result) + "\n")
    return 0


def _cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    from bot.cli_simulate import bench

    out.write(json.dumps(bench(args.seconds)) + "\n")
    return 0


def _cmd_play(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    from bot.cli_play import play_session

    rules = build_rules(args.preset, args.players, dict(args.rule))
    return play_session(rules, seed=args.seed, inp=inp, out=out,
                        strength=getattr(args, "strength", "normal"))


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    if stdout is None and hasattr(sys.stdout, "reconfigure"):
        # Card suits on a terminal that cannot show them become '?', not a crash.
        sys.stdout.reconfigure(errors="replace")
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        err.write(f"{exc}\n(try `durak --help` or `durak rules`)\n")
        return USAGE_ERROR
    except SystemExit as exc:  # --help prints and exits 0
        return int(exc.code or 0)

    try:
        if args.command == "rules":
            return _cmd_rules(args, out)
        if args.command == "simulate":
            return _cmd_simulate(args, out, err)
        if args.command == "bench":
            return _cmd_bench(args, out)
        if args.command == "play":
            return _cmd_play(args, inp, out)
        handler = getattr(args, "handler", None) or getattr(args, "func", None)
        if handler is not None:  # subcommands added by other modules (replay, arena)
            accepted = inspect.signature(handler).parameters
            streams = {k: v for k, v in (("out", out), ("err", err)) if k in accepted}
            return int(handler(args, **streams) or 0)
        parser.print_help(err)
        return USAGE_ERROR
    except UsageError as exc:
        err.write(f"durak {args.command}: {exc}\n")
        return USAGE_ERROR
    except KeyboardInterrupt:
        err.write("\ninterrupted\n")
        return 130
    except BrokenPipeError:  # `durak rules | head`
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
