"""Two independent statements of the rules must agree: the move generator
(``legal_actions``) and the rule-by-rule checker behind ``apply``. Along random games,
every candidate action a seat could send is accepted by ``apply`` exactly when the
generator lists it."""

import random
from itertools import combinations

import pytest

from bot.engine import Action, ActionKind, GameState, IllegalAction, RuleSet, new_deal
from bot.engine.core.cards import bits

K = ActionKind


def candidates(s: GameState, seat: int):
    hand = bits(s.hands[seat])
    other = [c for c in bits(s.deck_mask) if c not in hand][:3]
    yield from (Action(seat, k, ()) for k in (K.TAKE, K.PASS, K.EXCHANGE, K.KEEP))
    for c in hand + other:
        yield Action(seat, K.ATTACK, (c,))
        yield Action(seat, K.TRANSFER, (c,))
        yield Action(seat, K.SHOW, (c,))
    for a, b in combinations(hand, 2):
        yield Action(seat, K.ATTACK, (a, b))
    for combo in combinations(hand, 3):
        if len({c & 15 for c in combo}) == 1:
            yield Action(seat, K.ATTACK, combo)
    for a in s.attacks + other[:1]:
        for c in hand:
            yield Action(seat, K.COVER, (a, c))


@pytest.mark.parametrize("preset, players", [("podkidnoy", 2), ("podkidnoy", 3),
                                             ("perevodnoy_showing", 3), ("prostoy_transfer", 4),
                                             ("single_card", 3), ("perevodnoy", 2)])
def test_apply_accepts_exactly_the_generated_actions(preset, players):
    rules = RuleSet.preset(preset, players=players, trump_exchange="lowest_before_play")
    for seed in range(4):
        s = new_deal(rules, seed)
        rng = random.Random(seed)
        while not s.is_over:
            for seat in range(players):
                legal = set(s.legal_actions(seat))
                for cand in candidates(s, seat):
                    probe = s.clone()
                    probe._lc_key = -1  # force the rule-by-rule check
                    try:
                        probe.apply(cand)
                        accepted = True
                    except IllegalAction:
                        accepted = False
                    assert accepted == (cand in legal), (cand.log_text(), repr(s))
            options = [a for a in (list(s.legal_actions(p)) for p in range(players)) if a]
            acts = rng.choice(options)
            s.apply(rng.choice(acts))
