"""Lead rules: what the principal attacker may open a bout with, one entry per ``lead``.

Each rule is a pair: ``enumerate(hand_mask, limit, singles) -> list of Action`` (for
legal_actions; ``singles[c]`` is the prebuilt one-card attack action of that seat, from
which the seat and kind of longer leads are taken) and ``check(cards, limit) -> reason or
None`` (for apply). Issue 3 adds
``pagat_pattern`` and ``warsaw_pairs`` here; the bout code only calls through ``LEADS``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import NamedTuple

from .cards import RANK_MASKS, bits

_mk = tuple.__new__


class LeadRule(NamedTuple):
    enumerate: Callable[[int, int, list], list]
    check: Callable[[tuple[int, ...], int], str | None]


def _single_enum(hand: int, limit: int, singles: list) -> list:
    return [singles[c] for c in bits(hand)] if limit >= 1 else []


def _single_check(cards: tuple[int, ...], limit: int) -> str | None:
    if len(cards) != 1:
        return "lead=single: open with exactly one card"
    return None


def _has_pair(hand: int) -> bool:
    """Two cards of one rank in a single-pack hand? (fold the four 16-bit suit lanes)"""
    a, b, c, d = hand & 0xFFFF, (hand >> 16) & 0xFFFF, (hand >> 32) & 0xFFFF, hand >> 48
    return bool(a & b or a & c or a & d or b & c or b & d or c & d)


_group_leads: dict[tuple[int, int, int], tuple] = {}


def _group_actions(singles: list, group: int, limit: int) -> tuple:
    """Every lead of 1..limit cards out of ``group`` (cards of one rank), memoised: there
    are only a few hundred (seat, group, limit) combinations."""
    first = singles[(group & -group).bit_length() - 1]
    key = (first[0], group, limit)
    hit = _group_leads.get(key)
    if hit is None:
        cards = bits(group)
        leads = [singles[c] for c in cards]
        for size in range(2, min(len(cards), limit) + 1):
            leads.extend(_mk(type(first), (first[0], first[1], combo))
                         for combo in combinations(cards, size))
        hit = _group_leads[key] = tuple(leads)
    return hit


def _same_rank_enum(hand: int, limit: int, singles: list) -> list:
    out: list = []
    if limit < 1:
        return out
    m = hand
    a, b, c, d = hand & 0xFFFF, (hand >> 16) & 0xFFFF, (hand >> 32) & 0xFFFF, hand >> 48
    # no two cards of one rank (``_has_pair`` inlined; one pack only): singles only
    if hand < 1 << 64 and not (a & b or a & c or a & d or b & c or b & d or c & d):
        while m:
            low = m & -m
            out.append(singles[low.bit_length() - 1])
            m ^= low
        return out
    while m:
        low = m & -m
        c = low.bit_length() - 1
        group = hand & RANK_MASKS[c & 15]
        if group == low:
            out.append(singles[c])
            m ^= low
        else:
            out.extend(_group_actions(singles, group, limit))
            m &= ~group
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
