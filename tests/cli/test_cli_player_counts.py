"""`durak rules` advertises, per preset and deck, the player counts that work: every one
of them starts a game (and plays it to the end with the invariants checked), every other
count is refused, and every refusal's suggestion, followed, starts a game."""

from __future__ import annotations

import re

import pytest
from cli_helpers import run_cli

from bot.engine import PRESETS

DECKS = (24, 36, 52)
TRIED = range(1, 12)  # the engine allows 2-10 players; 1 and 11 must be refused too


def parse_counts(cell: str) -> list[int]:
    """`2-4`, `4 or 6`, `2-7, 9-10` (a trailing * marks the preset's own deck), `-`."""
    counts: list[int] = []
    for part in re.split(r", | or ", cell.rstrip("*")):
        if part == "-":
            continue
        lo, _, hi = part.partition("-")
        counts += range(int(lo), int(hi or lo) + 1)
    return counts


def advertised() -> dict[tuple[str, int], list[int]]:
    """(preset, deck) -> player counts, read from what `durak rules` prints."""
    out = run_cli("rules").out
    table: dict[tuple[str, int], list[int]] = {}
    for line in out.split("\n\n", 2)[1].splitlines()[1:]:  # the rows under the header
        name, *cells = re.split(r"\s{2,}", line.strip())
        own = [deck for deck, cell in zip(DECKS, cells, strict=False) if cell.endswith("*")]
        assert own == [int(PRESETS[name].overrides.get("deck", 36))], line
        for deck, cell in zip(DECKS, cells[:3], strict=True):
            table[name, deck] = parse_counts(cell)
    assert {name for name, _ in table} == set(PRESETS)
    return table


def simulate(preset: str, players: int, *extra: str):
    return run_cli("simulate", "--preset", preset, "--players", str(players), "--games", "1",
                   "--seed", "5", "--check", *extra)


ADVERTISED = advertised()


def test_the_ranges_are_what_the_issue_found_wrong():
    assert ADVERTISED["two_player_24", 24] == [2, 3, 4]  # the table said 2-6; 5 and 6 fail
    assert ADVERTISED["two_player_24", 36] == [2, 3, 4, 5, 6]
    assert ADVERTISED["podkidnoy", 36] == [2, 3, 4, 5, 6]
    assert ADVERTISED["duren_piatkowy", 52] == list(range(2, 11))


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_advertised_count_starts_a_game_and_no_other_does(preset):
    for deck in DECKS:
        counts = ADVERTISED[preset, deck]
        for players in TRIED:
            r = simulate(preset, players, "--rule", f"deck={deck}")
            if players in counts:
                assert r.code == 0, (preset, deck, players, r.err)
                assert '"games": 1' in r.out
            else:
                assert r.code == 2 and "Traceback" not in r.err, (preset, deck, players)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_suggestion_of_a_refusal_starts_a_game(preset):
    followed = 0
    for deck in DECKS:
        for players in TRIED:
            if players in ADVERTISED[preset, deck]:
                continue
            refusal = simulate(preset, players, "--rule", f"deck={deck}")
            for suggestion in re.findall(r"`([^`]+)`", refusal.err):
                r = simulate(preset, players, "--rule", f"deck={deck}", *suggestion.split())
                assert r.code == 0, (refusal.err, suggestion, r.err)
                followed += 1
    assert followed > 0  # every preset is refused somewhere with something to try


def test_a_refusal_says_the_counts_and_what_to_try():
    r = run_cli("play", "--preset", "two_player_24", "--players", "6")
    assert r.code == 2
    assert r.err.startswith("durak play: two_player_24 takes 2-4 players, not 6; try "
                            "`--rule deck=36`")
    r = run_cli("play", "--players", "7")
    assert "podkidnoy takes 2-6 players, not 7; try `--preset duren_piatkowy`" in r.err
    assert "deck=52" not in r.err  # the old advice that did not help
    r = run_cli("simulate", "--players", "11")
    assert r.code == 2 and "players=11 is not allowed" in r.err and "try" not in r.err
