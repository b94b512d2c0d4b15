"""Seed 002's lead examples for lead=warsaw_pairs, and the generator against a brute force."""

import random
from itertools import combinations

import pytest

from bot.engine import Action, ActionKind, IllegalAction, RuleSet
from bot.engine.cards import bits, mask_of, parse_card
from bot.engine.state import SINGLE_ATTACK
from bot.engine.warsaw import WarsawState
from bot.engine.warsaw_leads import warsaw_pairs_check, warsaw_pairs_enum

RULES = RuleSet.preset("duren_piatkowy", players=2, packs=2)  # 7h 7h.1: two packs


def cards(text):
    return tuple(parse_card(t) for t in text.split())


@pytest.mark.parametrize("lead", ["4h 4d 7s 7c", "5h 5d 5s 5c", "4h 4d 7s 7c 6h", "2h 2d 8c",
                                  "9h 9d 6s 6c 6h", "Kd", "Kd Kh", "7h 7h.1"])
def test_seed_002_legal_leads(lead):
    assert warsaw_pairs_check(cards(lead), 5) is None
    # and played for real: the defender holds 5, the attacker exactly these cards (+ one)
    s = WarsawState.from_position(RULES, hands=[lead + " Ac", "10d 10c Js Qs Ks"], trump="s",
                                  attacker=0, stock="Qh Jh")
    s.apply(Action(0, ActionKind.ATTACK, cards(lead)))
    assert s.attacks == list(cards(lead)) and s.waiting_on() == (1,)


@pytest.mark.parametrize("lead, word", [
    ("4h 7h", "even lead must be pairs"), ("4h 4d 7s 8s", "even lead must be pairs"),
    ("4h 4d 4s 7c", "even lead must be pairs"), ("2h 3h 4h", "odd lead is pairs plus one"),
    ("4h 4d 7s 8s 9s", "odd lead is pairs plus one"), ("9h 9d 6s 6c 6h 6d", "at most 5")])
def test_seed_002_illegal_leads(lead, word):
    assert word in warsaw_pairs_check(cards(lead), 5)
    s = WarsawState.from_position(RULES, hands=[lead, "10d 10c Js Qs Ks"], trump="s",
                                  attacker=0, stock="Qh Jh")
    with pytest.raises(IllegalAction, match=word):
        s.apply(Action(0, ActionKind.ATTACK, cards(lead)))


def test_lead_may_not_exceed_the_defenders_hand():
    s = WarsawState.from_position(RULES, hands=["4h 4d 7s 7c", "2s 3s 4s"], trump="s",
                                  attacker=0, stock="Qh Jh")
    with pytest.raises(IllegalAction, match="at most 3"):
        s.apply(Action.parse("0:a 4h 4d 7s 7c"))
    assert {a.text() for a in s.legal_actions(0) if len(a.cards) > 3} == set()
    s.apply(Action.parse("0:a 4h 4d 7s"))


def brute_force(hand: int, limit: int) -> set[frozenset]:
    out = set()
    for k in range(1, min(limit, hand.bit_count()) + 1):
        for combo in combinations(bits(hand), k):
            if warsaw_pairs_check(combo, limit) is None:
                out.add(frozenset(combo))
    return out


def test_generated_leads_are_exactly_the_checked_ones_two_packs():
    rng = random.Random(2)
    deck = [c for c in range(128) if 2 <= c & 15 <= 14]
    for _ in range(60):
        hand = mask_of(rng.sample(deck, rng.randint(1, 9)))
        limit = rng.randint(1, 7)
        generated = [frozenset(a.cards) for a in warsaw_pairs_enum(hand, limit, SINGLE_ATTACK[0])]
        assert len(generated) == len(set(generated))  # no lead twice
        assert set(generated) == brute_force(hand, limit)
