"""Hard's search arms that do not let this seat's later moves see the sampled world: the
information-set tree (``ismcts.py``, ``hard.SEARCH``) and the blind playout policy
(``rollout.Unseen``, ``hard.OWN_PLAYOUTS``)."""

from __future__ import annotations

import random
from math import comb

import pytest

from bot.ai import hard, ismcts
from bot.ai.oracle import true_hands
from bot.ai.rollout import Unseen, playout_action
from bot.ai.sampling import world_with_hands
from bot.engine import Action, RuleSet, ThrowInState, deal_from_position, new_deal


def _endgame() -> ThrowInState:
    # Leading the trump ace makes the defender take it and leaves them the fool; leading
    # 6h first only draws (both go out in the last bout).
    s = deal_from_position(RuleSet.preset("podkidnoy"), hands=["6h As", "7h 8c"],
                           trump="s", attacker=0, defender=1)
    assert isinstance(s, ThrowInState)
    return s


def test_the_tree_finds_the_winning_lead_and_counts_every_playout():
    s = _endgame()
    moves = [Action.parse("a As", player=0), Action.parse("a 6h", player=0)]
    stats = ismcts.run(moves, 0, lambda rng: s.clone(), random.Random(1), hard.score,
                       hard._candidates_in, lambda n: n >= 300, textbook=0b10)
    # After As every line wins; after 6h the best line draws (and the tree also tries
    # worse ones there).
    assert stats[moves[0]][0] == 1.0 and stats[moves[1]][0] <= 0.5
    assert stats[moves[0]][1] > stats[moves[1]][1]
    assert sum(n for _, n in stats.values()) == 300


def test_the_tree_chooses_only_moves_the_world_allows():
    edges: dict = {}
    a, b, c = (Action.parse(t, player=0) for t in ("a 6h", "a 7h", "a 8h"))
    rng = random.Random(3)
    for move in (a, b):  # a new move is tried before any known one is chosen again
        chosen, edge, new = ismcts._select(edges, [move], rng)
        assert new and chosen == move
        edge.visits, edge.total = 1, 1.0 if move == a else 0.0
    move, edge, new = ismcts._select(edges, [a, b], rng)
    assert (move, new) == (a, False)
    move, _, new = ismcts._select(edges, [b, c], rng)  # a is not in this world's hand
    assert (move, new) == (c, True)
    assert edges[a].available == 2 and edges[b].available == 3 and edges[c].available == 1


def test_hard_with_the_tree_plays_a_legal_move_the_same_for_the_same_seed(monkeypatch):
    monkeypatch.setattr(hard, "SEARCH", "ismcts")
    s = new_deal(RuleSet.preset("podkidnoy", players=2), seed=11)
    seat = s.waiting_on()[0]
    view = s.view(seat)
    best, stats = hard.search(view, seed=5, budget_s=30.0, max_rollouts=200)
    again, stats_again = hard.search(view, seed=5, budget_s=30.0, max_rollouts=200)
    assert best in view.legal and best == again and stats == stats_again
    assert sum(n for _, n in stats.values()) == 200
    assert stats[best][1] == max(n for _, n in stats.values())


def test_an_unknown_search_is_refused(monkeypatch):
    monkeypatch.setattr(hard, "SEARCH", "deep")
    s = new_deal(RuleSet.preset("podkidnoy", players=2), seed=11)
    view = s.view(s.waiting_on()[0])
    with pytest.raises(ValueError, match="unknown hard.SEARCH"):
        hard.search(view, seed=5, budget_s=30.0, max_rollouts=20)


def test_unseen_chances_are_what_the_seat_can_tell():
    s = new_deal(RuleSet.preset("podkidnoy", players=2), seed=4)
    unseen = Unseen(s, 0)
    # 36 cards: its own 6 and the turn-up are placed, the other 29 could be anywhere.
    assert unseen.pool == 29
    other = 1
    for good in (1, 3, 8):
        cards = 0
        for c in range(256):
            if (unseen.unknown >> c) & 1 and (cards.bit_count() < good):
                cards |= 1 << c
        expected = 1 - comb(29 - good, 6) / comb(29, 6)
        assert unseen.chance(cards, other) == pytest.approx(expected)
    assert unseen.chance(1 << s.turnup, other) == 0.0  # face up under the stock


def test_the_blind_policy_reads_no_hidden_card():
    """In worlds that differ only in the other hand, the blind policy plays the same move;
    the sighted one does not always (so the check can tell them apart)."""
    rules = RuleSet.preset("podkidnoy", players=2)
    sighted_differs = 0
    for seed in range(30):
        s = new_deal(rules, seed)
        assert isinstance(s, ThrowInState)
        seat = s.waiting_on()[0]
        view, know, hidden = true_hands(s, seat)
        rng = random.Random(seed)
        other = [h for h in hidden if h][0]
        pool = [c for c in range(256) if (know.unknown >> c) & 1 and c not in other]
        swapped = [sorted(rng.sample(pool, len(other))) if h else [] for h in hidden]
        worlds = [world_with_hands(view, know, h, rng) for h in (hidden, swapped)]
        legal = [list(w.legal_actions(seat)) for w in worlds]
        assert legal[0] == legal[1]
        blind = {playout_action(w, seat, legal[0], True) for w in worlds}
        assert len(blind) == 1, seed
        sighted_differs += len({playout_action(w, seat, legal[0]) for w in worlds}) > 1
    assert sighted_differs > 0
