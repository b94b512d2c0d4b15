"""Several instances share one queue in the database: two Database objects ("instances")
queueing people at once never seat anyone twice, and a sweep leaves nobody waiting who
could be seated."""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter

import pytest
from quickhelp import START, quick_service, set_rating

from bot.service.quick import Matched, Queued, QuickRequest
from bot.storage import matchmaking
from bot.storage.database import Database

PEOPLE = [7_000_000_000 + i for i in range(50)]


@contextlib.asynccontextmanager
async def second_instance(db: Database):
    """Another Database on the same database (and schema): what a second process has."""
    other = Database(db.url.render_as_string(hide_password=False), schema=db.schema)
    try:
        yield other
    finally:
        await other.dispose()


def seated(results) -> Counter:
    return Counter(seat.user_id for m in results if isinstance(m, Matched) for seat in m.seats)


@pytest.mark.parametrize("players", [2, 3])
async def test_two_instances_queueing_fifty_people_at_once_seat_each_once(db, players):
    request = QuickRequest("podkidnoy", players)
    async with second_instance(db) as other:
        services = [quick_service(db), quick_service(other)]
        results = await asyncio.gather(*(
            services[i % 2].queue(user, f"p{i}", None, request)
            for i, user in enumerate(PEOPLE)))
        assert all(isinstance(r, Queued | Matched) for r in results)
        swept = await services[0].sweep() + await services[1].sweep()
    counts = seated(list(results) + swept)
    assert max(counts.values()) == 1  # nobody at two tables
    tables = list(results) + swept
    assert all(len(m.seats) == players for m in tables if isinstance(m, Matched))
    waiting = await quick_service(db).waiting(request)
    assert waiting == len(PEOPLE) - len(counts)
    assert waiting < players  # nobody left who could have been seated
    assert set(counts) | {u for u in PEOPLE if u not in counts} == set(PEOPLE)


async def test_two_people_queued_in_racing_transactions_are_seated_by_the_sweep(db, backend):
    """The race the sweep is for: each instance inserts its person and reads the waiting
    rows before either commits, so each sees only its own (an uncommitted row is invisible
    to the other); both wait, and the next sweep, on either instance, seats them."""
    if backend != "postgresql":
        pytest.skip("SQLite runs one write transaction at a time: this race cannot happen")
    request = QuickRequest()
    a, b = PEOPLE[:2]
    async with second_instance(db) as other:
        async with db.transaction() as s1, other.transaction() as s2:
            for s, user in ((s1, a), (s2, b)):
                await matchmaking.add_waiter(s, {
                    "user_id": user, "game_key": request.key, "preset": request.preset,
                    "players": 2, "rules": {}, "rating": 0.0, "first_name": "x",
                    "language": None, "queued_at": START, "message_id": None})
            seen1 = [r.user_id for r in await matchmaking.waiting_rows(s1, request.key)]
            seen2 = [r.user_id for r in await matchmaking.waiting_rows(s2, request.key)]
        assert (seen1, seen2) == ([a], [b])
        [matched] = await quick_service(other).sweep()
    assert sorted(seat.user_id for seat in matched.seats) == sorted([a, b])
    assert await quick_service(db).waiting(request) == 0


async def test_a_sweep_racing_a_queue_seats_nobody_twice(db):
    request = QuickRequest()
    async with second_instance(db) as other:
        first, second = quick_service(db), quick_service(other)
        for i, user in enumerate(PEOPLE[:20]):  # left waiting as a race would leave them
            async with db.transaction() as s:
                await matchmaking.add_waiter(s, {
                    "user_id": user, "game_key": request.key, "preset": request.preset,
                    "players": 2, "rules": {}, "rating": float(i), "first_name": "x",
                    "language": None, "queued_at": START, "message_id": None})
        results = await asyncio.gather(
            first.sweep(), second.sweep(),
            *(first.queue(user, "y", None, request) for user in PEOPLE[20:30]))
        swept = [m for r in results[:2] for m in r] + await first.sweep()
    counts = seated(swept + list(results[2:]))
    assert max(counts.values()) == 1 and len(counts) == 30


async def test_a_claimed_row_is_passed_over_and_the_table_formed_without_it(db, backend):
    """A person whose row another instance holds (it is seating them) is not seated here
    too: the table is formed again without them."""
    if backend != "postgresql":
        pytest.skip("SQLite runs one write transaction at a time: no row is held by another")
    request = QuickRequest()
    a, b, c = PEOPLE[:3]
    for user, rating in ((a, 10.0), (b, 30.0)):  # left waiting as a race would leave them
        async with db.transaction() as s:
            await matchmaking.add_waiter(s, {
                "user_id": user, "game_key": request.key, "preset": request.preset,
                "players": 2, "rules": {}, "rating": rating, "first_name": "x",
                "language": None, "queued_at": START, "message_id": None})
    await set_rating(db, c, 10.0)  # the rule would seat c with a
    async with second_instance(db) as other:
        async with other.transaction() as held:
            assert await matchmaking.claim(held, [a]) == {a}
            matched = await quick_service(db).queue(c, "c", None, request)
    assert isinstance(matched, Matched)
    assert sorted(x.user_id for x in matched.seats) == [b, c]
    assert (await quick_service(db).where(a)) is not None
