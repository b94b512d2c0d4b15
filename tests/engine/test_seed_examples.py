"""The rule texts' own worked examples (../shared/seeds), played through the engine."""

import pytest

from bot.engine import Card, IllegalAction

from .helpers import act, pos, texts


def _mask(cards: str) -> int:
    m = 0
    for t in cards.split():
        m |= 1 << Card.parse(t)
    return m


def test_seed_000_three_player_example():
    """A leads J♠ J♦ 9♥ with diamonds trumps; B beats 9♥ with Q♥, trumps J♠ with 6♦ and
    picks up J♦. B did not beat all three, so C attacks next and A defends."""
    a, b, c = 0, 1, 2
    s = pos("prostoy_pagat", hands=["Js Jd 9h 7c 8c", "Qh 6d 10s 7s 8s", "7h 8h Ac Kc Qc"],
            trump="d", attacker=a, stock="9c 10c Jc Ad")
    act(s, "0:a Js Jd 9h")
    act(s, "1:c 9h Qh")
    act(s, "1:c Js 6d")
    act(s, "1:d")
    assert s.discard & _mask("Js 9h Qh 6d") == _mask("Js 9h Qh 6d")
    assert s.hands[b] & _mask("Jd") and s.known[b] & _mask("Jd")
    assert (s.attacker, s.defender) == (c, a)


@pytest.mark.parametrize("lead", ["6h 6d 9c", "6h 6d 6c", "7c 7h Qs Qh 10h", "7c 7h Qs Qh 7s",
                                  "7c 7h 7s 7d Qh"])
def test_seed_000_lead_patterns_are_legal(lead):
    hand = lead + " " + " ".join(t for t in "Ad Kd".split() if t not in lead)
    s = pos("prostoy_pagat", hands=[hand, "8s 9s 10s Js Ks", "8h 9h Jh Kh As"],
            trump="c", attacker=0, stock="Jc Qc Ac Kc")
    act(s, "0:a " + lead)
    assert len(s.attacks) == len(lead.split())


@pytest.mark.parametrize("lead", ["6h 9c", "6h 9c Qs", "6h 6d 9c Qs", "6h 6d 9c Qs Ks",
                                  "6h 6d 6c 9c Qs Ks"])
def test_seed_000_wrong_patterns_are_illegal(lead):
    s = pos("prostoy_pagat", hands=["6h 6d 6c 9c Qs Ks", "8s 9s 10s Js As 7s", "8h 9h 10h"],
            trump="c", attacker=0, stock="8c 10c Jc")
    with pytest.raises(IllegalAction):
        act(s, "0:a " + lead)


def test_seed_003_beating_examples():
    """003: a 7♠ is beaten by a higher spade such as 10♠ or by any trump; a 6 of trumps
    beats an ace of any other suit; a trump only by a higher trump; equal never."""
    s = pos(hands=["7s", "10s 6d 6s Kh"], trump="d", attacker=0, stock="Ac")
    act(s, "0:a 7s")
    assert {t for t in texts(s, 1) if t.startswith("c ")} == {"c 7s 10s", "c 7s 6d"}
    s = pos(hands=["Ah", "6d 7h"], trump="d", attacker=0, stock="Ac")
    act(s, "0:a Ah")
    assert {t for t in texts(s, 1) if t.startswith("c ")} == {"c Ah 6d"}
    s = pos(hands=["8d", "7d 9d Ah"], trump="d", attacker=0, stock="Ac")
    act(s, "0:a 8d")
    assert {t for t in texts(s, 1) if t.startswith("c ")} == {"c 8d 9d"}


def test_seed_004_beating_examples():
    """004, diamonds trumps: J♣ beats 10♣ but not Q♣ or 5♥; 2♦ beats A♠ but not 8♦."""
    rules = {"deck": 52}
    for attack, yes, no in (("10c", "Jc", ""), ("Qc", "", "Jc"), ("5h", "", "Jc"),
                            ("As", "2d", ""), ("8d", "", "2d")):
        hand = (yes + " " + no).strip() + " 3s"
        s = pos(rules=rules, hands=[attack, hand], trump="d", attacker=0, stock="Ac")
        act(s, "0:a " + attack)
        covers = {t for t in texts(s, 1) if t.startswith("c ")}
        if yes:
            assert f"c {attack} {yes}" in covers
        if no:
            assert f"c {attack} {no}" not in covers


def test_seed_004_deuce_beats_ace_with_fallen_ace_every_suit():
    """004: "the 2 beats an ace of the same suit; so the trump deuce beats all aces"."""
    for fallen, legal in (("every_suit", True), ("none", False)):
        s = pos(rules={"deck": 52, "fallen_ace": fallen}, hands=["Ac", "2c 3s"], trump="d",
                attacker=0, stock="Ah")
        act(s, "0:a Ac")
        assert ("c Ac 2c" in texts(s, 1)) is legal
        s = pos(rules={"deck": 52, "fallen_ace": fallen}, hands=["Ad", "2d 3s"], trump="d",
                attacker=0, stock="Ah")
        act(s, "0:a Ad")
        assert ("c Ad 2d" in texts(s, 1)) is legal
