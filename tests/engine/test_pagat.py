"""prostoy_pagat (seed 000): pattern leads, cover-any-subset then done, who attacks next,
the trump-six exchange, left_attacks, draws."""

from itertools import combinations

import pytest

from bot.engine import Action, ActionKind, Card, GameState, IllegalAction, RuleSet
from bot.engine.core.leads import _pagat_ok
from bot.engine.verify.random_play import play_random_game

from .helpers import act, pos, texts

STOCK = "Qc Jc Qd Kd"  # draw order; Kd (diamonds) is the turn-up, drawn last


def test_lead_patterns_legal_and_illegal():
    s = pos("prostoy_pagat", hands=["6h 6d 9c Ks As", "7s 8s 9s 10s Js", "7h 8h 9h 10h Jh"],
            trump="d", attacker=0, stock=STOCK)
    leads = {frozenset(a.text().split()[1:]) for a in s.legal_actions(0)
             if a.kind is ActionKind.ATTACK}
    # 5 singles + the pair 6h 6d with each of the 3 other cards; no 5-card lead (one pair)
    assert leads == {frozenset(t.split()) for t in (
        "6h", "6d", "9c", "Ks", "As", "6h 6d 9c", "6h 6d Ks", "6h 6d As")}
    for bad in ("0:a 6h 6d", "0:a 6h 9c Ks", "0:a 6h 6d 9c Ks", "0:a 6h 6d 9c Ks As"):
        with pytest.raises(IllegalAction, match="pagat_pattern"):
            act(s, bad)
    act(s, "0:a 6h 6d 9c")
    assert s.n_unc == 3


@pytest.mark.parametrize("lead", ["7c 7h Qs Qh 10h", "7c 7h Qs Qh 7s", "7c 7h 7s 7d 10h"])
def test_five_card_leads_two_pairs_or_four_of_a_kind(lead):
    s = pos("prostoy_pagat", hands=[lead, "6s 8s 9s 10s Js", "6h 8h 9h Ah Jh"],
            trump="d", attacker=0, stock=STOCK)
    act(s, "0:a " + lead)
    assert len(s.attacks) == 5


def test_generated_leads_are_exactly_the_checked_patterns():
    hand = "6h 6d 9c 9s Ks As 6c"
    s = pos("prostoy_pagat", hands=[hand, "7s 8s 9h 10s Js", "7h 8h 10h Jh Qh"],
            trump="d", attacker=0, stock=STOCK)
    generated = {frozenset(a.cards) for a in s.legal_actions(0) if a.kind is ActionKind.ATTACK}
    cards = list(Action.parse("a " + hand, 0).cards)
    brute = {frozenset(c) for k in (1, 3, 5) for c in combinations(cards, k) if _pagat_ok(c)}
    assert generated == brute and len(brute) > 20


def test_never_more_than_the_defender_holds():
    s = pos("prostoy_pagat", hands=["7c 7h Qs Qh 10h", "6s 8s 9s 10s"], trump="d",
            attacker=0)
    assert not any(len(a.cards) == 5 for a in s.legal_actions(0))
    with pytest.raises(IllegalAction, match="bout limit"):
        act(s, "0:a 7c 7h Qs Qh 10h")
    act(s, "0:a 7c 7h 10h")


def test_no_take_and_no_throw_in_in_pagat():
    s = pos("prostoy_pagat", hands=["9c 9h Kc", "10c 7d 6s 6h 8s", "7h 8h 9d 10h Jh"],
            trump="d", attacker=0, stock=STOCK)
    act(s, "0:a 9c")
    assert "t" not in texts(s, 1) and "d" in texts(s, 1)
    with pytest.raises(IllegalAction, match="done"):
        act(s, "1:t")
    assert not texts(s, 2) and not texts(s, 0)  # throw_in=none


def test_all_beaten_ends_by_itself_and_the_defender_attacks_next():
    s = pos("prostoy_pagat", hands=["9c 9h Kc 6c 6s", "10c Kh 7s 8s 9s", "7h 8h 9d 10h Jh"],
            trump="d", attacker=0, stock="7c 8c 10d Ac Ad Kd")
    act(s, "0:a 9c 9h Kc")
    act(s, "1:c 9c 10c")
    act(s, "1:c 9h Kh")
    assert s.attacker == 0  # one card still uncovered: the bout goes on
    with pytest.raises(IllegalAction):
        act(s, "1:c Kc 7s")
    act(s, "1:d")  # Kc unbeaten: taken
    assert (s.attacker, s.defender) == (2, 0)


