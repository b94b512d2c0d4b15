"""Cooldowns that grow, blocks and reports kept, and /forget taking what a person made."""

from __future__ import annotations

from datetime import timedelta

from quickhelp import Clock, game_together, quick_service

from bot.service.forget import ForgetService
from bot.service.games import GameService
from bot.service.quick import Matched, Queued, QuickRequest
from bot.service.quick.cooldowns import FORGIVEN_AFTER
from bot.storage import safety
from bot.storage.forget import is_anonymous

A, B, C = 6_200_000_001, 6_200_000_002, 6_200_000_003


async def test_every_third_abandoned_game_in_a_row_starts_a_longer_cooldown(db):
    clock = Clock()
    quick = quick_service(db, clock)
    lengths = []
    for _ in range(6):
        started = [await quick.record_finish(A, abandoned=True) for _ in range(3)]
        assert started[:2] == [None, None]
        assert started[2] is not None and started[2].until == clock.now + started[2].length
        lengths.append(started[2].length)
        clock.now = started[2].until
    assert lengths == [timedelta(minutes=m) for m in (5, 15, 60, 240, 1440, 1440)]


async def test_a_finished_game_resets_the_streak(db):
    quick = quick_service(db)
    for abandoned in (True, True, False, True, True):
        assert await quick.record_finish(A, abandoned) is None
    assert await quick.record_finish(A, True) is not None


async def test_finished_games_in_a_row_take_the_cooldown_back_a_step(db):
    clock = Clock()
    quick = quick_service(db, clock)
    for _ in range(6):  # two cooldowns: 5 then 15 minutes
        await quick.record_finish(A, True)
    for _ in range(FORGIVEN_AFTER):
        await quick.record_finish(A, False)
    for _ in range(2):
        await quick.record_finish(A, True)
    started = await quick.record_finish(A, True)
    assert started is not None and started.length == timedelta(minutes=15)


async def test_reports_are_kept_with_the_game_newest_first(db):
    clock = Clock()
    quick = quick_service(db, clock)
    game = await game_together(db, -100_800, A, B, C)
    await quick.report(A, B, game, "offensive_name")
    clock.tick(seconds=1)
    await quick.report(C, B, game, "stalling")
    listed = await quick.reports()
    assert [(r.reporter, r.reported, r.game_id, r.reason) for r in listed] == [
        (C, B, game, "stalling"), (A, B, game, "offensive_name")]
    assert len(await quick.reports(limit=1)) == 1


async def test_forget_removes_what_the_person_made_and_anonymises_reports_about_them(db):
    clock = Clock()
    quick = quick_service(db, clock)
    game = await game_together(db, -100_900, A, B, C)
    await quick.block(A, B, game)
    await quick.report(A, B, game, "stalling")
    await quick.block(C, A, game)
    await quick.report(C, A, game, "offensive_name")
    await quick.record_finish(A, True)
    await quick.queue(A, "A", None, QuickRequest("podkidnoy", 3))
    await quick.remember_message(A, 42)
    forgetting = ForgetService(db, GameService(db))
    part = await forgetting.taking_part(A)
    assert part.queued and part.waiting_message_id == 42
    assert await forgetting.forget(A)
    assert await quick.where(A) is None
    assert await quick.blocked_by(A) == []
    [report] = await quick.reports()  # A's own report is gone; C's about A stays
    assert report.reporter == C and is_anonymous(report.reported)
    [blocked] = await quick.blocked_by(C)
    assert is_anonymous(blocked)
    async with db.read() as s:
        assert await safety.record_of(s, A) is None
    # B is free to meet whoever comes next (A's block went with A).
    assert isinstance(await quick.queue(B, "B", None, QuickRequest()), Queued)
    assert isinstance(await quick.queue(A, "A", None, QuickRequest()), Matched)


async def test_forget_of_someone_known_only_to_the_queue_still_takes_their_place(db):
    quick = quick_service(db)
    await quick.queue(A, "A", None, QuickRequest())
    assert await ForgetService(db, GameService(db)).forget(A)
    assert await quick.where(A) is None
