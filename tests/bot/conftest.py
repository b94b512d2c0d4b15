"""The real Application (bot.app.build_application) against the fake Bot API server.

``bot_world`` gives a started bot on a fresh SQLite file with fast pauses, an injectable
clock (turn timers are tested by moving the clock, never by sleeping) and helpers to play.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from bot.app import build_application
from bot.config import Settings


class FakeClock:
    """Real time plus an offset the test moves forward."""

    def __init__(self) -> None:
        self.offset = timedelta(0)

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += timedelta(seconds=seconds)


def fast_settings(fakebot, db_path, **overrides) -> Settings:
    """Fast pauses; the outbox's budgets off against the lenient fake, and as deployed
    (Settings' defaults) when the fake enforces Telegram's limits (``--telegram-limits``,
    the ``telegram_limits`` marker)."""
    values = dict(token=fakebot.token, database_url=f"sqlite+aiosqlite:///{db_path}",
                  api_base_url=fakebot.base_url, computer_pause=(0.0, 0.005), takeover_pause=0.0,
                  timer_tick=0.05, edit_coalesce=0.01, table_debounce=0.02,
                  table_min_interval=0.05, quiet_hand_delay=0.1, computer_budget=0.02,
                  lobby_edit_interval=0.02, notice_check=0.1)
    if not fakebot.telegram_limits:
        values.update(overall_rate=0, group_rate_per_minute=0, private_rate_per_second=0)
    values.update(overrides)
    return Settings(**values)


async def start_app(app) -> None:
    """What run_polling does, step by step (post_init included), without blocking."""
    await app.initialize()
    await app.post_init(app)
    await app.start()
    await app.updater.start_polling(poll_interval=0.0, timeout=5)


async def second_instance(fakebot, bot_world, **overrides):
    """Another Application on the same database and token (several instances) that takes no
    updates of its own: a test hands it a press, as a load balancer would. ``overrides``:
    settings (``database_url`` for a shared PostgreSQL)."""
    settings = {"instances": 2, "quiet_hand_delay": 60.0, **overrides}
    app = build_application(fast_settings(fakebot, bot_world.db_path, **settings),
                            clock=bot_world.clock)
    await app.initialize()
    await app.post_init(app)
    await app.start()
    return app


async def stop_app(app) -> None:
    """What durak-bot does on SIGTERM (bot.launch.serve), step by step."""
    if app.updater.running:
        await app.updater.stop()
    if app.running:
        await app.stop()
        if app.post_stop:
            await app.post_stop(app)
    await app.shutdown()
    await app.post_shutdown(app)


class BotWorld:
    def __init__(self, fakebot, tmp_path) -> None:
        self.fake = fakebot
        self.db_path = tmp_path / "bot.db"
        self.clock = FakeClock()
        self.apps: list = []

    async def start(self, **overrides):
        settings = fast_settings(self.fake, self.db_path, **overrides)
        app = build_application(settings, clock=self.clock, rng=random.Random(7))
        await start_app(app)
        self.apps.append(app)
        return app

    async def stop(self, app) -> None:
        await stop_app(app)
        self.apps.remove(app)

    @property
    def app(self):
        return self.apps[-1]

    @property
    def services(self):
        return self.app.bot_data["services"]


@pytest.fixture
async def bot_world(fakebot, tmp_path):
    world = BotWorld(fakebot, tmp_path)
    yield world
    for app in list(world.apps):
        await stop_app(app)


@pytest.fixture
async def shared_database():
    """A fresh, migrated PostgreSQL database for several instances of the bot (its URL),
    dropped afterwards; the test is skipped without TEST_DATABASE_URL."""
    import os
    import uuid

    from sqlalchemy import text
    from sqlalchemy.engine import make_url
    from sqlalchemy.ext.asyncio import create_async_engine

    from bot.storage.database import Database
    from bot.storage.migrate import upgrade

    server_url = os.environ.get("TEST_DATABASE_URL")
    if not server_url:
        pytest.skip("TEST_DATABASE_URL not set: several instances need PostgreSQL")
    server = make_url(server_url)
    name = f"durak_shared_{uuid.uuid4().hex[:8]}"
    admin = create_async_engine(server, isolation_level="AUTOCOMMIT")
    async with admin.connect() as conn:
        await conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = server.set(database=name).render_as_string(hide_password=False)
    db = Database(url)
    await upgrade(db)
    await db.dispose()
    try:
        yield url
    finally:
        async with admin.connect() as conn:
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await admin.dispose()
