"""``easy``: a casual player. Plausible moves, no card counting, careless choices.

It means well: it leads, covers whenever it can (even with its best trumps), takes only
when it cannot cover, transfers with any card, throws in whatever matches. But it does
not think about which card: about every other move (seeded) picks a random card of
the kind it meant to play - any lead, any covering card, any throw-in or a pass -
instead of the cheapest. A careful player beats it; it never does anything absurd
like taking a card it could beat cheaply.
"""

from __future__ import annotations

import random

from bot.engine import Action, PlayerView

from .common import ATTACK, COVER, EXCHANGE, PASS, SHOW, TAKE, TRANSFER, by_kind, safe_fallback
from .knowledge import cost

CARELESS_RATE = 1 / 2


def choose(view: PlayerView, seed: int = 0) -> Action:
    legal = list(view.legal)
    if not legal:
        raise ValueError(f"seat {view.player} has no legal action")
    if len(legal) == 1:
        return legal[0]
    rng = random.Random(seed)
    careless = rng.random() < CARELESS_RATE
    trump = view.trump_suit
    kinds = by_kind(legal)

    def pick(options: list[Action], key) -> Action:
        return rng.choice(options) if careless else min(options, key=key)

    if EXCHANGE in kinds:
        return kinds[EXCHANGE][0]
    if ATTACK in kinds and not view.table:
        return pick(kinds[ATTACK], lambda a: (cost(a.cards[0], trump), -len(a.cards)))
    if view.player == view.defender and (COVER in kinds or TAKE in kinds):
        for kind in (SHOW, TRANSFER):
            if kind in kinds:
                return pick(kinds[kind], lambda a: cost(a.cards[0], trump))
        uncovered = {a for a, c in view.table if c is None}
        coverable = {a.cards[0] for a in kinds.get(COVER, [])}
        if COVER in kinds and uncovered <= coverable:
            return pick(kinds[COVER], lambda a: cost(a.cards[1], trump))
        if TAKE in kinds:
            return kinds[TAKE][0]
    if ATTACK in kinds:
        options = kinds[ATTACK] + kinds.get(PASS, [])
        if careless:
            return rng.choice(options)
        return min(kinds[ATTACK], key=lambda a: cost(a.cards[0], trump))
    if PASS in kinds:
        return kinds[PASS][0]
    return safe_fallback(legal)
