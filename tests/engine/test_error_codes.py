"""Every refusal has a code (bot.engine.Code) and every code is raised somewhere reachable:
one example per code, through the public API, checks the error's class, its code, its
parameters and that ``str()`` is the code's English sentence filled in. A code without an
example must say in ``UNREACHABLE`` why no game reaches it.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

import pytest

from bot.engine import (
    Action,
    ActionKind,
    Card,
    Code,
    EngineError,
    IllegalAction,
    InvalidAction,
    InvalidAssignment,
    InvalidCard,
    InvalidState,
    Phase,
    RulesError,
    RuleSet,
    deal_from_dict,
    deal_from_position,
    new_deal,
)
from bot.engine.core.actions import WELI_AS
from bot.engine.history import PublicHistory
from bot.engine.verify.random_play import play_random_game

K = ActionKind

# Codes no game reaches today, and why (kept because the check guards the rule).
UNREACHABLE = {
    Code.TRANSFER_OVER_LIMIT: "a transfer needs every attack card of one rank: at most four "
                              "with one pack, and the smallest bout limit is five",
    Code.DECK_TOO_SMALL: "with 2-10 players a five-card hand always fits one 52-card pack, "
                         "so the advice to use a smaller hand always has a size to name",
    Code.PHASE_FULL: "a Warsaw seat gets the lead only while the phase has room, and its "
                     "turn ends as soon as the room is used up",
}


def pos(preset: str = "podkidnoy", rules: dict | None = None, **position):
    r = RuleSet.preset(preset, players=len(position["hands"]), **(rules or {}))
    return deal_from_position(r, **position)


def act(text_or_action, state_fn):
    """A function that builds a state and applies one action to it (the one under test)."""
    def run():
        state = state_fn()
        a = Action.parse(text_or_action) if isinstance(text_or_action, str) else text_or_action
        state.apply(a)
    return run


def after(state, *texts: str):
    for t in texts:
        state.apply(Action.parse(t))
    return state


def c(text: str) -> int:
    return int(Card.parse(text))


# -- positions the examples start from -------------------------------------------------
def lead_now():  # seat 0 leads against seat 1
    return pos(hands=["6h 7h 8h 6d", "9h 10h Jh"], trump="s", attacker=0, stock="As Ks")


def small_defender():  # the defender holds one card: the limit is one
    return pos(hands=["6h 6d 7c", "9h"], trump="s", attacker=0, stock="As Ks")


def six_on_table(**extra):
    position = dict(hands=["6d 7d 8c", "9h 10h 6c Ad"], trump="s", attacker=0,
                    stock="As Ks", table=[("6h", None)])
    position.update(extra)
    preset = position.pop("preset", "podkidnoy")
    rules = position.pop("rules", None)
    return pos(preset, rules, **position)


def three_at_table(preset: str = "podkidnoy", rules: dict | None = None):
    return pos(preset, rules, hands=["6d 7d", "9h 10h Jh", "6c 8c"], trump="s", attacker=0,
               stock="As Ks", table=[("6h", None)])


def first_state(rules: RuleSet, phase: Phase, seeds: int = 400):
    """The first state in ``phase`` met while playing seeded random games."""
    for seed in range(seeds):
        s = new_deal(rules, seed)
        rng = random.Random(seed)
        while not s.is_over:
            if s.phase is phase:
                return s
            acts = list(s.legal_actions(s.waiting_on()[0]))
            s.apply(rng.choice(acts))
    raise AssertionError(f"no {phase} state in {seeds} games")


def lowest_before_play():
    return first_state(RuleSet.preset("podkidnoy", players=3,
                                       trump_exchange="lowest_before_play"), Phase.EXCHANGE)


def warsaw_exchange():
    return first_state(RuleSet.preset("duren_piatkowy", players=3), Phase.EXCHANGE)


def finished():
    return play_random_game(RuleSet.preset("podkidnoy"), 1)[0]


def warsaw(hands, front=None, attacker=0, **rules):
    r = RuleSet.preset("duren_piatkowy", players=len(hands), **rules)
    return deal_from_position(r, hands=hands, trump="s", attacker=attacker, stock="",
                              front=front)


WARSAW_HANDS = ["4h 4d 7h 7d 9c", "5h 8h 2s 3c 3d", "5c 6d 10s Js Qs"]


def warsaw_lead():  # seat 0 builds a lead against seat 1 (five cards)
    return warsaw(WARSAW_HANDS)


def warsaw_defend():  # the lead 4h 4d is closed: seat 1 covers
    return after(warsaw_lead(), "0:a 4h", "0:a 4d", "0:d")


def warsaw_add():  # seat 1 beat 4h 4d with 5h 2s: seat 2 may lead a five or a two
    return after(warsaw_defend(), "1:c 4h 5h", "1:c 4d 2s")


def house(rules: dict, **position):
    position.setdefault("trump", "s")
    position.setdefault("attacker", 0)
    position.setdefault("stock", "As Ks Qs")
    return pos("podkidnoy", rules, **position)


def pagat(**position):
    position.setdefault("hands", ["6h 7h", "9h 10h"])
    position.setdefault("stock", "As Ks Qs")
    return pos("prostoy_pagat", trump="s", attacker=0, **position)


def poker_used_up():
    s = house({"poker": True}, hands=["6h 7h", "9h 10h"])
    d = s.to_dict()
    d["house"]["poker_left"] = 0
    return deal_from_dict(d)


def bad_dict(change: Callable[[dict], None], state_fn=lead_now):
    d = state_fn().to_dict()
    change(d)
    return lambda: deal_from_dict(d)


def _drop_last_cover(d: dict) -> None:
    d["covers"] = ""


def _drop_front(d: dict) -> None:
    d["front"] = d["front"][:-1]


def _format(value) -> Callable[[dict], None]:
    return lambda d: d.update(format=value)


def validate(**values) -> Callable[[], object]:
    return lambda: RuleSet(**values).validate()


WARSAW_RULES = dict(lead="warsaw_pairs", on_fail="warsaw", deck=52, hand_size=5,
                    scoring="stakes", preset_name="duren_piatkowy")

EXAMPLES: dict[Code, tuple[type[EngineError], Callable[[], object]]] = {
    # syntax
    Code.NOT_A_CARD: (InvalidCard, lambda: Card.parse("zz")),
    Code.NOT_A_JOKER: (InvalidCard, lambda: Card.parse("*x")),
    Code.CARD_BAD_PACK: (InvalidCard, lambda: Card.parse("6h.7")),
    Code.WELI_SUIT_TEXT: (InvalidAction, lambda: Action.parse("0:a 7d>s")),
    Code.ACTION_OTHER_SEAT: (InvalidAction, lambda: Action.parse("1:t", player=0)),
    Code.ACTION_NO_SEAT: (InvalidAction, lambda: Action.parse("t")),
    Code.UNKNOWN_ACTION_TEXT: (InvalidAction, lambda: Action.parse("0:z")),
    Code.ACTION_CARD_COUNT: (InvalidAction, lambda: Action.parse("0:c 6h")),
    Code.ACTION_CARD_TWICE: (InvalidAction, lambda: Action.parse("0:a 6h 6h")),
    Code.SWAP_NEEDS_SIX: (InvalidAction, lambda: Action.parse("0:x 7h")),
    Code.ASSIGNMENT_SYNTAX: (InvalidAssignment, lambda: RuleSet.parse_assignment("deck")),
    # no action at all
    Code.NOT_AN_ACTION: (IllegalAction, lambda: lead_now().apply(5)),  # type: ignore[arg-type]
    Code.NO_SUCH_SEAT: (IllegalAction, act((9, K.PASS, ()), lead_now)),
    Code.UNKNOWN_ACTION_KIND: (IllegalAction, act((0, "zz", ()), lead_now)),
    Code.CARDS_NOT_IDS: (IllegalAction, act((0, K.ATTACK, [1]), lead_now)),
    Code.CARD_NAMED_TWICE: (IllegalAction, act(Action(0, K.ATTACK, (c("6h"), c("6h"))),
                                               lead_now)),
    # shared rules
    Code.DEAL_OVER: (IllegalAction, act("0:p", finished)),
    Code.NOT_IN_HAND: (IllegalAction, act("0:a 9h", lead_now)),
    Code.ALREADY_COVERED: (IllegalAction, act("1:c 6h 10h", lambda: six_on_table(
        table=[("6h", "9h"), ("6c", None)], hands=["6d 7d 8c", "10h Ad"]))),
    Code.DOES_NOT_BEAT: (IllegalAction, act("1:c 6h 6c", six_on_table)),
    Code.MUST_LEAD_NOT_PASS: (IllegalAction, act("0:p", lead_now)),
    # the throw-in games
    Code.EXCHANGE_PENDING: (IllegalAction, act((0, K.PASS, ()), lowest_before_play)),
    Code.NOT_EXCHANGE_HOLDER: (IllegalAction, lambda: (lambda s: s.apply(
        Action((s.exchange_holder + 1) % 3, K.EXCHANGE, ())))(lowest_before_play())),
    Code.EXCHANGE_NOT_NOW: (IllegalAction, act("0:e", lead_now)),
    Code.TAKE_NOT_DEFENDER: (IllegalAction, act("0:t", six_on_table)),
    Code.ALREADY_TAKING: (IllegalAction, act("1:t", lambda: six_on_table(taking=True))),
    Code.TAKE_NOTHING_UNCOVERED: (IllegalAction, act("1:t", lead_now)),
    Code.DEFENDER_PASSES: (IllegalAction, act("1:p", six_on_table)),
    Code.PASS_STANDS: (IllegalAction, act("0:p", lambda: six_on_table(passed=[0]))),
    Code.NOTHING_TO_ADD: (IllegalAction, act("0:p", lambda: six_on_table(
        hands=["7d 8c", "9h 10h 6c Ad"]))),
    Code.THROW_IN_NONE: (IllegalAction, act("0:a 6d", lambda: six_on_table(
        preset="single_card"))),
    Code.THROW_IN_PRINCIPAL: (IllegalAction, act("2:a 6c", lambda: three_at_table(
        "prostoy_classic"))),
    Code.THROW_IN_NEIGHBOURS: (IllegalAction, act("3:a 6c", lambda: pos(
        rules={"throw_in": "neighbours"}, hands=["6d", "10h Jh", "8c", "6c"], trump="s",
        attacker=0, stock="As Ks", table=[("6h", "9h")]))),
    Code.NOT_AN_ATTACKER: (IllegalAction, act("3:a 6c", lambda: pos(
        "teams", hands=["6d", "10h Jh", "8c", "6c"], trump="s", attacker=0, stock="As Ks",
        table=[("6h", "9h")]))),
    Code.COVER_NEEDS_TWO_CARDS: (IllegalAction, act(Action(1, K.COVER, (c("6h"),)),
                                                    six_on_table)),
    Code.COVER_NOT_DEFENDER: (IllegalAction, act("0:c 6h 7d", six_on_table)),
    Code.COVER_AFTER_TAKE: (IllegalAction, act("1:c 6h 9h", lambda: six_on_table(
        taking=True))),
    Code.NOT_ON_TABLE: (IllegalAction, act("1:c 7h 9h", six_on_table)),
    Code.ATTACK_NO_CARD: (IllegalAction, act(Action(0, K.ATTACK, ()), lead_now)),
    Code.DEFENDER_ATTACKS: (IllegalAction, act("1:a 9h", lead_now)),
    Code.NOT_THE_LEADER: (IllegalAction, act("2:a 6c", lambda: pos(
        hands=["6d 7d", "9h 10h Jh", "6c 8c"], trump="s", attacker=0, stock="As Ks"))),
    Code.LEAD_OVER_LIMIT: (IllegalAction, act("0:a 6h 6d", small_defender)),
    Code.THROW_IN_ONE_CARD: (IllegalAction, act(Action(0, K.ATTACK, (c("6d"), c("6c"))),
                                                lambda: six_on_table(
                                                    hands=["6d 6c", "9h 10h Ad"]))),
    Code.BOUT_LIMIT_REACHED: (IllegalAction, act("0:a 6d", lambda: six_on_table(limit=1))),
    Code.OTHERS_JOIN_AFTER_FIRST_BEAT: (IllegalAction, act("2:a 6c", three_at_table)),
    Code.RANK_NOT_ON_TABLE: (IllegalAction, act("0:a 7d", six_on_table)),
    # leads
    Code.LEAD_EMPTY: (IllegalAction, act("0:d", warsaw_lead)),
    Code.LEAD_SINGLE: (IllegalAction, act("0:a 6h 6d", lambda: pos(
        "prostoy_classic", hands=["6h 6d", "9h 10h"], trump="s", attacker=0, stock="As"))),
    Code.LEAD_SAME_RANK: (IllegalAction, act("0:a 6h 7h", lead_now)),
    Code.LEAD_PAGAT_PATTERN: (IllegalAction, act("0:a 6h 7h", pagat)),
    Code.JOKER_LED_ALONE: (IllegalAction, act("0:a *r 6h", lambda: house(
        {"jokers": 2}, hands=["*r 6h", "9h 10h"]))),
    Code.LEAD_OVER_DEFENDER_HAND: (IllegalAction, act("0:a 4h", lambda: warsaw(
        ["4h 4d", "", "5c 6d"]))),
    Code.LEAD_PAIRS_EVEN: (IllegalAction, act("0:d", lambda: after(warsaw_lead(), "0:a 4h",
                                                                    "0:a 7h"))),
    Code.LEAD_PAIRS_ODD: (IllegalAction, act("0:d", lambda: after(
        warsaw_lead(), "0:a 4h", "0:a 7h", "0:a 9c"))),
    Code.LEAD_CANNOT_PAIR: (IllegalAction, act("0:a 7h", lambda: after(warsaw(
        ["4h 7h 9c 9d Kd", "5h 8h 2s 3c 3d", "5c 6d 10s Js Qs"]), "0:a 4h"))),
    Code.LEAD_WOULD_EXCEED: (IllegalAction, act("0:a 7h", lambda: after(warsaw(
        ["4h 4d 7h 7d 9c", "5h 8h", "5c 6d 10s Js Qs"]), "0:a 4h"))),
    # transfers
    Code.TRANSFER_NOT_ALLOWED: (IllegalAction, act("1:r 6c", six_on_table)),
    Code.TRANSFER_ONE_CARD: (IllegalAction, act(Action(1, K.TRANSFER, (c("6c"), c("9h"))),
                                                lambda: six_on_table(preset="perevodnoy"))),
    Code.TRANSFER_NOT_DEFENDER: (IllegalAction, act("0:r 6d", lambda: six_on_table(
        preset="perevodnoy"))),
    Code.TRANSFER_AFTER_TAKE: (IllegalAction, act("1:r 6c", lambda: six_on_table(
        preset="perevodnoy", taking=True))),
    Code.JOKER_TRANSFER: (IllegalAction, act("1:r *r", lambda: house(
        {"jokers": 2, "transfer": "play"}, hands=["6d 7d", "*r 9h"], table=[("6h", None)]))),
    Code.TRANSFER_AFTER_COVER: (IllegalAction, act("1:r 6c", lambda: six_on_table(
        preset="perevodnoy", table=[("6h", "9h"), ("6s", None)],
        hands=["6d 7d 8c", "10h 6c Ad"]))),
    Code.TRANSFER_MIXED_RANKS: (IllegalAction, act("1:r 6c", lambda: six_on_table(
        preset="perevodnoy", table=[("6h", None), ("7h", None)]))),
    Code.TRANSFER_WRONG_RANK: (IllegalAction, act("1:r 9h", lambda: six_on_table(
        preset="perevodnoy"))),
    Code.TRANSFER_NEXT_DEFENDER_SHORT: (IllegalAction, act("1:r 6c", lambda: six_on_table(
        preset="perevodnoy", hands=["7d", "9h 10h 6c Ad"]))),
    Code.SHOW_NEEDS_TRUMP: (IllegalAction, act("1:s 6c", lambda: six_on_table(
        preset="perevodnoy_showing"))),
    Code.SHOW_ONCE: (IllegalAction, act("1:s 6s", lambda: six_on_table(
        preset="perevodnoy_showing", hands=["6d 7d 8c", "9h 10h 6s Ad"], shown="6s"))),
    # house rules
    Code.WELI_NOT_IN_PLAY: (IllegalAction, act("0:a 6d>s", lambda: house(
        {"poker": True}, hands=["6d 7h", "9h 10h"]))),
    Code.WELI_NAMED_TWICE: (IllegalAction, act(Action(0, K.ATTACK, (c("6d"), WELI_AS)),
                                               lambda: house({"weli": True},
                                                             hands=["6d 7h", "9h 10h"]))),
    Code.WELI_NAMED_NOT_PLAYED: (IllegalAction, act(Action(1, K.SHOW, (WELI_AS,)),
                                                    lambda: house({"weli": True},
                                                                  hands=["7h", "6d 10h"]))),
    Code.WELI_DOES_NOT_BEAT: (IllegalAction, act("1:c Kh 6d>c", lambda: house(
        {"weli": True}, hands=["7h", "6d 10h"], table=[("Kh", None)]))),
    Code.WELI_NAME_SUIT: (IllegalAction, act("0:a 6d", lambda: house(
        {"weli": True}, hands=["6d 7h", "9h 10h"]))),
    Code.DONE_NOT_PAGAT: (IllegalAction, act("1:d", lambda: house(
        {"poker": True}, hands=["6h 7h", "9h 10h"], table=[("6d", None)]))),
    Code.DONE_NOT_DEFENDER: (IllegalAction, act("0:d", lambda: pagat(table=[("6d", None)]))),
    Code.DONE_NOTHING_UNCOVERED: (IllegalAction, act("1:d", pagat)),
    Code.PAGAT_TAKE: (IllegalAction, act("1:t", lambda: pagat(table=[("6d", None)]))),
    Code.SIX_SWAP_NOT_IN_PLAY: (IllegalAction, act("0:x 6s", lambda: house(
        {"poker": True}, hands=["6s 7h", "9h 10h"]))),
    Code.SIX_SWAP_NOT_NOW: (IllegalAction, act("0:x 6h", lambda: house(
        {"trump_exchange": "six_any_time"}, hands=["6h 7h", "9h 10h"]))),
    Code.POKER_NOT_IN_PLAY: (IllegalAction, act("0:p 6h", lambda: house(
        {"trump_exchange": "six_any_time"}, hands=["6h 7h", "9h 10h"]))),
    Code.POKER_NOT_NOW: (IllegalAction, act("1:p 9h", lambda: house(
        {"poker": True}, hands=["6h 7h", "9h 10h"]))),
    Code.POKER_USED_UP: (IllegalAction, act("0:p 6h", poker_used_up)),
    Code.POKER_ONCE_PER_LEAD: (IllegalAction, act("0:p 7h", lambda: after(house(
        {"poker": True}, hands=["6h 7h", "9h 10h"], stock="As Ks Qs Js 10s"), "0:p 6h"))),
    Code.POKER_CARD_COUNT: (IllegalAction, act(
        Action(0, K.POKER, (c("6h"), c("7h"), c("8h"))),
        lambda: house({"poker": True}, hands=["6h 7h 8h", "9h 10h"]))),
    Code.POKER_STOCK_SHORT: (IllegalAction, act("0:p 6h", lambda: house(
        {"poker": True}, hands=["6h 7h", "9h 10h"], stock="As"))),
    # Warsaw
    Code.WARSAW_EXCHANGE_PENDING: (IllegalAction, lambda: (lambda s: s.apply(
        Action(s.exchange_holder, K.PASS, ())))(warsaw_exchange())),
    Code.WARSAW_NOT_EXCHANGE_HOLDER: (IllegalAction, lambda: (lambda s: s.apply(
        Action((s.exchange_holder + 1) % 3, K.KEEP, ())))(warsaw_exchange())),
    Code.EXCHANGE_NAMES_NO_CARD: (IllegalAction, lambda: (lambda s: s.apply(
        Action(s.exchange_holder, K.KEEP, (c("2s"),))))(warsaw_exchange())),
    Code.WARSAW_EXCHANGE_NOT_NOW: (IllegalAction, act("0:e", warsaw_lead)),
    Code.WARSAW_NO_SUCH_ACTION: (IllegalAction, act(Action(0, K.TRANSFER, (c("4h"),)),
                                                    warsaw_lead)),
    Code.CARD_IN_FRONT: (IllegalAction, act("0:a 9s", lambda: warsaw(
        WARSAW_HANDS, front=["9s", "", ""]))),
    Code.WARSAW_COVER_LEAD_OPEN: (IllegalAction, act("1:c 4h 5h", lambda: after(
        warsaw_lead(), "0:a 4h"))),
    Code.WARSAW_COVER_NOT_NOW: (IllegalAction, act("2:c 4h 5c", warsaw_defend)),
    Code.WARSAW_COVER_TWO_CARDS: (IllegalAction, act(Action(1, K.COVER, (c("4h"),)),
                                                     warsaw_defend)),
    Code.NOT_LED_THIS_PHASE: (IllegalAction, act("1:c 7h 8h", warsaw_defend)),
    Code.COVER_IN_ORDER: (IllegalAction, act("1:c 4d 2s", warsaw_defend)),
    Code.DONE_NOT_LEAD: (IllegalAction, act("1:d", warsaw_defend)),
    Code.DONE_NAMES_NO_CARD: (IllegalAction, act(Action(0, K.DONE, (c("7h"),)),
                                                 lambda: after(warsaw_lead(), "0:a 4h",
                                                               "0:a 4d"))),
    Code.GIVE_UP_NOT_DEFENDER: (IllegalAction, act("0:t", warsaw_defend)),
    Code.GIVE_UP_LEAD_OPEN: (IllegalAction, act("1:t", warsaw_lead)),
    Code.GIVE_UP_NOT_NOW: (IllegalAction, act("1:t", warsaw_add)),
    Code.NOT_YOUR_TURN_TO_LEAD: (IllegalAction, act("0:a 7h", warsaw_add)),
    Code.WARSAW_NOT_THE_LEADER: (IllegalAction, act("2:a 5c", warsaw_lead)),
    Code.LEAD_ONE_CARD_AT_A_TIME: (IllegalAction, act("0:a 4h 4d", warsaw_lead)),
    Code.DEFENDER_LEADS: (IllegalAction, act("1:a 8h", warsaw_add)),
    Code.LATER_LEAD_ONE_CARD: (IllegalAction, act(Action(2, K.ATTACK, (c("5c"), c("6d"))),
                                                  warsaw_add)),
    Code.LATER_LEAD_RANK: (IllegalAction, act("2:a 6d", warsaw_add)),
    # rule sets
    Code.UNKNOWN_RULE: (RulesError, lambda: RuleSet.parse_assignment("foo=1")),
    Code.UNKNOWN_RULES: (RulesError, lambda: RuleSet.from_dict({"foo": 1})),
    Code.UNKNOWN_PRESET: (RulesError, lambda: RuleSet.preset("nope")),
    Code.VALUE_NOT_ALLOWED: (RulesError, lambda: RuleSet.parse_assignment("deck=25")),
    Code.NOT_IMPLEMENTED: (RulesError, validate(scoring="stakes")),
    Code.WARSAW_PLAYERS: (RulesError, validate(players=7)),
    Code.WARSAW_LEAD_AND_ON_FAIL: (RulesError, validate(lead="warsaw_pairs")),
    Code.PAGAT_THROW_IN: (RulesError, validate(on_fail="take_unbeaten")),
    Code.SIX_ANY_TIME_DECK: (RulesError, validate(trump_exchange="six_any_time", deck=24)),
    Code.WARSAW_TWO_NOT_WARSAW: (RulesError, validate(trump_exchange="warsaw_two")),
    Code.TEAMS_PLAYERS: (RulesError, validate(teams="2x2", players=3)),
    Code.PRESET_PLAYERS: (RulesError, lambda: RuleSet.preset("vietnamese", players=5)
                          .validate()),
    Code.DECK_TOO_SMALL_USE_DECK: (RulesError, validate(players=6, hand_size=7)),
    Code.DECK_TOO_SMALL_USE_HAND: (RulesError, validate(**{**WARSAW_RULES, "players": 10,
                                                           "hand_size": 8})),
    Code.WARSAW_HOUSE_RULES: (RulesError, validate(poker=True, **WARSAW_RULES)),
    Code.CRAZY_NO_TRUMP: (RulesError, validate(crazy=True, no_trump=True)),
    Code.NEEDS_TRUMP: (RulesError, validate(no_trump=True, jacks_high=True)),
    Code.FALLEN_ACE_NO_TRUMP: (RulesError, validate(no_trump=True, fallen_ace="trump")),
    Code.EXCHANGE_NO_TRUMP: (RulesError, validate(no_trump=True,
                                                  trump_exchange="lowest_before_play")),
    Code.CRAZY_CHANGEABLE: (RulesError, validate(crazy=True, changeable_trump=True)),
    Code.RAILWAY_NO_STOCK: (RulesError, validate(railway=True, poker=True)),
    Code.RAILWAY_EXCHANGE: (RulesError, validate(railway=True,
                                                 trump_exchange="lowest_before_play")),
    Code.ALBANIAN_CHANGEABLE: (RulesError, validate(albanian=True, changeable_trump=True)),
    Code.ALBANIAN_EXCHANGE: (RulesError, validate(albanian=True,
                                                  trump_exchange="lowest_before_play")),
    Code.WELI_DECK: (RulesError, validate(weli=True, deck=24)),
    Code.WELI_PACKS: (RulesError, validate(weli=True, packs=2)),
    Code.JOKERS_PACKS: (RulesError, validate(jokers=2, packs=2)),
    Code.WARSAW_TRANSFER: (RulesError, validate(transfer="play", **WARSAW_RULES)),
    Code.WARSAW_TEAMS: (RulesError, validate(teams="2x2", players=4, **WARSAW_RULES)),
    Code.WARSAW_EXCHANGE: (RulesError, validate(trump_exchange="six_any_time",
                                                **WARSAW_RULES)),
    # saved states, positions, deck orders
    Code.STATE_FORMAT: (InvalidState, bad_dict(_format(9))),
    Code.WARSAW_STATE_FORMAT: (InvalidState, bad_dict(_format(9), warsaw_lead)),
    Code.HISTORY_FORMAT: (InvalidState, lambda: PublicHistory.from_dict(
        {"format": 1, "players": 2, "entries": [[0, "no such kind", 0, "", 0, -1, 0, 0, 0]]})),
    Code.STATE_TABLE_LENGTHS: (InvalidState, bad_dict(_drop_last_cover, six_on_table)),
    Code.STATE_SEAT_LISTS: (InvalidState, bad_dict(_drop_front, warsaw_lead)),
    Code.CARD_PLACED_TWICE: (InvalidState, lambda: pos(hands=["6h 7h", "6h"], trump="s",
                                                       attacker=0)),
    Code.CARD_NOT_IN_DECK: (InvalidState, lambda: warsaw(["4h *r", "5h 8h", "5c 6d"])),
    Code.DECK_ORDER_NOT_DECK: (InvalidState, lambda: new_deal(
        RuleSet.preset("podkidnoy"), deck_order="6h 7h")),
}


def test_every_code_has_an_example_or_a_reason():
    assert set(EXAMPLES).isdisjoint(UNREACHABLE)
    assert set(EXAMPLES) | set(UNREACHABLE) == set(Code)


@pytest.mark.parametrize("code", list(EXAMPLES), ids=str)
def test_the_example_raises_its_code_with_the_sentence_filled_in(code):
    kind, example = EXAMPLES[code]
    with pytest.raises(kind) as info:
        example()
    exc = info.value
    reasons = exc.problems if isinstance(exc, RulesError) else (exc.reason,)
    reason = next((r for r in reasons if r.code is code), None)
    assert reason is not None, f"{code} not among {[r.code for r in reasons]}: {exc}"
    assert reason.params.keys() == code.fields
    assert all(type(v) in (str, int) for v in reason.params.values())
    assert str(reason) == code.template.format(**reason.params)
    assert str(exc) == "; ".join(reasons)
    assert isinstance(exc, ValueError) and exc.code is reasons[0].code


def test_sentences_stay_as_they_were():
    """Screens that still read the English (until they map codes) see the same text."""
    refusals = {
        "0:a 9h": "9♥ is not in your hand",
        "0:a 6h 7h": "lead=same_rank: every card of a lead must have the same rank",
        "1:t": "take: every attack card is covered, nothing to take",
    }
    for text, sentence in refusals.items():
        with pytest.raises(IllegalAction) as info:
            lead_now().apply(Action.parse(text))
        assert str(info.value) == sentence
        assert info.value.params == ({"card": "9♥"} if text == "0:a 9h" else {})
    with pytest.raises(RulesError) as problems:
        RuleSet(players=6, hand_size=7, weli=True, deck=24).validate()
    assert str(problems.value) == (
        "weli is the 6 of diamonds, and the 24-card deck has no sixes: use deck=36 or 52; "
        "6 players x 7 cards = 42 cards, more than the 24-card deck; use deck=52")
    assert [p.code for p in problems.value.problems] == [Code.WELI_DECK,
                                                         Code.DECK_TOO_SMALL_USE_DECK]
    assert problems.value.problems[1].params["suggested_deck"] == 52


def test_syntax_errors_are_not_rule_refusals():
    for parse in (lambda: Action.parse("0:a zz"), lambda: Action.parse("0:q"),
                  lambda: Card.parse("1x"), lambda: RuleSet.parse_assignment("deck")):
        with pytest.raises(ValueError) as info:
            parse()
        assert not isinstance(info.value, IllegalAction)
        assert isinstance(info.value, InvalidAction | InvalidCard | InvalidAssignment)
    with pytest.raises(InvalidAction) as bad_card:  # a bad card makes a bad action text
        Action.parse("0:a zz")
    assert bad_card.value.code is Code.NOT_A_CARD and bad_card.value.params == {"text": "zz"}


def test_problems_are_their_sentences_with_codes():
    problems = RuleSet(crazy=True, no_trump=True).problems()
    assert problems == ["crazy makes diamonds trumps but no_trump has no trumps: pick one"]
    assert problems[0].code is Code.CRAZY_NO_TRUMP


def test_errors_cross_process_boundaries_whole():
    """The computer players run in worker processes: errors come back pickled."""
    with pytest.raises(RulesError) as info:
        RuleSet(crazy=True, no_trump=True, jacks_high=True).validate()
    for exc in (info.value, IllegalAction(Code.NOT_IN_HAND, card="9♥")):
        back = pickle.loads(pickle.dumps(exc))
        assert type(back) is type(exc) and str(back) == str(exc)
        assert back.code is exc.code and back.params == exc.params
    assert [p.code for p in pickle.loads(pickle.dumps(info.value)).problems] == \
        [Code.CRAZY_NO_TRUMP, Code.NEEDS_TRUMP]


def test_a_template_takes_exactly_its_parameters():
    assert Code.NOT_IN_HAND.text(card="10♥") == "10♥ is not in your hand"
    with pytest.raises(TypeError):
        Code.NOT_IN_HAND.text()
    with pytest.raises(TypeError):
        Code.NOT_IN_HAND.text(card="10♥", extra=1)
    assert all(code.value.islower() and " " not in code.value for code in Code)
