"""Words on the screens follow the state: what a throw-in does now (cards being beaten,
all covered, the defender taking), a co-attacker the game asks is attacking, and a player
whose last card is played (nothing left to draw) is out."""

from __future__ import annotations

import random
from types import SimpleNamespace

from bot.engine import RuleSet, new_deal, public_view
from bot.render.hand import group_hand_screen
from bot.render.table import role_key
from bot.service.events import SeatInfo


def snap_of(state):
    seats = tuple(SeatInfo(seat=n, user_id=100 + n, name=f"P{n}", computer_strength=None,
                           team=None) for n in range(state.rules.players))
    return SimpleNamespace(state=state, game_id=5, status="running", version=state.version,
                           seats=seats)


def random_positions(games=40, players=3):
    rules = RuleSet.preset("podkidnoy", players=players)
    for seed in range(games):
        rng = random.Random(seed)
        state = new_deal(rules, seed=seed, dealer=None)
        while not state.is_over:
            yield state
            movers = state.actors()
            seat = rng.choice(movers)
            state.apply(rng.choice(list(state.legal_actions(seat))))


def test_the_throw_in_line_says_what_a_throw_in_does_now():
    seen = set()
    for state in random_positions():
        waiting = state.waiting_on()
        for seat in range(state.rules.players):
            view = state.view(seat)
            if not waiting or seat in waiting or not view.table:
                continue
            text = group_hand_screen("en", snap_of(state), seat, 0, "G").text
            covered = all(c is not None for _a, c in view.table)
            if "You may throw in now, while the cards are being beaten." in text:
                assert not view.taking and not covered
                seen.add("beating")
            elif "the defender takes them all" in text:
                assert view.taking
                seen.add("taking")
            elif "Every card is covered" in text:
                assert covered and not view.taking
                seen.add("covered")
    assert seen == {"beating", "taking", "covered"}, seen


def test_roles_follow_the_state():
    asked_co_attacker = out_of_cards = 0
    for state in random_positions():
        view = public_view(state)
        for seat in range(state.rules.players):
            role = role_key(view, seat)
            if view.hand_counts[seat] == 0 and view.stock_count == 0:
                assert role == "role.out"
                out_of_cards += 1
            elif seat in view.waiting_on and seat != view.defender and seat in view.in_play:
                assert role == "role.attacking", (seat, view.attacker)
                asked_co_attacker += seat != view.attacker
    assert asked_co_attacker and out_of_cards
