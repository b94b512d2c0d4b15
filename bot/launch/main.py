"""``durak-bot`` (and ``python -m bot``): run the Telegram bot.

Exit codes: 0 stopped by SIGINT/SIGTERM; 1 a bug (its traceback logged, secrets masked);
2 a setting is missing or wrong; 3 Telegram or the database stayed unreachable for
DURAK_STARTUP_WAIT seconds (``failures``). A known failure is one line on stderr, never a
traceback, and never the token (``redaction``).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import textwrap
from collections.abc import Sequence

from bot.config import ENVIRONMENT, ConfigError, Settings
from bot.launch.failures import SETTING_WRONG, StartupFailure
from bot.launch.logs import configure_logging
from bot.launch.redaction import Redactor

BUG = 1  # an unknown failure: logged with its traceback (masked), a bug to report

DESCRIPTION = """\
Run the Durak Telegram bot: long polling by default, or a webhook server when
DURAK_WEBHOOK_URL is set. It takes no options: everything is read from the environment
(below). At start-up it checks the database (reachable, schema up to date; a SQLite file
is created and migrated) and the token (Telegram accepts it), retrying an unreachable
Telegram or database for DURAK_STARTUP_WAIT seconds; a failure it knows ends it with one
line naming the setting to check. docs/operators.md explains each setting and failure.
To play without a token: `durak play`."""


def settings_help(width: int = 88) -> str:
    """Every environment variable with its default and meaning, for ``--help``."""
    lines = ["environment:"]
    for setting in ENVIRONMENT:
        lines.append(f"  {setting.heading}")
        lines += textwrap.wrap(setting.meaning, width, initial_indent=" " * 6,
                               subsequent_indent=" " * 6)
    lines += ["", "exit codes: 0 stopped (SIGINT, SIGTERM); 1 a bug (logged with its "
              "traceback); 2 a setting is missing or wrong; "
              "3 Telegram or the database stayed unreachable"]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    return argparse.ArgumentParser(prog="durak-bot", description=DESCRIPTION,
                                   epilog=settings_help(),
                                   formatter_class=argparse.RawDescriptionHelpFormatter)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        build_parser().parse_args(argv)
    except SystemExit as exc:  # --help (0) or an unknown option (2, with argparse's line)
        return int(exc.code or 0)
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"durak-bot: {exc}", file=sys.stderr)
        return SETTING_WRONG
    redactor = Redactor(settings.token, [settings.webhook_secret])
    configure_logging(settings.log_level, log_format=settings.log_format, redactor=redactor)
    # Imported only now: the Application pulls in PTB, SQLAlchemy and the computer
    # players (a second of start-up), which --help and a wrong setting need not wait for.
    from bot.app import build_application
    from bot.launch.serve import serve

    try:
        asyncio.run(serve(build_application(settings), settings))
    except StartupFailure as failure:
        print(f"durak-bot: {redactor.mask(str(failure))}", file=sys.stderr)
        return failure.exit_code
    except Exception:
        # Through the log, not Python's own traceback print: the secret filter masks it.
        logging.getLogger("bot.launch").exception("durak-bot stopped by an unexpected "
                                                  "error (a bug: please report it)")
        return BUG
    return 0
