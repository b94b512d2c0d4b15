"""Seed 002's lead examples for lead=warsaw_pairs, built card by card through the Warsaw
flow (``a <card>`` per card, ``d`` to close), the completability test of a staged lead on
hand-built positions and against a brute force, and the whole-lead generator (kept for the
``LEADS`` registry) against a brute force."""

import random
from itertools import combinations

import pytest

from bot.engine import Action, ActionKind, IllegalAction, RuleSet, deal_from_position
from bot.engine.core.cards import bits, card_text, mask_of, parse_card
from bot.engine.core.tables import SINGLE_ATTACK
from bot.engine.warsaw.leads import (
    addable_lead_cards,
    lead_add_problem,
    warsaw_pairs_check,
    warsaw_pairs_enum,
)

RULES = RuleSet.preset("duren_piatkowy", players=2, packs=2)  # 7h 7h.1: two packs
DEFENDER = "10d 10c Js Qs Ks"  # five cards: the lead limit is 5


def cards(text):
    return tuple(parse_card(t) for t in text.split())


def position(hand, defender=DEFENDER):
    return deal_from_position(RULES, hands=[hand, defender], trump="s", attacker=0,
                                     stock="Qh Jh")


def texts(s, seat=0):
    return {a.text() for a in s.legal_actions(seat)}


def build(s, lead):
    """Stage the cards of ``lead`` one by one and close with d unless it closed itself."""
    for c in lead.split():
        s.apply(Action.parse(f"0:a {c}"))
    if s.stage == "lead":
        s.apply(Action.parse("0:d"))


@pytest.mark.parametrize("lead", ["4h 4d 7s 7c", "5h 5d 5s 5c", "4h 4d 7s 7c 6h", "2h 2d 8c",
                                  "9h 9d 6s 6c 6h", "Kd", "Kd Kh", "7h 7h.1"])
def test_seed_002_legal_leads_are_built_card_by_card(lead):
    assert warsaw_pairs_check(cards(lead), 5) is None
    s = position(lead + " Ac")  # the attacker holds exactly these cards and one more
    build(s, lead)
    assert s.attacks == list(cards(lead)) and s.stage == "defend" and s.waiting_on() == (1,)


def test_legal_lead_stages_each_card_on_the_table_for_everyone_and_d_closes_it():
    s = position("4h 4d 7s 7c 6h Ac")
    s.apply(Action.parse("0:a 4h"))
    s.apply(Action.parse("0:a 4d"))
    # staged, public, not coverable yet; 4 4 is a legal lead already, so d is offered
    assert s.stage == "lead" and s.waiting_on() == (0,) and "d" in texts(s)
    view = s.view(1)
    assert [a for a, _ in view.table] == list(cards("4h 4d")) and view.lead_open
    assert texts(s, 1) == set()
    with pytest.raises(IllegalAction, match="still being built"):
        s.apply(Action.parse("1:t"))
    s.apply(Action.parse("0:a 7s"))
    assert "d" in texts(s)  # 4 4 7: pairs plus one extra card
    s.apply(Action.parse("0:a 6h"))
    assert "d" not in texts(s) and texts(s) == {"a 7c"}  # 4 4 7 6: only 7c can mend it


@pytest.mark.parametrize("lead, refused_at, word", [
    ("4h 7h", "7h", "cannot end as pairs"), ("4h 4d 7s 8s", "8s", "cannot end as pairs"),
    ("4h 4d 4s 7c", "7c", "cannot end as pairs"), ("2h 3h 4h", "3h", "cannot end as pairs"),
    ("4h 4d 7s 8s 9s", "8s", "cannot end as pairs")])
def test_seed_002_illegal_leads_cannot_be_built(lead, refused_at, word):
    """Without partners for its unpaired ranks, the illegal lead cannot even be staged: the
    card that breaks the pattern is refused and is not offered. (Ac Ad keep the lead open:
    a pair of aces could still join.)"""
    assert warsaw_pairs_check(cards(lead), 5) is not None
    s = position(lead + " Ac Ad")
    for c in lead.split():
        if c == refused_at:
            assert f"a {c}" not in texts(s)
            with pytest.raises(IllegalAction, match=word):
                s.apply(Action.parse(f"0:a {c}"))
            return
        s.apply(Action.parse(f"0:a {c}"))
    raise AssertionError("the illegal lead was built")


