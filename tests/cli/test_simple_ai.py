"""bot.ai.simple: always legal across many seeded positions; plausible on hand-built ones."""

from __future__ import annotations

import random

import pytest

from bot.ai.simple import choose_action
from bot.engine import (
    PLAYABLE_PRESETS,
    ActionKind,
    GameState,
    RuleSet,
    deal_from_position,
    new_deal,
)


def _player_counts(preset: str) -> list[int]:
    return [n for n in range(2, 7) if not RuleSet.preset(preset, players=n).problems()]


@pytest.mark.parametrize("preset", PLAYABLE_PRESETS)
def test_always_legal_in_seeded_random_positions(preset):
    """Random legal play (any seat may move) visits varied positions; at each one the AI
    of every seat that can act must pick one of that seat's legal actions."""
    checked = 0
    for players in _player_counts(preset):
        rules = RuleSet.preset(preset, players=players)
        for seed in range(4):
            rng = random.Random(seed)
            state = new_deal(rules, seed)
            while not state.is_over:
                actors = state.actors()
                for seat in actors:
                    legal = list(state.legal_actions(seat))
                    assert choose_action(state.view(seat)) in legal
                    checked += 1
                seat = rng.choice(actors)
                state.apply(rng.choice(list(state.legal_actions(seat))))
    assert checked > 500


@pytest.mark.parametrize("preset", PLAYABLE_PRESETS)
def test_computer_players_finish_whole_deals(preset):
    for players in _player_counts(preset):
        rules = RuleSet.preset(preset, players=players)
        for seed in range(3):
            state = new_deal(rules, seed)
            for _ in range(5000):
                if state.is_over:
                    break
                seat = state.waiting_on()[0]
                state.apply(choose_action(state.view(seat)))  # apply checks legality
            assert state.is_over
            team = len(state.outcome.teams or ()) or 1  # a losing team: all its members
            if getattr(state, "is_warsaw", False):  # Warsaw: everyone left with cards pays
                team = sum(1 for x in range(players) if state.held(x)) or 1
            assert len(state.outcome.fools) + state.outcome.draw * team == team


def _pos(preset="podkidnoy", **position) -> GameState:
    rules = RuleSet.preset(preset, players=len(position["hands"]))
    return deal_from_position(rules, **position)


def _choice(state: GameState, seat: int) -> str:
    return choose_action(state.view(seat)).text()


def test_covers_with_the_cheapest_card_not_a_trump():
    s = _pos(hands=["6c 7c", "8h Kh 9s Qd"], trump="s", attacker=0, table=[("7h", None)],
             stock="6d 7d 8d")
    assert _choice(s, 1) == "c 7h 8h"


def test_spends_a_trump_only_when_no_plain_card_covers():
    s = _pos(hands=["6c 7c", "8d 9s As"], trump="s", attacker=0, table=[("7h", None)],
             stock="6d 7d 10d")
    assert _choice(s, 1) == "c 7h 9s"


def test_takes_when_it_cannot_cover_everything():
    # 9s covers one of Ah/Ad but nothing covers the other.
    s = _pos(hands=["6c 7c", "8h 9s Qd"], trump="s", attacker=0,
             table=[("Ah", None), ("Ad", None)], stock="6d 7d 8d")
    assert _choice(s, 1) == "t"


def test_leads_the_lowest_plain_rank_with_its_pair():
    s = _pos(hands=["7d 10h 6s 7c Ah", "8h 9h 10c Qd"], trump="s", attacker=0,
             stock="6d 8d 9d")
    assert _choice(s, 0) == "a 7d 7c"


def test_leads_a_trump_only_when_it_holds_nothing_else():
    s = _pos(hands=["As 7s", "8h 9h 10c Qd"], trump="s", attacker=0, stock="6d 8d 9d")
    assert _choice(s, 0) == "a 7s"


def test_throws_in_a_low_plain_card_but_keeps_high_ones_while_the_stock_lasts():
    low = _pos(hands=["9c Jh 10s", "8h 6d"], trump="s", attacker=0,
               table=[("9h", "Qh")], stock="6c 7c 8c")
    assert _choice(low, 0) == "a 9c"
    high = _pos(hands=["Qc Kd", "8h 6d"], trump="s", attacker=0,
                table=[("Qh", "Kh")], stock="6c 7c 8c")
    assert _choice(high, 0) == "p"


def test_throws_in_high_plain_cards_when_the_defender_takes():
    s = _pos(hands=["Qc Kd", "8h 6d 7d"], trump="s", attacker=0,
             table=[("Qh", None)], taking=True, stock="6c 7c 8c")
    assert _choice(s, 0) == "a Qc"


def test_transfers_with_a_plain_card():
    s = _pos("perevodnoy", hands=["6c 8c", "7c 8h 9h", "6d 7d 8d"], trump="s", attacker=0,
             table=[("7h", None)], stock="6h 9d")
    assert _choice(s, 1) == "r 7c"


def test_shows_a_trump_to_transfer_for_free():
    s = _pos("perevodnoy_showing", hands=["6c 8c", "7s 8h 9h", "6d 7d 8d"], trump="s",
             attacker=0, table=[("7h", None)], stock="6h 9d")
    assert _choice(s, 1) == "s 7s"


def test_accepts_the_lowest_trump_exchange():
    rules = RuleSet.preset("podkidnoy", players=3, trump_exchange="lowest_before_play")
    for seed in range(40):
        state = new_deal(rules, seed)
        holder = state.view(0).exchange_holder
        if holder is not None:
            assert choose_action(state.view(holder)).kind is ActionKind.EXCHANGE
            return
    pytest.fail("no deal with an exchange window in 40 seeds")
