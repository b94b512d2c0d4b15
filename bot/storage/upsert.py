"""INSERT ... ON CONFLICT for the two dialects we run on (both speak the same clause)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession


def dialect_insert(dialect_name: str):
    """The dialect's insert() function, whose statements have on_conflict_do_*."""
    return postgresql.insert if dialect_name == "postgresql" else sqlite.insert


def dialect_name(session: AsyncSession) -> str:
    """The session's database dialect ("postgresql", "sqlite")."""
    bind = session.bind
    assert bind is not None  # Database binds every session to its engine
    return bind.dialect.name


def insert_for(session: AsyncSession, table: Any) -> Any:
    """The dialect's insert(), which has on_conflict_do_update/do_nothing."""
    return dialect_insert(dialect_name(session))(table)


# Deal-end writes run once per finished deal inside its last move's transaction, so they
# are built once per dialect and each is one statement (executemany for many rows): they
# were the slowest action of a deal (the single-client p99), mostly statement building and
# one round trip (several thread hops on SQLite) per row.
_BUILT: dict[tuple[str, str], Any] = {}


def built(session: AsyncSession, name: str, build: Callable[[Any], Any]) -> Any:
    """The statement ``build(dialect's insert)`` makes, built once per dialect and
    ``name``."""
    key = (dialect_name(session), name)
    stmt = _BUILT.get(key)
    if stmt is None:
        stmt = _BUILT[key] = build(dialect_insert(key[0]))
    return stmt
