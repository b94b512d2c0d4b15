"""Two instances of the bot on one PostgreSQL share the quick-match queue (issue 37): half
the people's /quick reach one instance, half the other, at once; every person is seated
exactly once, nobody who could be matched is left waiting, and each table's people get
their cards from the instance that formed it."""

from __future__ import annotations

import asyncio
import os
import uuid

import pytest
from conftest import fast_settings, stop_app
from playing import hand_message
from sqlalchemy import select, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from bot.app import build_application
from bot.runtime.lobby.desk import Person
from bot.service.quick import QuickRequest
from bot.service.venues import VenueKind
from bot.storage.database import Database
from bot.storage.migrate import upgrade
from bot.storage.models import Game, Seat

SERVER_URL = os.environ.get("TEST_DATABASE_URL")
pytestmark = pytest.mark.skipif(not SERVER_URL, reason="TEST_DATABASE_URL not set: "
                                "several instances share a PostgreSQL queue")


@pytest.fixture
async def shared_database():
    server = make_url(SERVER_URL)
    name = f"durak_quick2_{uuid.uuid4().hex[:8]}"
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


async def test_two_instances_seat_everyone_once_from_one_queue(fakebot, bot_world,
                                                               shared_database):
    await bot_world.start(database_url=shared_database, instances=2, quick_sweep=0.2)
    # The second instance polls nothing: it gets its half of the /quick by hand, as a
    # load balancer would give it, and runs its own sweep.
    other = build_application(fast_settings(fakebot, bot_world.db_path, instances=2,
                                            database_url=shared_database, quick_sweep=0.2),
                              clock=bot_world.clock)
    await other.initialize()
    await other.post_init(other)
    await other.start()
    try:
        people = [fakebot.add_user(f"P{n}") for n in range(12)]
        for user in people:
            await fakebot.user_starts_bot(user)

        async def queue(index: int, user) -> None:
            if index % 2:
                await fakebot.user_sends(user, fakebot.private_chat(user), "/quick")
                return
            svc = other.bot_data["services"]
            await svc.chats.remember_user(user.id, user.first_name, "en")
            await svc.matchmaking.queue(Person(user.id, user.first_name, "en"),
                                        user.first_name, QuickRequest())

        await asyncio.gather(*(queue(i, u) for i, u in enumerate(people)))
        await fakebot.wait_for(lambda: all(hand_message(fakebot, u) for u in people), 15,
                               "everyone's cards")
        async with bot_world.services.db.read() as s:
            seats = (await s.execute(select(Seat.game_id, Seat.user_id).join(
                Game, Game.id == Seat.game_id).where(Game.venue == VenueKind.QUICK.value))
                     ).all()
        assert sorted(u for _g, u in seats) == sorted(u.id for u in people)  # each once
        assert len({g for g, _u in seats}) == 6
        quick = bot_world.services.matchmaking.quick
        assert [await quick.where(u.id) for u in people] == [None] * len(people)
        for user in people:  # one hand each: nobody dealt in twice
            hands = [m for m in fakebot.bot_messages(user.id)
                     if m.text.startswith("Your cards")]
            if len(hands) != 1:
                with open("/tmp/q2dbg.txt", "w") as f:
                    for m in fakebot.bot_messages(user.id):
                        print(m.message_id, repr(m.text[:300]), file=f)
                    for c in fakebot.calls:
                        print(c.method, c.chat_id, repr(str(c.params)[:200]), file=f)
            assert len(hands) == 1, user.first_name
    finally:
        await stop_app(other)
