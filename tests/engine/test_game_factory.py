"""bot.engine.game: the one place that picks a deal's class, for new deals, saved deals,
positions, replays and the next deal of a series; dealing a known card order."""

from __future__ import annotations

import random

import pytest

from bot.engine import (
    Action,
    Code,
    GameState,
    HouseState,
    InvalidState,
    RuleSet,
    ThrowInState,
    WarsawState,
    deal_class,
    deal_from_dict,
    deal_from_position,
    new_deal,
    next_deal,
    replay_deal,
)
from bot.engine.core.cards import bits, card_text, mask_of, parse_card
from bot.engine.core.deal import shuffled_deck
from bot.engine.verify.random_play import play_random_game

CLASSES = [
    (RuleSet.preset("podkidnoy"), ThrowInState),
    (RuleSet.preset("perevodnoy_showing", players=4), ThrowInState),
    (RuleSet.preset("teams", players=4), ThrowInState),
    (RuleSet.preset("podkidnoy", trump_exchange="lowest_before_play"), ThrowInState),
    (RuleSet.preset("podkidnoy", jokers=2, spades_by_spades=True), ThrowInState),
    (RuleSet.preset("prostoy_pagat"), HouseState),
    (RuleSet.preset("podkidnoy", poker=True), HouseState),
    (RuleSet.preset("podkidnoy", weli=True), HouseState),
    (RuleSet.preset("podkidnoy", changeable_trump=True), HouseState),
    (RuleSet.preset("podkidnoy", albanian=True), HouseState),
    (RuleSet.preset("duren_piatkowy", players=3), WarsawState),
    (RuleSet.preset("duren_piatkowy", players=9), WarsawState),
]


@pytest.mark.parametrize(("rules", "cls"), CLASSES, ids=lambda x: getattr(x, "__name__", ""))
def test_the_rules_pick_the_class_everywhere(rules, cls):
    assert deal_class(rules) is cls
    state = new_deal(rules, 3)
    assert type(state) is cls and isinstance(state, GameState)
    assert type(deal_from_dict(state.to_dict())) is cls
    played, actions = play_random_game(rules, 3)
    assert type(replay_deal(rules, 3, actions)) is cls
    assert type(next_deal(rules, played.outcome, played.dealer, 4)) is cls


def test_every_class_shows_the_whole_face():
    """GameState is a runtime-checkable Protocol: every member is there on every class."""
    for rules, _ in CLASSES:
        state = new_deal(rules, 1)
        assert isinstance(state, GameState)
        assert isinstance(state.clone(), GameState)
    assert not isinstance(RuleSet(), GameState)


@pytest.mark.parametrize("rules", [
    RuleSet.preset("podkidnoy"), RuleSet.preset("perevodnoy", players=6),  # 6 x 6 = 36
    RuleSet.preset("vietnamese", players=3), RuleSet.preset("podkidnoy", albanian=True),
    RuleSet.preset("podkidnoy", changeable_trump=True, players=4),
    RuleSet.preset("duren_piatkowy", players=9),  # two packs: 104 cards
], ids=lambda r: f"{r.preset_name}-{r.players}")
def test_the_seeds_card_order_deals_the_seeds_deal(rules):
    for seed in range(5):
        by_seed = new_deal(rules, seed)
        order = shuffled_deck(rules, seed)[0]
        by_order = new_deal(rules, seed, by_seed.dealer, deck_order=order)
        assert by_order.to_dict() == by_seed.to_dict()
        as_text = new_deal(rules, seed, by_seed.dealer,
                           deck_order=" ".join(card_text(c, True) for c in order))
        assert as_text.to_dict() == by_seed.to_dict()


