"""The database drops while games run: PostgreSQL behind a TCP proxy the test cuts.

Every press is still answered (the game is briefly unavailable), each failure is one log
line naming DATABASE_URL with no traceback, the turn-timer loop backs off instead of
failing every tick, and play goes on once the database is back. Needs PostgreSQL
(TEST_DATABASE_URL) and the right to create a database on it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import uuid

import pytest
from playing import hand_message, move_buttons, press_first_accepted, start_group_game
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from bot.storage.database import Database
from bot.storage.migrate import upgrade

SERVER_URL = os.environ.get("TEST_DATABASE_URL")
pytestmark = pytest.mark.skipif(not SERVER_URL, reason="TEST_DATABASE_URL not set: "
                                "the outage is played on PostgreSQL behind a proxy")


class CuttableProxy:
    """127.0.0.1:<port> -> the PostgreSQL server; ``cut`` drops every connection and
    refuses new ones (a server restart, a failover), ``restore`` listens again."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.port = 0
        self._server: asyncio.AbstractServer | None = None
        self._writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        self._writers |= {writer, up_writer}

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    async def cut(self) -> None:
        assert self._server is not None
        self._server.close()
        for writer in list(self._writers):
            writer.transport.abort()
        self._writers.clear()
        await self._server.wait_closed()

    async def restore(self) -> None:
        await self.start()


@pytest.fixture
async def outage_database():
    """(url of a fresh, migrated database reached through a proxy, the proxy)."""
    server = make_url(SERVER_URL)
    name = f"durak_outage_{uuid.uuid4().hex[:8]}"
    admin = create_async_engine(server, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as conn:
            await conn.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:  # no CREATE DATABASE right on this server
        await admin.dispose()
        pytest.skip(f"cannot create a database on {server.host}: {exc}")
    proxy = CuttableProxy(server.host or "127.0.0.1", server.port or 5432)
    await proxy.start()
    url = server.set(host="127.0.0.1", port=proxy.port, database=name).render_as_string(
        hide_password=False)
    db = Database(url)
    await upgrade(db)
    await db.dispose()
    try:
        yield url, proxy
    finally:
        async with admin.connect() as conn:
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await admin.dispose()


def outage_lines(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if "DATABASE_URL" in r.getMessage()]


async def test_a_database_outage_is_one_line_per_attempt_and_play_resumes(
        fakebot, bot_world, outage_database, caplog):
    url, proxy = outage_database
    caplog.set_level(logging.INFO)
    await bot_world.start(database_url=url, timer_tick=0.05)
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    snap = await bot_world.services.games.snapshot(game_id)
    mover = alice if snap.seat_of(alice.id) in snap.state.waiting_on() else bob

    await proxy.cut()
    caplog.clear()
    # The mover presses during the outage: answered at once, nothing applied.
    message = hand_message(fakebot, mover)
    button = move_buttons(message)[0]
    answer = await fakebot.wait_for_answer(
        await fakebot.user_presses(mover, message, button["callback_data"]), timeout=10)
    assert "briefly unavailable" in answer.get("text", "")
    # The timer loop keeps asking with a growing pause: a few lines, not one per tick.
    await asyncio.sleep(2.0)
    timer_lines = [r for r in outage_lines(caplog) if r.name == "bot.runtime.turns.timers"]
    assert 2 <= len(timer_lines) <= 6, [r.getMessage() for r in timer_lines]
    attempts = [r.getMessage() for r in timer_lines]
    assert "(attempt 1)" in attempts[0] and "(attempt 2)" in attempts[1]
    assert all("\n" not in line for line in attempts)
    assert not [r for r in caplog.records if r.exc_info], \
        [r.getMessage() for r in caplog.records if r.exc_info]
    assert any(r.name == "bot.errors" for r in outage_lines(caplog))

    await proxy.restore()
    await fakebot.wait_for(lambda: any("works again" in r.getMessage()
                                       for r in caplog.records), 15, "the timers recover")
    # Play goes on: the same person's press is applied now.
    version = (await bot_world.services.games.snapshot(game_id)).version
    assert await press_first_accepted(fakebot, mover, hand_message(fakebot, mover))
    assert (await bot_world.services.games.snapshot(game_id)).version > version
    assert not [r for r in caplog.records if r.exc_info]
