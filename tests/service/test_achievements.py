"""Achievements: each one earned by the deal facts that make it and not by a near miss;
the facts read from a deal's public history; and through the service, earned once per
person, never from a deal someone left (SQLite and PostgreSQL)."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from playhelp import new_game, play_out
from sqlalchemy import select

from bot.engine import Action, ActionKind, Event, EventKind
from bot.service.achievements import SeatFacts, deal_facts, earned
from bot.service.games import GameService
from bot.service.lobby import LobbyService
from bot.storage.models import Achievement

CHAT = -1009999999999
ANNA, BORIS = 8_000_000_001, 8_000_000_002


@pytest.mark.parametrize(("key", "hit", "miss"), [
    ("first_win", SeatFacts(won=True, takes=[2]), SeatFacts(won=False, takes=[2])),
    ("first_fool", SeatFacts(fool=True), SeatFacts(won=False)),  # a draw: nobody's fool
    ("clean_win", SeatFacts(won=True), SeatFacts(won=True, takes=[1])),
    ("comeback", SeatFacts(won=True, takes=[2, 6]), SeatFacts(won=True, takes=[5, 5])),
    ("comeback", SeatFacts(won=True, takes=[7]), SeatFacts(fool=True, takes=[7])),
    ("necktie", SeatFacts(fool=False, title_given="necktie"), SeatFacts(won=True)),
    ("epaulettes", SeatFacts(title_given="epaulettes"), SeatFacts(title_given="necktie")),
    ("transfer_chain", SeatFacts(chains=1), SeatFacts(chains=0)),
    ("beat_hard", SeatFacts(won=True, against_hard=True), SeatFacts(fool=True,
                                                                   against_hard=True)),
    ("beat_hard", SeatFacts(won=True, against_hard=True), SeatFacts(won=True)),
])
def test_each_deal_achievement_and_its_near_miss(key, hit, miss):
    assert key in earned(hit, streak=0, games=1)
    assert key not in earned(miss, streak=0, games=1)


def test_streaks_and_the_hundredth_deal():
    won = SeatFacts(won=True)
    assert not {"streak_3", "streak_5", "streak_10"} & earned(won, streak=2, games=50)
    assert {"streak_3"} == {"streak_3", "streak_5"} & earned(won, streak=4, games=50)
    assert {"streak_3", "streak_5", "streak_10"} <= earned(won, streak=10, games=50)
    assert "games_100" in earned(SeatFacts(fool=True), streak=0, games=100)
    assert "games_100" not in earned(SeatFacts(fool=True), streak=0, games=99)


def test_the_facts_come_from_the_deal_s_moves_and_events():
    """Seat 0 leads, 1 and 2 and 0 pass the attack on (three transfers in one bout), 1
    takes five cards; in the next bout seat 2 throws in the six that leaves 1 a necktie."""
    def move(seat, kind, *cards):
        return Action(seat, kind, cards)

    steps = [
        (move(0, ActionKind.ATTACK, 7), ()),
        (move(1, ActionKind.TRANSFER, 23), (Event(EventKind.TRANSFERRED, 2, 2, (23,)),)),
        (move(2, ActionKind.TRANSFER, 39), (Event(EventKind.TRANSFERRED, 0, 3, (39,)),)),
        (move(0, ActionKind.SHOW, 55), (Event(EventKind.TRANSFERRED, 1, 3, (55,)),)),
        (move(1, ActionKind.TAKE), (Event(EventKind.TAKEN, 1, 5, (7, 23, 39, 55, 9)),
                                    Event(EventKind.NEW_BOUT, 0))),
        (move(0, ActionKind.ATTACK, 8), ()),
        (move(2, ActionKind.ATTACK, 6), ()),
    ]
    facts = deal_facts(3, steps, fools={1}, draw=False, titles={1: "necktie"},
                       hard_seats={2})
    assert facts[1].takes == [5] and facts[0].takes == [] and facts[1].fool
    assert (facts[0].chains, facts[1].chains, facts[2].chains) == (1, 1, 1)
    assert facts[2].title_given == "necktie" and facts[0].title_given is None
    assert facts[0].against_hard and not facts[2].against_hard  # not against itself
    # two transfers in the bout, the third in the next one: no chain
    split = steps[:3] + [(steps[4][0], (Event(EventKind.NEW_BOUT, 0),)), steps[3]]
    assert all(f.chains == 0 for f in deal_facts(3, split, fools={1}, draw=False,
                                                   titles={}, hard_seats=set()).values())


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def earned_rows(db):
    async with db.read() as s:
        return sorted((a.player, a.key, a.game_id) for a in
                      (await s.execute(select(Achievement))).scalars())


async def test_a_deal_earns_each_person_once_and_a_forfeit_earns_nothing(db):
    lobbies, games = LobbyService(db), GameService(db, clock=Clock(), rng=random.Random(9))
    first = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=())
    results = await play_out(games, first.game_id, random.Random(1))
    ended = results[-1].events[-1]
    snap = await games.snapshot(first.game_id)
    outcome = snap.state.outcome
    rows = await earned_rows(db)
    keys = {player: {k for p, k, _g in rows if p == player}
            for player in (f"u{ANNA}", f"u{BORIS}")}
    if not outcome.draw:
        fool = (ANNA, BORIS)[outcome.fools[0]]
        winner = BORIS if fool == ANNA else ANNA
        assert "first_fool" in keys[f"u{fool}"] and "first_win" in keys[f"u{winner}"]
        assert "first_win" not in keys[f"u{fool}"]
        assert ended.achievements[snap.seat_of(winner)][0] == "first_win"
    assert {g for _p, _k, g in rows} == {first.game_id}

    second = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=())
    await games.leave(second.game_id, BORIS)  # a forfeit: Boris lost it, nobody earns
    await games.cancel(second.game_id, ANNA)
    assert await earned_rows(db) == rows

    for n in range(3):  # more deals: what was earned is never earned (or told) again
        again = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=())
        ended = (await play_out(games, again.game_id, random.Random(2 + n)))[-1].events[-1]
        told = {(f"u{(ANNA, BORIS)[seat]}", key)
                for seat, keys in ended.achievements.items() for key in keys}
        assert not told & {(p, k) for p, k, _g in rows}
        rows = await earned_rows(db)
        assert len(rows) == len({(p, k) for p, k, _g in rows})


def test_the_replay_s_facts_agree_with_the_public_history_over_random_deals(monkeypatch):
    """What the table saw (the engine's public history) and the facts read from a plain
    replay agree on every take and every transfer chain, over random perevodnoy deals
    (chains counted from two transfers here: random play seldom makes three)."""
    from bot.engine import HistoryKind, RuleSet, history_of, new_deal
    from bot.service import achievements

    monkeypatch.setattr(achievements, "CHAIN_TRANSFERS", 2)

    rules = RuleSet.preset("perevodnoy", players=3)
    rng = random.Random(4)
    chains_seen = 0
    for seed in range(40):
        state, steps = new_deal(rules, seed), []
        while not state.is_over:
            seat = rng.choice(sorted(state.actors()))
            action = rng.choice(list(state.legal_actions(seat)))
            steps.append((action, tuple(state.apply(action))))
        history = history_of(rules, seed, [a for a, _ in steps])
        facts = deal_facts(3, steps, set(state.outcome.fools), state.outcome.draw, {}, set())
        for seat in range(3):
            assert facts[seat].takes == [len(e.cards) for e in history.entries
                                         if e.kind is HistoryKind.TAKEN and e.seat == seat]
        per_bout = {}
        for e in history.entries:
            if e.kind in (HistoryKind.TRANSFER, HistoryKind.SHOW):
                per_bout.setdefault(e.bout, []).append(e.seat)
        expected = {seat: sum(1 for seats in per_bout.values()
                              if len(seats) >= 2 and seat in seats) for seat in range(3)}
        assert {seat: f.chains for seat, f in facts.items()} == expected
        chains_seen += sum(expected.values())
    assert chains_seen > 0  # the deals had chains to agree on
