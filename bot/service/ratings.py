"""Skill ratings: Elo over every pair of rated seats in a deal, so that a deal's changes
add up to zero.

Decisions:
- every pair of rated seats is a game between the two: the one who is not the fool beats
  the fool; two fools, two non-fools, or a draw, is a tie (teams: the losing team's
  members are the fools). Each seat moves by ``K / (rated seats - 1)`` times the sum of
  (score - expected score) over its pairs, so a deal is worth the same whatever the table
  size, and between equally rated players a draw changes nothing and the changes add up
  to zero: ratings are never created from nothing (openskill's Plackett-Luce, used
  before, shrank everyone's uncertainty with each deal, so a three-way draw raised all
  three shown ratings);
- a seat a computer played at the end of the deal for its person (after timeouts, a deal
  started without them, a blocked chat) is rated only if it lost: a computer's play never
  earns a person rating; not rated, it neither gains nor gives the others anything;
- computer players are rated under their strength's key, so "how strong is *hard*" is
  measured too; a key that fills several seats in a deal (two "normal" computers) takes
  the sum of its seats' changes (still zero in total);
- stored as before, (mu, sigma); the rating is mu, sigma stays what it was (newcomers
  get mu 25, sigma 25/3, openskill's old defaults) and the shown number is ``ordinal`` =
  mu - 3 sigma, so a change of mu is the same change of the shown number
  (bot/render/results.py shows 1000 + 10 x ordinal: K = 1.6 is 16 points, SCALE = 40 is
  Elo's 400).
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3
K = 1.6  # a deal between two equals moves each by K / 2 (8 points shown)
SCALE = 40.0  # a SCALE lead means 10 to 1 expected odds


@dataclass(frozen=True)
class Skill:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def expected(mine: float, theirs: float) -> float:
    """Elo's expected score of a player rated ``mine`` against one rated ``theirs``."""
    return 1.0 / (1.0 + 10 ** ((theirs - mine) / SCALE))


def rate_deal(seat_keys: dict[int, str], skills: dict[str, Skill], fools: set[int],
              draw: bool, unrated_wins: frozenset[int] = frozenset()) -> dict[str, Skill]:
    """New skills per player key after one deal (only keys that played; an unrated seat's
    key keeps its skill). ``unrated_wins``: seats rated only if they lost (see the top)."""
    rated = [s for s in sorted(seat_keys) if s in fools and not draw or s not in unrated_wins]
    change = {s: 0.0 for s in seat_keys}
    if len(rated) >= 2:
        for mine in rated:
            total = 0.0
            for theirs in rated:
                if theirs == mine:
                    continue
                score = 0.5 if draw or (mine in fools) == (theirs in fools) else \
                    0.0 if mine in fools else 1.0
                total += score - expected(skills[seat_keys[mine]].mu,
                                          skills[seat_keys[theirs]].mu)
            change[mine] = K * total / (len(rated) - 1)
    per_key: dict[str, float] = {}
    for seat, key in seat_keys.items():
        per_key[key] = per_key.get(key, 0.0) + change[seat]
    return {key: Skill(skills[key].mu + delta, skills[key].sigma)
            for key, delta in per_key.items()}
