"""The weekly digest's reckoning: which week a moment closes, what a week of results
says (fool, streak, rating jump), and which groups are due (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.service.chats import ChatService
from bot.service.digests import digest_of, week_end, week_name
from bot.service.stats import StatsService
from bot.storage.notices import DIGEST


def test_a_week_ends_on_sunday_at_18_utc():
    sunday = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)
    assert week_end(sunday) == sunday
    assert week_end(sunday - timedelta(seconds=1)) == sunday - timedelta(days=7)
    assert week_end(datetime(2026, 12, 2, 9, 0, tzinfo=UTC)) == sunday
    assert week_name(sunday) == "2026-W48"


def row(game, player, fool=False, draw=False, gain=0.0, user=1):
    return {"game_id": game, "player": player, "user_id": user, "fool": fool, "draw": draw,
            "rating_before": 0.0, "rating_after": gain}


def test_a_week_of_results_names_its_fool_its_streak_and_its_jump():
    names = {"a": "Ann", "b": "Bob", "c": "Cat"}
    results = []
    # Ann wins three in a row, then loses; Bob loses twice; Cat plays once, loses once;
    # a computer (no user id) is left out of everything.
    for game, (ann, bob) in enumerate([(False, True), (False, True), (False, False),
                                       (True, False)], start=1):
        results += [row(game, "a", ann, gain=-0.8 if ann else 0.8),
                    row(game, "b", bob, gain=-0.8 if bob else 0.8)]
    results += [row(5, "c", True, gain=-0.8), row(5, "ai:hard", False, user=None)]
    digest = digest_of(results, names)
    assert digest.games == 5
    assert digest.fool == ("Bob", 2)  # Bob lost two, Ann and Cat one each
    assert digest.streak == ("Ann", 3)
    assert digest.jump[0] == "Ann" and abs(digest.jump[1] - 1.6) < 1e-9
    # a tie of deals lost goes to whoever played fewer
    tie = digest_of([row(1, "a", True), row(1, "b"), row(2, "b", True), row(2, "c"),
                     row(3, "b")], names)
    assert tie.fool == ("Ann", 1)
    # a draw ends a streak; one win is no streak; nobody gained: no jump
    flat = digest_of([row(1, "a"), row(2, "a", draw=True), row(3, "a")], names)
    assert flat.streak is None and flat.jump is None and flat.fool is None
    assert digest_of([row(1, "ai:x", user=None)], names) is None


async def test_only_groups_that_asked_and_were_not_told_are_due(db):
    chats, stats = ChatService(db), StatsService(db)
    asked, declined, never, private = -1001, -1002, -1003, 42
    await chats.set_preference(asked, DIGEST, True)
    await chats.set_preference(declined, DIGEST, False)
    await chats.set_preference(never, "hints", True)
    await chats.set_preference(private, DIGEST, True)  # a person's chat is no group
    assert await stats.digest_chats("2026-W48") == [asked]
    now = datetime(2026, 11, 29, 18, 1, tzinfo=UTC)
    assert await stats.claim_notice(DIGEST, "2026-W48", asked, now)
    assert not await stats.claim_notice(DIGEST, "2026-W48", asked, now)
    assert await stats.digest_chats("2026-W48") == []
    assert await stats.digest_chats("2026-W49") == [asked]
