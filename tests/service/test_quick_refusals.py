"""Bad input to /quick gets a typed refusal and changes nothing."""

from __future__ import annotations

import pytest
from quickhelp import Clock, game_together, quick_service

from bot.engine import Code as EngineCode
from bot.render.refusals import refusal_text
from bot.service.errors import Code, NotAllowed, QueueRefused
from bot.service.quick import Queued, QuickRequest

A, B, C = 6_100_000_001, 6_100_000_002, 6_100_000_003


async def test_queueing_twice_says_for_which_game(db):
    quick = quick_service(db)
    await quick.queue(A, "A", None, QuickRequest("perevodnoy", 3))
    with pytest.raises(QueueRefused) as refused:
        await quick.queue(A, "A", None, QuickRequest())
    assert refused.value.code is Code.QUICK_QUEUED
    assert refused.value.params == {"preset": "perevodnoy", "players": 3}
    where = await quick.where(A)
    assert where is not None and where.request == QuickRequest("perevodnoy", 3)
    assert await quick.waiting(QuickRequest()) == 0


async def test_queueing_while_seated_names_the_game_and_its_venue(db):
    quick = quick_service(db)
    game = await game_together(db, -100_600, A, B, running=True)
    with pytest.raises(QueueRefused) as refused:
        await quick.queue(B, "B", None, QuickRequest())
    assert refused.value.code is Code.QUICK_SEATED
    assert refused.value.params == {"game_id": game, "venue": "group"}
    assert await quick.where(B) is None
    assert "in another chat" in refusal_text("en", refused.value)


@pytest.mark.parametrize(("request_", "engine_code"), [
    (QuickRequest("perevodnoy", 7), EngineCode.WARSAW_PLAYERS),
    (QuickRequest("no_such_game", 2), EngineCode.UNKNOWN_PRESET),
    (QuickRequest("podkidnoy", 2, {"transfer": "sideways"}), EngineCode.VALUE_NOT_ALLOWED),
])
async def test_a_game_that_cannot_be_played_is_refused_with_the_engines_reasons(
        db, request_, engine_code):
    quick = quick_service(db)
    with pytest.raises(QueueRefused) as refused:
        await quick.queue(A, "A", None, request_)
    assert refused.value.code is Code.QUICK_UNPLAYABLE
    assert engine_code in {d.code for d in refused.value.details}
    assert await quick.where(A) is None


def test_an_unplayable_count_is_worded_with_the_counts_the_game_takes():
    """The same shape as `durak rules --preset perevodnoy --players 7`: what it takes and
    what was asked, in the person's language; a mix the engine refuses: its reasons."""
    from bot.service.quick.requests import checked
    with pytest.raises(QueueRefused) as count:
        checked(QuickRequest("perevodnoy", 7))
    assert refusal_text("en", count.value) == (
        "These settings cannot be played: Perevodnoy (transfer) is for 2 to 6 players, not 7")
    assert "7" in refusal_text("ru", count.value)
    with pytest.raises(QueueRefused) as mix:
        checked(QuickRequest("podkidnoy", 2, {"transfer": "sideways"}))
    assert refusal_text("en", mix.value).startswith("These settings cannot be played: ")


async def test_leaving_when_not_queued_is_refused(db):
    with pytest.raises(QueueRefused) as refused:
        await quick_service(db).leave_queue(A)
    assert refused.value.code is Code.NOT_QUEUED


async def test_only_tablemates_may_block_or_report_and_only_for_known_reasons(db):
    quick = quick_service(db)
    game = await game_together(db, -100_700, A, B)
    for call in (quick.block(A, C, game), quick.report(A, C, game, "stalling"),
                 quick.block(A, A, game), quick.block(A, B, game + 1000)):
        with pytest.raises(NotAllowed) as refused:
            await call
        assert refused.value.code is Code.NOT_TABLEMATES
    with pytest.raises(NotAllowed) as refused:
        await quick.report(A, B, game, "witchcraft")
    assert refused.value.code is Code.BAD_REPORT_REASON
    assert await quick.reports() == [] and await quick.blocked_by(A) == []


async def test_a_cooldown_refuses_with_until_when_and_why(db):
    clock = Clock()
    quick = quick_service(db, clock)
    for _ in range(3):
        started = await quick.record_finish(A, abandoned=True)
    assert started is not None
    clock.tick(minutes=2)
    with pytest.raises(QueueRefused) as refused:
        await quick.queue(A, "A", None, QuickRequest())
    assert refused.value.code is Code.QUICK_COOLDOWN
    assert refused.value.params["minutes"] == 3 and refused.value.params["streak"] == 3
    assert "3" in refusal_text("uk", refused.value)
    clock.tick(minutes=3)
    assert isinstance(await quick.queue(A, "A", None, QuickRequest()), Queued)
