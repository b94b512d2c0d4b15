"""Which rule values Dureń Piątkowy (Warsaw, RULES.md 'Warsaw phases', seed 002) plays.

Kept out of ``rules.py`` so the Warsaw game can grow without touching the shared table:
``rules.RuleSet.problems`` asks ``is_warsaw`` / ``WARSAW_IMPLEMENTED`` / ``warsaw_problems``.
This module must not import ``rules`` (``rules`` imports it).

Decisions (RULES.md is silent):
- Parameters of the throw-in bout (throw_in, others_join_after_first_beat, bout_limit,
  first_bout_limit, after_defender_out) have no meaning in Warsaw and are ignored;
  a transfer has no place in the phases and is refused.
- House rules: ``rules.py`` lets only the beats-only ones (and cut) combine with Warsaw;
  teams are refused here (the phases and stakes are defined for single players).
"""

from __future__ import annotations

from typing import Any

from ..core.codes import Code
from ..core.errors import Reason

# Values the Warsaw game plays, replacing the entries of ``rules.IMPLEMENTED``.
WARSAW_IMPLEMENTED: dict[str, tuple[Any, ...]] = {
    "players": tuple(range(2, 11)),
    "packs": (1, 2, 3),
    "lead": ("warsaw_pairs",),
    "on_fail": ("warsaw",),
    "trump_exchange": ("none", "warsaw_two"),
    "scoring": ("stakes", "matchsticks"),
}

def is_warsaw(rules: Any) -> bool:
    return bool(rules.lead == "warsaw_pairs" or rules.on_fail == "warsaw")


def warsaw_problems(rules: Any) -> list[Reason]:
    """Reasons a Warsaw rule set cannot be played (beyond the shared checks)."""
    out = []
    if rules.transfer != "none":
        out.append(Reason(Code.WARSAW_TRANSFER))
    if rules.teams != "none":
        out.append(Reason(Code.WARSAW_TEAMS))
    if rules.trump_exchange not in WARSAW_IMPLEMENTED["trump_exchange"]:
        out.append(Reason(Code.WARSAW_EXCHANGE, value=rules.trump_exchange))
    return out
