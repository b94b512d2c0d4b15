"""Where the database lives: ``DATABASE_URL`` from the environment, SQLite by default."""

from __future__ import annotations

import os

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///durak.db"


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
