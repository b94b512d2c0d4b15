"""The beats relation as a table: ``beaters[card]`` = bitmask of the cards that beat ``card``.

Built once per (deck, trump) and cached; the bout only ever asks ``hand & beaters[a]``.
House rules change this relation and only this relation (RULES.md), so they are modifiers
applied to the plain table: ``BEATS_MODIFIERS`` maps a rule name to a function
``(table, rules, trump, deck) -> None`` run when that rule is on, in the dict's order
(jacks_high rebuilds the trump order first; the others only add or remove beaters).

Decisions (RULES.md's house-rule table and 'Further decisions'):
- spades_by_spades / crazy: a non-trump spade is beaten by higher spades only (and by a
  black joker, which beats any black card). crazy's trump suit (diamonds) is set by the deal.
- fallen_ace: ``trump``: the trump ace is also beaten by the lowest trump of the deck;
  ``every_suit``: each suit's ace is also beaten by that suit's lowest card.
- jacks_high: trump order ... K, A, other jack of the trump's colour, trump jack. The other
  jack is a trump (beats every plain card, no longer beaten as a plain card of its suit).
- jokers: a joker beats every card of its colour (trumps included); nothing beats a joker
  (a joker is only ever led, so "a led joker cannot be beaten" covers every case).
- weli (6♦ wild) is not a table change: ``weli_tables`` derives the tables the state
  switches between while the weli is on the table with a named suit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    JOKER_RANK,
    LOWEST_RANK,
    SPADES,
    bits,
    deck_cards,
    mask_of,
)
from .rules import RuleSet

TABLE_SIZE = 192  # 3 packs x 64 ids
NO_TRUMP = -1

BeatsModifier = Callable[[list[int], RuleSet, int, list[int]], None]
BEATS_MODIFIERS: dict[str, BeatsModifier] = {}

_cache: dict[tuple[Any, ...], tuple[list[int], int]] = {}


def plain_beats(card: int, other: int, trump: int) -> bool:
    """RULES.md 'Beats': same suit and higher rank, or a trump on a non-trump."""
    if card & 15 == JOKER_RANK or other & 15 == JOKER_RANK:
        return False
    cs, os_ = (card >> 4) & 3, (other >> 4) & 3
    if cs == os_:
        return (card & 15) > (other & 15)
    return cs == trump


def build_beats(rules: RuleSet, trump: int) -> tuple[list[int], int]:
    """(beaters table, deck mask) for this rule set and trump suit, cached."""
    active = tuple(name for name in BEATS_MODIFIERS if getattr(rules, name, False) not in
                   (False, "none", 0, None))
    key = (rules.deck, rules.packs, rules.jokers, trump,
           tuple((name, getattr(rules, name)) for name in active))
    hit = _cache.get(key)
    if hit is not None:
        return hit
    deck = deck_cards(rules.deck, rules.packs, rules.jokers)
    table = [0] * TABLE_SIZE
    for a in deck:
        table[a] = mask_of(d for d in deck if plain_beats(d, a, trump))
    for name in active:
        BEATS_MODIFIERS[name](table, rules, trump, deck)
    result = (table, mask_of(deck))
    _cache[key] = result
    return result


_SAME_COLOUR = {SPADES: CLUBS, CLUBS: SPADES, HEARTS: DIAMONDS, DIAMONDS: HEARTS}
WELI = DIAMONDS * 16 + 6  # the 6♦ of the first (only) pack


def _jacks_high(table: list[int], rules: RuleSet, trump: int, deck: list[int]) -> None:
    if trump < 0:
        return
    j1, j2 = trump * 16 + 11, _SAME_COLOUR[trump] * 16 + 11

    def strength(c: int) -> int:  # -1: a plain card
        if c & 63 == j1:
            return 17
        if c & 63 == j2:
            return 16
        return c & 15 if (c >> 4) & 3 == trump else -1

    plain = [c for c in deck if c & 15 != JOKER_RANK]
    power = {c: strength(c) for c in plain}
    for a in plain:
        pa = power[a]
        if pa >= 0:
            table[a] = mask_of(d for d in plain if power[d] > pa)
        else:
            table[a] = mask_of(d for d in plain if power[d] >= 0 or (
                (d >> 4) & 3 == (a >> 4) & 3 and d & 15 > a & 15))


def _spades_by_spades(table: list[int], rules: RuleSet, trump: int, deck: list[int]) -> None:
    spades = mask_of(c for c in deck if (c >> 4) & 3 == SPADES and c & 15 != JOKER_RANK)
    raised = 11 if rules.jacks_high and trump >= 0 and _SAME_COLOUR[trump] == SPADES else -1
    for a in bits(spades):
        if trump != SPADES and a & 15 != raised:
            table[a] &= spades


def _fallen_ace(table: list[int], rules: RuleSet, trump: int, deck: list[int]) -> None:
    low = LOWEST_RANK[rules.deck]
    suits = [trump] if rules.fallen_ace == "trump" else [0, 1, 2, 3]
    for suit in suits:
        if suit < 0:
            continue
        lowest = mask_of(c for c in deck if (c >> 4) & 3 == suit and c & 15 == low)
        for c in deck:
            if (c >> 4) & 3 == suit and c & 15 == 14:
                table[c] |= lowest


def _jokers(table: list[int], rules: RuleSet, trump: int, deck: list[int]) -> None:
    black = mask_of(c for c in deck if c & 15 == JOKER_RANK and (c >> 4) & 3 == SPADES)
    red = mask_of(c for c in deck if c & 15 == JOKER_RANK and (c >> 4) & 3 == HEARTS)
    for a in deck:
        if a & 15 == JOKER_RANK:
            table[a] = 0
        else:
            table[a] |= red if (a >> 4) & 3 in (HEARTS, DIAMONDS) else black


BEATS_MODIFIERS.update({
    "jacks_high": _jacks_high, "spades_by_spades": _spades_by_spades,
    "crazy": _spades_by_spades, "fallen_ace": _fallen_ace, "jokers": _jokers,
})

_weli_cache: dict[int, tuple[list[int], list[list[int]], list[int]]] = {}


def weli_tables(table: list[int]) -> tuple[list[int], list[list[int]]]:
    """(hand table, per-suit tables) for the weli. In the hand table the weli beats an
    attack card when the 6 of some suit would (its holder names that suit); while the weli
    is on the table named suit s, ``per_suit[s][WELI]`` = the cards that beat the 6 of s."""
    hit = _weli_cache.get(id(table))
    if hit is not None and hit[2] is table:
        return hit[0], hit[1]
    union = table[:]
    sixes = [s * 16 + 6 for s in range(4)]
    for a in range(len(table)):
        m = table[a] & ~(1 << WELI)
        if any((table[a] >> six) & 1 for six in sixes):
            m |= 1 << WELI
        union[a] = m
    per_suit = []
    for six in sixes:
        t = union[:]
        t[WELI] = table[six] & ~(1 << WELI)
        per_suit.append(t)
    _weli_cache[id(table)] = (union, per_suit, table)
    return union, per_suit


def weli_beats(table: list[int], attack: int, suit: int) -> bool:
    """Does the weli named ``suit`` beat ``attack``? (as the 6 of that suit would)"""
    return (table[attack] >> (suit * 16 + 6)) & 1 == 1


def beats(table: list[int], card: int, attack: int) -> bool:
    return (table[attack] >> card) & 1 == 1


__all__ = ["build_beats", "plain_beats", "beats", "BEATS_MODIFIERS", "NO_TRUMP", "bits",
           "weli_tables", "weli_beats", "WELI"]
