"""``easy``: a casual player. Plausible moves, no card counting, careless choices.

It means well: it leads, covers whenever it can (even with its best trumps), takes only
when it cannot cover, transfers with a plain card, throws in what matches. But it does
not think about which card: about two moves in three (seeded) it picks a random card of
the kind it meant to play - any lead, any covering card, any throw-in or a pass -
instead of the cheapest. It is careless about cards, never about trumps: when a plain
card would do, the random card is plain too, it transfers only with plain cards and
throws in no trump while the stock lasts. A careful player beats it; it never does
anything absurd like taking a card it could beat cheaply. Against the textbook
``greedy`` it wins about a third of the decided games (bot/ai/README.md).

With more players a beginner loses the thread more (more cards to follow, more seats
acting): its careless rate grows with the players in play (``careless_rate``: 0.65 with
two, 0.8 with three or more), and from three players a co-attacker (not the seat that
led) half the time does not follow the table and passes instead of throwing in
(``FORGETS_THROW_IN``). (It used to also cover with a trump first "to be safe" when
careless: that threw trumps away for nothing and went with issue 17.)
"""

from __future__ import annotations

import random

from bot.engine import Action, PlayerView

from .common import (
    ATTACK,
    COVER,
    EXCHANGE,
    PASS,
    SHOW,
    TAKE,
    TRANSFER,
    by_kind,
    legal_and_forced,
    safe_fallback,
)
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
    legal, forced = legal_and_forced(view)
    if forced is not None:
        return forced
    rng = random.Random(seed)
    crowded = len(view.in_play) >= 3
    careless = rng.random() < careless_rate(len(view.in_play))
    trump = view.trump_suit
    kinds = by_kind(legal)

    def plain(a: Action) -> bool:  # the cards it would give up are no trumps
        given = a.cards[1:] if a.kind is COVER else a.cards
        return all(trump is None or (c >> 4) & 3 != trump for c in given)

    def pick(options: list[Action], key) -> Action:
        best = min(options, key=key)
        if not careless:
            return best
        # Careless about which card, never about trumps: when a plain card would do, the
        # random card is a plain one too (no trump thrown away for nothing).
        return rng.choice([a for a in options if plain(a)] if plain(best) else options)

    if EXCHANGE in kinds:
        return kinds[EXCHANGE][0]
    if ATTACK in kinds and not view.table:
        return pick(kinds[ATTACK], lambda a: (cost(a.cards[0], trump), -len(a.cards)))
    if view.player == view.defender and (COVER in kinds or TAKE in kinds):
        if SHOW in kinds:
            return kinds[SHOW][0]  # showing keeps the card
        transfers = [a for a in kinds.get(TRANSFER, []) if plain(a)]
        if transfers:
            return pick(transfers, lambda a: cost(a.cards[0], trump))
        uncovered = {a for a, c in view.table if c is None}
        coverable = {a.cards[0] for a in kinds.get(COVER, [])}
        if COVER in kinds and uncovered <= coverable:
            return pick(kinds[COVER], lambda a: cost(a.cards[1], trump))
        if TAKE in kinds:
            return kinds[TAKE][0]
    if ATTACK in kinds:
        if crowded and PASS in kinds and view.player != view.attacker \
                and rng.random() < FORGETS_THROW_IN:
            return kinds[PASS][0]  # a co-attacker not following the table
        plain_adds = [a for a in kinds[ATTACK] if plain(a)]
        if careless:  # any plain card that matches, or nothing
            options = plain_adds + kinds.get(PASS, [])
            if options:
                return rng.choice(options)
        if view.stock_count and plain_adds:
            return min(plain_adds, key=lambda a: cost(a.cards[0], trump))
        if view.stock_count and PASS in kinds:
            return kinds[PASS][0]  # no trump thrown in while the stock lasts
        return min(kinds[ATTACK], key=lambda a: cost(a.cards[0], trump))
    if PASS in kinds:
        return kinds[PASS][0]
    return safe_fallback(legal)
