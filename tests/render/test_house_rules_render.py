"""Issue 3 actions in the Telegram layer: every legal action of house-rule games (pagat's
done, the trump-six swap, poker, the weli's named suit, jokers) is described, gets a
callback that decodes to the same action, and the hand keyboard renders."""

import random

from bot.engine import Action, RuleSet, new_deal
from bot.engine.core.rules import random_house_rules
from bot.render import hand
from bot.render.actions import describe
from bot.render.callback import decode, encode_move


class Snap:
    def __init__(self, state):
        self.state, self.game_id, self.status = state, 1, "running"


def test_house_rule_actions_render_and_round_trip_through_callbacks():
    rng = random.Random(2)
    kinds = set()
    for seed in range(12):
        preset = ("podkidnoy", "prostoy_pagat", "perevodnoy")[seed % 3]
        rules = random_house_rules(RuleSet.preset(preset, players=3), rng, chance=0.5)
        state, moves = new_deal(rules, seed), random.Random(seed)
        while not state.is_over:
            for seat in range(3):
                for action in state.legal_actions(seat):
                    kinds.add(action.kind.value)
                    assert describe("en", action.text(), lead=True)
                    payload = decode(encode_move(1, state.version, action.text())).payload
                    assert Action.parse(payload, seat) == action
                hand.hand_parts("en", Snap(state), seat, state.version)
            seat = moves.choice(state.actors())
            state.apply(moves.choice(list(state.legal_actions(seat))))
    assert {"d", "x", "pk"} <= kinds


def test_weli_plays_are_labelled_with_the_named_suit():
    text = describe("en", "a 6d>s", lead=True)
    assert "6" in text and "→" in text
