"""Players decide from the view alone, and sampled worlds agree with the view."""

from __future__ import annotations

import random

import pytest

from bot.ai import STRENGTHS, choose_action, hint
from bot.ai.knowledge import deck_mask, read_view
from bot.ai.sampling import can_sample, sample_world
from bot.engine import GameState, RuleSet, deal_from_dict, new_deal

from .positions import positions


def _view_key(view):
    return (view.hand, view.hand_counts, view.known, view.table, view.attack_by, view.discard,
            view.stock_count, view.turnup, view.attacker, view.defender, view.legal)


def _mid_game_positions(preset: str, players: int, seeds=range(3), every=6):
    rules = RuleSet.preset(preset, players=players)
    for seed in seeds:
        for state, seat in positions(rules, seed, every=every):
            view = state.view(seat)
            if len(view.legal) > 1 and can_sample(view):
                yield state, seat, view


def _swap_hidden_cards(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """The same state with hidden cards moved: an opponent's unseen card swapped with
    an unseen stock card or another opponent's unseen card (through the JSON form, so
    everything else - known cards, passes, the bout - stays as it was)."""
    d = state.to_dict()
    hands = [h.split() for h in d["hands"]]
    known = [set(k.split()) for k in d["known"]]
    stock = d["stock"].split()
    places = [(s, j) for s in range(len(hands)) if s != seat
              for j, c in enumerate(hands[s]) if c not in known[s]]
    places += [("stock", j) for j in range(len(stock) - 1)]  # the turn-up stays last
    rng.shuffle(places)
    for (p1, j1) in places:
        for (p2, j2) in places:
            if p1 == p2:
                continue
            a = stock if p1 == "stock" else hands[p1]
            b = stock if p2 == "stock" else hands[p2]
            a[j1], b[j2] = b[j2], a[j1]
            d["hands"] = [" ".join(h) for h in hands]
            d["stock"] = " ".join(stock)
            return deal_from_dict(d)
    return None


@pytest.mark.parametrize("preset,players", [("podkidnoy", 2), ("perevodnoy", 3),
                                            ("podkidnoy", 4)])
def test_states_differing_only_in_hidden_cards_get_the_same_decision(preset, players):
    checked = 0
    for i, (state, seat, view) in enumerate(_mid_game_positions(preset, players)):
        if view.stock_count < 2 and players == 2:
            continue  # nothing hidden to change
        other = _swap_hidden_cards(state, seat, random.Random(i))
        if other is None:
            continue
        assert _view_key(other.view(seat)) == _view_key(view)
        assert other.to_dict()["hands"] != state.to_dict()["hands"]
        for strength in STRENGTHS:
            a = choose_action(state, seat, strength, seed=i, budget_s=5.0, max_rollouts=40)
            b = choose_action(other, seat, strength, seed=i, budget_s=5.0, max_rollouts=40)
            assert a == b, (strength, state, other)
        assert hint(state, seat, seed=i, budget_s=5.0, max_rollouts=40) == hint(
            other, seat, seed=i, budget_s=5.0, max_rollouts=40)
        checked += 1
        if checked >= 6:
            break
    assert checked >= 3


def _all_cards(world: GameState) -> list[int]:
    d = world.to_dict()
    from bot.engine import CardSet

    cards = []
    for text in d["hands"] + [d["stock"], d["attacks"], d["discard"],
                              d["covers"].replace("-", "")]:
        cards += [int(c) for c in CardSet.parse(text)]
    return cards


@pytest.mark.parametrize("preset,players", [("podkidnoy", 2), ("perevodnoy", 4),
                                            ("perevodnoy_showing", 3), ("large_deck", 5)])
def test_sampled_worlds_are_consistent_with_the_view(preset, players):
    checked = 0
    for i, (_state, seat, view) in enumerate(_mid_game_positions(preset, players, every=3)):
        know = read_view(view)
        for k in range(3):
            world = sample_world(view, random.Random(i * 10 + k), know)
            w = world.view(seat)
            assert w.hand == view.hand  # the seat keeps its own hand
            assert w.hand_counts == view.hand_counts  # every hand keeps its size
            for s in range(players):  # known picked-up cards stay where they were seen
                assert view.known[s].mask & ~world.view(s).hand.mask == 0
            assert w.stock_count == view.stock_count and w.discard == view.discard
            assert w.table == view.table and w.legal == view.legal
            if view.turnup_in_stock:
                assert world.to_dict()["stock"].split()[-1] == view.turnup.ascii()
            cards = _all_cards(world)  # card conservation: each deck card exactly once
            assert len(cards) == len(set(cards))
            assert sum(1 << c for c in cards) == deck_mask(view.rules)
        checked += 1
    assert checked > 5


def test_sampling_spreads_unknown_cards():
    """Different seeds give different worlds (the sampler is not stuck on one deal)."""
    state = new_deal(RuleSet.preset("podkidnoy", players=3), seed=4)
    view = state.view(state.waiting_on()[0])
    worlds = {str(sample_world(view, random.Random(k)).to_dict()["hands"]) for k in range(20)}
    assert len(worlds) > 15
