"""``durak reports``: the reports people made of strangers after quick games, newest first,
for the operator (service/quick/safety.py stores them). The database is read, never
created: a SQLite file that does not exist is refused before connecting, and a database
that is wrong or cannot be read is one line and exit 2 or 3, as for ``durak replay`` and
``durak-bot`` (``cli/database.py``)."""

from __future__ import annotations

import argparse
import asyncio
from typing import TYPE_CHECKING, Any, TextIO

from bot.cli.args import add_database_url, positive_int
from bot.cli.streams import Streams

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
    add_database_url(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace, streams: Streams) -> int:
    # Imported here: SQLAlchemy and the service layer are start-up time every other
    # `durak` command would pay (dispatch imports all commands).
    from bot.cli.database import chosen_url, refusal, refuse_missing_sqlite_file
    from bot.storage.failures import database_failure

    url = chosen_url(args.database_url)
    refuse_missing_sqlite_file(url, args.database_url)
    try:
        reports = asyncio.run(_load(url, args.limit))
    except Exception as exc:
        failure = database_failure(exc)
        hint = (" Has `durak migrate` run on it (durak-bot migrates SQLite itself), and is it "
                "the bot's database?" if failure is not None and failure.schema_missing
                else "")
        refused = refusal(exc, doing="read", url=url, given=args.database_url, hint=hint)
        if refused is None:
            raise
        raise refused from None
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
