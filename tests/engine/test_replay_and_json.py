import json
import random

import pytest

from bot.engine import (
    Action,
    ActionKind,
    IllegalAction,
    RuleSet,
    deal_from_dict,
    new_deal,
    replay_deal,
)
from bot.engine.verify.random_play import play_random_game


@pytest.mark.parametrize("preset, players", [("podkidnoy", 2), ("perevodnoy_showing", 4),
                                             ("prostoy_transfer", 3), ("large_deck", 6)])
def test_replay_reproduces_the_state(preset, players):
    rules = RuleSet.preset(preset, players=players)
    for seed in range(5):
        state, actions = play_random_game(rules, seed, random.Random(seed), explore=True)
        texts = [a.log_text() for a in actions]
        again = replay_deal(rules, seed, texts)
        assert again.to_dict() == state.to_dict()
        assert again.outcome == state.outcome


def test_dealer_from_seed_can_be_passed_back():
    rules = RuleSet.preset("podkidnoy", players=4)
    s = new_deal(rules, 99)
    t = new_deal(rules, 99, dealer=s.dealer)
    assert s.to_dict() == t.to_dict()
    assert new_deal(rules, 100).to_dict() != s.to_dict()


def test_json_round_trip_along_a_game_and_play_continues_identically():
    rules = RuleSet.preset("perevodnoy_showing", players=3)
    state, actions = play_random_game(rules, 5, random.Random(5), explore=True)
    s = new_deal(rules, 5)
    for a in actions:
        d = json.loads(json.dumps(s.to_dict()))
        copy = deal_from_dict(d)
        assert copy.to_dict() == s.to_dict()
        for seat in range(3):
            assert list(copy.legal_actions(seat)) == list(s.legal_actions(seat))
        assert copy.waiting_on() == s.waiting_on()
        copy.apply(a)
        s.apply(a)
        assert copy.to_dict() == s.to_dict()
    assert s.outcome == state.outcome


def test_six_player_state_json_is_small():
    rules = RuleSet.preset("podkidnoy", players=6)
    s = new_deal(rules, 3)
    assert len(json.dumps(s.to_dict(), separators=(",", ":"))) < 2048


def test_clone_is_independent():
    rules = RuleSet.preset("podkidnoy", players=3)
    s = new_deal(rules, 11)
    before = s.to_dict()
    c = s.clone()
    seat = c.waiting_on()[0]
    c.apply(next(iter(c.legal_actions(seat))))
    assert s.to_dict() == before and c.to_dict() != before


def test_action_text_round_trips_for_every_legal_action_in_games():
    rules = RuleSet.preset("perevodnoy_showing", players=3)
    s = new_deal(rules, 8)
    rng = random.Random(8)
    kinds = set()
    while not s.is_over:
        for seat in range(3):
            for a in s.legal_actions(seat):
                assert Action.parse(a.text(), player=seat) == a
                assert Action.parse(a.log_text()) == a
                kinds.add(a.kind)
        seat = rng.choice(s.waiting_on())
        s.apply(rng.choice(list(s.legal_actions(seat))))
    assert {ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS} <= kinds


@pytest.mark.parametrize("bad", ["", "x 10h", "a", "a 10x", "c 7h", "t 7h", "1:", "a 7h 7h"])
def test_bad_action_text_is_refused(bad):
    with pytest.raises(ValueError):
        Action.parse(bad, player=0)


def test_apply_refuses_garbage_without_changing_the_state():
    s = new_deal(RuleSet(), 1)
    before = s.to_dict()
    for bad in [(0,), (9, ActionKind.PASS, ()), (0, "zz", ()), (0, ActionKind.ATTACK, [3]),
                (0, ActionKind.ATTACK, (-1,)), (0, ActionKind.ATTACK, (500,)), None]:
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.to_dict() == before


def test_view_shows_only_what_the_seat_may_know():
    rules = RuleSet.preset("podkidnoy", players=3)
    s = new_deal(rules, 21)
    v = s.view(1)
    assert v.hand.mask == s.hands[1]
    assert v.hand_counts == (6, 6, 6)
    assert all(len(k) == 0 for k in v.known)  # nothing seen yet
    assert v.stock_count == 36 - 18 and v.turnup_in_stock and v.trump_suit == s.trump
    from dataclasses import fields
    names = {f.name for f in fields(v)}
    assert not names & {"hands", "seed", "stock", "known_all"}  # no other hand, no deck order
    assert v.legal == tuple(s.legal_actions(1))
    assert len(v.discard) == 0


def test_an_action_equal_to_a_legal_one_plays_like_it_even_with_plain_types():
    s = new_deal(RuleSet(), 1)
    seat = s.waiting_on()[0]
    legal = list(s.legal_actions(seat))[0]
    twin = s.clone()
    plain = (int(legal.player), str(legal.kind.value), tuple(int(c) for c in legal.cards))
    twin.apply(plain)  # equal by value to a generated action: accepted and played
    s.apply(legal)
    assert twin.to_dict() == s.to_dict()
    fresh = new_deal(RuleSet(), 1)  # no cached legal list: the checker path
    fresh.apply(plain)
    assert fresh.to_dict() == s.to_dict()
    with pytest.raises(IllegalAction, match="unknown action kind"):
        new_deal(RuleSet(), 1).apply((seat, "zz", legal.cards))
