"""The engine and session factory, with the per-backend settings that make writes safe.

SQLite: WAL journal (readers never block the writer), a busy timeout (a second process
waits instead of failing), and every transaction opened with ``BEGIN IMMEDIATE`` so a
read-then-write transaction takes the write lock up front; a deferred transaction that read
an older snapshot could otherwise fail with SQLITE_BUSY when it tries to write, and no busy
timeout helps with that. SQLite has one writer anyway, so inside one process writers queue on
an ``asyncio.Lock`` (FIFO, no busy-handler sleeps) and the busy timeout only arbitrates
between processes.

PostgreSQL: asyncpg; the service locks rows with ``SELECT ... FOR UPDATE`` and checks
versions, so no process-wide lock is taken.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

SQLITE_BUSY_TIMEOUT_MS = 5000


class Database:
    """An async engine, its session factory, and the write gate for SQLite."""

    def __init__(self, url: str, *, schema: str | None = None, echo: bool = False,
                 sqlite_synchronous: str = "NORMAL") -> None:
        self.url = make_url(url)
        self.schema = schema
        self.is_sqlite = self.url.get_backend_name() == "sqlite"
        kwargs: dict = {"echo": echo}
        if self.is_sqlite:
            kwargs["connect_args"] = {"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000}
        else:
            # The search_path lets tests give every test its own empty schema.
            if schema:
                kwargs["connect_args"] = {"server_settings": {"search_path": schema}}
            kwargs["pool_size"] = 10
            kwargs["max_overflow"] = 10
        self.engine: AsyncEngine = create_async_engine(url, **kwargs)
        if self.is_sqlite:
            _configure_sqlite(self.engine, sqlite_synchronous)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._write_gate = asyncio.Lock() if self.is_sqlite else None

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """One transaction: commits on success, rolls back on any exception."""
        gate = self._write_gate or contextlib.nullcontext()
        async with gate, self.sessions() as session, session.begin():
            yield session

    async def dispose(self) -> None:
        await self.engine.dispose()


def _configure_sqlite(engine: AsyncEngine, synchronous: str) -> None:
    """WAL, busy timeout, foreign keys, and explicit BEGIN IMMEDIATE (see module doc).

    ``synchronous=NORMAL`` in WAL mode never loses a committed transaction when the process
    dies (the WAL is in the OS page cache); only a power cut can lose the last commits.
    Pass ``FULL`` to pay an fsync per commit for power-cut durability too.
    """

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection, _record) -> None:
        # Let SQLAlchemy's "begin" event emit BEGIN itself (the pysqlite recipe).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")
