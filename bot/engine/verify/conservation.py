"""Card conservation (RULES.md 'Invariants'), shared by the invariant checkers of every deal
class (invariants.py, warsaw/invariants.py)."""

from __future__ import annotations

from ..core.cards import bits, card_text


def conservation_problems(places: list[int], deck_mask: int) -> list[str]:
    """Every card of the deck is in exactly one of ``places`` (card masks): none twice,
    none missing, none from outside the deck."""
    problems: list[str] = []
    union = total = 0
    for m in places:
        union |= m
        total += m.bit_count()
    if total != union.bit_count():
        seen = 0
        for m in places:
            for c in bits(m & seen):
                problems.append(f"card {card_text(c)} is in two places")
            seen |= m
    if union != deck_mask:
        missing, extra = deck_mask & ~union, union & ~deck_mask
        if missing:
            problems.append(f"cards missing: {' '.join(card_text(c) for c in bits(missing))}")
        if extra:
            problems.append(f"cards not in the deck: {' '.join(card_text(c) for c in bits(extra))}")
    return problems
