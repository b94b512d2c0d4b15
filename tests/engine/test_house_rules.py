"""Every house rule of RULES.md's table: each test fails if its rule is ignored."""

import json
import random

import pytest

from bot.engine import (
    Action,
    ActionKind,
    Card,
    GameState,
    IllegalAction,
    RulesError,
    RuleSet,
    deal_from_dict,
    new_deal,
)
from bot.engine.core.cards import DIAMONDS, JOKER_RANK, SPADES
from bot.engine.core.deal import first_attacker
from bot.engine.core.rules import HOUSE_RULES, random_house_rules
from bot.engine.verify.random_play import play_random_game

from .helpers import act, pos, texts


def covers(state: GameState, seat: int = 1) -> set[str]:
    return {t for t in texts(state, seat) if t.startswith("c ")}


def test_spades_by_spades_only_higher_spades_beat_a_plain_spade():
    for on, expected in ((True, {"c 9s 10s"}), (False, {"c 9s 10s", "c 9s 6h"})):
        s = pos(rules={"spades_by_spades": on}, hands=["9s", "10s 6h 7d"], trump="h",
                attacker=0, stock="Ac")
        act(s, "0:a 9s")
        assert covers(s) == expected


def test_spades_by_spades_never_turns_up_a_spade():
    rules = RuleSet(spades_by_spades=True, players=4)
    trumps = {new_deal(rules, seed).trump for seed in range(300)}
    assert SPADES not in trumps and len(trumps) == 3


def test_crazy_diamonds_always_trump_and_spades_by_spades():
    rules = RuleSet(crazy=True, players=3)
    states = [new_deal(rules, seed) for seed in range(100)]
    assert {s.trump for s in states} == {DIAMONDS}
    assert any((s.turnup >> 4) & 3 != DIAMONDS for s in states)  # the turn-up only marks
    s = pos(rules={"crazy": True}, hands=["9s 9c", "10s 6d 7d"], trump="d", attacker=0,
            stock="Ac")
    act(s, "0:a 9s")
    assert covers(s) == {"c 9s 10s"}


def test_no_trump_nothing_trumps_and_left_of_dealer_leads():
    s = pos(rules={"no_trump": True}, hands=["9s", "6h 10s"], trump=-1, attacker=0,
            stock="Ac")
    act(s, "0:a 9s")
    assert covers(s) == {"c 9s 10s"}
    for seed in range(20):
        g = new_deal(RuleSet(no_trump=True, players=3), seed)
        assert g.trump == -1 and g.attacker == (g.dealer + 1) % 3


@pytest.mark.parametrize("mode", ["trump", "every_suit"])
def test_fallen_ace(mode):
    s = pos(rules={"fallen_ace": mode}, hands=["Ah Kh", "6h 7s"], trump="h", attacker=0,
            stock="Ac")
    act(s, "0:a Ah")
    assert "c Ah 6h" in covers(s)  # the lowest trump beats the trump ace (both forms)
    s = pos(rules={"fallen_ace": mode}, hands=["As Kh", "6s 7c"], trump="h", attacker=0,
            stock="Ac")
    act(s, "0:a As")
    assert ("c As 6s" in covers(s)) is (mode == "every_suit")
    s = pos(rules={"fallen_ace": mode}, hands=["Kh Ks", "6h 7s"], trump="h", attacker=0,
            stock="Ac")
    act(s, "0:a Kh")
    assert not covers(s)  # only the ace falls
    plain = pos(hands=["Ah Kh", "6h 7s"], trump="h", attacker=0, stock="Ac")
    act(plain, "0:a Ah")
    assert not covers(plain)


def test_albanian_turn_up_is_drawn_first():
    rules = RuleSet(albanian=True, players=2)
    s = new_deal(rules, 3)
    assert s.stock[-1] == s.turnup  # on top: the next card drawn
    plain = new_deal(RuleSet(players=2), 3)
    assert plain.stock[0] == plain.turnup
    state, _ = play_random_game(rules, 3, check=True)
    assert state.is_over


