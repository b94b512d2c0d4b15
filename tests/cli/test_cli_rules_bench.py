"""`durak rules`, `durak bench`, help and usage errors."""

from __future__ import annotations

import json

from cli_helpers import run_cli, run_subprocess

from bot.engine import PARAMETERS, PLAYABLE_PRESETS, PRESETS, RuleSet


def test_rules_lists_every_preset_and_parameter_with_default():
    r = run_cli("rules")
    assert r.code == 0 and r.err == ""
    presets_part, _, params_part = r.out.partition("Parameters")
    lines = presets_part.splitlines()
    for name, preset in PRESETS.items():
        line = next(line for line in lines if line.split()[:1] == [name])
        assert preset.description in line
        # the mark asks the engine: a preset no player count of any deck can play has it
        refused = not any(
            not RuleSet.preset(name, players=n, deck=d).problems()
            for n in range(2, 11) for d in (24, 36, 52))
        assert ("not playable yet" in line) == refused
        assert not refused or name not in PLAYABLE_PRESETS
    lines = params_part.splitlines()
    for param in PARAMETERS:
        line = next(line for line in lines if line.split()[:1] == [param.name])
        if isinstance(param.default, bool):
            default = "true" if param.default else "false"
        else:
            default = "none" if param.default is None else str(param.default)
        assert line.split()[1] == default, line


def test_rules_shows_allowed_values():
    out = run_cli("rules").out
    assert "none, play, play_or_show" in out
    assert "lowest_trump, left_of_dealer" in out


def test_bench_prints_one_json_object():
    r = run_cli("bench", "--seconds", "0.3")
    assert r.code == 0, r.err
    result = json.loads(r.out)
    assert result["games"] >= 1
    assert result["actions"] > result["games"] * 10
    assert result["seconds"] >= 0.3
    rate = result["games"] / result["seconds"]
    assert abs(result["games_per_sec"] - rate) < 0.01 * rate


def test_bench_refuses_a_bad_duration():
    r = run_cli("bench", "--seconds", "-1")
    assert r.code == 2 and "must be more than 0" in r.err


def test_no_command_and_unknown_command_are_usage_errors():
    for argv in ([], ["dance"]):
        r = run_cli(*argv)
        assert r.code == 2
        assert "durak" in r.err and "Traceback" not in r.err


def test_help_exits_0():
    r = run_subprocess("--help")
    assert r.code == 0
    for command in ("rules", "simulate", "bench", "play"):
        assert command in r.out


def test_rules_via_subprocess():
    r = run_subprocess("rules")
    assert r.code == 0 and "podkidnoy" in r.out and "bout_limit" in r.out


def test_every_subcommand_has_a_description_and_every_option_a_help_text():
    import argparse

    from bot.cli.dispatch import COMMANDS, build_parser

    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(subparsers.choices) == {c.__name__.rsplit(".", 1)[1] for c in COMMANDS}
    listed = {a.dest: a.help for a in subparsers._choices_actions}
    for name, sub in subparsers.choices.items():
        assert listed[name] and len(sub.description or "") > 80, name
        for action in sub._actions:
            if not isinstance(action, argparse._HelpAction):
                assert action.help and len(action.help) > 10, (name, action.dest)
        r = run_cli(name, "--help")
        assert r.code == 0 and r.out.startswith(f"usage: durak {name}"), name


def test_rules_checks_one_mix_and_says_what_works():
    r = run_cli("rules", "--preset", "two_player_24", "--players", "3")
    assert r.code == 0 and r.err == ""
    assert r.out.startswith("two_player_24 with 3 players can be played (2-4 players can).")
    r = run_cli("rules", "--preset", "two_player_24", "--rule", "deck=36")
    assert r.code == 0 and "two_player_24 with deck=36 takes 2-6 players." in r.out
    assert "Rule settings: defaults." in r.out and "Presets" not in r.out  # as podkidnoy


def test_rules_refuses_a_mix_with_the_counts_that_work_and_what_to_try():
    r = run_cli("rules", "--preset", "two_player_24", "--players", "5")
    assert r.code == 2 and r.out == ""
    assert "two_player_24 takes 2-4 players, not 5" in r.err
    assert "try `--rule deck=36` or `--rule deck=52`" in r.err
    # The suggestion works when followed.
    assert run_cli("rules", "--preset", "two_player_24", "--players", "5",
                   "--rule", "deck=36").code == 0
    r = run_cli("rules", "--preset", "duren_piatkowy", "--rule", "transfer=play")
    assert r.code == 2 and "transfer" in r.err and "Traceback" not in r.err


def test_a_mistyped_option_points_at_the_commands_own_help():
    r = run_cli("rules", "--presets", "x")
    assert r.code == 2 and "(try `durak rules --help`)" in r.err
    assert "`durak rules`)" not in r.err  # not back at the command just refused
    r = run_cli("dance")
    assert "(try `durak --help` or `durak rules`)" in r.err
