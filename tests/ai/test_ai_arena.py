"""`durak arena`: the JSON it prints, its sums and the seat split."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from bot.ai.arena import percentile, run_arena, side_of, wilson
from bot.cli.arena import add_parser, run
from bot.cli.args import UsageError
from bot.cli.streams import Streams
from bot.engine import RuleSet, new_deal


def arena_command(args: argparse.Namespace, out: io.StringIO) -> int:
    return run(args, Streams(io.StringIO(), out, io.StringIO()))


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="durak")
    add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["arena", *argv])


def test_arena_prints_one_json_object_whose_counts_add_up():
    out = io.StringIO()
    code = arena_command(_args("--a", "normal", "--b", "easy", "--players", "3", "--games",
                               "6", "--seed", "4", "--rule", "first_bout_limit=none"), out)
    assert code == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    assert result["a_wins"] + result["b_wins"] + result["draws"] == 6
    decided = result["a_wins"] + result["b_wins"]
    if decided:
        assert result["a_win_rate"] == pytest.approx(result["a_wins"] / decided)
    lo, hi = result["a_win_rate_ci95"]
    assert 0 <= lo <= hi <= 1
    for side in "ab":
        assert result[f"{side}_moves"] > 0
        # Wall-clock times: one move stalled by a busy machine may lift the mean far above
        # the p95 of these microsecond moves, so only that both were measured is checked.
        assert result[f"{side}_move_mean_s"] > 0 and result[f"{side}_move_p95_s"] > 0
    assert (result["a"], result["b"], result["players"]) == ("normal", "easy", 3)


def test_hard_side_timing_is_reported():
    result = run_arena(RuleSet.preset("podkidnoy"), "hard", "easy", games=2, seed=1,
                       budget_a=0.02)
    assert result["a_budget_s"] == 0.02 and result["a_moves"] > 0
    assert result["a_move_p95_s"] > 0 and result["a_decision_p95_s"] >= result["a_move_p95_s"] / 10


def test_same_strength_mirror_games_are_balanced():
    """Pairs of games on one deal with the sides swapped: a deterministic player against
    itself wins exactly as often on each side."""
    result = run_arena(RuleSet.preset("podkidnoy"), "normal", "normal", games=20, seed=7)
    assert result["a_wins"] == result["b_wins"]


def test_seat_split_alternates():
    assert [side_of(s, 0) for s in range(4)] == ["a", "b", "a", "b"]
    assert [side_of(s, 1) for s in range(3)] == ["b", "a", "b"]


def test_wilson_interval_and_percentile():
    lo, hi = wilson(70, 100)
    assert 0.60 < lo < 0.70 < hi < 0.79
    assert wilson(0, 0) == (0.0, 1.0)
    assert percentile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.0
    assert percentile([5.0] + [1.0] * 99, 0.95) == 1.0


def test_bad_preset_is_a_usage_error():
    with pytest.raises(UsageError):
        arena_command(_args("--a", "easy", "--b", "easy", "--preset", "nope"), io.StringIO())


def test_durak_arena_through_the_main_command_line():
    from bot.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = main(["arena", "--a", "easy", "--b", "normal", "--preset", "perevodnoy", "--games",
                 "4", "--seed", "2"], stdout=out, stderr=err)
    assert code == 0, err.getvalue()
    result = json.loads(out.getvalue())
    assert result["preset"] == "perevodnoy" and result["games"] == 4
    assert result["a_wins"] + result["b_wins"] + result["draws"] == 4


def test_cpu_clock_is_reported_and_bounds_hard_by_cpu_time():
    out = io.StringIO()
    code = arena_command(_args("--a", "hard", "--b", "easy", "--games", "2", "--seed", "3",
                               "--budget-a", "0.02", "--clock", "cpu"), out)
    assert code == 0
    result = json.loads(out.getvalue())
    assert result["clock"] == "cpu"
    assert result["a_moves"] > 0 and result["a_wall_p95_s"] > 0


def test_unknown_clock_is_refused():
    from bot.ai import choose_action

    s = new_deal(RuleSet.preset("podkidnoy"), 5)
    seat = s.waiting_on()[0]
    with pytest.raises(ValueError, match="clock"):
        choose_action(s, seat, "hard", seed=1, budget_s=0.01, clock="sundial")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("err", "flags", "shown"), [
    (_Terminal, (), True), (io.StringIO, (), False),
    (_Terminal, ("--no-progress",), False), (io.StringIO, ("--progress",), True),
])
def test_progress_is_on_by_default_only_on_a_terminal(err, flags, shown):
    from bot.cli import main

    out, errors = io.StringIO(), err()
    code = main(["arena", "--a", "easy", "--b", "easy", "--games", "2", "--seed", "1", *flags],
                stdout=out, stderr=errors)
    assert code == 0 and json.loads(out.getvalue())["games"] == 2
    assert ("2/2: a " in errors.getvalue()) is shown, errors.getvalue()