@pytest.mark.parametrize("lead, partners, word", [
    ("4h 7h", "4d", "even lead must be pairs"),
    ("4h 4d 7s 8s", "8c", "even lead must be pairs"),
    ("4h 4d 4s 7c", "7d", "even lead must be pairs"),
    ("2h 3h 4h", "3d 4d", "odd lead is pairs plus one"),
    ("4h 4d 7s 8s 9s", "7c 8c", "odd lead is pairs plus one")])
def test_seed_002_illegal_leads_can_be_staged_with_partners_but_not_closed(lead, partners, word):
    """With cards that could still complete them, the same cards may be staged (on the way
    to a legal lead), but d refuses them as they are. The defender holds 7 here: room for
    the partners."""
    assert word in warsaw_pairs_check(cards(lead), 5)
    s = position(lead + " " + partners, defender=DEFENDER + " As 2c")
    for c in lead.split():
        s.apply(Action.parse(f"0:a {c}"))
    assert s.stage == "lead" and "d" not in texts(s)
    with pytest.raises(IllegalAction, match=word):
        s.apply(Action.parse("0:d"))


def test_six_card_lead_against_five_closes_at_five_and_takes_no_sixth():
    s = position("9h 9d 6s 6c 6h 6d")
    assert "at most 5" in warsaw_pairs_check(cards("9h 9d 6s 6c 6h 6d"), 5)
    for c in "9h 9d 6s 6c 6h".split():
        s.apply(Action.parse(f"0:a {c}"))
    assert s.stage == "defend" and len(s.attacks) == 5  # closed by itself at the limit
    with pytest.raises(IllegalAction):
        s.apply(Action.parse("0:a 6d"))


def test_lead_may_not_exceed_the_defenders_hand():
    s = position("4h 4d 7s 7c", defender="2s 3s 4s")
    for c in "4h 4d 7s".split():
        s.apply(Action.parse(f"0:a {c}"))
    assert s.stage == "defend" and s.attacks == list(cards("4h 4d 7s"))  # 3 = the limit
    s = position("4h 7s 8s 9s 4d 7c", defender="2s 3s 4s")
    s.apply(Action.parse("0:a 4h"))
    s.apply(Action.parse("0:a 7s"))  # 4 7 + a partner of either = 3: still fits
    with pytest.raises(IllegalAction, match="would need 5 cards .* more than the 3"):
        s.apply(Action.parse("0:a 8s"))
    assert texts(s) == {"a 4d", "a 7c"}


def test_a_whole_lead_in_one_action_is_refused():
    s = position("4h 4d 7s 7c Ac")
    with pytest.raises(IllegalAction, match="one card at a time"):
        s.apply(Action(0, ActionKind.ATTACK, cards("4h 4d")))


# ---------------------------------------------------------------- the completability test
def addable(staged, hand, limit):
    return {c for c in bits(addable_lead_cards(list(cards(staged)), mask_of(cards(hand)),
                                               limit))}


@pytest.mark.parametrize("staged, hand, limit, ok", [
    ("", "4h 4d 7s", 1, "4h 4d 7s"),           # any single card is a lead
    ("4h", "7s 7c 4d", 3, "4d 7s 7c"),          # 4 7 then 7: three cards fit
    ("4h", "7s 7c 4d", 2, "4d"),                 # 4 7 would need a third card: over 2
    ("4h 7s 8s", "4d 7c 9s", 5, "4d 7c"),      # 9: 8 and 9 both stay unpaired
    ("4h 7s 8s", "4d 7c 9s", 4, ""),           # 4 7 8 + one partner = 5 > 4
    ("4h", "7s 4d", 5, "4d 7s"),                # 4 7 then 4: 7 stays the odd one
    ("4h 7s", "4d 8s", 5, "4d"),                # 8 would leave 7 and 8 both unpaired
    ("7h", "7h.1 8c", 5, "7h.1 8c"),           # an identical card of pack 2 pairs
    ("5h 5d 5s", "5c 6h", 5, "5c 6h"),          # 5 5 5 5 or 5 5 5 + 6 ... 6 then needs 5
    ("5h 5d 5s 6h", "5c 6d", 5, "5c 6d"),
])
def test_addable_cards_on_hand_built_positions(staged, hand, limit, ok):
    assert addable(staged, hand, limit) == set(cards(ok))


