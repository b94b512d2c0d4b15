"""alembic: upgrade on an empty database, downgrade of the first revision, and no drift."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Column, Integer, MetaData, inspect

from bot.storage import migrate
from bot.storage.database import Database
from bot.storage.models import Base


def _tables(connection) -> set[str]:
    return set(inspect(connection).get_table_names()) - {"alembic_version"}


def _drift(connection, metadata=Base.metadata) -> list:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return compare_metadata(context, metadata)


async def test_upgrade_creates_every_table_without_drift(empty_location):
    url, schema = empty_location
    db = Database(url, schema=schema)
    try:
        async with db.engine.connect() as conn:
            assert await conn.run_sync(_tables) == set()
        await migrate.upgrade(db)
        async with db.engine.connect() as conn:
            assert await conn.run_sync(_tables) == set(Base.metadata.tables)
            assert await conn.run_sync(_drift) == []
    finally:
        await db.dispose()


async def test_downgrade_of_first_revision_removes_everything(empty_location):
    url, schema = empty_location
    db = Database(url, schema=schema)
    try:
        await migrate.upgrade(db)
        await migrate.downgrade(db, "base")
        async with db.engine.connect() as conn:
            assert await conn.run_sync(_tables) == set()
        await migrate.upgrade(db)  # and it can come back
        async with db.engine.connect() as conn:
            assert await conn.run_sync(_tables) == set(Base.metadata.tables)
    finally:
        await db.dispose()


async def test_drift_detection_notices_a_model_change(empty_location):
    """The drift check is not vacuous: a column the migrations lack is reported."""
    url, schema = empty_location
    db = Database(url, schema=schema)
    changed = MetaData()
    for table in Base.metadata.tables.values():
        table.to_metadata(changed)
    changed.tables["users"].append_column(Column("not_in_migrations", Integer))
    try:
        await migrate.upgrade(db)
        async with db.engine.connect() as conn:
            diffs = await conn.run_sync(_drift, changed)
        assert any("not_in_migrations" in repr(d) for d in diffs)
    finally:
        await db.dispose()


async def test_lobbies_open_before_invites_existed_get_one(empty_location):
    """0002: a lobby left open by the previous release gets an invite token, so the join
    link its members are sent still works; closed lobbies need none."""
    from sqlalchemy import text

    url, schema = empty_location
    db = Database(url, schema=schema)
    try:
        await migrate.upgrade(db, "0001")
        async with db.engine.begin() as conn:
            await conn.execute(text("INSERT INTO chats (id, settings) VALUES (-5, '{}')"))
            for lobby_id, status in ((1, "open"), (2, "closed")):
                await conn.execute(text(
                    "INSERT INTO lobbies (id, chat_id, settings, status, version) "
                    f"VALUES ({lobby_id}, -5, '{{}}', '{status}', 0)"))
        await migrate.upgrade(db)
        async with db.engine.connect() as conn:
            rows = dict((await conn.execute(text("SELECT id, invite FROM lobbies"))).all())
        assert len(rows[1]) == 16 and rows[2] is None
    finally:
        await db.dispose()
