"""``lead=warsaw_pairs`` (seed 002): the first-phase lead of Dureń Piątkowy.

1..limit cards (limit = the defender's hand); an even lead is pairs only, an odd lead is
pairs plus one extra card. Equivalently: at most one rank appears an odd number of times
(9 9 6 6 6 = a pair of nines, a pair of sixes and one six over; 5 5 5 5 = two pairs).
With several packs identical cards are distinct ids, so two 7♥ make a pair like any two
sevens. Registered in ``leads.LEADS`` under the usual (enumerate, check) signature.

``WarsawState`` does not list whole leads (a 28-card hand of two packs against a 12-card
defender has 4,162,675 of them): the leader builds the lead one card at a time and closes
it with ``d``. A card may be added only while the staged cards can still end as a legal
lead (``lead_add_problem`` / ``addable_lead_cards``):

    after adding, let odd = the ranks with an odd count among the staged cards. All but
    one of them must get one more card (a card added to an odd rank makes it even; adding
    to any other rank only makes things worse), so the lead can still be completed iff
    odd - 1 <= the number of those odd ranks of which the leader still holds a card, and
    staged + (odd - 1) <= limit.

The condition depends only on ranks, so the test runs per rank: O(13) per position and
the legal adds are O(hand size). ``warsaw_pairs_enum`` (every whole lead) stays for the
``LEADS`` registry and the brute-force tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from ..core.cards import RANK_MASKS, RANK_TEXT, bits, card_text
from ..core.codes import Code
from ..core.errors import Reason

if TYPE_CHECKING:
    from ..core.actions import Action

_mk = tuple.__new__


def odd_ranks(cards: Iterable[int]) -> int:
    """How many ranks occur an odd number of times among ``cards``."""
    parity = 0
    for c in cards:
        parity ^= 1 << (c & 15)
    return parity.bit_count()


def warsaw_pairs_check(cards: tuple[int, ...], limit: int) -> Reason | None:
    if not cards:
        return Reason(Code.LEAD_EMPTY)
    if len(cards) > limit:
        return Reason(Code.LEAD_OVER_DEFENDER_HAND, limit=limit)
    if odd_ranks(cards) > 1:
        if len(cards) % 2 == 0:
            return Reason(Code.LEAD_PAIRS_EVEN)
        return Reason(Code.LEAD_PAIRS_ODD)
    return None


def warsaw_pairs_enum(hand: int, limit: int, singles: list[Action]) -> list[Action]:
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


def rank_set_mask(ranks: int) -> int:
    """Card mask of every card whose rank bit is set in ``ranks`` (a later phase's leadable
    ranks are the ranks the defender covered with)."""
    m = 0
    for r in bits(ranks):
        m |= RANK_MASKS[r]
    return m


def rank_parity(cards: Iterable[int]) -> int:
    """Bit r set when rank r occurs an odd number of times among ``cards``."""
    parity = 0
    for c in cards:
        parity ^= 1 << (c & 15)
    return parity


def _still_completable(parity: int, partners: int, size: int, limit: int) -> bool:
    """``size`` staged cards whose odd ranks are ``parity``; ``partners`` = ranks of which
    the leader still holds a card. At most one odd rank may stay unpaired."""
    odd = parity.bit_count()
    need = odd - 1 if odd else 0
    return need <= (parity & partners).bit_count() and size + need <= limit


def addable_lead_cards(staged: Sequence[int], hand: int, limit: int) -> int:
    """Mask of the cards of ``hand`` that may be added to the ``staged`` lead (a sequence
    of card ids) with the staged cards still completable to a legal lead within ``limit``."""
    size = len(staged) + 1
    if size > limit or not hand:
        return 0
    parity = rank_parity(staged)
    present = many = 0
    for r in range(2, 15):
        m = hand & RANK_MASKS[r]
        if m:
            present |= 1 << r
            if m & (m - 1):
                many |= 1 << r
    out = 0
    for r in bits(present):
        bit = 1 << r
        partners = present if many & bit else present & ~bit  # the added card is gone
        if _still_completable(parity ^ bit, partners, size, limit):
            out |= hand & RANK_MASKS[r]
    return out


def lead_add_problem(staged: Sequence[int], hand: int, card: int, limit: int) -> Reason | None:
    """Why ``card`` (in ``hand``) may not be added to the ``staged`` lead, or None."""
    size = len(staged) + 1
    if size > limit:
        return Reason(Code.LEAD_OVER_DEFENDER_HAND, limit=limit)
    if (addable_lead_cards(staged, hand, limit) >> card) & 1:
        return None
    parity = rank_parity(staged) ^ (1 << (card & 15))
    rest = hand & ~(1 << card)
    partners = sum(1 << r for r in range(2, 15) if rest & RANK_MASKS[r])
    odd = parity.bit_count()
    lead = " ".join(card_text(c, True) for c in (*staged, card))
    if odd - 1 > (parity & partners).bit_count():
        lonely = " ".join(RANK_TEXT[r] for r in bits(parity & ~partners))
        return Reason(Code.LEAD_CANNOT_PAIR, lead=lead, ranks=lonely)
    return Reason(Code.LEAD_WOULD_EXCEED, lead=lead, need=size + odd - 1, limit=limit)
