"""Where the database lives: ``DATABASE_URL`` from the environment, SQLite by default."""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy.engine import make_url

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
