"""Run alembic migrations on an open Database (app start-up, tests) without blocking the
loop, and tell where a database's schema stands against the code's (start-up checks).

The migrations live in the package (``bot/migrations``) so that an installed bot (``pip
install .``, a wheel, a container image) carries them: the Config is built here from that
folder, not read from the project's ``alembic.ini``, which a wheel does not have. The
project's ``alembic.ini`` points at the same folder, for ``alembic upgrade head`` and
``alembic revision`` run from the checkout.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection

from bot.storage.database import Database

MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("path_separator", "os")
    # The caller owns logging; env.py must not reconfigure it from the ini.
    cfg.attributes["configure_logger"] = False
    return cfg


def head_revision() -> str:
    """The newest schema revision this code knows (bot/migrations/versions)."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if head is None:  # cannot happen with the shipped migrations; say so if it does
        raise RuntimeError(f"{MIGRATIONS}/versions holds no revision")
    return head


def known_revisions() -> set[str]:
    return {script.revision for script in
            ScriptDirectory.from_config(alembic_config()).walk_revisions()}


async def current_revision(db: Database) -> str | None:
    """The database's schema revision (None: no tables yet). Reads only; on SQLite it
    takes no write lock."""

    def read(connection: Connection) -> str | None:
        return MigrationContext.configure(connection).get_current_revision()

    async with db.reader.connect() as conn:
        return await conn.run_sync(read)


async def upgrade(db: Database, revision: str = "head") -> None:
    await _run(db, lambda cfg: command.upgrade(cfg, revision))


async def downgrade(db: Database, revision: str) -> None:
    await _run(db, lambda cfg: command.downgrade(cfg, revision))


async def _run(db: Database, operation: Callable[[Config], None]) -> None:
    def in_sync(connection: Connection) -> None:
        cfg = alembic_config()
        cfg.attributes["connection"] = connection
        operation(cfg)

    async with db.engine.begin() as conn:
        await conn.run_sync(in_sync)
