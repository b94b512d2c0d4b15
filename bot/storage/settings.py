"""Where the database lives: ``DATABASE_URL`` from the environment, SQLite by default.

``checked_database_url`` is the one check that a URL names a database the bot can use:
``durak-bot``'s settings (``bot.config``) and the ``durak`` commands that open a database
(``bot.cli.database``) both ask it, so they refuse the same URLs with the same words.
"""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///durak.db"
# The backends the bot works with, each with the async driver it talks to it through.
DRIVERS = {"sqlite": "aiosqlite", "postgresql": "asyncpg"}


class DatabaseUrlError(ValueError):
    """The URL names no database the bot can use; ``str()`` says why and what to write."""


def database_url(environ: dict[str, str] | None = None) -> str:
    """The async SQLAlchemy URL to use.

    Plain ``postgres://`` / ``postgresql://`` URLs (as hosting platforms hand them out) are
    rewritten to the asyncpg driver, and ``sqlite://`` to aiosqlite, so the bot always talks
    to the database without blocking the event loop.
    """
    env = os.environ if environ is None else environ
    url = env.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+asyncpg://" + url[len(prefix):]
    if url.startswith("sqlite://"):
        return "sqlite+aiosqlite://" + url[len("sqlite://"):]
    return url


def checked_database_url(environ: dict[str, str] | None = None, *,
                         setting: str = "DATABASE_URL") -> str:
    """``database_url(environ)``, refused with ``DatabaseUrlError`` unless SQLAlchemy can
    read it and it names PostgreSQL or SQLite; ``setting`` is what the message calls it
    (a command's ``--database-url`` option, say)."""
    url = database_url(environ)
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise DatabaseUrlError(f"{setting} is not a database URL (expected e.g. "
                               "postgresql://user:password@host:5432/name or "
                               "sqlite:///path/durak.db)") from None
    if DRIVERS.get(parsed.get_backend_name()) != parsed.get_driver_name():
        raise DatabaseUrlError(f"{setting} names {parsed.drivername!r}; the bot works with "
                               "PostgreSQL (postgresql://...) or SQLite (sqlite:///...)")
    return url


def sqlite_file(url: str) -> Path | None:
    """The file a SQLite URL names (None: not SQLite, or in memory); a URI filename
    (``sqlite:///file:path?mode=ro&uri=true``) gives its path."""
    parsed = make_url(url)
    name = parsed.database
    if parsed.get_backend_name() != "sqlite" or name in (None, "", ":memory:"):
        return None
    if str(parsed.query.get("uri", "")).lower() in ("true", "1") and name.startswith("file:"):
        name = name[len("file:"):].split("?", 1)[0]
        if name.startswith("//"):  # file://host/path: the path part
            name = "/" + name[2:].split("/", 1)[-1]
        if name in ("", ":memory:"):
            return None
    return Path(name)
