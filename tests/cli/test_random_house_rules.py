"""`durak simulate --rule NAME=VALUE` with house rules and `--random-house-rules`: every
preset, checked, and a failure prints the game's own rule mix so it reproduces alone."""

import json
import re

import pytest
from cli_helpers import run_cli

from bot.engine import PLAYABLE_PRESETS, RuleSet, replay_deal


def _players(preset: str) -> list[int]:
    ok = [n for n in range(2, 7) if not RuleSet.preset(preset, players=n).problems()]
    return sorted({ok[0], ok[-1]})


@pytest.mark.parametrize("preset", PLAYABLE_PRESETS)
def test_random_house_rules_checked_on_every_preset(preset):
    for players in _players(preset):
        r = run_cli("simulate", "--preset", preset, "--players", str(players), "--games", "60",
                    "--seed", "7", "--check", "--random-house-rules",
                    *(["--explore"] if players % 2 else []))
        assert r.code == 0, r.err
        result = json.loads(r.out)
        assert result["decided"] + result["draws"] == 60
        assert result["house_rules_played"]  # mixes really were played


def test_house_rule_by_name_and_a_refused_combination():
    r = run_cli("simulate", "--players", "3", "--games", "30", "--check", "--rule",
                "weli=true", "--rule", "jokers=2", "--rule", "fallen_ace=every_suit")
    assert r.code == 0, r.err
    bad = run_cli("simulate", "--rule", "crazy=true", "--rule", "no_trump=true")
    assert bad.code == 2 and "pick one" in bad.err and "Traceback" not in bad.err
    bad = run_cli("simulate", "--rule", "transfer=sideways")
    assert bad.code == 2 and "allowed: none, play, play_or_show" in bad.err


def test_a_failure_prints_that_games_house_rules(monkeypatch):
    import bot.engine.verify.random_play as random_play

    seen: dict = {}

    def fake_check(state):
        if state.seed == 3 and state.version == 6:
            seen["state"] = state.to_dict()
            return ["test-made violation"]
        return []

    monkeypatch.setattr(random_play, "check_invariants", fake_check)
    r = run_cli("simulate", "--games", "5", "--seed", "0", "--check", "--players", "3",
                "--random-house-rules")
    assert r.code == 1 and "test-made violation" in r.err
    rules = RuleSet.from_dict(json.loads(re.search(r"^rules: (.*)$", r.err, re.M).group(1)))
    actions = json.loads(re.search(r"^actions \(\d+\): (.*)$", r.err, re.M).group(1))
    assert replay_deal(rules, 3, actions).to_dict() == seen["state"]
    assert rules == RuleSet.from_dict(seen["state"]["rules"])


def test_rules_lists_the_house_rules():
    r = run_cli("rules")
    assert r.code == 0
    house = r.out.partition("House rules")[2].partition("Parameters")[0]
    for name in ("spades_by_spades=true", "fallen_ace=trump/every_suit", "jokers=2", "weli=true"):
        assert name in house
