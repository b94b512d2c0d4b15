"""Known ways the database can fail before a query gets to run, in one line each.

``database_failure(exc)`` looks through an exception's causes (SQLAlchemy wraps the
driver's error, which may wrap the socket's) and says what went wrong and whether it is
worth trying again: a refused or lost connection, a server that is starting up or full
may come right by itself; a wrong password, a database or directory that does not exist,
or missing tables will not. Anything else is not a known failure (None): a bug to show
with its traceback. Used by ``durak-bot``'s start-up and by ``durak replay``.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

import asyncpg.exceptions as pg
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from bot.storage.settings import sqlite_file


@dataclass(frozen=True)
class DatabaseFailure:
    reason: str       # one line: what happened, in words an operator can act on
    transient: bool   # may come right by itself: worth retrying
    schema_missing: bool = False  # the tables are not there: the migrations have not run


def where(url: str) -> str:
    """The URL as it may appear in a log: the password hidden."""
    return make_url(url).render_as_string(hide_password=True)


def place(url: str) -> str:
    """Where the data lives, for the start-up log: a SQLite file by its absolute path (a
    relative URL is relative to the folder the bot was started in, which an operator
    reading a log cannot see), any other database by its URL with the password hidden."""
    path = sqlite_file(url)
    if path is not None:
        return f"the SQLite file {path.resolve()}"
    return where(url)


def _causes(exc: BaseException) -> list[BaseException]:
    chain: list[BaseException] = []
    seen: BaseException | None = exc
    while seen is not None and seen not in chain:
        chain.append(seen)
        seen = seen.__cause__ or seen.__context__
    return chain


def database_failure(exc: BaseException) -> DatabaseFailure | None:
    for cause in _causes(exc):
        found = _known(cause)
        if found is not None:
            return found
    return None


def _known(exc: BaseException) -> DatabaseFailure | None:
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        # SQLAlchemy's dialect recognised a dropped connection ("connection is closed"):
        # the pool replaces it, so the next attempt may well work.
        return DatabaseFailure("the connection to the server was lost", True)
    if isinstance(exc, pg.InvalidPasswordError):
        return DatabaseFailure(f"the server refused the password ({exc})", False)
    if isinstance(exc, pg.InvalidAuthorizationSpecificationError):
        return DatabaseFailure(f"the server refused the user ({exc})", False)
    if isinstance(exc, pg.InvalidCatalogNameError):
        return DatabaseFailure(f"{exc} on that server (create it, or fix the name)", False)
    if isinstance(exc, pg.UndefinedTableError):
        return DatabaseFailure(f"the bot's tables are missing ({exc})", False, True)
    if isinstance(exc, pg.CannotConnectNowError):
        return DatabaseFailure(f"the server is starting up or shutting down ({exc})", True)
    if isinstance(exc, pg.TooManyConnectionsError):
        return DatabaseFailure(f"the server has no free connections ({exc})", True)
    if isinstance(exc, pg.OperatorInterventionError):  # shut down, restarted, failed over
        return DatabaseFailure(f"the server ended the connection ({exc})", True)
    if isinstance(exc, pg.ReadOnlySQLTransactionError):  # a hot standby, a read-only replica
        return DatabaseFailure(f"the server takes no writes ({exc})", False)
    if isinstance(exc, pg.InsufficientPrivilegeError):
        return DatabaseFailure(f"the user may not write the bot's tables ({exc})", False)
    if isinstance(exc, pg.PostgresConnectionError):
        return DatabaseFailure(f"the connection failed ({exc})", True)
    if isinstance(exc, sqlite3.OperationalError):
        code = getattr(exc, "sqlite_errorcode", None)
        if code == sqlite3.SQLITE_CANTOPEN:
            return DatabaseFailure(f"SQLite cannot open the file ({exc})", False)
        if code is not None and code & 0xFF == sqlite3.SQLITE_READONLY:  # and its variants
            return DatabaseFailure(f"SQLite cannot write the file ({exc}): its or its "
                                   "folder's permissions, or a read-only disk", False)
        if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            return DatabaseFailure(f"the SQLite file is busy ({exc})", True)
        # SQLite gives a missing table only the generic error code: its text tells.
        if str(exc).startswith("no such table"):
            return DatabaseFailure(f"the bot's tables are missing ({exc})", False, True)
        return None
    if isinstance(exc, OSError):  # refused, unreachable, name not found, timed out
        text = exc.strerror or str(exc) or type(exc).__name__
        return DatabaseFailure(f"cannot connect ({type(exc).__name__}: {text})", True)
    return None
