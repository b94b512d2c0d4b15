"""A tournament's plan and scores (service/tournaments/bracket.py): every pairing a
knockout or a league makes, where winners go, and how a league's table is ordered."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from bot.service.tournaments.bracket import (
    KNOCKOUT,
    NOBODY,
    ROUND_ROBIN,
    bracket_size,
    computers_needed,
    knockout_next,
    plan,
    standings,
)


@pytest.mark.parametrize("people", range(3, 17))
def test_a_knockout_gives_every_computer_a_person_and_ends_in_one_final(people):
    size = bracket_size(people)
    matches = plan(KNOCKOUT, people)
    first = [m for m in matches if m.round == 1]
    assert len(matches) == size - 1 and len(first) == size // 2
    seated = [x for m in first for x in (m.a, m.b)]
    assert sorted(seated) == list(range(size))  # everyone once, computers after the people
    computers = set(range(people, people + computers_needed(KNOCKOUT, people)))
    assert not any(m.a in computers and m.b in computers for m in first)
    assert [m.round for m in matches] == sorted(m.round for m in matches)
    # every match but the final feeds exactly one side of a later one
    fed = [knockout_next(size, i) for i in range(len(matches))]
    assert fed[-1] is None
    sides = [f for f in fed if f is not None]
    assert len(set(sides)) == len(sides) == len(matches) - 1
    assert all(target > i for i, (target, _side) in enumerate(sides))


@pytest.mark.parametrize("people", range(3, 17))
def test_a_league_pairs_everyone_with_everyone_once_and_nobody_twice_a_stage(people):
    matches = plan(ROUND_ROBIN, people)
    players = people + computers_needed(ROUND_ROBIN, people)
    assert players % 2 == 0
    pairs = sorted(tuple(sorted((m.a, m.b))) for m in matches)
    assert pairs == sorted(combinations(range(players), 2))
    for stage in {m.round for m in matches}:
        seated = [x for m in matches if m.round == stage for x in (m.a, m.b)]
        assert len(seated) == len(set(seated)) == players


def test_a_league_table_counts_wins_and_drawn_deals_and_breaks_ties_by_their_games():
    results = [(0, 1, 1), (0, 2, 0), (1, 2, 2), (0, 3, None), (1, 3, 1), (2, 3, 3)]
    table = standings(range(4), results)
    by_slot = {s.slot: s for s in table}
    assert [by_slot[x].points for x in range(4)] == [Fraction(3, 2), 2, 1, Fraction(3, 2)]
    assert (by_slot[1].wins, by_slot[1].losses, by_slot[0].draws) == (2, 1, 1)
    # 0 and 3 tie on 1½ and drew their game: the places drawn at the start decide
    assert [s.slot for s in table] == [1, 0, 3, 2]
    # 0 and 1 tie on 2 points; 1 beat 0: 1 goes first although drawn later
    table = standings(range(4), [(0, 1, 1), (2, 3, 2), (0, 2, 0), (1, 3, 3),
                                 (0, 3, 0), (1, 2, 1)])
    assert [(s.slot, s.points) for s in table[:2]] == [(1, 2), (0, 2)]
    # a cycle of three: all tied, between them too, kept in the drawn order
    assert [s.slot for s in standings(range(3), [(0, 1, 1), (1, 2, 2), (0, 2, 0)])] == \
        [0, 1, 2]


def test_no_show_by_both_is_a_loss_for_both_in_a_league():
    table = standings(range(2), [(0, 1, NOBODY)])
    assert [(s.points, s.losses) for s in table] == [(0, 1), (0, 1)]