def test_every_card_covered_discards_all_and_defender_attacks():
    s = pos("prostoy_pagat", hands=["9c 6s 7s 8h 10s", "10c Kh Qs Js 9s", "7h 8c 9d 10h Jh"],
            trump="d", attacker=0, stock=STOCK)
    act(s, "0:a 9c")
    events = act(s, "1:c 9c 10c")
    assert {e.kind.value for e in events} >= {"beaten_off", "new_bout"}
    assert (s.attacker, s.defender) == (1, 2)
    assert s.discard >> Action.parse("a 9c", 0).cards[0] & 1


def test_none_beaten_all_taken_left_of_defender_attacks():
    s = pos("prostoy_pagat", hands=["9c 9h Kc 6c 6s", "10c Kh 7s 8s 9s", "7h 8h 9d 10h Jh"],
            trump="d", attacker=0, stock="7c 8c 10d Ac Ad Kd")
    act(s, "0:a 9c 9h Kc")
    act(s, "1:d")
    assert (s.attacker, s.defender) == (2, 0)
    assert s.hands[1].bit_count() == 8  # 5 + 3 taken, nothing to draw above 5


def test_trump_six_exchange_any_time_while_the_stock_lasts():
    s = pos("prostoy_pagat", hands=["9c 9h Kc 6c 6s", "10c Kh 7s 8s 9s", "7h 8h 6d 10h Jh"],
            trump="d", attacker=0, stock=STOCK)
    assert "x 6d" in texts(s, 2)  # not their turn, still allowed
    act(s, "2:x 6d")
    assert s.turnup == Action.parse("x 6d", 2).cards[0] and s.stock[0] == s.turnup
    assert s.hands[2] >> Card.parse("Kd") & 1 and s.known[2] >> Card.parse("Kd") & 1
    assert "x 6d" not in texts(s, 2)
    empty = pos("prostoy_pagat", hands=["9c 9h", "10c 6d"], trump="d", attacker=0,
                turnup="Kd")
    assert "x 6d" not in texts(empty, 1)
    with pytest.raises(IllegalAction, match="six_any_time"):
        act(empty, "1:x 6d")


def _defender_goes_out(rule: str) -> GameState:
    s = pos("prostoy_pagat", rules={"after_defender_out": rule},
            hands=["9c 6s", "10c", "7h 8h"], trump="d", attacker=0, turnup="Kd")
    act(s, "0:a 9c")
    act(s, "1:c 9c 10c")
    assert not s.in_play[1]
    return s


def test_left_attacks_when_the_defender_goes_out():
    s = _defender_goes_out("left_attacks")
    assert (s.attacker, s.defender) == (2, 0)
    other = _defender_goes_out("attack_again")
    assert (other.attacker, other.defender) == (0, 2)


def test_draw_when_the_last_two_go_out_together():
    s = pos("prostoy_pagat", hands=["9c", "10c"], trump="d", attacker=0, turnup="Kd")
    act(s, "0:a 9c")
    act(s, "1:c 9c 10c")
    assert s.is_over and s.outcome.draw and not s.outcome.fools


def test_done_timeout_and_text_round_trip():
    s = pos("prostoy_pagat", hands=["9c 9h Kc 6c 6s", "10c Kh 7s 8s 9s", "7h 8h 9d 10h Jh"],
            trump="d", attacker=0, stock=STOCK)
    act(s, "0:a 9c")
    assert s.default_action(1) == Action(1, ActionKind.DONE, ())
    for text in ("d", "x 6d"):
        assert Action.parse(text, 1).text() == text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_pagat_games_end_with_invariants(players):
    rules = RuleSet.preset("prostoy_pagat", players=players)
    swaps = dones = 0
    for seed in range(40):
        state, actions = play_random_game(rules, seed, check=True, explore=seed % 2 == 0)
        assert state.is_over
        swaps += sum(a.kind is ActionKind.SWAP_SIX for a in actions)
        dones += sum(a.kind is ActionKind.DONE for a in actions)
    assert swaps and dones
