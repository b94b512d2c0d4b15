"""``durak migrate``: bring a database's schema to this bot's head, wherever it is installed.

``alembic upgrade head`` needs the project folder's ``alembic.ini``; a bot installed from a
wheel or in a container image has the migrations inside its package (``bot/migrations``)
and no project folder. This runs the same migrations from there: the release step for
PostgreSQL in any installation. (SQLite needs no step: durak-bot migrates it at start-up.)
A wrong or unreachable database is one line and exit 2 or 3, as for ``durak-bot``
(``cli/database.py``).
"""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from bot.cli.args import add_database_url
from bot.cli.streams import Streams

DESCRIPTION = """\
Bring the database's schema up to this bot's version with the migrations the package
carries: the release step before starting a new version on PostgreSQL (what `alembic
upgrade head` does in the project folder). The database is DATABASE_URL, as for durak-bot,
or --database-url; a SQLite file is created if it does not exist (durak-bot also migrates
SQLite by itself at start-up).

example: DATABASE_URL=postgresql://bot@db.example/durak durak migrate"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "migrate", help="bring the database's schema to this version (the release step)",
        description=DESCRIPTION)
    add_database_url(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace, streams: Streams) -> int:
    # Imported here: SQLAlchemy and alembic are start-up time other commands need not pay.
    from bot.cli.database import chosen_url, refusal
    from bot.storage.failures import where

    url = chosen_url(args.database_url)
    try:
        before, after = asyncio.run(_migrate(url))
    except Exception as exc:
        refused = refusal(exc, doing="migrate", url=url, given=args.database_url)
        if refused is None:
            raise
        raise refused from None
    if before == after:
        streams.out.write(f"{where(url)}: schema {after}, already current\n")
    else:
        streams.out.write(f"{where(url)}: schema {before or 'none'} -> {after}\n")
    return 0


async def _migrate(url: str) -> tuple[str | None, str | None]:
    from bot.storage.database import Database
    from bot.storage.migrate import current_revision, upgrade

    db = Database(url)
    try:
        before = await current_revision(db)
        await upgrade(db)
        return before, await current_revision(db)
    finally:
        await db.dispose()
