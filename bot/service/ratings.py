"""Skill ratings with openskill's Plackett-Luce model (multi-player, handles ties).

Decisions:
- every seat is rated as its own one-player team, ranked: non-fools share rank 1, fools
  rank 2 (teams: the losing team's members are the fools); a draw is a full tie;
- computer players are rated under their strength's key, so "how strong is *hard*" is
  measured too; if one key fills several seats in a deal (two "normal" computers), the key
  gets the mean of the new values of its seats;
- the number shown and sorted on is the ordinal mu - 3*sigma (conservative: a newcomer's
  big uncertainty keeps them below proven players).
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()
DEFAULT_MU = _MODEL.mu
DEFAULT_SIGMA = _MODEL.sigma


@dataclass(frozen=True)
class Skill:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def rate_deal(seat_keys: dict[int, str], skills: dict[str, Skill],
              fools: set[int], draw: bool) -> dict[str, Skill]:
    """New skills per player key after one deal (only keys that played)."""
    seats = sorted(seat_keys)
    teams = [[_MODEL.rating(mu=skills[seat_keys[s]].mu, sigma=skills[seat_keys[s]].sigma)]
             for s in seats]
    ranks: list[float] = [1 if draw or s not in fools else 2 for s in seats]
    rated = _MODEL.rate(teams, ranks=ranks)
    per_key: dict[str, list[tuple[float, float]]] = {}
    for seat, team in zip(seats, rated, strict=True):
        per_key.setdefault(seat_keys[seat], []).append((team[0].mu, team[0].sigma))
    return {key: Skill(sum(v[0] for v in vals) / len(vals), sum(v[1] for v in vals) / len(vals))
            for key, vals in per_key.items()}