def test_a_deck_order_deals_round_the_table_from_the_dealers_left():
    rules = RuleSet.preset("podkidnoy", players=3)
    order = shuffled_deck(rules, 99)[0]
    random.Random(5).shuffle(order)
    s = new_deal(rules, deck_order=order, dealer=1)
    # one card at a time clockwise from seat 2 (left of the dealer): 2, 0, 1, 2, 0, 1, ...
    assert s.hands[2] == mask_of(order[0:18:3])
    assert s.hands[0] == mask_of(order[1:18:3])
    assert s.hands[1] == mask_of(order[2:18:3])
    assert s.turnup == order[18] and s.trump == (order[18] >> 4) & 3
    # the stock in drawing order: the card after the turn-up first, the turn-up last
    assert s.stock[::-1] == order[19:] + [order[18]]


def test_a_known_deal_replays_a_real_game():
    """The deal of a real game, written down card by card, replays its recorded moves."""
    rules = RuleSet.preset("podkidnoy")
    order = ("7s 9h Ks 6d Qh 8d 8s Jd 10d 10h 9c Ad 9d "  # hands 0/1 alternately, turn-up 9d
             "6s 7h 8h 6h 7c 8c Js Qs As 10s 9s 7d Qd Kd 10c Jc Qc Kc Ac Kh Ah Jh 6c")
    s = new_deal(rules, deck_order=order, dealer=1)
    assert {card_text(c, True) for c in bits(s.hands[0])} == {"7s", "Ks", "Qh", "8s",
                                                              "10d", "9c"}
    assert s.turnup == parse_card("9d") and s.stock[-1] == parse_card("6s")  # drawn first
    rng, moves = random.Random(3), []
    while not s.is_over:
        action = rng.choice(list(s.legal_actions(s.waiting_on()[0])))
        s.apply(action)
        moves.append(action.log_text())
    again = replay_deal(rules, 0, moves, dealer=1, deck_order=order)
    assert again.is_over and again.to_dict() == s.to_dict()


@pytest.mark.parametrize(("order", "problem"), [
    ("6h 7h", "missing"),
    ("6h " + " ".join(card_text(c, True) for c in shuffled_deck(RuleSet(), 1)[0][1:]) + " 6h",
     "named twice 6h"),
    (" ".join(card_text(c, True) for c in shuffled_deck(RuleSet(), 1)[0][1:]) + " 2h",
     "not in the deck 2h"),
])
def test_an_order_that_is_not_the_deck_is_refused(order, problem):
    with pytest.raises(InvalidState) as info:
        new_deal(RuleSet(), deck_order=order)
    assert info.value.code is Code.DECK_ORDER_NOT_DECK
    assert info.value.params["deck_size"] == 36 and problem in str(info.value.params["problem"])


def test_positions_of_every_game_come_from_the_factory():
    throw_in = deal_from_position(RuleSet.preset("podkidnoy"), hands=["6h 8h", "Ah"],
                                  trump="s", attacker=0, table=[("7h", None)], stock="10s Js")
    assert type(throw_in) is ThrowInState and throw_in.table_pairs() == [(parse_card("7h"),
                                                                          None)]
    pagat = deal_from_position(RuleSet.preset("prostoy_pagat"), hands=["6h 7h", "Ah"],
                               trump="s", attacker=0, stock="10s Js")
    assert type(pagat) is HouseState
    warsaw = deal_from_position(RuleSet.preset("duren_piatkowy"),
                                hands=["4h 4d", "5h 8h", "5c 6d"], trump="s", attacker=0,
                                front=["9c", "", ""])
    assert type(warsaw) is WarsawState and warsaw.rules.players == 3
    assert list(warsaw.view(0).front[0]) == [parse_card("9c")]
    warsaw.apply(Action.parse("0:a 4h"))
    assert warsaw.view(1).lead_open


def test_a_saved_deal_that_is_no_deal_is_refused():
    for bad in ({}, [], {"format": 1}, {"rules": {"players": 2}, "format": 7}):
        with pytest.raises(InvalidState) as info:
            deal_from_dict(bad)  # type: ignore[arg-type]
        assert info.value.code is Code.STATE_FORMAT
