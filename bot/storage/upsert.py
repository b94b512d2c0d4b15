"""INSERT ... ON CONFLICT for the two dialects we run on (both speak the same clause)."""

from __future__ import annotations

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession


def insert_for(session: AsyncSession, table):
    """The dialect's insert(), which has on_conflict_do_update/do_nothing."""
    if session.bind.dialect.name == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)
