"""The ``timed`` marker: tests that start processes or whose outcome rides on real time
passing (turn clocks, nudges, reminders, timeouts, outages, pacing under Telegram's
limits). A test that fails now and then is a defect of the test or of the code, and these
are where one hides; so they are run in a loop as well as once (README, "Tests"):

    for i in $(seq 20); do python -m pytest -m timed -q || break; done

A file is listed here rather than marked inside it, so the set is read in one place.
"""

from __future__ import annotations

from pathlib import Path

import pytest

TIMED_FILES = frozenset({
    # several processes (bot processes behind one URL, kill -9 and restart, a server)
    "bot/test_two_instances.py", "bot/test_quick_two_instances.py",
    "service/test_crash.py", "service/test_races.py", "launch/test_startup_recovers.py",
    "launch/test_health_endpoints.py", "ai/test_ai_pool.py",
    # real time: clocks, timeouts, nudges, reminders, outages, pacing, coalescing
    "bot/test_clocks_never_lie.py", "bot/test_each_clock_is_theirs.py",
    "bot/test_delivery_and_timers.py", "bot/test_timers_and_failures.py",
    "bot/test_turn_nudges.py", "bot/test_quick_match.py", "bot/test_phrases.py",
    "bot/test_database_outage.py", "bot/test_shared_reads.py",
    "bot/test_table_coalescing.py", "bot/test_quiet_hand_edits.py",
    "bot/test_press_answers_under_faults.py", "bot/test_group_play_under_limits.py",
    "bot/test_clean_stop.py", "bot/test_faults_change_nothing.py",
    "webapp/test_no_nudge_on_page.py",
    # loops on the clock: a season's end and the weekly digest (sent once, not again)
    "bot/test_seasons.py", "bot/test_weekly_digest.py",
    # a tournament's loop: its join deadline, no-shows and next games on the clock
    "bot/test_tournaments.py",
})
TESTS = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "timed: starts processes or waits on real time (tests/timed_tests.py)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        try:
            where = Path(item.path).resolve().relative_to(TESTS).as_posix()
        except ValueError:
            continue
        if where in TIMED_FILES:
            item.add_marker(pytest.mark.timed)
