"""Ratings that add up: a deal's changes sum to zero, a draw between equals changes
nothing, a stronger winner gains less, and a seat a computer played for its person earns
them nothing (it can still lose)."""

from __future__ import annotations

import random

import pytest

from bot.service.ratings import Skill, rate_deal


def changes(keys, skills, fools, draw=False, unrated=frozenset()):
    after = rate_deal(keys, skills, fools, draw, unrated)
    return {k: after[k].mu - skills[k].mu for k in after}


def test_a_deal_is_zero_sum_for_any_ratings_and_table():
    rng = random.Random(3)
    for _ in range(300):
        n = rng.randint(2, 6)
        keys = {s: f"p{s}" for s in range(n)}
        skills = {k: Skill(rng.uniform(15, 35), rng.uniform(2, 8.4)) for k in keys.values()}
        fools = set(rng.sample(range(n), rng.randint(1, n - 1)))
        draw = rng.random() < 0.1
        assert sum(changes(keys, skills, fools, draw).values()) == pytest.approx(0, abs=1e-9)


def test_a_draw_between_equals_changes_nothing_and_a_win_between_equals_is_symmetric():
    keys = {0: "a", 1: "b", 2: "c"}
    equal = {k: Skill() for k in keys.values()}
    assert all(abs(v) < 1e-12 for v in changes(keys, equal, set(), draw=True).values())
    two = {0: "a", 1: "b"}
    moved = changes(two, {"a": Skill(), "b": Skill()}, {1})
    assert moved["a"] == pytest.approx(-moved["b"]) and moved["a"] > 0


def test_beating_a_weaker_player_earns_less_than_beating_an_equal():
    keys = {0: "a", 1: "b"}
    even = changes(keys, {"a": Skill(25), "b": Skill(25)}, {1})["a"]
    weaker = changes(keys, {"a": Skill(25), "b": Skill(15)}, {1})["a"]
    assert 0 < weaker < even


def test_a_computer_played_seat_never_earns_its_person_rating():
    keys = {0: "user:1", 1: "user:2", 2: "computer:normal"}
    skills = {k: Skill() for k in keys.values()}
    won = changes(keys, skills, {1}, unrated=frozenset({0}))
    assert won["user:1"] == 0  # not rated: it won by a computer's play
    assert won["user:2"] < 0 and sum(won.values()) == pytest.approx(0)
    lost = changes(keys, skills, {0}, unrated=frozenset({0}))
    assert lost["user:1"] < 0  # a loss still counts
