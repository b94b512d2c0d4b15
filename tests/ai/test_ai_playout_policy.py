"""The playout policy (``rollout.playout_action``): leads and throw-ins on known hands."""

from __future__ import annotations

import pytest

from bot.ai.baselines import greedy_choose
from bot.ai.rollout import next_seat, playout_action, textbook_action
from bot.engine import Action, GameState, RuleSet, deal_from_position, new_deal


def _move(s: GameState, seat: int) -> str:
    return playout_action(s, seat, list(s.legal_actions(seat))).text()


def _lead(stock: str) -> GameState:
    # The defender (seat 1) beats 6h (with 8h) but has nothing against Qc.
    return deal_from_position(RuleSet.preset("podkidnoy", players=3),
                                   hands=["6h Qc", "8h 7d 9d", "Tc Jd"], trump="s",
                                   attacker=0, defender=1, stock=stock)


def test_lead_is_cheap_while_the_stock_lasts():
    assert _move(_lead("Ah Ad Ks Kh Kd As"), 0) == "a 6h"


def test_lead_the_defender_cannot_beat_once_the_stock_is_gone():
    assert _move(_lead(""), 0) == "a Qc"


def test_lead_keeps_a_plain_pair_together():
    s = deal_from_position(RuleSet.preset("podkidnoy", players=3),
                                hands=["7h 7c Jd", "6s 8s 9s", "Tc Td"], trump="s",
                                attacker=0, defender=1, stock="Ah Ad Ks Kh Kd As")
    assert _move(s, 0) == "a 7h 7c"


def _covered_bout(thrower: str) -> GameState:
    # Table 9h/Jh, stock gone; the co-attacker (seat 2) throws in. The defender holds
    # Tc 7d 8d: it beats 9c, not Jd (no higher diamond, no trump), not the trump 9s.
    return deal_from_position(RuleSet.preset("podkidnoy", players=3),
                                   hands=["6d", "Tc 7d 8d", thrower], trump="s",
                                   attacker=0, defender=1, table=[("9h", "Jh")], passed=[0])


def test_empty_stock_throw_in_prefers_what_the_defender_cannot_beat():
    s = _covered_bout("9c Jd")
    assert s.waiting_on() == (2,)
    assert _move(s, 2) == "a Jd"
    assert _move(_covered_bout("9c 9s"), 2) == "a 9c"  # a beatable trump is kept


def test_empty_stock_throw_in_of_an_unbeatable_trump():
    assert _move(_covered_bout("9s Qc"), 2) == "a 9s"


def _taking(thrower: str) -> GameState:
    return deal_from_position(RuleSet.preset("podkidnoy", players=3),
                                   hands=[thrower, "7d 8d", "6d"], trump="s", attacker=0,
                                   defender=1, table=[("9h", None)], taking=True)


def test_no_trump_onto_a_taker():
    s = _taking("9c 9s")
    assert Action.parse("a 9s", player=0) in set(s.legal_actions(0))
    assert _move(s, 0) == "a 9c"
    assert playout_action(_taking("9s Qc"), 0,
                          list(_taking("9s Qc").legal_actions(0))).kind.value == "p"


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy", "perevodnoy_showing"])
@pytest.mark.parametrize("players", [2, 3])
def test_the_textbook_playout_player_is_greedy_on_the_raw_state(preset, players):
    """hard's model of the other seats (rollout.textbook_action) makes the very move the
    arena's greedy makes from the view, at every decision of greedy's own deals."""
    decisions = 0
    for seed in range(12):
        s = new_deal(RuleSet.preset(preset, players=players), seed)
        while not s.is_over and s.version < 400:
            seat = next_seat(s)
            legal = list(s.legal_actions(seat))
            expected = greedy_choose(s.view(seat), 0)
            got = textbook_action(s, seat, legal)
            assert (got[1], tuple(got[2])) == (expected.kind, tuple(expected.cards)), (
                seed, s.version)
            decisions += len(legal) > 1
            s.apply_unchecked(expected)
    assert decisions > 300
