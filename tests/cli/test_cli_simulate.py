"""`durak simulate`: one JSON object with consistent counts; --check; clear refusals."""

from __future__ import annotations

import json
import re

import pytest
from cli_helpers import run_cli, run_subprocess

from bot.engine import PLAYABLE_PRESETS, RuleSet, replay_deal


def _simulate(*extra: str) -> dict:
    r = run_cli("simulate", *extra)
    assert r.code == 0, r.err
    assert r.err == ""
    return json.loads(r.out)


def test_prints_one_json_object_with_consistent_counts():
    r = run_cli("simulate", "--preset", "podkidnoy", "--players", "3", "--games", "40",
                "--seed", "7")
    assert r.code == 0, r.err
    assert len(r.out.strip().splitlines()) == 1
    result = json.loads(r.out)
    assert result["games"] == 40
    assert len(result["losses"]) == 3
    assert sum(result["losses"]) + result["draws"] == 40
    assert result["actions"] > 40 * 10  # a deal of 3 players takes dozens of actions
    assert result["games_per_sec"] > 0


def test_same_seed_same_games_other_seed_other_games():
    keys = ("games", "actions", "draws", "losses")
    a = _simulate("--games", "25", "--seed", "3")
    b = _simulate("--games", "25", "--seed", "3")
    c = _simulate("--games", "25", "--seed", "4")
    assert {k: a[k] for k in keys} == {k: b[k] for k in keys}
    assert a["actions"] != c["actions"]


def test_counts_match_the_engine_played_directly():
    """Game i is dealt from seed + i: the CLI's totals are the sum of those deals."""
    from bot.engine.verify.random_play import play_random_game

    rules = RuleSet.preset("perevodnoy", players=4)
    total = 0
    for seed in range(10, 16):
        _, actions = play_random_game(rules, seed)
        total += len(actions)
    result = _simulate("--preset", "perevodnoy", "--players", "4", "--games", "6",
                       "--seed", "10")
    assert result["actions"] == total


@pytest.mark.parametrize("preset", PLAYABLE_PRESETS)
def test_check_passes_on_every_playable_preset(preset):
    playable = [n for n in range(2, 7) if not RuleSet.preset(preset, players=n).problems()]
    hi = playable[-1]
    for players in sorted({playable[0], min(4, hi), hi}):
        result = _simulate("--preset", preset, "--players", str(players), "--games", "8",
                           "--seed", "1", "--check")
        assert result["check"] is True
        assert result["decided"] + result["draws"] == 8  # teams: every member loses
        assert sum(result["losses"]) >= result["decided"]


def test_check_with_explore_and_rule_overrides():
    result = _simulate("--preset", "podkidnoy", "--players", "4", "--games", "10",
                       "--check", "--explore", "--rule", "throw_in=neighbours",
                       "--rule", "first_bout_limit=none", "--rule", "transfer=play")
    assert sum(result["losses"]) + result["draws"] == 10


def test_rule_override_changes_the_games():
    plain = _simulate("--games", "10", "--seed", "2")
    small = _simulate("--games", "10", "--seed", "2", "--rule", "deck=24")
    assert plain["actions"] != small["actions"]


@pytest.mark.parametrize("argv, fragment", [
    (["--preset", "nosuch"], "unknown preset 'nosuch'"),
    (["--preset", "duren_piatkowy", "--rule", "poker=true"], "cannot be played in the Warsaw"),
    (["--preset", "vietnamese", "--players", "6"], "vietnamese takes 2-4 players, not 6"),
    (["--players", "7"], "players"),
    (["--players", "6", "--rule", "deck=24"], "try `--rule deck=36`"),
    (["--rule", "colour=red"], "unknown rule 'colour'"),
    (["--rule", "transfer=sometimes"], "transfer='sometimes' is not allowed"),
    (["--rule", "transfer"], "expected NAME=VALUE"),
    (["--games", "0"], "must be at least 1"),
    (["--seed", "x"], "not a whole number"),
])
def test_invalid_input_exit_2_with_a_message(argv, fragment):
    r = run_cli("simulate", *argv)
    assert r.code == 2
    assert r.out == ""
    assert fragment in r.err
    assert "Traceback" not in r.err


def test_violation_prints_seed_and_actions_that_reproduce_it(monkeypatch):
    """A (fake) invariant failure after the 9th action of the third game: exit 1 with
    the seed and action list; replaying them reproduces the failing state."""
    import bot.engine.verify.random_play as random_play

    seen: dict = {}

    def fake_check(state):
        if state.seed == 102 and state.version == 9:
            seen["state"] = state.to_dict()
            return ["test-made violation"]
        return []

    monkeypatch.setattr(random_play, "check_invariants", fake_check)
    r = run_cli("simulate", "--games", "5", "--seed", "100", "--check", "--players", "3")
    assert r.code == 1
    assert "test-made violation" in r.err
    seed = int(re.search(r"^seed: (\d+)$", r.err, re.M).group(1))
    actions = re.search(r"^actions \((\d+)\): (.*)$", r.err, re.M)
    assert seed == 102 and int(actions.group(1)) == 9
    action_list = json.loads(actions.group(2))
    assert len(action_list) == 9
    rules = RuleSet.from_dict(json.loads(re.search(r"^rules: (.*)$", r.err, re.M).group(1)))
    replayed = replay_deal(rules, seed, action_list)
    assert replayed.to_dict() == seen["state"]


def test_subprocess_simulate_and_refusal():
    ok = run_subprocess("simulate", "--preset", "two_player_24", "--games", "5", "--seed", "9")
    assert ok.code == 0, ok.err
    result = json.loads(ok.out)
    assert result["games"] == 5 and sum(result["losses"]) + result["draws"] == 5
    bad = run_subprocess("simulate", "--preset", "nosuch")
    assert bad.code == 2
    assert "unknown preset" in bad.err and "Traceback" not in bad.err


def test_engine_crash_under_check_reports_the_seed(monkeypatch):
    import bot.engine.verify.random_play as random_play

    def crashing_check(state):
        if state.seed == 51 and state.version == 3:
            raise KeyError("boom")
        return []

    monkeypatch.setattr(random_play, "check_invariants", crashing_check)
    r = run_cli("simulate", "--games", "3", "--seed", "50", "--check")
    assert r.code == 1
    assert "the engine raised KeyError" in r.err
    assert re.search(r"^seed: 51$", r.err, re.M)
    assert "Traceback" not in r.err
