"""Lead rules: what the principal attacker may open a bout with, one entry per ``lead``.

Each rule is a pair: ``enumerate(hand_mask, limit, singles) -> list of Action`` (for
legal_actions; ``singles[c]`` is the prebuilt one-card attack action of that seat, from
which the seat and kind of longer leads are taken) and ``check(cards, limit) -> Reason or
None`` (for apply: the coded reason the lead is refused, errors.py). Issue 3 adds
``pagat_pattern`` and ``warsaw_pairs`` here; the bout code only calls through ``LEADS``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING, NamedTuple

from ..warsaw.leads import warsaw_pairs_check, warsaw_pairs_enum
from .cards import RANK_MASKS, bits
from .codes import Code
from .errors import Reason

if TYPE_CHECKING:
    from .actions import Action

try:  # Cython's pure-Python mode: ``cython.compiled`` is True only in the compiled build
    import cython
except ImportError:  # Cython is a build dependency only
    import bot.engine._cython_shim as cython

_mk = tuple.__new__


class LeadRule(NamedTuple):
    enumerate: Callable[[int, int, list[Action]], list[Action]]
    check: Callable[[tuple[int, ...], int], Reason | None]


def _single_enum(hand: int, limit: int, singles: list[Action]) -> list[Action]:
    return [singles[c] for c in bits(hand)] if limit >= 1 else []


def _single_check(cards: tuple[int, ...], limit: int) -> Reason | None:
    if len(cards) != 1:
        return Reason(Code.LEAD_SINGLE)
    return None


def _has_pair(hand: int) -> bool:
    """Two cards of one rank in a single-pack hand? (fold the four 16-bit suit lanes)"""
    a, b, c, d = hand & 0xFFFF, (hand >> 16) & 0xFFFF, (hand >> 32) & 0xFFFF, hand >> 48
    return bool(a & b or a & c or a & d or b & c or b & d or c & d)


_group_leads: dict[int, tuple[Action, ...]] = {}


def _group_actions(singles: list[Action], group: int, limit: int,
                   low: int) -> tuple[Action, ...]:
    """Every lead of 1..limit cards out of ``group`` (cards of one rank; ``low`` = its
    lowest card), memoised: there are only a few hundred (seat, group, limit) combinations.
    The key packs them in one int (a group has at most 12 cards, so a limit of 15 or more
    gives the same leads as 15)."""
    first = singles[low]
    key = (group << 4 | (limit if limit < 15 else 15)) << 4 | first[0]
    hit = _group_leads.get(key)
    if hit is None:
        cards = bits(group)
        leads = [singles[c] for c in cards]
        act, seat, kind = type(first), first[0], first[1]
        for size in range(2, min(len(cards), limit) + 1):
            for combo in combinations(cards, size):  # a loop: no closure (compiled build)
                leads.append(_mk(act, (seat, kind, combo)))
        hit = _group_leads[key] = tuple(leads)
    return hit


def _same_rank_enum(hand: int, limit: int, singles: list[Action]) -> list[Action]:
    if limit < 1:
        return []
    if hand >> 64:  # several packs
        return _same_rank_enum_packs(hand, limit, singles)
    # One pack: every mask fits in 64 bits (C integers in the compiled build, leads.pxd).
    h = hand
    m = h
    out: list[Action] = []
    a, b, c, d = h & 0xFFFF, (h >> 16) & 0xFFFF, (h >> 32) & 0xFFFF, h >> 48
    # no two cards of one rank (``_has_pair`` inlined): singles only
    if not (a & b or a & c or a & d or b & c or b & d or c & d):
        while m:
            low = m & -m
            if cython.compiled:
                out.append(singles[_ctz64(low)])  # type: ignore[name-defined]  # noqa: F821
            else:
                out.append(singles[low.bit_length() - 1])
            m ^= low
        return out
    while m:
        low = m & -m
        if cython.compiled:
            i = _ctz64(low)  # type: ignore[name-defined]  # noqa: F821
        else:
            i = low.bit_length() - 1
        lanes = 0x0001_0001_0001_0001  # the rank-0 card of each suit of one pack
        group = h & (lanes << (i & 15))
        if group == low:
            out.append(singles[i])
            m ^= low
        else:
            if cython.compiled:
                # the memo under a C-integer key: seat, limit, rank and the 4-bit suit
                # pattern of the group (no Python-int shifts of a 64-bit mask per lead)
                r = i & 15
                seat = singles[i][0]
                key = ((((seat << 4) | (limit if limit < 15 else 15)) << 4 | r) << 4
                       | (group >> r & 1) | (group >> (r + 15) & 2) | (group >> (r + 30) & 4)
                       | (group >> (r + 45) & 8))
                cache = _group_leads64
                hit = cache.get(key)
                if hit is None:
                    hit = cache[key] = _group_actions(singles, group, limit, i)
                out.extend(hit)
            else:
                out.extend(_group_actions(singles, group, limit, i))
            m &= ~group
    return out


# _group_actions' memo for one-pack groups in the compiled build, keyed by a C integer
_group_leads64: dict[int, tuple[Action, ...]] = {}


def _same_rank_enum_packs(hand: int, limit: int, singles: list[Action]) -> list[Action]:
    out: list[Action] = []
    m = hand
    while m:
        low = m & -m
        c = low.bit_length() - 1
        group = hand & RANK_MASKS[c & 15]
        if group == low:
            out.append(singles[c])
            m ^= low
        else:
            out.extend(_group_actions(singles, group, limit, c))
            m &= ~group
    return out


def _same_rank_check(cards: tuple[int, ...], limit: int) -> Reason | None:
    if not cards:
        return Reason(Code.LEAD_EMPTY)
    r = cards[0] & 15
    if any(c & 15 != r for c in cards):
        return Reason(Code.LEAD_SAME_RANK)
    return None


def _pagat_ok(cards: tuple[int, ...]) -> bool:
    """RULES.md: 1 card; 3 = a pair + any card; 5 = two pairs + any card (four of a kind
    counts as two pairs). Ranks only (``c & 15``), so it holds for any pack."""
    n = len(cards)
    if n == 1:
        return True
    if n not in (3, 5):
        return False
    counts: dict[int, int] = {}
    for c in cards:
        counts[c & 15] = counts.get(c & 15, 0) + 1
    return sum(k // 2 for k in counts.values()) >= n // 2


def _pagat_enum(hand: int, limit: int, singles: list[Action]) -> list[Action]:
    """Singles, then every 3- and 5-card pattern within the limit. Built from the pairs
    of the hand (not all combinations), so a big hand after several pick-ups stays cheap."""
    if limit < 1:
        return []
    cards = bits(hand)
    out = [singles[c] for c in cards]
    if limit < 3:
        return out
    seat, kind = singles[cards[0]][0], singles[cards[0]][1]
    act = type(singles[cards[0]])
    pairs = [(a, b) for i, a in enumerate(cards) for b in cards[i + 1:] if a & 15 == b & 15]
    seen: set[tuple[int, ...]] = set()
    for a, b in pairs:
        for c in cards:
            if c != a and c != b:
                seen.add(tuple(sorted((a, b, c))))
    if limit >= 5:
        for i, (a, b) in enumerate(pairs):
            for c, d in pairs[i + 1:]:
                if len({a, b, c, d}) < 4:
                    continue
                for e in cards:
                    if e not in (a, b, c, d):
                        seen.add(tuple(sorted((a, b, c, d, e))))
    out.extend(_mk(act, (seat, kind, combo)) for combo in sorted(seen))
    return out


def _pagat_check(cards: tuple[int, ...], limit: int) -> Reason | None:
    if not _pagat_ok(cards):
        return Reason(Code.LEAD_PAGAT_PATTERN)
    return None


LEADS: dict[str, LeadRule] = {
    "single": LeadRule(_single_enum, _single_check),
    "same_rank": LeadRule(_same_rank_enum, _same_rank_check),
    "warsaw_pairs": LeadRule(warsaw_pairs_enum, warsaw_pairs_check),  # warsaw/leads.py
    "pagat_pattern": LeadRule(_pagat_enum, _pagat_check),
}


def with_jokers(rule: LeadRule, joker_mask: int) -> LeadRule:
    """The lead rule for a deck with jokers (RULES.md 'Further decisions': jokers are led
    alone, never in a multi-card lead): the base rule on the hand without jokers, plus each
    joker as a single-card lead."""
    base_enum, base_check = rule

    def enumerate_(hand: int, limit: int, singles: list[Action]) -> list[Action]:
        out = base_enum(hand & ~joker_mask, limit, singles) if hand & ~joker_mask else []
        if limit >= 1:
            out = list(out) + [singles[c] for c in bits(hand & joker_mask)]
        return out

    def check(cards: tuple[int, ...], limit: int) -> Reason | None:
        if any((joker_mask >> c) & 1 for c in cards):
            return None if len(cards) == 1 else Reason(Code.JOKER_LED_ALONE)
        return base_check(cards, limit)

    return LeadRule(enumerate_, check)
