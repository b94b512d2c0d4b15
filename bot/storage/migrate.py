"""Run alembic migrations on an open Database (app start-up, tests) without blocking the loop."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from bot.storage.database import Database

ALEMBIC_INI = Path(__file__).resolve().parents[2] / "alembic.ini"


def alembic_config() -> Config:
    cfg = Config(str(ALEMBIC_INI))
    # The caller owns logging; env.py must not reconfigure it from the ini.
    cfg.attributes["configure_logger"] = False
    return cfg


async def upgrade(db: Database, revision: str = "head") -> None:
    await _run(db, lambda cfg: command.upgrade(cfg, revision))


async def downgrade(db: Database, revision: str) -> None:
    await _run(db, lambda cfg: command.downgrade(cfg, revision))


async def _run(db: Database, operation) -> None:
    def in_sync(connection) -> None:
        cfg = alembic_config()
        cfg.attributes["connection"] = connection
        operation(cfg)

    async with db.engine.begin() as conn:
        await conn.run_sync(in_sync)
