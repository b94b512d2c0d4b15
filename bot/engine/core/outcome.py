"""``Outcome``: the result of a finished deal."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """fools: seats left holding cards (one, or a whole team); draw: nobody is left.

    titles: seat -> "necktie" | "epaulettes" (RULES.md 'Fool with epaulettes').
    stakes: seat -> stakes won (+) or paid (-) in Warsaw scoring; None for matchsticks.
    teams: the team (tuple of seats) that lost, None without teams.
    out_order: seats in the order they went out.
    """

    fools: tuple[int, ...] = ()
    draw: bool = False
    titles: dict[int, str] = field(default_factory=dict)
    stakes: dict[int, int | Fraction] | None = None
    teams: tuple[int, ...] | None = None
    out_order: tuple[int, ...] = ()

    @property
    def fool(self) -> int | None:
        return self.fools[0] if len(self.fools) == 1 else None

    def matchsticks(self) -> dict[int, int]:
        """Matchsticks this deal gives: one per fool, none after a draw."""
        return {s: 1 for s in self.fools}

    def to_dict(self) -> dict[str, Any]:
        return {"fools": list(self.fools), "draw": self.draw,
                "titles": {str(k): v for k, v in self.titles.items()},
                "stakes": None if self.stakes is None  # Warsaw shares may be Fractions
                else {str(k): v if isinstance(v, int) else str(v)
                      for k, v in self.stakes.items()},
                "teams": None if self.teams is None else list(self.teams),
                "out_order": list(self.out_order)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Outcome:
        return cls(fools=tuple(d.get("fools", ())), draw=bool(d.get("draw", False)),
                   titles={int(k): v for k, v in (d.get("titles") or {}).items()},
                   stakes=None if d.get("stakes") is None
                   else {int(k): v if isinstance(v, int) else Fraction(v)
                         for k, v in d["stakes"].items()},
                   teams=None if d.get("teams") is None else tuple(d["teams"]),
                   out_order=tuple(d.get("out_order", ())))


def fool_title(attacks: list[int], attack_by: list[int], lowest_rank: int) -> str | None:
    """RULES.md 'Fool with epaulettes', for the fool who defended the final bout (attack
    cards and who played them): the last attack card is of the deck's lowest rank:
    "necktie"; "epaulettes" when that attacker played two or more such cards in the bout."""
    if not attacks or attacks[-1] & 15 != lowest_rank:
        return None
    who = attack_by[-1]
    count = sum(1 for c, s in zip(attacks, attack_by, strict=True)
                if s == who and c & 15 == lowest_rank)
    return "epaulettes" if count >= 2 else "necktie"


def team_fools(team: tuple[int, ...], hands: list[int], dealer: int) -> list[int]:
    """RULES.md 'Further decisions', Teams: every member of the team left with cards is a
    fool. Decision: the member who deals next comes first (most cards; tie: the first after
    the old dealer), so ``next_deal`` needs nothing but the outcome."""
    n = len(hands)
    return sorted(team, key=lambda s: (-hands[s].bit_count(), (s - dealer - 1) % n))


def series_fool(matchsticks: dict[int, int], series_to: int) -> int | None:
    """RULES.md 'Series to N': the first player to reach N matchsticks is the fool of the
    series (and the series ends). ``matchsticks`` are the running totals after a deal; as
    one deal gives at most one matchstick per player, at most one seat can newly reach N
    unless teams lose together, in which case the lowest seat is reported."""
    if series_to <= 0:
        return None
    reached = sorted(seat for seat, count in matchsticks.items() if count >= series_to)
    return reached[0] if reached else None
