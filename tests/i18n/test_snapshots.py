"""The end of a deal, the lobby with its settings menus, the rules in words and a hand
mid-deal, in every language for 2 to 6 players, against the reviewed files in tests/i18n/snapshots/.

A difference fails with a diff. If the change is intended, regenerate the files with
``python -m tests.i18n.screens`` and review the diff of the snapshots (README,
"Messages and languages").
"""

from __future__ import annotations

import difflib

import pytest

from bot.i18n import LOCALES

from .screens import SNAPSHOTS, files

NAMES = ("end_of_game.txt", "settings.txt", "rules.txt", "hand.txt")


@pytest.mark.parametrize("locale", LOCALES)
def test_screens_match_the_reviewed_snapshots(locale):
    rendered = files(locale)
    assert sorted(rendered) == sorted(NAMES)
    for name in NAMES:
        path = SNAPSHOTS / locale / name
        assert path.exists(), f"{path} is missing: run python -m tests.i18n.screens"
        stored = path.read_text(encoding="utf-8")
        if stored != rendered[name]:
            diff = "".join(difflib.unified_diff(
                stored.splitlines(keepends=True), rendered[name].splitlines(keepends=True),
                fromfile=f"{path} (reviewed)", tofile="rendered now"))
            pytest.fail(f"{locale}/{name} changed; if intended, run "
                        f"python -m tests.i18n.screens and review:\n{diff}")


def test_snapshots_cover_two_to_six_players_in_every_language():
    for locale in LOCALES:
        for name in NAMES:
            text = (SNAPSHOTS / locale / name).read_text(encoding="utf-8")
            for n in range(2, 7):
                assert f"=== {n} players" in text, (locale, name, n)
    assert {p.name for p in SNAPSHOTS.iterdir()} == set(LOCALES)