def test_albanian_drawer_is_known_to_hold_the_turn_up():
    rules = RuleSet(albanian=True, players=2)
    s = new_deal(rules, 5)
    up = s.turnup
    rng = random.Random(5)
    while s.turnup in s.stock:
        seat = s.waiting_on()[0]
        s.apply(rng.choice(list(s.legal_actions(seat))))
    holder = next(p for p in range(2) if s.hands[p] >> up & 1)
    assert up in s.view(1 - holder).known[holder]


def test_changeable_trump_reveals_the_hidden_card():
    rules = RuleSet(changeable_trump=True, players=2)
    seen = 0
    for seed in range(60):
        s = new_deal(rules, seed)
        hidden, up = s.hidden, s.turnup
        assert s.stock[0] == hidden and s.stock[1] == up and s.view(0).hidden_under_turnup
        if (hidden >> 4) & 3 == (up >> 4) & 3:
            continue
        rng = random.Random(seed)
        changed = None
        while not s.is_over and s.hidden >= 0:
            seat = s.waiting_on()[0]
            for e in s.apply(rng.choice(list(s.legal_actions(seat)))):
                if e.kind.value == "trump_changed":
                    changed = e
        if changed is not None:
            assert s.trump == (hidden >> 4) & 3 and s.turnup == hidden
            assert changed.cards == (hidden,)
            seen += 1
    assert seen >= 5


def test_railway_deals_every_card_and_the_trump_card_is_out_of_play():
    rules = RuleSet(railway=True, players=4)
    s = new_deal(rules, 11)
    assert not s.stock
    assert sum(h.bit_count() for h in s.hands) == 35
    assert s.discard == 1 << s.turnup and s.trump == (s.turnup >> 4) & 3
    assert play_random_game(rules, 11, check=True)[0].is_over


def test_poker_swap_before_leading():
    s = pos(rules={"poker": True}, hands=["7h 9c 10s", "6s 8s Js"],
            trump="d", attacker=0, stock="Ah Kh Qh Ad")
    assert "p 7h 9c" in texts(s, 0) and "p 7h" in texts(s, 0)
    assert not any(t.startswith("p ") for t in texts(s, 1))
    act(s, "0:p 7h 9c")
    assert s.hands[0] == sum(1 << Card.parse(c) for c in "10s Ah Kh".split())
    assert len(s.stock) == 4 and s.stock[0] == Card.parse("Ad") and s.poker_left == 2
    with pytest.raises(IllegalAction, match="one swap per lead"):
        act(s, "0:p 10s")
    plain = pos(hands=["7h 9c 10s", "6s 8s Js"], trump="d", attacker=0, stock="Ah Kh Qh Ad")
    with pytest.raises(IllegalAction):
        act(plain, "0:p 7h 9c")


def test_poker_needs_more_in_the_stock_than_the_turn_up_and_three_per_deal():
    s = pos(rules={"poker": True}, hands=["7h 9c 10s", "6s 8s Js"], trump="d", attacker=0,
            stock="Ah Ad")
    assert "p 7h" in texts(s, 0) and "p 7h 9c" not in texts(s, 0)
    only_turnup = pos(rules={"poker": True}, hands=["7h 9c 10s", "6s 8s Js"], trump="d",
                      attacker=0, stock="Ad")
    assert not any(t.startswith("p ") for t in texts(only_turnup, 0))
    most = 0
    for seed in range(30):  # random play swaps whenever it likes: never a fourth time
        _, actions = play_random_game(RuleSet(poker=True, players=2), seed)
        swaps = sum(a.kind is ActionKind.POKER for a in actions)
        assert swaps <= 3
        most = max(most, swaps)
    assert most == 3


