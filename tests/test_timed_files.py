"""The loop of timed tests (tests/timed_tests.py) covers what it says: every file it lists
exists, so a renamed test file cannot drop out of the loop unnoticed."""

from timed_tests import TESTS, TIMED_FILES


def test_every_timed_file_exists():
    assert sorted(f for f in TIMED_FILES if not (TESTS / f).is_file()) == []
