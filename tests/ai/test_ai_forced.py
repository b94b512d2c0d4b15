"""Every computer player opens ``choose`` the same way (``common.legal_and_forced``): a
seat with no legal action is the caller's mistake (``NoLegalAction``), a seat with one
plays it without thinking."""

from __future__ import annotations

import random

import pytest

from bot.ai import baselines, easy, hard, normal, simple
from bot.ai.common import NoLegalAction, legal_and_forced
from bot.engine import RuleSet, new_deal

PLAYERS = {
    "easy": lambda view: easy.choose(view, 1),
    "normal": lambda view: normal.choose(view, 1),
    "normal_progress": normal.progress_move,
    # a search would take its whole budget: a forced move must not reach it
    "hard": lambda view: hard.choose(view, 1, budget_s=60.0),
    "greedy": lambda view: baselines.greedy_choose(view, 1),
    "mcts": lambda view: baselines.mcts_choose(view, 1, budget_s=60.0),
    "simple": simple.choose_action,
}


def _positions():
    """(view with no legal action, view with exactly one) from a seeded random deal."""
    state = new_deal(RuleSet.preset("podkidnoy"), seed=3)
    rng = random.Random(3)
    idle = forced = None
    while not state.is_over and (idle is None or forced is None):
        for seat in range(state.rules.players):
            legal = list(state.legal_actions(seat))
            if not legal and idle is None:
                idle = state.view(seat)
            if len(legal) == 1 and forced is None:
                forced = state.view(seat)
        seat = state.waiting_on()[0]
        state.apply(rng.choice(list(state.legal_actions(seat))))
    assert idle is not None and forced is not None
    return idle, forced


IDLE, FORCED = _positions()


@pytest.mark.parametrize("name", PLAYERS)
def test_a_seat_with_no_move_is_refused_with_its_own_error(name):
    with pytest.raises(NoLegalAction, match=f"seat {IDLE.player} has no legal action"):
        PLAYERS[name](IDLE)


@pytest.mark.parametrize("name", PLAYERS)
def test_a_forced_move_is_played_at_once(name):
    (only,) = FORCED.legal
    assert PLAYERS[name](FORCED) == only


def test_legal_and_forced_takes_the_callers_list():
    (only,) = FORCED.legal
    assert legal_and_forced(FORCED) == ([only], only)
    many = list(range(3))  # any sequence: only its length matters here
    assert legal_and_forced(FORCED, many) == (many, None)
    assert issubclass(NoLegalAction, ValueError)  # callers that caught ValueError still do
