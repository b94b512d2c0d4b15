"""INSERT ... ON CONFLICT for the two dialects we run on (both speak the same clause)."""

from __future__ import annotations

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession


def dialect_insert(dialect_name: str):
    """The dialect's insert() function, whose statements have on_conflict_do_*."""
    return postgresql.insert if dialect_name == "postgresql" else sqlite.insert


def insert_for(session: AsyncSession, table):
    """The dialect's insert(), which has on_conflict_do_update/do_nothing."""
    return dialect_insert(session.bind.dialect.name)(table)
