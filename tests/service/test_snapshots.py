"""The service hands out the game after every change: the snapshot that comes with a start,
a move, a timeout or a cancel is the game as stored, so the presentation layer needs no
state of its own (nothing applies a move twice, nothing rebuilds a game from a row)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from playhelp import new_game, press_args

from bot.service.events import SeatTakenOver
from bot.service.games import GameService
from bot.service.lobby import LobbyService

CHAT = -1008888888888
ANNA, BORIS = 8_100_000_001, 8_100_000_002


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def facts(snap) -> tuple:
    """What a snapshot says, comparable: everything but the state object itself."""
    return (snap.game_id, snap.chat_id, snap.series_id, snap.deal_number, snap.version,
            snap.status, snap.seats, snap.turn_deadline, snap.state.to_dict())


async def test_every_result_carries_the_game_as_stored(db):
    clock = Clock()
    lobbies, games = LobbyService(db), GameService(db, clock=clock)
    # A second service (another process) sees only the database: it checks the first.
    other = GameService(db, clock=clock, cache_size=0)
    started = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=("easy",))
    assert facts(started.snapshot) == facts(await other.snapshot(started.game_id))
    rng, snap, results = random.Random(3), started.snapshot, 0
    while snap.status == "running":
        seat = rng.choice(sorted(snap.state.actors()))
        action = rng.choice(list(snap.state.legal_actions(seat))).text()
        result = await games.act(snap.game_id, action, expected_version=snap.version,
                                 **press_args(snap, seat))
        assert result.snapshot.version == result.version == snap.version + 1
        assert facts(result.snapshot) == facts(await other.snapshot(snap.game_id))
        snap, results = result.snapshot, results + 1
    assert snap.status == "finished" and snap.state.is_over and results > 10


async def test_timeouts_and_takeovers_and_cancels_come_with_the_game(db):
    clock = Clock()
    lobbies, games = LobbyService(db), GameService(db, clock=clock)
    other = GameService(db, clock=clock, cache_size=0)
    started = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=(),
                             settings={"turn_seconds": 30})
    snap, taken = started.snapshot, False
    while not taken:
        clock.now = snap.turn_deadline + timedelta(seconds=1)
        result = await games.time_out(snap.game_id, snap.version)
        assert facts(result.snapshot) == facts(await other.snapshot(snap.game_id))
        snap, taken = result.snapshot, bool(result.of(SeatTakenOver))
    assert any(x.taken_over for x in snap.seats)  # the takeover is in the snapshot's seats
    cancelled = await games.cancel(snap.game_id, ANNA)
    assert cancelled.snapshot.status == "cancelled"
    assert facts(cancelled.snapshot) == facts(await other.snapshot(snap.game_id))


async def test_a_result_shares_its_state_with_the_cache_and_nothing_mutates_it(db):
    lobbies, games = LobbyService(db), GameService(db)
    started = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=())
    snap = started.snapshot
    seat = sorted(snap.state.actors())[0]
    first = await games.act(snap.game_id, next(iter(snap.state.legal_actions(seat))).text(),
                            expected_version=0, **press_args(snap, seat))
    kept = first.snapshot.state.to_dict()
    nxt = first.snapshot
    seat = sorted(nxt.state.actors())[0]
    await games.act(nxt.game_id, next(iter(nxt.state.legal_actions(seat))).text(),
                    expected_version=1, **press_args(nxt, seat))
    # the next move was planned on a clone: the state handed out with move 1 still shows 1
    assert first.snapshot.state.to_dict() == kept and first.snapshot.state.version == 1
    assert snap.state.version == 0
