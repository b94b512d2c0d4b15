"""The yardsticks (bot/ai/baselines.py): legal everywhere, and the textbook greedy player
plays the textbook: lowest non-trump lead, no trump throw-ins while the stock lasts, the
cheapest beater for each card, take when some card cannot be covered."""

from __future__ import annotations

import pytest

from bot.ai.arena import run_arena
from bot.ai.baselines import greedy, mcts
from bot.engine import ActionKind, RuleSet
from tests.ai.positions import playable_rule_sets, positions

PODKIDNOY = RuleSet.preset("podkidnoy")


def _trump(view, card: int) -> bool:
    return view.trump_suit is not None and (card >> 4) & 3 == view.trump_suit


def _cost(view, card: int) -> int:
    return (card & 15) + (100 if _trump(view, card) else 0)


def _greedy_positions(rules=PODKIDNOY, seeds=range(12)):
    """Views of seats the deal waits on (as the arena and the bot ask them)."""
    for seed in seeds:
        for state, seat in positions(rules, seed, every=1):
            view = state.view(seat)
            if view.legal and seat in state.waiting_on():
                yield view


@pytest.mark.parametrize("rules", playable_rule_sets(4), ids=lambda r: r.preset_name +
                         f"-{r.players}")
def test_both_baselines_play_only_legal_moves(rules):
    for n, (state, seat) in enumerate(positions(rules, 3, every=7)):
        legal = {a.text() for a in state.legal_actions(seat)}
        if not legal:
            continue
        assert greedy(state.view(seat)).text() in legal
        if n % 3 == 0:
            assert mcts(state.view(seat), n, worlds=2, playouts=4).text() in legal


def test_greedy_leads_its_lowest_non_trump_card_alone():
    leads = 0
    for view in _greedy_positions():
        if view.table or not any(a.kind is ActionKind.ATTACK for a in view.legal):
            continue
        move = greedy(view)
        plain = [c for c in view.hand if not _trump(view, c)]
        lowest = min(plain or view.hand, key=lambda c: _cost(view, c))
        assert move.kind is ActionKind.ATTACK and len(move.cards) == 1
        assert _cost(view, move.cards[0]) == _cost(view, lowest)
        leads += 1
    assert leads > 20


def test_greedy_never_throws_in_a_trump_while_the_stock_lasts():
    throw_ins = 0
    for view in _greedy_positions():
        if not view.table or view.stock_count == 0:
            continue
        move = greedy(view)
        if move.kind is ActionKind.ATTACK:
            throw_ins += 1
            assert not _trump(view, move.cards[0])
    assert throw_ins > 10


def test_greedy_covers_with_the_cheapest_beater_or_takes_when_a_card_cannot_be_covered():
    covers = takes = 0
    for view in _greedy_positions():
        legal = list(view.legal)
        if not any(a.kind is ActionKind.TAKE for a in legal):
            continue
        move = greedy(view)
        uncovered = [a for a, c in view.table if c is None]
        coverable = {a for a in uncovered
                     if any(x.kind is ActionKind.COVER and x.cards[0] == a for x in legal)}
        if move.kind is ActionKind.TAKE:
            takes += 1
            assert coverable != set(uncovered) or len(uncovered) > 1
        else:
            assert move.kind is ActionKind.COVER
            covers += 1
            beaters = [x.cards[1] for x in legal
                       if x.kind is ActionKind.COVER and x.cards[0] == move.cards[0]]
            assert _cost(view, move.cards[1]) == min(_cost(view, c) for c in beaters)
    assert covers > 10 and takes > 3


def test_greedy_transfers_in_perevodnoy_rather_than_pay_a_trump():
    rules = RuleSet.preset("perevodnoy")
    transfers = 0
    for view in _greedy_positions(rules):
        move = greedy(view)
        if move.kind is ActionKind.TRANSFER:
            transfers += 1
            assert not _trump(view, move.cards[0])
    assert transfers > 0


def test_the_arena_plays_the_yardsticks_and_counts_them():
    result = run_arena(PODKIDNOY, "greedy", "mcts", 4, seed=5)
    assert result["a"] == "greedy" and result["b"] == "mcts"
    assert result["a_wins"] + result["b_wins"] + result["draws"] == 4
    assert result["b_moves"] > 0 and result["a_moves"] > 0
