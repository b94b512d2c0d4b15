"""Who sits where: the replenishing order, the teams and the seats allowed to throw in.

Pure functions of seat numbers, memoised where the bout asks them often (per bout, never per
action); seats are 0..players-1 and "left" is the next seat index.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import mask_of

# RuleSet.teams -> the seats of each team
TEAM_SEATS = {"2x2": ((0, 2), (1, 3)), "3x2": ((0, 3), (1, 4), (2, 5)),
              "2x3": ((0, 2, 4), (1, 3, 5))}
_orders: dict[tuple[int, int, int], tuple[int, ...]] = {}


def replenish_order(n: int, a: int, d: int) -> tuple[int, ...]:
    """RULES.md 'A bout' 4: principal attacker, the others clockwise from them, defender last."""
    key = (n, a, d)
    order = _orders.get(key)
    if order is None:
        order = _orders[key] = tuple(
            [a] + [(a + k) % n for k in range(1, n) if (a + k) % n != d] + [d])
    return order


def team_of_seats(teams: tuple[tuple[int, ...], ...], players: int) -> tuple[int, ...]:
    """team_of[seat] = the index of the seat's team (without teams: the seat itself)."""
    return tuple(next((i for i, t in enumerate(teams) if s in t), s) for s in range(players))


def left_of(seat: int, in_play: Sequence[bool]) -> int:
    """The next seat clockwise that is still in play."""
    n = len(in_play)
    s = (seat + 1) % n
    while not in_play[s]:
        s = (s + 1) % n
    return s


def right_of(seat: int, in_play: Sequence[bool]) -> int:
    n = len(in_play)
    s = (seat - 1) % n
    while not in_play[s]:
        s = (s - 1) % n
    return s


def throw_in_seats(throw_in: str, attacker: int, defender: int, in_play: Sequence[bool],
                   team_of: tuple[int, ...] | None) -> tuple[tuple[int, ...], int]:
    """(seats, their mask) allowed by ``throw_in`` to add cards against ``defender``;
    with teams (``team_of``) the defender's teammates never add cards (RULES.md)."""
    d = defender
    if throw_in == "all":
        seats = [s for s in range(len(in_play)) if in_play[s] and s != d]
    elif throw_in == "neighbours":
        seats = sorted({attacker, left_of(d, in_play), right_of(d, in_play)} - {d})
    elif throw_in == "principal":
        seats = [attacker]
    else:
        seats = []
    if team_of:
        seats = [s for s in seats if team_of[s] != team_of[d]]
    return tuple(seats), mask_of(seats)