def test_jokers_beat_their_colour_even_trumps_and_cannot_be_beaten():
    rules = {"jokers": 2, "deck": 52}
    s = pos(rules=rules, hands=["Ah", "*r *b 3c"], trump="h", attacker=0, stock="Ac")
    act(s, "0:a Ah")
    assert covers(s) == {"c Ah *r"}
    s = pos(rules=rules, hands=["*r 3c", "*b Ah As 2h"], trump="h", attacker=0, stock="Ac")
    assert "a *r" in texts(s, 0)
    act(s, "0:a *r")
    assert not covers(s)  # a led joker cannot be beaten
    s = pos(rules=rules, hands=["*r *b 3c", "Ah As 2h"], trump="h", attacker=0, stock="Ac")
    assert "a *r *b" not in texts(s, 0)
    with pytest.raises(IllegalAction, match="alone"):
        act(s, "0:a *r *b")


def test_jokers_have_no_rank_for_throw_ins_and_are_never_turned_up():
    rules = {"jokers": 2, "deck": 52}
    s = pos(rules=rules, hands=["*r 3c 4d", "5h 5s Ks", "*b 6c 7c"], trump="h",
            attacker=0, stock="Ac")
    act(s, "0:a *r")
    assert not any(t.startswith("a ") for t in texts(s, 2))  # the other joker is no "rank"
    full = RuleSet(jokers=2, deck=52, players=3)
    for seed in range(200):
        g = new_deal(full, seed)
        assert g.turnup & 15 != JOKER_RANK
        assert g.deck_mask.bit_count() == 54


def test_weli_names_its_suit_when_played():
    rules = {"weli": True}
    s = pos(rules=rules, hands=["6d 9h", "7s 7d 10c"], trump="c", attacker=0, stock="Ac")
    assert {"a 6d>s", "a 6d>h", "a 6d>d", "a 6d>c"} <= texts(s, 0)
    with pytest.raises(IllegalAction, match="name its suit"):
        act(s, "0:a 6d")
    act(s, "0:a 6d>s")
    assert covers(s) == {"c 6d 7s", "c 6d 10c"}  # a 6 of spades: 7s or a trump, not 7d
    assert s.view(1).weli_suit == SPADES
    s = pos(rules=rules, hands=["9h 10s", "6d 7s"], trump="c", attacker=0, stock="Ac")
    act(s, "0:a 9h")
    assert covers(s) == {"c 9h 6d>c"}  # only named clubs (the trump) does it beat 9h
    with pytest.raises(IllegalAction, match="does not beat"):
        act(s, "1:c 9h 6d>s")
    act(s, "1:c 9h 6d>c")
    plain = pos(hands=["9h 10s", "6d 7s"], trump="c", attacker=0, stock="Ac")
    act(plain, "0:a 9h")
    assert not covers(plain)
    assert Action.parse("c 9h 6d>c", 1).text() == "c 9h 6d>c"


def test_weli_refused_without_a_six_of_diamonds():
    with pytest.raises(RulesError, match="no sixes"):
        RuleSet(weli=True, deck=24).validate()


def test_jacks_high_trump_jack_highest_other_jack_second_and_a_trump():
    rules = {"jacks_high": True}
    s = pos(rules=rules, hands=["Ah", "Jh Jd Kh"], trump="h", attacker=0, stock="Ac")
    act(s, "0:a Ah")
    assert covers(s) == {"c Ah Jh", "c Ah Jd"}
    s = pos(rules=rules, hands=["Jd", "Jh Qd Ah"], trump="h", attacker=0, stock="Ac")
    act(s, "0:a Jd")
    assert covers(s) == {"c Jd Jh"}  # the other red jack is a trump above the ace
    s = pos(rules=rules, hands=["As", "Jd 7c"], trump="h", attacker=0, stock="Ac")
    act(s, "0:a As")
    assert covers(s) == {"c As Jd"}  # ... and beats any plain card
    s = pos(rules=rules, hands=["Jd 9s Js", "Jh 10s 8c"], trump="h", attacker=0,
            stock="Ac")
    act(s, "0:a Jd")
    act(s, "1:c Jd Jh")
    assert "a Js" in texts(s, 0)  # both keep rank J for throw-ins
    plain = pos(hands=["Ah", "Jh Jd Kh"], trump="h", attacker=0, stock="Ac")
    act(plain, "0:a Ah")
    assert not covers(plain)


