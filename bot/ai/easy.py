"""``easy``: a casual player. Plausible moves, no card counting, careless choices.

It means well: it leads, covers whenever it can (even with its best trumps), takes only
when it cannot cover, transfers with any card, throws in whatever matches. But it does
not think about which card: about two moves in three (seeded) it picks a random card of
the kind it meant to play - any lead, any covering card, any throw-in or a pass -
instead of the cheapest. A careful player beats it; it never does anything absurd
like taking a card it could beat cheaply.

With more players a beginner loses the thread more (more cards to follow, more seats
acting): its careless rate grows with the players in play (``careless_rate``: 0.65 with
two, 0.8 with three or more), and from three players it makes two
classic beginner mistakes on top: as a co-attacker (not the seat that led) it half the
time does not follow the table and passes instead of throwing in (``FORGETS_THROW_IN``),
and a careless cover reaches for a trump first ("to be safe"), spending trumps early.
Measured (arena, 300 games): forgetting throw-ins is what separates it at 3-4 players
(normal vs easy 83% -> 93-95%); higher careless rates alone moved it little.
"""

from __future__ import annotations

import random

from bot.engine import Action, PlayerView

from .common import ATTACK, COVER, EXCHANGE, PASS, SHOW, TAKE, TRANSFER, by_kind, safe_fallback
from .knowledge import cost

CARELESS_RATE = 0.65  # two players; 1/2 left normal vs easy at 83-86% (arena, 400 games)
CARELESS_PER_EXTRA_PLAYER = 0.15
CARELESS_MAX = 0.8
FORGETS_THROW_IN = 0.5  # 3+ players: a co-attacker passes instead of throwing in


def careless_rate(players_in_play: int) -> float:
    """How often easy picks a random card of the kind it meant to play (see module doc)."""
    extra = max(0, players_in_play - 2)
    return min(CARELESS_MAX, CARELESS_RATE + CARELESS_PER_EXTRA_PLAYER * extra)


def choose(view: PlayerView, seed: int = 0) -> Action:
    legal = list(view.legal)
    if not legal:
        raise ValueError(f"seat {view.player} has no legal action")
    if len(legal) == 1:
        return legal[0]
    rng = random.Random(seed)
    crowded = len(view.in_play) >= 3
    careless = rng.random() < careless_rate(len(view.in_play))
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
            if careless and crowded:  # "cover with a trump to be safe"
                trumps = [a for a in kinds[COVER] if (a.cards[1] >> 4) & 3 == trump]
                if trumps:
                    return rng.choice(trumps)
            return pick(kinds[COVER], lambda a: cost(a.cards[1], trump))
        if TAKE in kinds:
            return kinds[TAKE][0]
    if ATTACK in kinds:
        if crowded and PASS in kinds and view.player != view.attacker \
                and rng.random() < FORGETS_THROW_IN:
            return kinds[PASS][0]  # a co-attacker not following the table
        options = kinds[ATTACK] + kinds.get(PASS, [])
        if careless:
            return rng.choice(options)
        return min(kinds[ATTACK], key=lambda a: cost(a.cards[0], trump))
    if PASS in kinds:
        return kinds[PASS][0]
    return safe_fallback(legal)
