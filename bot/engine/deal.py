"""The deal: shuffle from a seed, hands, turn-up, stock (RULES.md 'The deal').

``deal(rules, seed, dealer)`` is pure: the same arguments give the same cards. The stock is
a list with the next card to draw at the END (``pop()``) and the turn-up at index 0, so the
turn-up is drawn last. Deal variants of the house rules (albanian, railway,
changeable_trump, spades_by_spades turn-ups) plug in as ``DEAL_VARIANTS[name]`` (issue 3).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from .cards import deck_cards
from .rules import RuleSet


class Dealt(NamedTuple):
    dealer: int
    hands: list[int]         # bitmasks
    stock: list[int]         # draw from the end; stock[0] is the turn-up (if any left)
    turnup: int              # the card that shows trump
    trump: int               # suit 0..3, or -1 for no trump
    known: list[int]         # cards everyone saw in a hand (the turn-up given to the dealer)


DealVariant = Callable[[RuleSet, list[int], int], Dealt]
DEAL_VARIANTS: dict[str, DealVariant] = {}


def shuffled_deck(rules: RuleSet, seed: int) -> tuple[list[int], random.Random]:
    rng = random.Random(seed)
    cards = deck_cards(rules.deck, rules.packs, rules.jokers)
    rng.shuffle(cards)
    return cards, rng


def deal(rules: RuleSet, seed: int, dealer: int | None = None) -> Dealt:
    """Deal from ``seed``. The dealer, when not given, is drawn from the same generator
    after the shuffle, so passing the drawn dealer back reproduces the same cards."""
    cards, rng = shuffled_deck(rules, seed)
    if dealer is None:
        dealer = rng.randrange(rules.players)
    for name, variant in DEAL_VARIANTS.items():
        if getattr(rules, name, False):
            return variant(rules, cards, dealer)
    return standard_deal(rules, cards, dealer)


def standard_deal(rules: RuleSet, cards: list[int], dealer: int) -> Dealt:
    """One card at a time clockwise from the dealer's left; the next card turned up.

    When players x hand_size equals the deck (e.g. 6 x 6 = 36), RULES.md's Decision: deal
    hand_size - 1 each, turn the next card, give it to the dealer, deal the rest from the
    dealer's left; the stock is then empty and everyone knows the dealer holds the turn-up.
    """
    n, hs = rules.players, rules.hand_size
    hands = [0] * n
    known = [0] * n
    pos = 0
    short = n * hs == len(cards)
    for _ in range(hs - 1 if short else hs):
        for k in range(1, n + 1):
            hands[(dealer + k) % n] |= 1 << cards[pos]
            pos += 1
    turnup = cards[pos]
    pos += 1
    if short:
        hands[dealer] |= 1 << turnup
        known[dealer] |= 1 << turnup
        k = 1
        while pos < len(cards):
            hands[(dealer + k) % n] |= 1 << cards[pos]
            pos += 1
            k += 1
        stock: list[int] = []
    else:
        stock = [turnup] + cards[pos:][::-1]
    trump = -1 if rules.no_trump else (turnup >> 4) & 3
    return Dealt(dealer, hands, stock, turnup, trump, known)
