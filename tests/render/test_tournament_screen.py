"""The tournament's message at its largest (16 entrants, every game played) stays within
Telegram's 4096 characters in every language, and reads in order: stages, the final, the
winner; a league's table is ordered by points."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

import pytest

from bot.i18n import LOCALES
from bot.render.tournament import tournament_screen
from bot.render.tournament.standings import points_text
from bot.service.tournaments import EntryView, MatchView, TournamentView
from bot.service.tournaments.bracket import (
    KNOCKOUT,
    ROUND_ROBIN,
    bracket_size,
    knockout_next,
    plan,
)

NOW = datetime(2026, 11, 28, 19, 0, tzinfo=UTC)
LONG = "Maximilian-Alexander"  # a long first name: the worst case for length


def finished(fmt: str, people: int) -> TournamentView:
    """Every game won by its first side (a), as the service would have recorded it."""
    planned = plan(fmt, people)
    sides = [[m.a, m.b] for m in planned]
    matches = []
    for idx, m in enumerate(planned):
        a, b = sides[idx]
        matches.append(MatchView(idx, m.round, a, b, "done", frozenset(), None, idx + 1, a,
                                 "played"))
        follow = knockout_next(bracket_size(people), idx) if fmt == KNOCKOUT else None
        if follow is not None:
            sides[follow[0]][follow[1]] = a
    slots = {x for m in planned for x in (m.a, m.b) if x is not None}
    entries = tuple(EntryView(slot, 1000 + slot if slot < people else None,
                              None if slot < people else "normal",
                              f"{LONG} {slot}" if slot < people else "")
                    for slot in sorted(slots))
    winner = matches[-1].winner if fmt == KNOCKOUT else 0
    return TournamentView(1, -100, 1000, "Fridays", fmt, {"preset": "podkidnoy"}, "finished",
                          NOW, winner, 9, 5, entries, tuple(matches))


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("fmt", (KNOCKOUT, ROUND_ROBIN))
def test_the_largest_tournament_fits_one_message(locale, fmt):
    for people in (3, 5, 9, 16):
        screen = tournament_screen(locale, finished(fmt, people))
        assert len(screen.text) <= 4096, (fmt, people, len(screen.text))
        assert screen.rows == ()  # over: no buttons


def test_a_knockout_reads_stage_by_stage_to_its_winner():
    view = finished(KNOCKOUT, 5)
    text = tournament_screen("en", view).text
    lines = text.splitlines()
    assert lines[0] == "🏆 Tournament · Knockout · Podkidnoy (throw-in)"
    assert [x for x in lines if x.startswith(("Stage", "Final"))] == \
        ["Stage 1", "Stage 2", "Final"]
    assert lines[-1] == f"🥇 {LONG} {view.winner_slot} wins the tournament!"
    assert f"✔ {LONG} 0 beat Computer 1" in lines  # the first person met the first computer


def test_a_league_table_lists_points_best_first():
    text = tournament_screen("en", finished(ROUND_ROBIN, 4)).text
    rows = [x for x in text.splitlines() if x[:2] in ("1.", "2.", "3.", "4.")]
    points = [int(row.rsplit(": ", 1)[1]) for row in rows]
    assert points == sorted(points, reverse=True) and sum(points) == 6  # six games
    assert points[0] == 3  # slot 0 is every game's first side


def test_league_points_read_as_players_write_them():
    assert [points_text(Fraction(n, 2)) for n in (0, 1, 2, 3, 20, 21)] == \
        ["0", "½", "1", "1½", "10", "10½"]  # 10½ was shown as "1½"
