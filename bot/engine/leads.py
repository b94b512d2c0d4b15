"""Lead rules: what the principal attacker may open a bout with, one entry per ``lead``.

Each rule is a pair: ``enumerate(hand_mask, limit) -> list of card tuples`` (for
legal_actions) and ``check(cards, limit) -> reason or None`` (for apply). Issue 3 adds
``pagat_pattern`` and ``warsaw_pairs`` here; the bout code only calls through ``LEADS``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import NamedTuple

from .cards import RANK_MASKS, bits


class LeadRule(NamedTuple):
    enumerate: Callable[[int, int], list[tuple[int, ...]]]
    check: Callable[[tuple[int, ...], int], str | None]


def _single_enum(hand: int, limit: int) -> list[tuple[int, ...]]:
    return [(c,) for c in bits(hand)] if limit >= 1 else []


def _single_check(cards: tuple[int, ...], limit: int) -> str | None:
    if len(cards) != 1:
        return "lead=single: open with exactly one card"
    return None


def _has_pair(hand: int) -> bool:
    """Two cards of one rank in a single-pack hand? (fold the four 16-bit suit lanes)"""
    a, b, c, d = hand & 0xFFFF, (hand >> 16) & 0xFFFF, (hand >> 32) & 0xFFFF, hand >> 48
    return bool(a & b or a & c or a & d or b & c or b & d or c & d)


def _same_rank_enum(hand: int, limit: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    if limit < 1:
        return out
    if hand < 1 << 64 and not _has_pair(hand):
        m = hand
        while m:
            low = m & -m
            out.append((low.bit_length() - 1,))
            m ^= low
        return out
    m = hand
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        group = hand & RANK_MASKS[c & 15]
        if group == low:
            out.append((c,))
        elif group & -group == low:  # first card of a rank with several: all subsets once
            cards = bits(group)
            for size in range(1, min(len(cards), limit) + 1):
                out.extend(combinations(cards, size))
    return out


def _same_rank_check(cards: tuple[int, ...], limit: int) -> str | None:
    if not cards:
        return "a lead needs at least one card"
    r = cards[0] & 15
    if any(c & 15 != r for c in cards):
        return "lead=same_rank: every card of a lead must have the same rank"
    return None


LEADS: dict[str, LeadRule] = {
    "single": LeadRule(_single_enum, _single_check),
    "same_rank": LeadRule(_same_rank_enum, _same_rank_check),
}