def test_refusal_reasons_name_the_rule():
    assert "hold no more cards of 7 8" in lead_add_problem(
        list(cards("4h 7s")), mask_of(cards("4d 8s")), parse_card("8s"), 5)
    assert "would need 7 cards" in lead_add_problem(
        list(cards("4h 7s 8s")), mask_of(cards("4d 7c 8c 9s")), parse_card("9s"), 5)
    assert "at most 3" in lead_add_problem(
        list(cards("4h 4d 7s")), mask_of(cards("7c")), parse_card("7c"), 3)
    assert lead_add_problem(list(cards("4h")), mask_of(cards("4d")), parse_card("4d"), 5) is None


def completable_by_brute_force(staged, rest, limit):
    for k in range(len(rest) + 1):
        for more in combinations(rest, k):
            if warsaw_pairs_check(staged + more, limit) is None:
                return True
    return False


def test_addable_cards_are_exactly_those_with_a_legal_completion():
    rng = random.Random(5)
    deck = [c for c in range(128) if 2 <= c & 15 <= 14 and (c & 15) <= 7]  # few ranks: pairs
    for _ in range(150):
        pool = rng.sample(deck, rng.randint(2, 9))
        staged = tuple(pool[:rng.randint(0, 4)])
        hand = pool[len(staged):]
        limit = rng.randint(1, 7)
        got = set(bits(addable_lead_cards(list(staged), mask_of(hand), limit)))
        want = {c for c in hand
                if completable_by_brute_force(staged + (c,), [x for x in hand if x != c], limit)}
        assert got == want, (staged, hand, limit)


def test_the_flow_closes_exactly_the_legal_leads():
    """Every way of staging cards and closing, from a real position: the set of leads that
    can be closed is the set of legal leads of that hand within the defender's hand."""
    rng = random.Random(7)
    deck = [c for c in range(128) if 2 <= c & 15 <= 14 and (c & 15) <= 8]
    for _ in range(12):
        hand = rng.sample(deck, rng.randint(1, 7))
        limit = rng.randint(1, 5)
        defender = " ".join(f"{r}s" for r in ("J", "Q", "K", "A", "10")[:limit])
        start = position(" ".join(str_card(c) for c in hand), defender=defender)
        closed, seen = set(), set()
        stack = [start]
        while stack:
            s = stack.pop()
            key = frozenset(s.attacks)
            if s.stage != "lead":
                closed.add(key)
                continue
            if key in seen:
                continue
            seen.add(key)
            actions = list(s.legal_actions(0))
            assert actions and len(actions) <= len(hand) + 1  # O(hand): never stuck
            for a in actions:
                nxt = s.clone()
                nxt.apply(a)
                stack.append(nxt)
        want = {frozenset(lead) for lead in brute_force(mask_of(hand), limit)}
        assert closed == want, (hand, limit)


def str_card(c):
    return card_text(c, ascii=True)


# ---------------------------------------------------------------- the whole-lead generator
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


def test_timeout_moves_finish_any_staged_lead_legally():
    """default_action (the turn timer) from any staged lead: legal steps that end in a
    closed legal lead within hand-size + 1 steps; from nothing staged: the lowest non-trump
    single card, then d."""
    s = position("4h 4d 7s 7c 6h Ac 2s")  # trump spades: 2s is the lowest card, a trump
    assert s.default_action(0).text() == "a 4h"
    s.apply(s.default_action(0))
    assert s.default_action(0).text() == "d"
    rng = random.Random(3)
    deck = [c for c in range(128) if 2 <= c & 15 <= 14 and (c & 15) <= 9]
    for _ in range(40):
        hand = rng.sample(deck, rng.randint(2, 9))
        s = position(" ".join(str_card(c) for c in hand),
                     defender=" ".join("Js Qs Ks As 10s Ah".split()[:rng.randint(1, 6)]))
        for _ in range(rng.randint(0, 4)):  # stage a few random legal cards first
            adds = [a for a in s.legal_actions(0) if a.kind is ActionKind.ATTACK]
            if s.stage != "lead" or not adds:
                break
            s.apply(rng.choice(adds))
        for _ in range(len(hand) + 1):
            if s.stage != "lead":
                break
            move = s.default_action(0)
            assert move in set(s.legal_actions(0))
            s.apply(move)
        assert s.stage == "defend" and warsaw_pairs_check(tuple(s.attacks), s.capacity) is None
