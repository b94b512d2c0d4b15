"""RULES.md 'Invariants' for Warsaw states (``invariants.check_invariants`` hands Warsaw
states over to ``check_warsaw_invariants``): cards conserved including the cards lying in
front of players, somebody can act, the phases keep their shape, the end and the stakes
follow seed 002."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.cards import bits, card_text
from ..core.phase import ADD, DEFEND, LEAD
from ..verify.conservation import conservation_problems
from .leads import odd_ranks, rank_parity, rank_set_mask

if TYPE_CHECKING:
    from .state import WarsawState


def check_warsaw_invariants(s: WarsawState) -> list[str]:
    problems: list[str] = []
    places = (list(s.hands) + list(s.front) + [1 << c for c in s.stock]
              + [1 << c for c in s.attacks] + [1 << c for c in s.covers if c >= 0] + [s.discard])
    problems += conservation_problems(places, s.deck_mask)
    if s.stock and s.turnup >= 0 and s.stock[0] != s.turnup:
        problems.append("the turn-up is not at the bottom of the stock")
    held = [s.held(x) for x in range(s.n)]
    if s.is_over:
        out = s.outcome
        if out is None:
            return problems + ["deal over without an outcome"]
        if s.stock and not out.draw:  # a draw by repetition may leave a stock
            problems.append("deal over with cards in the stock")
        if all(held) and not out.draw:
            problems.append("deal over but everybody holds cards")
        if not out.draw and set(out.fools) != {x for x in range(s.n) if held[x]}:
            problems.append("the payers are not the players holding cards")
        if out.stakes is not None:
            if sum(out.stakes.values()) != 0:
                problems.append("stakes do not add up to zero")
            for x in range(s.n):
                if held[x] and not out.draw and out.stakes[x] != -held[x]:
                    problems.append(f"seat {x} pays {-out.stakes[x]}, holds {held[x]}")
        return problems
    waiting = s.waiting_on()
    if len(waiting) != 1:
        problems.append(f"Warsaw waits on one seat at a time, not {waiting}")
    for seat in waiting:
        if not s._legal_list(seat):
            problems.append(f"waiting on seat {seat} who has no legal action")
    if not len(s.attacks) == len(s.covers) == len(s.attack_by):
        problems.append("attack/cover/attack_by lists differ in length")
    start = s.phase_starts[-1]
    if any(c < 0 for c in s.covers[:start]):
        problems.append("an earlier phase has an uncovered card")
    if s.covers[start:].count(-1) != s.n_unc:
        problems.append("uncovered count out of date")
    for a, c in zip(s.attacks, s.covers, strict=False):
        if c >= 0 and not (s.beaters[a] >> c) & 1:
            problems.append(f"{card_text(c)} covers {card_text(a)} but does not beat it")
    if s.defender != (s.attacker + 1) % s.n:
        problems.append("the defender is not left of the principal attacker")
    if s.defender in s.attack_by:
        problems.append("the defender led a card")
    if len(s.attacks) - start > s.capacity:
        problems.append("a phase holds more cards than the defender held")
    if s.phase.value == "play":
        if s.stage == DEFEND and s.n_unc > s.hands[s.defender].bit_count():
            problems.append("more uncovered cards than the defender holds")
        if s.stage == ADD and len(s.phase_starts) == 1:
            problems.append("phase 1 has no lead round")
        if len(s.phase_starts) > 1:
            first = s.attacks[:s.phase_starts[1]]
            if odd_ranks(first) > 1:
                problems.append("the first-phase lead is not pairs (+ one)")
            prev = s.covers[s.phase_starts[-2]:start]
            ranks = 0
            for c in prev:
                ranks |= 1 << (c & 15)
            if s.lead_ranks != ranks:
                problems.append("leadable ranks are not the previous phase's cover ranks")
            for c in s.attacks[start:]:
                if not (rank_set_mask(s.lead_ranks) >> c) & 1:
                    problems.append(f"{card_text(c)} led off the covered ranks")
        if s.stage == LEAD and s.attacks:  # the lead being built, card by card
            problems += _staged_lead_problems(s)
        for x in range(s.n):
            if s.front[x] and not (x == s.attacker and s.stage == LEAD):
                problems.append(f"seat {x} still has cards in front after the lead")
        if s.stage == LEAD:
            for x in range(s.n):
                staged = len(s.attacks) if x == s.attacker else 0
                if s.stock and held[x] + staged < s.hand_size:
                    problems.append(f"seat {x} was not replenished")
                if not s.stock and not held[x]:
                    problems.append(f"seat {x} is out, the stock is empty, the deal goes on")
    return problems


def _staged_lead_problems(s: WarsawState) -> list[str]:
    """Phase 1 while the leader stages cards: theirs, uncovered, within the limit, and still
    completable to a legal lead (otherwise the leader could get stuck)."""
    out = []
    if len(s.phase_starts) != 1:
        out.append("cards staged as a lead in a later phase")
    if any(x != s.attacker for x in s.attack_by):
        out.append("a staged lead card is not the principal attacker's")
    if any(c >= 0 for c in s.covers):
        out.append("a card of a lead still being built is covered")
    parity = rank_parity(s.attacks)
    partners = 0
    for c in bits(s.hands[s.attacker]):
        partners |= 1 << (c & 15)
    odd = parity.bit_count()
    need = odd - 1 if odd else 0
    if need > (parity & partners).bit_count() or len(s.attacks) + need > s.capacity:
        out.append("the staged lead can no longer end as a legal lead")
    return out
