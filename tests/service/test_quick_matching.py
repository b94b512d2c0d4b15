"""Who is seated with whom: the rule (around the longest waiter, closest ratings first,
blocks both ways) and the service that applies it in one transaction."""

from __future__ import annotations

from datetime import timedelta

import pytest
from quickhelp import START, Clock, game_together, quick_service, set_rating, waiting_row

from bot.service.quick import Matched, Queued, QuickRequest
from bot.service.quick.matching import Waiter, pick_groups

A, B, C, D, E = (6_000_000_001 + i for i in range(5))
TWO = QuickRequest()


def waiters(*ratings: float) -> list[Waiter]:
    return [Waiter(1000 + i, r, START + timedelta(seconds=i), i) for i, r in enumerate(ratings)]


def ids(groups) -> list[list[int]]:
    return [[w.user_id - 1000 for w in g] for g in groups]


def test_the_longest_waiter_gets_the_closest_rating():
    assert ids(pick_groups(waiters(10, 30, 11, 29), 2, set())) == [[0, 2], [1, 3]]


def test_a_tie_in_closeness_goes_to_who_waited_longer():
    assert ids(pick_groups(waiters(10, 12, 8), 2, set())) == [[0, 1]]


def test_a_block_counts_both_ways_and_the_next_closest_is_taken():
    ws = waiters(10, 11, 20)
    pair = {frozenset((1001, 1000))}  # 1 blocked 0: the same as 0 blocking 1
    assert ids(pick_groups(ws, 2, pair)) == [[0, 2]]


def test_an_anchor_who_cannot_be_seated_is_passed_over_and_may_join_a_later_table():
    ws = waiters(10, 11, 12, 13)
    # 0 is blocked with 1 and 2, so a three-table around 0 is impossible; 1 anchors {1,2,0}?
    # no: 0-1 and 0-2 are blocked, so 1 takes 2 and 3.
    blocked = {frozenset((1000, 1001)), frozenset((1000, 1002))}
    assert ids(pick_groups(ws, 3, blocked)) == [[1, 2, 3]]
    # Unblocked, 0 anchors: 1 and 2 are closest to 10.
    assert ids(pick_groups(ws, 3, set())) == [[0, 1, 2]]


def test_nobody_is_seated_twice_and_too_few_form_no_table():
    assert pick_groups(waiters(1, 2, 3), 2, set()) == pick_groups(waiters(1, 2, 3), 2, set())
    groups = pick_groups(waiters(1, 2, 3), 2, set())
    assert ids(groups) == [[0, 1]]
    assert pick_groups(waiters(1), 2, set()) == []


async def test_the_second_person_asking_for_the_same_game_is_seated_with_the_first(db):
    quick = quick_service(db)
    first = await quick.queue(A, "Anna", "ru", TWO)
    assert first == Queued(TWO, 1)
    assert await quick.waiting(TWO) == 1
    other = await quick.queue(B, "Boris", None, QuickRequest("perevodnoy", 2))
    assert isinstance(other, Queued) and other.waiting == 1  # another game: another line
    second = await quick.queue(C, "Carl", "de", TWO)
    assert isinstance(second, Matched)
    assert second.people == [(A, "Anna", "ru"), (C, "Carl", "de")]
    assert second.request == TWO
    assert await quick.where(A) is None and await quick.where(C) is None
    assert await quick.waiting(TWO) == 0


async def test_people_with_close_ratings_are_matched_first_when_several_wait(db):
    """Several wait at once only after a race between instances (or a requeue): the sweep
    then seats the longest waiter with the closest ratings."""
    quick = quick_service(db)
    for i, (user, rating) in enumerate(((A, 40), (B, 10), (D, 12), (C, 38))):
        await waiting_row(db, user, rating, START + timedelta(seconds=i), TWO)
    swept = await quick.sweep()
    assert sorted([u for u, _, _ in m.people] for m in swept) == [[A, C], [B, D]]


async def test_a_bigger_table_takes_the_ratings_closest_to_the_longest_waiter(db):
    three = QuickRequest("podkidnoy", 3)
    for i, (user, rating) in enumerate(((A, 40), (B, 10), (D, 12), (C, 38))):
        await waiting_row(db, user, rating, START + timedelta(seconds=i), three)
    [matched] = await quick_service(db).sweep()
    assert [u for u, _, _ in matched.people] == [A, D, C]  # queue order; B (10) waits on
    assert await quick_service(db).waiting(three) == 1


async def test_the_rating_at_queueing_is_the_persons_rating_ordinal(db):
    await set_rating(db, A, 30, 2)
    quick = quick_service(db)
    await quick.queue(A, "A", None, TWO)
    matched = await quick.queue(B, "B", None, TWO)
    assert isinstance(matched, Matched)
    assert [s.rating for s in matched.seats] == [24.0, pytest.approx(0.0)]  # 30 - 3*2; new


async def test_people_who_block_each_other_wait_apart(db):
    quick = quick_service(db)
    game = await game_together(db, -100_500, A, B)
    await quick.block(B, A, game)  # B blocked A: A must not meet B either
    assert isinstance(await quick.queue(A, "A", None, TWO), Queued)
    blocked = await quick.queue(B, "B", None, TWO)
    assert blocked == Queued(TWO, 2)
    matched = await quick.queue(C, "C", None, TWO)
    assert isinstance(matched, Matched) and [u for u, _, _ in matched.people] == [A, C]
    await quick.unblock(B, A)
    assert await quick.blocked_by(B) == []


async def test_requeue_gives_places_back_and_a_sweep_seats_them(db):
    clock = Clock()
    quick = quick_service(db, clock)
    await quick.queue(A, "A", None, TWO)
    clock.tick(seconds=5)
    matched = await quick.queue(B, "B", None, TWO)
    assert isinstance(matched, Matched)
    clock.tick(seconds=5)
    assert await quick.queue(C, "C", None, TWO) == Queued(TWO, 1)
    assert await quick.requeue(matched, [A]) == 1  # B's chat failed: A goes back
    where = await quick.where(A)
    assert where is not None and where.since == START  # first in line again
    swept = await quick.sweep()
    assert [[u for u, _, _ in m.people] for m in swept] == [[A, C]]
    assert await quick.sweep() == []


async def test_the_waiting_message_is_remembered_and_leaving_returns_it(db):
    quick = quick_service(db)
    await quick.queue(A, "A", None, TWO)
    assert await quick.remember_message(A, 777)
    assert not await quick.remember_message(B, 778)
    left = await quick.leave_queue(A)
    assert left.message_id == 777 and left.request == TWO
    assert await quick.where(A) is None


@pytest.mark.parametrize("rules", [{"transfer": "play"}])
async def test_equal_requests_meet_whatever_the_form_of_their_overrides(db, rules):
    quick = quick_service(db)
    await quick.queue(A, "A", None, QuickRequest("podkidnoy", 2, {"transfer": "play"}))
    matched = await quick.queue(B, "B", None, QuickRequest("podkidnoy", 2, dict(rules)))
    assert isinstance(matched, Matched)
