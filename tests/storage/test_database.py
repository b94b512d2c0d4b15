"""The database layer: settings, SQLite pragmas, 64-bit ids, and group-committed writes."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError

from bot.storage import people
from bot.storage.models import Chat, User
from bot.storage.settings import DEFAULT_DATABASE_URL, database_url


def test_database_url_defaults_to_sqlite_and_pins_async_drivers():
    assert database_url({}) == DEFAULT_DATABASE_URL == "sqlite+aiosqlite:///durak.db"
    assert database_url({"DATABASE_URL": "postgres://u:p@h/db"}) == \
        "postgresql+asyncpg://u:p@h/db"
    assert database_url({"DATABASE_URL": "postgresql://h/db"}) == "postgresql+asyncpg://h/db"
    assert database_url({"DATABASE_URL": "sqlite:///x.db"}) == "sqlite+aiosqlite:///x.db"
    assert database_url({"DATABASE_URL": "postgresql+asyncpg://h/d"}) == \
        "postgresql+asyncpg://h/d"


async def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(db):
    if not db.is_sqlite:
        pytest.skip("SQLite pragmas")
    async with db.engine.connect() as conn:
        assert (await conn.exec_driver_sql("PRAGMA journal_mode")).scalar() == "wal"
        assert (await conn.exec_driver_sql("PRAGMA busy_timeout")).scalar() >= 1000
        assert (await conn.exec_driver_sql("PRAGMA foreign_keys")).scalar() == 1


async def test_telegram_ids_beyond_32_bits_round_trip(db):
    big_user, big_chat = 2**40 + 7, -1002**4
    async with db.transaction() as s:
        await people.ensure_user(s, big_user, "  Anna  ", "ru")
        await people.ensure_chat(s, big_chat)
        await people.ensure_user(s, big_user, "Anna K")  # refresh keeps the language
    async with db.read() as s:
        user = (await s.execute(select(User).where(User.id == big_user))).scalar_one()
        chat = (await s.execute(select(Chat).where(Chat.id == big_chat))).scalar_one()
    assert (user.id, user.name, user.language) == (big_user, "Anna K", "ru")
    assert chat.id == big_chat


async def test_concurrent_writes_commit_independently_and_a_failure_spoils_none(db):
    async def add(n: int):
        async def work(s):
            await people.ensure_user(s, 1000 + n, f"user{n}")
            if n == 7:
                raise RuntimeError("refused")
            return n
        return await db.write(work)

    results = await asyncio.gather(*(add(n) for n in range(20)), return_exceptions=True)
    assert [r for r in results if not isinstance(r, Exception)] == \
        [n for n in range(20) if n != 7]
    assert isinstance(results[7], RuntimeError)
    async with db.read() as s:
        stored = set((await s.execute(text("SELECT id FROM users"))).scalars())
    assert stored == {1000 + n for n in range(20) if n != 7}


async def test_coalesced_items_are_written_by_one_call_and_a_failure_reaches_every_caller(db):
    from bot.storage.database import Coalescer

    calls: list[list[int]] = []

    async def write_many(conn, items):
        calls.append(list(items))
        if any(n < 0 for n in items):  # one statement that fails half way (on PostgreSQL
            # write_many must be one statement: it runs in autocommit there)
            await conn.execute(text("INSERT INTO users (id, name) VALUES (1, 'a'), (1, 'b')"))
        for n in items:
            await conn.execute(text("INSERT INTO users (id, name) VALUES (:id, 'u')"),
                               {"id": 2000 + n})
        return [n * 10 for n in items]

    together = Coalescer(db, write_many)
    assert await asyncio.gather(*(together.submit(n) for n in range(8))) == \
        [n * 10 for n in range(8)]
    assert calls == [list(range(8))]  # submitted while none was in flight: one batch
    failed = await asyncio.gather(*(together.submit(n) for n in (5, -1, 6)),
                                  return_exceptions=True)
    assert all(isinstance(r, IntegrityError) for r in failed)
    async with db.read() as s:
        stored = set((await s.execute(text("SELECT id FROM users"))).scalars())
    assert stored == {2000 + n for n in range(8)}  # the failed batch wrote nothing
