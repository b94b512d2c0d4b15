"""The service's position cache and batched saves: a cache made stale by another service
(another process) or by a cancel never applies a move on an old position; moves of many
games written in one batch are each applied exactly once and logged in order."""

from __future__ import annotations

import asyncio
import random

import pytest
from playhelp import new_game, press_args

from bot.engine import deal_from_dict
from bot.service.errors import AlreadyPlayed, GameOver, StaleVersion
from bot.service.games import GameService
from bot.service.lobby import LobbyService
from bot.service.replay import load_record

HOST = 5_000_000_001


def _a_press(snap, rng: random.Random) -> tuple[int, str]:
    seat = sorted(snap.state.actors())[0]
    return seat, rng.choice(list(snap.state.legal_actions(seat))).text()


async def test_a_service_whose_cache_another_service_made_stale_plays_on_the_stored_game(db):
    lobbies, here, there = LobbyService(db), GameService(db), GameService(db)
    started = await new_game(lobbies, here, -300, HOST, people=(HOST + 1,), computers=())
    rng = random.Random(1)
    cached = await here.snapshot(started.game_id)  # both services hold version 0
    await there.snapshot(started.game_id)
    seat, action = _a_press(cached, rng)
    moved = await there.act(started.game_id, action, expected_version=0,
                            **press_args(cached, seat))
    assert moved.version == 1
    # The same press through the stale cache: already played, nothing applied twice.
    with pytest.raises(AlreadyPlayed):
        await here.act(started.game_id, action, expected_version=0, **press_args(cached, seat))
    # A press on the stored version is planned on the stored position, not the cached one.
    stored = await there.snapshot(started.game_id)
    seat2, action2 = _a_press(stored, rng)
    await there.snapshot(started.game_id)
    result = await here.act(started.game_id, action2, expected_version=1,
                            **press_args(stored, seat2))
    assert result.version == 2
    # ... and without a version (a computer seat's move, a reconnect): on the stored one too.
    latest = await there.snapshot(started.game_id)
    seat3, action3 = _a_press(latest, rng)
    stale_there = await there.act(started.game_id, action3, expected_version=None,
                                  **press_args(latest, seat3))
    assert stale_there.version == 3
    record = await load_record(db, started.game_id)
    assert [m.action for m in record.moves] == [action, action2, action3]
    assert record.replay_matches()
    expected = deal_from_dict(cached.state.to_dict())
    for n, text in ((seat, action), (seat2, action2), (seat3, action3)):
        expected.apply(next(a for a in expected.legal_actions(n) if a.text() == text))
    assert (await here.snapshot(started.game_id)).state.to_dict() == expected.to_dict()


async def test_a_game_cancelled_by_another_service_takes_no_move_from_a_cached_position(db):
    lobbies, here, there = LobbyService(db), GameService(db), GameService(db)
    started = await new_game(lobbies, here, -301, HOST, people=(HOST + 1,), computers=())
    snap = await here.snapshot(started.game_id)
    await there.cancel(started.game_id, HOST)
    seat, action = _a_press(snap, random.Random(2))
    with pytest.raises(GameOver, match="cancelled"):
        await here.act(started.game_id, action, expected_version=0, **press_args(snap, seat))
    after = await there.snapshot(started.game_id)
    assert (after.status, after.version) == ("cancelled", 0)
    assert (await load_record(db, started.game_id)).moves == []


async def test_presses_of_many_games_at_once_each_apply_once_and_log_in_order(db):
    """Every round presses every game twice at the same moment (a double press), so the
    batched save sees many games and duplicates of each: one press per game applies."""
    lobbies, games = LobbyService(db), GameService(db, rng=random.Random(3))
    started = [await new_game(lobbies, games, -400 - n, HOST + 10 * n,
                              people=(HOST + 10 * n + 1,), computers=())
               for n in range(12)]
    rng = random.Random(4)
    played = {g.game_id: [] for g in started}
    for _round in range(6):
        presses = []
        for g in started:
            snap = await games.snapshot(g.game_id)
            if snap.status != "running":
                continue
            seat, action = _a_press(snap, rng)
            presses.append((g.game_id, snap.version, action, press_args(snap, seat)))
        calls = [games.act(gid, action, expected_version=v, **who)
                 for gid, v, action, who in presses for _twice in range(2)]
        outcomes = await asyncio.gather(*calls, return_exceptions=True)
        for n, (gid, version, action, _who) in enumerate(presses):
            pair = outcomes[2 * n: 2 * n + 2]
            applied = [r for r in pair if not isinstance(r, Exception)]
            assert len(applied) == 1 and applied[0].version == version + 1, pair
            assert all(isinstance(r, AlreadyPlayed) for r in pair if isinstance(r, Exception))
            played[gid].append(action)
    for g in started:
        record = await load_record(db, g.game_id)
        assert [m.action for m in record.moves] == played[g.game_id]
        assert [m.idx for m in record.moves] == list(range(len(played[g.game_id])))
        assert record.replay_matches()


async def test_a_small_cache_forgets_games_and_they_still_play(db):
    lobbies, games = LobbyService(db), GameService(db, cache_size=2)
    started = [await new_game(lobbies, games, -500 - n, HOST + 10 * n,
                              people=(HOST + 10 * n + 1,), computers=()) for n in range(4)]
    rng = random.Random(5)
    for _round in range(3):
        for g in started:
            snap = await games.snapshot(g.game_id)
            seat, action = _a_press(snap, rng)
            result = await games.act(g.game_id, action, expected_version=snap.version,
                                     **press_args(snap, seat))
            assert result.version == snap.version + 1
            assert len(games._cache) <= 2
    for g in started:
        assert (await load_record(db, g.game_id)).replay_matches()


async def test_an_old_version_through_a_warm_cache_is_still_refused(db):
    lobbies, games = LobbyService(db), GameService(db)
    started = await new_game(lobbies, games, -600, HOST, people=(HOST + 1,), computers=())
    snap = await games.snapshot(started.game_id)
    seat, action = _a_press(snap, random.Random(6))
    await games.act(started.game_id, action, expected_version=0, **press_args(snap, seat))
    with pytest.raises(StaleVersion):
        await games.act(started.game_id, action, expected_version=7, **press_args(snap, seat))
    with pytest.raises(AlreadyPlayed):
        await games.act(started.game_id, action, expected_version=0, **press_args(snap, seat))
    assert (await games.snapshot(started.game_id)).version == 1
