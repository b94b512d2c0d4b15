"""The deal's public history (bot/engine/history): public facts only, the same whether
followed live or replayed from the move log, a JSON round trip, and entries that agree
with the game played (every card taken or beaten off was played in its bout; a pass names
the ranks that lay on the table) over random deals of every preset and house-rule mixes.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import (
    PLAYABLE_PRESETS,
    PRESETS,
    Action,
    HistoryKind,
    PublicHistory,
    Recorder,
    RuleSet,
    ThrowInState,
    deal_from_position,
    history_of,
    new_deal,
    public_view,
)
from bot.engine.core.cards import parse_card
from bot.engine.core.rules import random_house_rules
from bot.engine.forms.public import PublicView
from bot.engine.history.record import real

PLAYED = (HistoryKind.ATTACK, HistoryKind.TRANSFER)


def _public(view: PublicView) -> int:
    """Every card ``view`` shows to the whole table."""
    m = view.discard.mask | view.shown.mask
    for a, c in view.table:
        m |= 1 << a
        if c is not None:
            m |= 1 << c
    for k in view.known:
        m |= k.mask
    for f in view.front:
        m |= f.mask
    if view.turnup is not None:
        m |= 1 << view.turnup
    return m


def _follow(rules: RuleSet, seed: int, max_steps: int = 3000):
    """A random deal followed by a Recorder, checking at every step that each new entry
    holds only cards the table has seen by then. Returns (recorder, actions)."""
    rng = random.Random(seed)
    state = new_deal(rules, seed)
    rec = Recorder(state)
    seen = _public(public_view(state))
    actions: list[Action] = []
    while not state.is_over and len(actions) < max_steps:
        seat = rng.choice(sorted(state.actors()))
        action = rng.choice(list(state.legal_actions(seat)))
        done = len(rec.history.entries)
        hands = _hands_after_playing(state, action)
        events = rec.apply(action)
        actions.append(action)
        seen |= _public(public_view(state))
        for ev in events:
            for c in ev.cards:
                seen |= 1 << c
        for e in rec.history.entries[done:]:
            for c in e.cards:
                assert (seen >> real(c)) & 1, (rules.preset_name, seed, e)
            if e.kind is HistoryKind.DREW:
                assert len(e.cards) <= e.count
            if hands is not None:
                _check_what_a_pass_says(e, hands)
    return rec, actions


def _hands_after_playing(state, action: Action) -> list[int] | None:
    """Throw-in family: each hand with the action's cards gone but before any draw (the
    hidden truth a pass or a bout's end speaks of); None for Warsaw."""
    if not isinstance(state, ThrowInState):
        return None
    hands = list(state.hands)
    for c in action.cards:
        hands[action.player] &= ~(1 << real(c))
    return hands


def _check_what_a_pass_says(e, hands: list[int]) -> None:
    """A pass was legal only with a card of the table's ranks to add; a seat the engine
    passed for at a bout's end, with room left, held none of them."""
    of_ranks = sum(1 << (p * 64 + s * 16 + r) for p in range(3) for s in range(4)
                   for r in e.rank_list())
    if e.kind is HistoryKind.PASS:
        assert hands[e.seat] & of_ranks, e
    if e.kind is HistoryKind.DECLINED and e.count == 0 and e.room > 0:
        assert not hands[e.seat] & of_ranks, e


def _check_agrees_with_play(history: PublicHistory) -> None:
    """Throw-in family: each bout's taken and beaten-off cards are its played cards; each
    pass names the ranks played in its bout so far; bouts are numbered in order."""
    bouts = history.bouts()
    assert [b[0].kind for b in bouts] == [HistoryKind.BOUT] * len(bouts)
    for bout in bouts:
        played, ranks = set(), 0
        gone: set[int] = set()
        for e in bout:
            if e.kind in PLAYED:
                played |= {real(c) for c in e.cards}
            elif e.kind is HistoryKind.COVER:
                played.add(real(e.cards[1]))
            if e.kind is HistoryKind.PASS:
                assert e.ranks == ranks, e
            if e.kind in (HistoryKind.TAKEN, HistoryKind.BEATEN_OFF):
                gone |= set(e.cards)
            ranks = 0
            for c in played:
                if c & 15 != 15:  # a joker has no throw-in rank
                    ranks |= 1 << (c & 15)
        if any(e.kind is HistoryKind.END for e in bout) or bout is not bouts[-1]:
            assert gone == played, bout


