"""``durak reports``: the reports people made of strangers after quick games, newest first,
for the operator (service/quick/safety.py stores them). The database is read, never
created: a SQLite file that does not exist is refused before connecting, and a database
that cannot be read is one line, as ``durak replay`` says it."""

from __future__ import annotations

import argparse
import asyncio
from typing import TYPE_CHECKING, Any, TextIO

from bot.cli.args import UsageError, positive_int
from bot.cli.streams import Streams
from bot.storage.settings import database_url, sqlite_file

if TYPE_CHECKING:
    from bot.service.quick import Report

DEFAULT_LIMIT = 50

DESCRIPTION = """\
List the reports people made after quick games (the "Report" button), newest first: when,
the game's number (`durak replay GAME_ID` tells that game), who reported whom (Telegram
user ids; an id below -2^53 is a person who has since had their data deleted) and why.
The database is DATABASE_URL, as for durak-bot (default: sqlite:///durak.db in this
folder), or --database-url; it must exist (this command never creates one).

example: DATABASE_URL=postgresql://bot@db.example/durak durak reports --limit 20"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "reports", help="reports of strangers after quick games, newest first",
        description=DESCRIPTION)
    parser.add_argument("--limit", type=positive_int, default=DEFAULT_LIMIT, metavar="N",
                        help=f"at most N reports (default {DEFAULT_LIMIT})")
    parser.add_argument("--database-url", default=None, metavar="URL",
                        help="the bot's database, instead of DATABASE_URL")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace, streams: Streams) -> int:
    # Imported here: SQLAlchemy and the service layer are start-up time every other
    # `durak` command would pay (dispatch imports all commands).
    from bot.storage.failures import database_failure, where

    url = database_url({"DATABASE_URL": args.database_url} if args.database_url else None)
    path = sqlite_file(url)
    if path is not None and not path.is_file():
        raise UsageError(f"no database file {path} (set DATABASE_URL or "
                         "--database-url to the bot's database)")
    try:
        reports = asyncio.run(_load(url, args.limit))
    except Exception as exc:
        failure = database_failure(exc)
        if failure is None:
            raise
        hint = (" Has `durak migrate` run on it (durak-bot migrates SQLite itself), and is it "
                "the bot's database?" if failure.schema_missing
                else " Is DATABASE_URL (or --database-url) right?")
        streams.err.write(f"durak reports: cannot read {where(url)}: {failure.reason}.{hint}\n")
        return 1
    print_reports(reports, streams.out)
    return 0


async def _load(url: str, limit: int) -> list[Report]:
    from bot.service.quick import QuickMatchService
    from bot.storage.database import Database

    db = Database(url)
    try:
        return await QuickMatchService(db).reports(limit)
    finally:
        await db.dispose()


def print_reports(reports: list[Report], out: TextIO) -> None:
    if not reports:
        out.write("No reports.\n")
        return
    out.write(f"{'time (UTC)':<16}  {'game':>8}  {'reporter':>20}  {'reported':>20}  reason\n")
    for r in reports:
        when = r.created_at.strftime("%Y-%m-%d %H:%M")
        out.write(f"{when:<16}  {r.game_id:>8}  {r.reporter:>20}  {r.reported:>20}  "
                  f"{r.reason}\n")
    out.write(f"{len(reports)} report{'s' if len(reports) != 1 else ''}\n")
