"""What every ``durak`` subcommand shares on its command line: the usage error, argument
types that turn bad input into a one-line argparse error (exit 2, no traceback) instead of
a ValueError deep inside a command, and the options several commands take."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, TypeVar

N = TypeVar("N", int, float)


class UsageError(Exception):
    """A mistake on the command line the user can fix; printed without a traceback."""


class Refused(Exception):
    """The command cannot do what was asked for a known reason beyond its arguments (a
    database that is wrong or unreachable: ``cli/database.py``); ``str()`` is the one line
    printed after ``durak COMMAND:``, and the process exits with ``exit_code``."""

    def __init__(self, line: str, exit_code: int) -> None:
        super().__init__(line)
        self.exit_code = exit_code


class Parser(argparse.ArgumentParser):
    """argparse that raises instead of exiting, so ``main`` decides how to report; the
    descriptions keep their own line breaks (examples, tables)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def _number(text: str, convert: Callable[[str], N], what: str) -> N:
    try:
        return convert(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a {what}: {text!r}") from None


def positive_int(text: str) -> int:
    value = _number(text, int, "whole number")
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def non_negative_int(text: str) -> int:
    value = _number(text, int, "whole number")
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, got {value}")
    return value


def positive_float(text: str) -> float:
    value = _number(text, float, "number")
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, got {text}")
    return value


def budget_seconds(text: str) -> float:
    value = _number(text, float, "number")
    if not 0 < value <= 60:
        raise argparse.ArgumentTypeError(f"budget must be in (0, 60] seconds, got {text}")
    return value


def rule_assignment(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` for ``--rule``: both sides non-empty, spaces trimmed."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name.strip(), value.strip()


def add_database_url(parser: argparse.ArgumentParser) -> None:
    """``--database-url``: the commands that read the bot's database take it instead of
    DATABASE_URL (``cli/database.chosen_url``)."""
    parser.add_argument("--database-url", default=None, metavar="URL",
                        help="the bot's database, instead of DATABASE_URL")


def add_game_options(parser: argparse.ArgumentParser, *, players_default: int = 2) -> None:
    """--preset, --players and --rule: the rule set of ``simulate``, ``play`` and ``arena``
    (``durak rules`` lists the presets, the player counts each takes, and the rules)."""
    parser.add_argument("--preset", default="podkidnoy", metavar="NAME",
                        help="the game to play, e.g. podkidnoy, perevodnoy, duren_piatkowy "
                             "(`durak rules` lists them all; default: %(default)s)")
    parser.add_argument("--players", type=positive_int, default=players_default, metavar="N",
                        help="number of seats (`durak rules` shows each preset's range; "
                             "default: %(default)s)")
    parser.add_argument("--rule", action="append", default=[], type=rule_assignment,
                        metavar="NAME=VALUE",
                        help="override one rule parameter, e.g. deck=52 or transfer=play; "
                             "repeatable (`durak rules` lists the parameters)")
