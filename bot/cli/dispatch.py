"""``durak``: the parser with one subparser per command module, and ``main``.

``main(argv)`` returns the process exit code instead of exiting, so tests can run it
in-process. Exit codes, those of ``durak-bot`` where they mean the same thing:
0 ok; 1 the command found what it was asked to look for (an invariant violation found by
``simulate --check``, a stored deal that ``replay`` cannot rebuild to its stored state);
2 bad usage or a wrong setting (unknown preset, invalid rule, impossible combination; a
DATABASE_URL that is malformed or names a database the bot cannot use, a password or
database the server refuses, a database without the bot's tables, a game ``replay``
cannot find); 3 the database is unreachable (refused, lost, starting up: may come right
by itself); 130 interrupted. Mistakes are reported as one clear line on stderr naming
what to check, never as a traceback (``cli/database.py`` for the database's).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Sequence
from typing import TextIO

# The command modules by their own names, not through the package (whose __init__ imports
# this module): no import circle (tests/test_import_graph.py).
import bot.cli.arena as arena
import bot.cli.bench as bench
import bot.cli.migrate as migrate
import bot.cli.play as play
import bot.cli.replay as replay
import bot.cli.reports as reports
import bot.cli.rules as rules
import bot.cli.simulate as simulate
from bot.cli.args import Parser, Refused, UsageError
from bot.cli.streams import Streams

USAGE_ERROR = 2
INTERRUPTED = 130
# The subcommands, in the order `durak --help` lists them.
COMMANDS = (rules, play, simulate, bench, arena, replay, reports, migrate)

DESCRIPTION = """\
Durak, the Russian card game, on the command line: play it in the terminal against the
computer players, list its presets and rules, test the rules engine with random games,
measure it, pit computer players against each other, replay a game the Telegram bot
stored, and migrate the bot's database. `durak COMMAND --help` describes each command and
its options.
(The Telegram bot itself is `durak-bot`; `durak-bot --help` lists its settings.)"""


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="durak", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


def _hint(argv: Sequence[str] | None) -> str:
    """Where to look after a mistake on the command line: the command's own help (never
    the command that was just refused), else the list of commands and ``durak rules``."""
    names = {command.__name__.rsplit(".", 1)[-1] for command in COMMANDS}
    given = next((word for word in (sys.argv[1:] if argv is None else argv)
                  if word in names), None)
    if given is not None:
        return f"(try `durak {given} --help`)"
    return "(try `durak --help` or `durak rules`)"


def main(argv: Sequence[str] | None = None, *, stdin: TextIO | None = None,
         stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    if stdout is None and hasattr(sys.stdout, "reconfigure"):
        # Card suits on a terminal that cannot show them become '?', not a crash.
        sys.stdout.reconfigure(errors="replace")
    streams = Streams(stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr)
    parser = build_parser()
    try:
        with contextlib.redirect_stdout(streams.out):  # --help goes where output goes
            args = parser.parse_args(argv)
    except UsageError as exc:
        streams.err.write(f"{exc}\n{_hint(argv)}\n")
        return USAGE_ERROR
    except SystemExit as exc:  # --help prints and exits 0
        return int(exc.code or 0)
    try:
        return int(args.run(args, streams))
    except UsageError as exc:
        streams.err.write(f"durak {args.command}: {exc}\n")
        return USAGE_ERROR
    except Refused as exc:
        streams.err.write(f"durak {args.command}: {exc}\n")
        return exc.exit_code
    except KeyboardInterrupt:
        streams.err.write("\ninterrupted\n")
        return INTERRUPTED
    except BrokenPipeError:  # `durak rules | head`
        return 0
