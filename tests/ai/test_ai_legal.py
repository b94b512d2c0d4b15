"""Every strength returns a legal action on seeded positions of every playable preset."""

from __future__ import annotations

import pytest

from bot.ai import STRENGTHS, choose_action
from bot.ai.common import safe_fallback
from bot.engine import Action, ActionKind, new_deal

from .positions import playable_rule_sets, positions

RULE_SETS = playable_rule_sets()


def test_some_presets_are_playable():
    names = {r.preset_name for r in RULE_SETS}
    assert {"podkidnoy", "perevodnoy"} <= names


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.preset_name}-{r.players}")
def test_each_strength_plays_legal_moves(rules):
    checked = 0
    for seed in range(2):
        for i, (state, seat) in enumerate(positions(rules, seed, every=4)):
            legal = set(state.legal_actions(seat))
            for strength in STRENGTHS:
                if strength == "hard" and i % 3:
                    continue  # the search is the slow one: a third of the positions
                action = choose_action(state, seat, strength, seed=i, budget_s=1.0,
                                       max_rollouts=12)
                assert action in legal, (strength, state, seat, action)
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("strength", STRENGTHS)
def test_whole_games_between_one_strength_end_legally(strength):
    from bot.engine import RuleSet

    for preset, n in (("podkidnoy", 2), ("perevodnoy", 3), ("perevodnoy_showing", 4)):
        state = new_deal(RuleSet.preset(preset, players=n), seed=11)
        moves = 0
        while not state.is_over:
            seat = state.waiting_on()[0]
            action = choose_action(state, seat, strength, seed=moves, budget_s=1.0,
                                   max_rollouts=6)
            state.apply(action)  # checked: raises IllegalAction on a bad move
            moves += 1
        assert state.outcome is not None and moves > 10


def test_safe_fallback_prefers_keeping_cards():
    legal = [Action(0, ActionKind.ATTACK, (30,)), Action(0, ActionKind.PASS, ())]
    assert safe_fallback(legal).kind is ActionKind.PASS
    legal = [Action(0, ActionKind.ATTACK, (30,)), Action(0, ActionKind.ATTACK, (22,))]
    assert safe_fallback(legal).cards == (22,)


def test_unknown_strength_is_refused():
    from bot.engine import RuleSet

    state = new_deal(RuleSet.preset("podkidnoy"), seed=1)
    with pytest.raises(ValueError):
        choose_action(state, state.waiting_on()[0], "grandmaster", seed=0, budget_s=0.1)
