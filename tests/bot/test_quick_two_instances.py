"""Two instances of the bot on one PostgreSQL share the quick-match queue (issue 37): half
the people's /quick reach one instance, half the other, at once; every person is seated
exactly once, nobody who could be matched is left waiting, and each table's people get
their cards from the instance that formed it."""

from __future__ import annotations

import asyncio
import os

import pytest
from conftest import second_instance, stop_app
from playing import hand_message
from sqlalchemy import select

from bot.runtime.lobby.desk import Person
from bot.service.quick import QuickRequest
from bot.service.venues import VenueKind
from bot.storage.models import Game, Seat

pytestmark = pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL"),
                                reason="TEST_DATABASE_URL not set: several instances "
                                "share a PostgreSQL queue")


async def test_two_instances_seat_everyone_once_from_one_queue(fakebot, bot_world,
                                                               shared_database):
    await bot_world.start(database_url=shared_database, instances=2, quick_sweep=0.2)
    # The second instance polls nothing: it gets its half of the /quick by hand, as a
    # load balancer would give it, and runs its own sweep.
    other = await second_instance(fakebot, bot_world, database_url=shared_database,
                                  quick_sweep=0.2, quiet_hand_delay=0.1)
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
            assert len(hands) == 1, (user.first_name, [m.text[:80] for m in hands])
    finally:
        await stop_app(other)
