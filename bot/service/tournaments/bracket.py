"""A tournament's plan and scores, pure: who meets whom in which round, where a knockout
match's winner goes next, and a round-robin's standings.

Decisions (the issue leaves them to us; docs/rules.md says them to players):
- entrants take their places in a random order (the host's friends are not kept apart or
  together by who pressed Join first);
- an empty place is filled by a computer player, who plays like anyone: a knockout's
  bracket is the next power of two (at least 4), each computer meets a person in the first
  round; a round-robin with an odd number of people gets one computer;
- a round-robin scores 1 for a win, ½ for a drawn deal, 0 for a loss or a no-show; ties
  are broken by the games between the tied players, then by the places drawn at the start.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

KNOCKOUT, ROUND_ROBIN = "knockout", "roundrobin"
FORMATS = (KNOCKOUT, ROUND_ROBIN)
MIN_ENTRANTS, MAX_ENTRANTS = 3, 16
NOBODY = -1  # a side nobody fills: both people of the match before it stayed away


@dataclass(frozen=True)
class Planned:
    """A match as planned: its round (from 1) and its sides' slots, None while an earlier
    match decides the side."""

    round: int
    a: int | None
    b: int | None


def bracket_size(people: int) -> int:
    size = 4
    while size < people:
        size *= 2
    return size


def computers_needed(fmt: str, people: int) -> int:
    if fmt == KNOCKOUT:
        return bracket_size(people) - people
    return people % 2


def plan(fmt: str, people: int) -> list[Planned]:
    """Every match of the tournament, in the order they are played. Slots ``0..people-1``
    are the people (in the random order of the draw), the next ones the computers."""
    if fmt == KNOCKOUT:
        return _knockout(people)
    return _round_robin(people + computers_needed(fmt, people))


def _knockout(people: int) -> list[Planned]:
    size = bracket_size(people)
    computers = size - people
    against_computer = [Planned(1, person, people + person) for person in range(computers)]
    rest = list(range(computers, people))
    between_people = [Planned(1, rest[i], rest[i + 1]) for i in range(0, len(rest), 2)]
    first: list[Planned] = []
    # alternate the two kinds, so two computers meet in the second round as late as can be
    while against_computer or between_people:
        for kind in (between_people, against_computer):
            if kind:
                first.append(kind.pop(0))
    matches = first
    count, round_number = size // 4, 2
    while count >= 1:
        matches += [Planned(round_number, None, None) for _ in range(count)]
        count //= 2
        round_number += 1
    return matches


def _round_robin(players: int) -> list[Planned]:
    """The circle method: the first place stays, the others turn one step a round."""
    order = list(range(players))
    matches = []
    for round_number in range(1, players):
        for i in range(players // 2):
            matches.append(Planned(round_number, order[i], order[players - 1 - i]))
        order = [order[0], order[-1], *order[1:-1]]
    return matches


def knockout_next(size: int, idx: int) -> tuple[int, int] | None:
    """Where the winner of knockout match ``idx`` plays next: (match index, side 0 for a
    and 1 for b); None after the final."""
    offset, count = 0, size // 2
    while count > 1:
        if idx < offset + count:
            position = idx - offset
            return offset + count + position // 2, position % 2
        offset += count
        count //= 2
    return None


def rounds_of(fmt: str, people: int) -> int:
    matches = plan(fmt, people)
    return max(m.round for m in matches)


@dataclass(frozen=True)
class Score:
    slot: int
    points: Fraction
    wins: int
    draws: int
    losses: int


Result = tuple[int, int, int | None]  # (a, b, winner: a slot, NOBODY, or None for a draw)


def standings(slots: Iterable[int], results: Iterable[Result]) -> list[Score]:
    """A round-robin's table, best first (see the top for the order)."""
    results = list(results)
    points: dict[int, Fraction] = {slot: Fraction(0) for slot in slots}
    wins, draws, losses = dict.fromkeys(points, 0), dict.fromkeys(points, 0), \
        dict.fromkeys(points, 0)
    for a, b, winner in results:
        for side in (a, b):
            points.setdefault(side, Fraction(0))
            if winner is None:
                points[side] += Fraction(1, 2)
                draws[side] = draws.get(side, 0) + 1
            elif winner == side:
                points[side] += 1
                wins[side] = wins.get(side, 0) + 1
            else:
                losses[side] = losses.get(side, 0) + 1
    scores = [Score(slot, points[slot], wins.get(slot, 0), draws.get(slot, 0),
                    losses.get(slot, 0)) for slot in points]

    def between(slot: int, tied: set[int]) -> Fraction:
        points = Fraction(0)
        for a, b, winner in results:
            if slot in (a, b) and {a, b} <= tied:
                points += Fraction(1, 2) if winner is None else int(winner == slot)
        return points

    by_points: dict[Fraction, set[int]] = {}
    for score in scores:
        by_points.setdefault(score.points, set()).add(score.slot)
    return sorted(scores, key=lambda s: (-s.points, -between(s.slot, by_points[s.points]),
                                         s.slot))
