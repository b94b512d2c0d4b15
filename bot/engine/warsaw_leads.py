"""``lead=warsaw_pairs`` (seed 002): the first-phase lead of Dureń Piątkowy.

1..limit cards (limit = the defender's hand); an even lead is pairs only, an odd lead is
pairs plus one extra card. Equivalently: at most one rank appears an odd number of times
(9 9 6 6 6 = a pair of nines, a pair of sixes and one six over; 5 5 5 5 = two pairs).
With several packs identical cards are distinct ids, so two 7♥ make a pair like any two
sevens. Registered in ``leads.LEADS`` under the usual (enumerate, check) signature.
"""

from __future__ import annotations

from itertools import combinations

from .cards import bits

_mk = tuple.__new__


def odd_ranks(cards) -> int:
    """How many ranks occur an odd number of times among ``cards``."""
    parity = 0
    for c in cards:
        parity ^= 1 << (c & 15)
    return parity.bit_count()


def warsaw_pairs_check(cards: tuple[int, ...], limit: int) -> str | None:
    if not cards:
        return "a lead needs at least one card"
    if len(cards) > limit:
        return (f"lead=warsaw_pairs: at most {limit} cards, the number the defender holds")
    if odd_ranks(cards) > 1:
        if len(cards) % 2 == 0:
            return "lead=warsaw_pairs: an even lead must be pairs only (like 4 4 7 7)"
        return "lead=warsaw_pairs: an odd lead is pairs plus one extra card (like 4 4 7 7 6)"
    return None


def warsaw_pairs_enum(hand: int, limit: int, singles: list) -> list:
    """Every legal lead of ``hand`` (a mask) with at most ``limit`` cards.

    Built rank by rank in buckets keyed by (size, has a rank with an odd count), so the
    work is proportional to the number of legal leads (which grows fast with big hands of
    several packs: that is the rule, not a cost of the method)."""
    if limit < 1 or not hand:
        return []
    groups: dict[int, list[int]] = {}
    for c in bits(hand):
        groups.setdefault(c & 15, []).append(c)
    partial: dict[tuple[int, bool], list[tuple[int, ...]]] = {(0, False): [()]}
    for group in groups.values():
        by_size = [list(combinations(group, k)) for k in range(len(group) + 1)]
        grown: dict[tuple[int, bool], list[tuple[int, ...]]] = {}
        for (size, has_odd), leads in partial.items():
            for k in range(min(len(group), limit - size) + 1):
                odd = bool(k & 1)
                if odd and has_odd:
                    continue
                bucket = grown.setdefault((size + k, has_odd or odd), [])
                if k == 0:
                    bucket.extend(leads)
                else:
                    bucket.extend([lead + combo for lead in leads for combo in by_size[k]])
        partial = grown
    first = singles[(hand & -hand).bit_length() - 1]
    seat, kind, act = first[0], first[1], type(first)
    out = []
    for (size, _), leads in sorted(partial.items()):
        if size == 1:
            out.extend([singles[lead[0]] for lead in leads])
        elif size:
            out.extend([_mk(act, (seat, kind, lead)) for lead in leads])
    return out
