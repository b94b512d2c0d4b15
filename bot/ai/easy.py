"""``easy``: a casual player. Plausible moves, no card counting, and some slips.

Always the cheapest legal card (rank, trumps last) with no thought for later: covers
whenever it can (even with its best trumps), throws in whatever matches, transfers with
any card, takes only when it cannot cover. About one move in six is a random legal move
(seeded), so a careful player beats it.
"""

from __future__ import annotations

import random

from bot.engine import Action, PlayerView

from .common import ATTACK, COVER, EXCHANGE, PASS, SHOW, TAKE, TRANSFER, by_kind, safe_fallback
from .knowledge import cost

SLIP_RATE = 1 / 6


def choose(view: PlayerView, seed: int = 0) -> Action:
    legal = list(view.legal)
    if not legal:
        raise ValueError(f"seat {view.player} has no legal action")
    if len(legal) == 1:
        return legal[0]
    rng = random.Random(seed)
    if rng.random() < SLIP_RATE:
        return rng.choice(legal)
    trump = view.trump_suit
    kinds = by_kind(legal)
    if EXCHANGE in kinds:
        return kinds[EXCHANGE][0]
    if ATTACK in kinds and not view.table:
        return min(kinds[ATTACK], key=lambda a: (cost(a.cards[0], trump), -len(a.cards)))
    if view.player == view.defender and (COVER in kinds or TAKE in kinds):
        for kind in (SHOW, TRANSFER):
            if kind in kinds:
                return min(kinds[kind], key=lambda a: cost(a.cards[0], trump))
        uncovered = {a for a, c in view.table if c is None}
        coverable = {a.cards[0] for a in kinds.get(COVER, [])}
        if COVER in kinds and uncovered <= coverable:
            return min(kinds[COVER], key=lambda a: cost(a.cards[1], trump))
        if TAKE in kinds:
            return kinds[TAKE][0]
    if ATTACK in kinds:
        return min(kinds[ATTACK], key=lambda a: cost(a.cards[0], trump))
    if PASS in kinds:
        return kinds[PASS][0]
    return safe_fallback(legal)