def test_cut_is_recorded_and_changes_no_card():
    rules = RuleSet(cut=True, players=3)
    assert RuleSet.from_dict(json.loads(json.dumps(rules.to_dict()))).cut is True
    assert new_deal(rules, 9).hands == new_deal(RuleSet(players=3), 9).hands
    assert "cut" in rules.house_rules_on()


@pytest.mark.parametrize("combo, reason", [
    ({"crazy": True, "no_trump": True}, "pick one"),
    ({"no_trump": True, "jacks_high": True}, "needs a trump suit"),
    ({"railway": True, "poker": True}, "no stock"),
    ({"albanian": True, "changeable_trump": True}, "pick one"),
    ({"weli": True, "deck": 24}, "no sixes"),
    ({"no_trump": True, "trump_exchange": "lowest_before_play"}, "no_trump"),
])
def test_combinations_that_cannot_work_are_refused_with_a_reason(combo, reason):
    with pytest.raises(RulesError, match=reason):
        RuleSet().with_overrides(combo).validate()


def test_allowed_text_bad_values_are_rules_errors_not_type_errors():
    from bot.engine.core.rules import allowed_text, parse_value
    with pytest.raises(RulesError, match="sideways"):
        RuleSet.parse_assignment("transfer=sideways")
    with pytest.raises(RulesError):
        allowed_text("no_such_rule")
    with pytest.raises(RulesError):
        allowed_text(None)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        parse_value("transfer", ["sideways"])
    assert allowed_text("transfer") == "none, play, play_or_show"


def test_random_house_rule_mixes_are_valid_and_varied():
    rng = random.Random(1)
    seen = set()
    for _ in range(200):
        mix = random_house_rules(RuleSet(players=3), rng)
        assert not mix.problems()
        seen.update(mix.house_rules_on())
    assert seen == {name for name, _ in HOUSE_RULES}


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy_showing", "prostoy_pagat",
                                    "large_deck", "single_card"])
def test_random_house_rule_games_keep_the_invariants(preset):
    rng = random.Random(preset)
    kinds = set()
    for seed in range(40):
        rules = random_house_rules(RuleSet.preset(preset, players=2 + seed % 3), rng)
        state, actions = play_random_game(rules, seed, check=True, explore=seed % 2 == 0)
        assert state.is_over
        kinds.update(a.kind for a in actions)
    assert ActionKind.POKER in kinds


def test_house_states_round_trip_through_json_mid_deal():
    rng = random.Random(4)
    checked = 0
    for seed in range(30):
        rules = random_house_rules(RuleSet(players=3), rng, chance=0.5)
        s = new_deal(rules, seed)
        moves = random.Random(seed)
        while not s.is_over:
            seat = moves.choice(s.actors())
            s.apply(moves.choice(list(s.legal_actions(seat))))
            if moves.random() < 0.1:
                d = json.loads(json.dumps(s.to_dict()))
                back = deal_from_dict(d)
                assert back.to_dict() == d and type(back) is type(s)
                assert all(list(back.legal_actions(p)) == list(s.legal_actions(p))
                           for p in range(3))
                checked += 1
    assert checked > 50


def test_jokers_are_not_trumps_for_the_first_attacker():
    # nobody holds a spade but seat 2 holds the black joker: left of the dealer leads
    def first(hands: list[str]) -> int:  # RULES.md deal step 5, on these hands
        s = pos(rules={"jokers": 2, "deck": 52}, hands=hands, trump="s", attacker=0,
                stock="As", dealer=0)
        return first_attacker(s.rules, s.hands, s.trump, s.dealer, False, None)

    assert first(["2h 3h", "4h 5h", "*b 6h"]) == 1
    assert first(["2h 3h", "4h 5h", "*b 6s"]) == 2
