"""Deals where every player keeps taking must still end (rollout.LONG_DEAL)."""

from __future__ import annotations

from bot.ai import choose_action
from bot.ai.rollout import LONG_DEAL, playout
from bot.engine import RuleSet, new_deal

# Deals on which the greedy playout policy used to pass the same cards round a full
# three-player table forever (nobody needed to draw, every defender took).
CYCLING_DEALS = (42, 77, 102, 109, 130, 153)


def test_playouts_of_formerly_cycling_deals_end_with_a_result():
    rules = RuleSet.preset("podkidnoy", players=3)
    for seed in CYCLING_DEALS:
        s = new_deal(rules, seed)
        playout(s, max_moves=LONG_DEAL + 500)
        assert s.outcome is not None, seed


def test_players_in_a_long_deal_play_for_progress():
    rules = RuleSet.preset("podkidnoy", players=3)
    for strength in ("easy", "normal", "hard"):
        s = new_deal(rules, 42)
        moves = 0
        while not s.is_over and moves < LONG_DEAL + 800:
            seat = s.waiting_on()[0]
            s.apply(choose_action(s, seat, strength, seed=moves, budget_s=1.0,
                                  max_rollouts=4))
            moves += 1
        assert s.outcome is not None, strength
