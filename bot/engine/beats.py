"""The beats relation as a table: ``beaters[card]`` = bitmask of the cards that beat ``card``.

Built once per (deck, trump) and cached; the bout only ever asks ``hand & beaters[a]``.
House rules change this relation and only this relation (RULES.md), so they are modifiers
applied to the plain table: ``BEATS_MODIFIERS`` maps a rule name to a function
``(table, rules, trump, deck) -> None`` run when that rule is on (issue 3 fills it in).
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import JOKER_RANK, bits, deck_cards, mask_of
from .rules import RuleSet

TABLE_SIZE = 192  # 3 packs x 64 ids
NO_TRUMP = -1

BeatsModifier = Callable[[list[int], RuleSet, int, list[int]], None]
BEATS_MODIFIERS: dict[str, BeatsModifier] = {}

_cache: dict[tuple, tuple[list[int], int]] = {}


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
    key = (rules.deck, rules.packs, rules.jokers, trump, active)
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


def beats(table: list[int], card: int, attack: int) -> bool:
    return (table[attack] >> card) & 1 == 1


__all__ = ["build_beats", "plain_beats", "beats", "BEATS_MODIFIERS", "NO_TRUMP", "bits"]
