"""INSERT ... ON CONFLICT for the two dialects we run on (both speak the same clause)."""

from __future__ import annotations

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
