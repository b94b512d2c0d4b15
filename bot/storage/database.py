"""The engine and session factory, with the per-backend settings that make writes safe.

SQLite: WAL journal (readers never block the writer), a busy timeout (a second process
waits instead of failing), and every transaction opened with ``BEGIN IMMEDIATE`` so a
read-then-write transaction takes the write lock up front; a deferred transaction that read
an older snapshot could otherwise fail with SQLITE_BUSY when it tries to write, and no busy
timeout helps with that. SQLite has one writer anyway, so inside one process writers queue on
an ``asyncio.Lock`` (FIFO, no busy-handler sleeps) and the busy timeout only arbitrates
between processes.

PostgreSQL: asyncpg; writes are guarded by versions (``UPDATE ... WHERE version = :v``:
under READ COMMITTED a racing UPDATE waits for the row and then re-checks the WHERE on the
committed row, so exactly one of two racing writers matches, in any number of processes),
and rows that must be read and then changed (series, ratings) are locked FOR UPDATE. No
process-wide lock is taken. ``autocommit()`` serves statements that are atomic on their own
(one round trip, no BEGIN/COMMIT).

``Coalescer`` batches writes of one kind (the service's per-action saves) into one
statement per batch on either backend.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

SQLITE_BUSY_TIMEOUT_MS = 5000
PG_POOL_SIZE = 20  # per process; several bot processes share max_connections (100 by default)
T = TypeVar("T")


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
            # Every checkout ends in our explicit COMMIT or ROLLBACK, so the pool's
            # reset-on-return ROLLBACK would only cost another trip to the driver thread.
            kwargs["pool_reset_on_return"] = None
        else:
            # The search_path lets tests give every test its own empty schema.
            if schema:
                kwargs["connect_args"] = {"server_settings": {"search_path": schema}}
            # A fixed pool: overflow connections are closed as soon as they are returned,
            # so under sustained load (hundreds of games, more presses than connections)
            # they were opened and closed continuously, each open a TCP + TLS probe + auth +
            # a forked backend. Waiting for one of 20 busy connections is far cheaper.
            kwargs["pool_size"] = PG_POOL_SIZE
            kwargs["max_overflow"] = 0
        self.engine: AsyncEngine = create_async_engine(url, **kwargs)
        self.reader: AsyncEngine = self.engine
        if self.is_sqlite:
            _configure_sqlite(self.engine, sqlite_synchronous, begin="BEGIN IMMEDIATE")
            # Readers get their own pool in autocommit: in WAL mode each SELECT reads a
            # committed snapshot while the writer writes, and never queues behind it.
            # Reads that span statements need no shared snapshot here: every write the
            # service makes is guarded by the game's version, which catches any change
            # between a read and the write based on it.
            self.reader = create_async_engine(url, **kwargs)
            _configure_sqlite(self.reader, sqlite_synchronous, begin=None)
        self._autocommit_engine = (None if self.is_sqlite else
                                   self.engine.execution_options(isolation_level="AUTOCOMMIT"))
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self.read_sessions = async_sessionmaker(self.reader, expire_on_commit=False)
        self._write_gate = asyncio.Lock() if self.is_sqlite else None
        self._pending: list[tuple[Callable[[AsyncSession], Awaitable[Any]], asyncio.Future]] = []
        self._drainer: asyncio.Task | None = None
        # Told how long each transaction took: (kind: write, read or autocommit, seconds).
        # The Application points it at its metrics (bot.metrics); storage imports none.
        self.timing: Callable[[str, float], None] | None = None

    @contextlib.asynccontextmanager
    async def _timed(self, kind: str) -> AsyncIterator[None]:
        if self.timing is None:
            yield
            return
        started = time.perf_counter()
        try:
            yield
        finally:
            self.timing(kind, time.perf_counter() - started)

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """One transaction: commits on success, rolls back on any exception. (Timed from
        its begin: the wait for SQLite's write gate is not the database's time.)"""
        gate = self._write_gate or contextlib.nullcontext()
        async with gate, self._timed("write"), self.sessions() as session, session.begin():
            yield session

    async def write(self, work: Callable[[AsyncSession], Awaitable[T]]) -> T:
        """Run ``work(session)`` in a write transaction and return its result once committed.

        On SQLite, writes that arrive while another is being written are *group-committed*:
        the next batch runs in one transaction (one BEGIN IMMEDIATE, one COMMIT, one trip
        through the pool), which is what lets one SQLite writer keep up with hundreds of
        games. Every caller still gets its answer only after the commit. If any work in a
        batch raises, the whole batch is rolled back and each work runs again on its own,
        so one refusal never commits or breaks another caller's write. ``work`` must
        therefore be safe to run twice (all the service's writes are version-guarded plans).
        """
        if not self.is_sqlite:
            async with self.transaction() as session:
                return await work(session)
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self._pending.append((work, future))
        if self._drainer is None or self._drainer.done():
            self._drainer = asyncio.create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            if len(batch) > 1 and await self._write_batch(batch):
                continue
            for work, future in batch:  # alone: its own transaction, its own outcome
                try:
                    async with self.transaction() as session:
                        result = await work(session)
                except BaseException as exc:  # handed to the caller, not swallowed
                    if not future.done():
                        future.set_exception(exc)
                else:
                    if not future.done():
                        future.set_result(result)

    async def _write_batch(self, batch) -> bool:
        results = []
        try:
            async with self.transaction() as session:
                for work, _future in batch:
                    results.append(await work(session))
        except Exception:
            return False  # rolled back; the caller retries each work alone
        for (_work, future), result in zip(batch, results, strict=True):
            if not future.done():
                future.set_result(result)
        return True

    @contextlib.asynccontextmanager
    async def autocommit(self) -> AsyncIterator[AsyncConnection]:
        """PostgreSQL only: a pooled connection on which every statement commits by itself.
        For single statements that are atomic on their own; saves BEGIN and COMMIT trips."""
        if self._autocommit_engine is None:
            raise RuntimeError("autocommit() is for PostgreSQL; SQLite writes use write()")
        async with self._timed("autocommit"), self._autocommit_engine.connect() as conn:
            yield conn

    @contextlib.asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncSession]:
        """Read-only work: takes no write lock (on SQLite: autocommit SELECTs)."""
        async with self._timed("read"), self.read_sessions() as session, session.begin():
            yield session

    async def dispose(self) -> None:
        await self.engine.dispose()
        if self.reader is not self.engine:
            await self.reader.dispose()


class Coalescer:
    """Items submitted while a write is in flight are written together, by one call of
    ``write_many(connection, items) -> results`` (one result per item, in order).

    SQLite: the call runs in ``Database.write`` (so it also shares the group commit with
    other writes). PostgreSQL: on an autocommit connection, so ``write_many`` must be one
    statement (atomic by itself): one round trip and one WAL flush for the whole batch.

    Group commit already shares one transaction among queued writes; this goes further for
    writes of one kind, whose rows can then be written by one statement (executemany, or a
    set-based statement): per-item statements, not the databases, were what bounded a busy
    process (on SQLite every statement costs several hops to the driver's thread; on
    PostgreSQL every statement costs a pool checkout and a round trip). ``write_many`` must
    decide per item (never raise for one item's refusal) and be safe to run twice.
    """

    def __init__(self, db: Database,
                 write_many: Callable[[AsyncConnection, list[Any]], Awaitable[list[Any]]]) -> None:
        self.db = db
        self.write_many = write_many
        self._items: list[tuple[Any, asyncio.Future]] = []
        self._flusher: asyncio.Task | None = None

    async def submit(self, item: Any) -> Any:
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self._items.append((item, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        return await future

    async def _in_session(self, items: list[Any], session: AsyncSession) -> list[Any]:
        return await self.write_many(await session.connection(), items)

    async def _write(self, items: list[Any]) -> list[Any]:
        if self.db.is_sqlite:
            return await self.db.write(functools.partial(self._in_session, items))
        async with self.db.autocommit() as conn:
            return await self.write_many(conn, items)

    async def _flush(self) -> None:
        while self._items:
            batch, self._items = self._items, []
            try:
                results = await self._write([item for item, _future in batch])
            except BaseException as exc:  # handed to every caller, not swallowed
                for _item, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                if not isinstance(exc, Exception):
                    raise
                continue
            for (_item, future), result in zip(batch, results, strict=True):
                if not future.done():
                    future.set_result(result)


def _configure_sqlite(engine: AsyncEngine, synchronous: str, begin: str | None) -> None:
    """WAL, busy timeout, foreign keys, and an explicit BEGIN (IMMEDIATE for writers).

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

    if begin is not None:
        @event.listens_for(engine.sync_engine, "begin")
        def _on_begin(conn) -> None:
            conn.exec_driver_sql(begin)
