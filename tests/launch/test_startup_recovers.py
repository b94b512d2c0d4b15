"""Transient failures at start-up are retried and the bot then works: Telegram that comes
up late (a real `durak-bot` process), a database that comes up late (the start-up check
through a TCP proxy that starts listening late)."""

from __future__ import annotations

import asyncio
import logging
import os
import signal

import pytest
from botprocess import LOG_LINE, bot_environment, closed_port, read_until, start_bot
from fakebot.server import FakeBotServer
from sqlalchemy import text
from sqlalchemy.engine import make_url

from bot.config import Settings
from bot.launch.checks import check_database
from bot.launch.failures import StartupFailure
from bot.storage.database import Database
from bot.storage.migrate import downgrade, upgrade
from bot.storage.scratch import scratch_location


async def test_telegram_coming_up_late_is_waited_for_and_the_bot_then_answers(tmp_path):
    port = closed_port()
    fake = FakeBotServer()
    env = bot_environment(tmp_path, BOT_TOKEN=fake.token, DURAK_STARTUP_WAIT="30",
                          TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{port}/bot")
    proc = await start_bot(env, tmp_path)
    seen: list[str] = []
    try:
        assert proc.stderr is not None
        await read_until(proc.stderr, "Telegram unreachable", seen)
        await fake.start(port=port)  # Telegram is back
        await read_until(proc.stderr, "running (long polling)", seen)
        alice = fake.add_user("Alice")
        await fake.user_starts_bot(alice)
        reply = await fake.wait_for_message(fake.private_chat(alice), timeout=20)
        assert reply.text
        proc.send_signal(signal.SIGTERM)
        _, rest = await asyncio.wait_for(proc.communicate(), 30)
    finally:
        if proc.returncode is None:
            proc.kill()
        await proc.wait()
        await fake.stop()
    stderr = "".join(seen) + rest.decode()
    assert proc.returncode == 0, stderr
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert all(LOG_LINE.match(line) for line in lines), stderr
    retries = [x for x in lines if "Telegram unreachable" in x]
    assert retries and all("retrying in" in x and "(attempt " in x for x in retries)
    # Quiet by default: the bot's own INFO lines, no library chatter.
    assert all(" bot." in x.split(": ", 1)[0] for x in lines), stderr
    assert not any("alembic" in x or "httpx" in x for x in lines)


class LateProxy:
    """A TCP proxy to ``target`` that starts listening only when told to."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.port = closed_port()
        self.server: asyncio.base_events.Server | None = None

    async def open(self) -> None:
        self.server = await asyncio.start_server(self._pipe, "127.0.0.1", self.port)

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.target)

        async def copy(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, asyncio.CancelledError):
                pass
            finally:
                dst.close()

        await asyncio.gather(copy(reader, up_writer), copy(up_reader, writer))


@pytest.fixture
def postgresql_url() -> str:
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        pytest.skip("TEST_DATABASE_URL not set: PostgreSQL start-up checks skipped")
    return url


async def test_a_database_coming_up_late_is_waited_for(postgresql_url, tmp_path, caplog):
    caplog.set_level(logging.WARNING, "bot.launch")
    real = make_url(postgresql_url)
    async with scratch_location(postgresql_url, tmp_path) as (url, schema):
        db = Database(url, schema=schema)
        await upgrade(db)
        await db.dispose()
        proxy = LateProxy(real.host or "127.0.0.1", real.port or 5432)
        through = real.set(host="127.0.0.1", port=proxy.port)
        settings = Settings(token="1:a", startup_wait=30,
                            database_url=through.render_as_string(hide_password=False))
        check = asyncio.create_task(check_database(settings, schema=schema))
        try:
            while not caplog.records:
                await asyncio.sleep(0.05)
            assert not check.done()
            await proxy.open()  # the database is back
            await asyncio.wait_for(check, 30)
        finally:
            check.cancel()
            await proxy.close()
    assert all("unreachable: cannot connect" in r.getMessage()
               and "retrying in" in r.getMessage() for r in caplog.records)


async def test_a_schema_that_is_missing_or_behind_says_to_migrate(postgresql_url, tmp_path):
    async with scratch_location(postgresql_url, tmp_path) as (url, schema):
        settings = Settings(token="1:a", database_url=url, startup_wait=0)
        with pytest.raises(StartupFailure, match="has no tables yet: run `durak migrate` "
                                                 "with this DATABASE_URL"):
            await check_database(settings, schema=schema)
        db = Database(url, schema=schema)
        await upgrade(db)
        await check_database(settings, schema=schema)  # current: passes
        await downgrade(db, "-1")
        await db.dispose()
        with pytest.raises(StartupFailure, match="schema is behind") as failure:
            await check_database(settings, schema=schema)
        assert failure.value.setting == "DATABASE_URL" and failure.value.exit_code == 2


async def test_sqlite_is_migrated_by_the_bot_unless_told_not_to(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    await check_database(Settings(token="1:a", database_url=url))  # post_init migrates it
    with pytest.raises(StartupFailure, match="no tables yet"):
        await check_database(Settings(token="1:a", database_url=url, migrate_sqlite=False))


async def test_a_schema_newer_than_the_code_is_refused_even_on_sqlite(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    db = Database(url)
    await upgrade(db)
    async with db.engine.begin() as conn:
        await conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    await db.dispose()
    with pytest.raises(StartupFailure, match="revision 9999, which this bot does not know"):
        await check_database(Settings(token="1:a", database_url=url))
