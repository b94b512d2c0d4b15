"""The play-with-anyone benchmarks (issue 37) run end to end, briefly: quick match through
the whole bot (``bench_match.py --bot``) and games in an inline message and by link
(``bench_bot.py --mode inline|link``). Their figures are the scripts' to print; here only
that each run measures what it says, with sane values (no timing bound)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from bench_bot import main as bench_bot  # noqa: E402
from bench_match_bot import bot_run  # noqa: E402
from bench_venues import compared, modes  # noqa: E402


def check_quick(figures: dict, people: int, instances: int) -> None:
    assert figures["instances"] == instances
    assert figures["tables"] == people // 2, figures
    assert figures["seated_twice"] == 0 and figures["lost"] == 0, figures
    assert figures["left_waiting"] == people % 2 and figures["matchable_left"] == 0, figures
    assert figures["no_cards"] == 0, figures
    assert 0 < figures["ready_s_p50"] <= figures["ready_s_p99"] <= figures["ready_s_max"]
    # (429s follow the machine's load: a figure to print, not asserted)
    assert all(n > 0 for n in figures["too_many_requests"].values())
    assert sum(figures["forwarded"]) >= 2 * people  # /start and /quick of each person
    assert figures["load_1min"]["cores"] >= 1


async def test_quick_match_through_the_bot_seats_everyone_once_and_deals_them():
    """Seven people on one bot process (SQLite): three tables, each person at one, every
    one of them with a hand; the seventh still waits, alone, so nobody matchable does."""
    check_quick(await bot_run(1, people=7, seconds=2.0, sweep=0.2), 7, 1)


async def test_quick_match_through_two_bot_processes_behind_one_url():
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        pytest.skip("TEST_DATABASE_URL not set: several instances need PostgreSQL")
    figures = await bot_run(2, people=8, seconds=2.0, sweep=0.2, pg_url=url)
    check_quick(figures, 8, 2)
    assert all(n > 0 for n in figures["forwarded"])  # both processes took updates


@pytest.mark.parametrize("mode", ["inline", "link"])
async def test_a_venue_bench_plays_and_counts_its_requests(mode):
    """Two tables in the venue, played by their hands for a few seconds in webhook mode:
    moves were made and every press answered; the requests that draw the table are
    counted where the venue draws it (an inline message's edits; a link table has no
    table message at all)."""
    figures = await bench_bot(2, 8.0, 0.25, mode, think=(0.1, 0.3), webhook=True)
    assert figures["mode"] == mode and figures["delivery"] == "webhook"
    assert figures["actions"] > 0 and figures["presses_answered"] > 0, figures
    assert figures["presses_unanswered"] == 0, figures
    assert figures["requests_per_action"] > 0
    assert all(n > 0 for n in figures["too_many_requests"].values())  # (not asserted: load)
    split = figures["per_action_split"]
    assert split["group"] == 0  # neither venue is a group the bot is in
    if mode == "inline":
        assert split["inline_message"] > 0 and split["table"] == split["inline_message"]
    else:
        assert split["inline_message"] == 0 and split["table"] == 0
        assert figures["chat_requests_per_game"] is None


def test_the_comparison_line_is_each_venue_over_the_group():
    def result(rpa: float) -> dict:
        return {"requests_per_action": rpa, "too_many_requests": {},
                "press_answer_ms_p99": 1.0, "delivery": "webhook"}

    line = compared({"group": result(1.8), "inline": result(1.8), "link": result(0.9)})
    assert {m: v["ratio"] for m, v in line["vs_group"].items()} == {
        "group": 1.0, "inline": 1.0, "link": 0.5}
    assert modes("group, inline,link") == ["group", "inline", "link"]
    with pytest.raises(Exception, match="choose from"):
        modes("groups")
