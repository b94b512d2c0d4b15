"""Seeded random games for every playable preset and 2-6 players, invariants checked after
every action (RULES.md 'Invariants'). More games: HYPOTHESIS_PROFILE=thorough."""

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import PLAYABLE_PRESETS, RulesError, RuleSet
from bot.engine.verify.random_play import InvariantViolation, play_random_game

# HYPOTHESIS_PROFILE=thorough runs many more rule mixes. Applied to this test only, so the
# other suites' hypothesis settings are left alone.
THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
MIX_SETTINGS = settings(max_examples=2000 if THOROUGH else 15, deadline=None,
                        suppress_health_check=[HealthCheck.too_slow])

GAMES_PER_CASE = 300 if THOROUGH else 60


def playable(preset: str, players: int) -> RuleSet | None:
    try:
        return RuleSet.preset(preset, players=players).validate()
    except RulesError:
        return None


CASES = [(p, n) for p in PLAYABLE_PRESETS for n in range(2, 7) if playable(p, n)]


def test_every_preset_is_playable_for_its_player_counts():
    # 24 cards cannot deal 6 to 5 or 6 players; vietnamese and pagat are for 2-4, teams
    # for 4 (2x2) or 6 (2x3): all others play
    refused = {(p, n) for p in PLAYABLE_PRESETS for n in range(2, 7)} - set(CASES)
    assert refused == {("two_player_24", 5), ("two_player_24", 6), ("vietnamese", 5),
                       ("vietnamese", 6), ("prostoy_pagat", 5), ("prostoy_pagat", 6),
                       ("teams", 2), ("teams", 3), ("teams", 5)}


@pytest.mark.parametrize("preset, players", CASES)
def test_random_games_keep_the_invariants(preset, players):
    rules = playable(preset, players)
    fools = set()
    for seed in range(GAMES_PER_CASE):
        state, actions = play_random_game(rules, seed, random.Random(seed), check=True,
                                          explore=seed % 2 == 1)
        assert state.is_over and actions
        team = len(state.outcome.teams or ()) or 1  # a losing team: all its members
        if getattr(state, "is_warsaw", False):  # Warsaw: everyone left holding cards pays
            team = sum(1 for x in range(players) if state.held(x))
        assert state.outcome.draw or len(state.outcome.fools) == team
        fools.update(state.outcome.fools)
    assert len(fools) >= 2  # different seats lose: the games really differ


@MIX_SETTINGS
@given(preset=st.sampled_from(PLAYABLE_PRESETS), players=st.integers(2, 6),
       seed=st.integers(0, 2**32 - 1), explore=st.booleans(),
       others_join=st.booleans(), first_limit=st.sampled_from([None, 5]),
       exchange=st.sampled_from(["none", "lowest_before_play"]),
       after_out=st.sampled_from(["attack_again", "left_attacks"]))
def test_random_rule_mixes_keep_the_invariants(preset, players, seed, explore, others_join,
                                               first_limit, exchange, after_out):
    try:
        rules = RuleSet.preset(preset, players=players, others_join_after_first_beat=others_join,
                               first_bout_limit=first_limit, trump_exchange=exchange,
                               after_defender_out=after_out).validate()
    except RulesError:
        return
    try:
        play_random_game(rules, seed, random.Random(seed), check=True, explore=explore)
    except InvariantViolation as e:  # the message carries seed and actions to reproduce
        pytest.fail(str(e))
