"""What hard reads from the deal's public history (``inference.ruled_out``): only true
facts (never a card the seat does hold, checked against the hidden hands of random 3- and
4-player deals), the sampled worlds keep them, and the history reaches the player through
``choose_action`` and the pool's worker function as its JSON form.
"""

from __future__ import annotations

import random

import pytest

from bot.ai import choose_action
from bot.ai.inference import ruled_out
from bot.ai.knowledge import read_view
from bot.ai.pool import _choose_in_worker
from bot.ai.sampling import can_sample, sample_world
from bot.engine import Recorder, RuleSet, ThrowInState, new_deal


def _deal_with_facts(preset: str, players: int, seed: int):
    """Random play until the history rules a card out for some seat; yields
    (state, recorder, viewing seat, facts) at each such moment, to the end of the deal."""
    rng = random.Random(seed)
    state = new_deal(RuleSet.preset(preset, players=players), seed)
    rec = Recorder(state)
    while not state.is_over:
        for me in state.actors():
            view = state.view(me)
            know = read_view(view)
            facts = ruled_out(view, know, rec.history)
            if facts:
                yield state, rec, me, facts, view, know
        seat = rng.choice(sorted(state.actors()))
        rec.apply(rng.choice(list(state.legal_actions(seat))))


@pytest.mark.parametrize("preset,players", [("podkidnoy", 3), ("podkidnoy", 4),
                                            ("perevodnoy", 3)])
def test_facts_are_true_and_sampled_worlds_keep_them(preset, players):
    found = 0
    for seed in range(12):
        for state, _rec, me, facts, view, know in _deal_with_facts(preset, players, seed):
            assert isinstance(state, ThrowInState)
            for seat, cards in facts.items():
                assert seat != me and cards
                assert not state.hands[seat] & cards, (seed, seat)  # never held
            found += 1
            if can_sample(view, know):
                world = sample_world(view, random.Random(found), know, {}, facts)
                for seat, cards in facts.items():
                    assert not world.hands[seat] & cards
    assert found > 20  # the facts do come up in 3- and 4-player deals


def test_no_history_no_facts():
    state = new_deal(RuleSet.preset("podkidnoy", players=3), 1)
    view = state.view(0)
    assert ruled_out(view, read_view(view), None) == {}


def test_the_history_reaches_hard_through_the_pool_worker():
    """The worker rebuilds the history from its JSON form and hard searches with it: the
    same move as given the history directly (same seed, the same work)."""
    for state, rec, me, _facts, view, know in _deal_with_facts("podkidnoy", 3, 3):
        if len(list(state.legal_actions(me))) > 1 and can_sample(view, know):
            direct = choose_action(state, me, "hard", seed=5, budget_s=10.0, max_rollouts=40,
                                   history=rec.history)
            text = _choose_in_worker(state.to_dict(), me, "hard", 5, 10.0,
                                     rec.history.to_dict())
            assert text == direct.text()
            return
    pytest.fail("no position with a choice and a fact in this deal")
