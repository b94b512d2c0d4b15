"""Throw-away databases for tests, benchmarks and crash drills.

SQLite: a fresh file. PostgreSQL: a fresh schema (reached through the connection's
search_path) in the database named by the URL, dropped afterwards, so runs never see each
other's rows and need no CREATE DATABASE rights.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.storage.database import Database
from bot.storage.models import Base


@contextlib.asynccontextmanager
async def scratch_location(
    url: str | None, directory: Path
) -> AsyncIterator[tuple[str, str | None]]:
    """Yield (url, schema) of an empty database: SQLite file when url is None."""
    if url is None:
        path = directory / f"scratch-{uuid.uuid4().hex[:8]}.db"
        yield f"sqlite+aiosqlite:///{path}", None
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.remove(f"{path}{suffix}")
        return
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_async_engine(url)
    try:
        async with admin.begin() as conn:
            await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        yield url, schema
    finally:
        async with admin.begin() as conn:
            await conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        await admin.dispose()


async def create_tables(db: Database) -> None:
    async with db.engine.begin() as conn:
        await conn.run_sync(Base.metadata.create_all)


@contextlib.asynccontextmanager
async def scratch_database(url: str | None, directory: Path) -> AsyncIterator[Database]:
    """An empty database with every table created, disposed afterwards."""
    async with scratch_location(url, directory) as (real_url, schema):
        db = Database(real_url, schema=schema)
        try:
            await create_tables(db)
            yield db
        finally:
            await db.dispose()