def _rules(preset: str, players: int) -> RuleSet:
    """The preset at its playable player count nearest to ``players``."""
    lo, hi = PRESETS[preset].players
    counts = [n for n in range(lo, hi + 1) if not RuleSet.preset(preset, players=n).problems()]
    return RuleSet.preset(preset, players=min(counts, key=lambda n: abs(n - players)))


@pytest.mark.parametrize("preset", PLAYABLE_PRESETS)
@pytest.mark.parametrize("players", [2, 4])
def test_history_is_public_replays_from_the_log_and_round_trips(preset, players):
    rules = _rules(preset, players)
    for seed in range(3):
        rec, actions = _follow(rules, seed)
        live = rec.history
        assert history_of(rules, seed, [a.log_text() for a in actions]) == live
        again = PublicHistory.from_dict(json.loads(json.dumps(live.to_dict())))
        assert again == live
        if preset != "duren_piatkowy":
            _check_agrees_with_play(live)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from([p for p in PLAYABLE_PRESETS if p != "duren_piatkowy"]),
       players=st.integers(2, 6), mix=st.integers(0, 10**6), seed=st.integers(0, 10**6))
def test_house_rule_mixes(preset, players, mix, seed):
    rules = random_house_rules(_rules(preset, players), random.Random(mix), chance=0.3)
    rec, actions = _follow(rules, seed)
    live = rec.history
    assert history_of(rules, seed, actions) == live
    assert PublicHistory.from_dict(json.loads(json.dumps(live.to_dict()))) == live
    _check_agrees_with_play(live)


def test_a_bout_read_entry_by_entry():
    """Podkidnoy, stock empty: 0 leads 6♥ to 1, who covers with 7♥; 0 has no 6 or 7 to
    throw in, so the engine passes for it and the bout is beaten off at once (everyone
    may now know 0 holds no 6 or 7); 1 leads 9♠ and 0 takes it."""
    rules = RuleSet.preset("podkidnoy")
    state = deal_from_position(rules, hands=["6h 10c Jd", "7h 9s Qd"], trump="s",
                               attacker=0)
    rec = Recorder(state)
    for text in ("0:a 6h", "1:c 6h 7h", "1:a 9s"):
        rec.apply(Action.parse(text))
    rec.apply(Action.parse("0:t"))
    h = rec.history
    first, second = h.bouts()[:2]
    assert (first[0].seat, first[0].target) == (0, 1)
    assert [e.cards for e in first if e.kind is HistoryKind.COVER] == [
        (parse_card("6h"), parse_card("7h"))]
    declined = [e for e in first if e.kind is HistoryKind.DECLINED]
    assert [e.seat for e in declined] == [0] and declined[0].rank_list() == [6, 7]
    assert declined[0].count == 0 and declined[0].room > 0  # passed for: held none
    assert not h.of_kind(HistoryKind.PASS)
    beaten = next(e for e in first if e.kind is HistoryKind.BEATEN_OFF)
    assert sorted(beaten.cards) == sorted([parse_card("6h"), parse_card("7h")])
    assert (second[0].seat, second[0].target) == (1, 0)
    taken = next(e for e in second if e.kind is HistoryKind.TAKEN)
    assert taken.seat == 0 and taken.cards == (parse_card("9s"),)
    assert h.of_kind(HistoryKind.TAKEN, seat=0) == [taken]


def test_a_history_from_another_format_is_refused():
    from bot.engine import InvalidState

    data = PublicHistory(2).to_dict()
    with pytest.raises(InvalidState):
        PublicHistory.from_dict({**data, "format": 99})
    with pytest.raises(InvalidState):
        PublicHistory.from_dict({**data, "entries": [[0, "bout", 0, "Zz", 0, 1, 0, 0, 0]]})


def test_steps_played_elsewhere_record_the_same_history():
    """``Recorder.record`` fed the states on either side of each step (as a service's
    snapshots) gives the history that following the deal gives."""
    rules = RuleSet.preset("perevodnoy", players=3)
    followed, actions = _follow(rules, 11)
    state = new_deal(rules, 11)
    fed = Recorder(state.clone())
    for action in actions:
        before = state.clone()
        events = state.apply(action)
        fed.record(before, action, events, state)
    assert fed.history == followed.history
    assert len(fed.history.bouts()) > 3
