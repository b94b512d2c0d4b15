"""What one seat can deduce from its ``PlayerView``: card counting for every strength.

Cards are the engine's small ints (``pack * 64 + suit * 16 + rank``); sets are int
bitmasks. Everything here reads only the view, so a player built on it cannot cheat.

``unknown`` = every card of the deck that the seat cannot place: not in its hand, not on
the table, not discarded, not known to be in another hand (seen picked up or shown), and
not the turn-up while it still lies under the stock. Those cards are somewhere in the
other hands' unseen slots or in the stock above the turn-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bot.engine import PlayerView, RuleSet

JOKER_RANK = 15
TRUMP_PREMIUM = 20  # a trump is worth more than any plain card


def rank(card: int) -> int:
    return card & 15


def suit(card: int) -> int:
    return (card >> 4) & 3


@lru_cache(maxsize=64)
def _deck_mask(deck: int, packs: int, jokers: int, lowest: int) -> int:
    m = 0
    for p in range(packs):
        for s in range(4):
            for r in range(lowest, 15):
                m |= 1 << (p * 64 + s * 16 + r)
        if jokers:
            m |= 1 << (p * 64 + 0 * 16 + JOKER_RANK)
            m |= 1 << (p * 64 + 1 * 16 + JOKER_RANK)
    return m


def deck_mask(rules: RuleSet) -> int:
    """Every card of this rule set's deck (same ids as the engine)."""
    return _deck_mask(rules.deck, rules.packs, rules.jokers, rules.lowest_rank)


def cost(card: int, trump: int | None) -> int:
    """How much a card is worth keeping: its rank, plus a premium for trumps."""
    r = card & 15
    if trump is not None and (card >> 4) & 3 == trump:
        return r + TRUMP_PREMIUM
    return r


@dataclass(frozen=True)
class Knowledge:
    """Card counting from one view. Masks are ints."""

    seat: int
    hand: int
    table: int           # every card on the table (attacks and covers)
    discard: int
    known: tuple[int, ...]   # per seat: cards known to be in that hand (own seat: the hand)
    unknown: int         # cards this seat cannot place
    slots: tuple[int, ...]   # per seat: unseen cards in that hand (0 for this seat)
    stock_unknown: int   # unseen cards in the stock (the turn-up excluded)
    turnup: int | None
    turnup_in_stock: bool

    @property
    def consistent(self) -> bool:
        """Unknown cards exactly fill the unseen places (false for views this module does
        not understand, e.g. cards lying in front of a Warsaw defender)."""
        return self.unknown.bit_count() == sum(self.slots) + self.stock_unknown

    def outside(self) -> int:
        """Cards that may be in another player's hand (known there or unknown)."""
        m = self.unknown
        for s, k in enumerate(self.known):
            if s != self.seat:
                m |= k
        return m


def read_view(view: PlayerView) -> Knowledge:
    seat = view.player
    hand = view.hand.mask
    table = 0
    for a, c in view.table:
        table |= 1 << a
        if c is not None:
            table |= 1 << c
    known = tuple(hand if s == seat else k.mask & ~hand for s, k in enumerate(view.known))
    placed = hand | table | view.discard.mask
    for k in known:
        placed |= k
    turnup = None if view.turnup is None else int(view.turnup)
    if turnup is not None and view.turnup_in_stock:
        placed |= 1 << turnup
    unknown = deck_mask(view.rules) & ~placed
    slots = tuple(0 if s == seat else max(0, view.hand_counts[s] - known[s].bit_count())
                  for s in range(len(view.hand_counts)))
    stock_unknown = view.stock_count - (1 if view.turnup_in_stock else 0)
    return Knowledge(seat, hand, table, view.discard.mask, known, unknown, slots,
                     max(0, stock_unknown), turnup, bool(view.turnup_in_stock))


def none_among(pool: int, good: int, slots: int) -> float:
    """The chance that ``slots`` cards dealt at random out of ``pool`` unseen ones hold
    none of ``good`` given ones (hypergeometric): the base of every beat chance."""
    p_none = 1.0
    for i in range(min(slots, pool)):
        p_none *= max(0.0, (pool - good - i) / (pool - i))
    return p_none


def beaters_of(card: int, trump: int | None) -> int:
    """Cards (any pack, 2..A) that beat ``card`` under the plain rule (RULES.md 'Beats').

    Used only for estimates (card counting); legality always comes from the engine."""
    r, s = card & 15, (card >> 4) & 3
    if r == JOKER_RANK:
        return 0
    m = 0
    for p in range(3):
        base = p * 64
        for rr in range(r + 1, 15):
            m |= 1 << (base + s * 16 + rr)
        if trump is not None and s != trump:
            for rr in range(2, 15):
                m |= 1 << (base + trump * 16 + rr)
    return m
