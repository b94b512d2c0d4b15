"""What quick match shows: the waiting message, the reminder when nobody else waits, the
table found, and after a quick game the safety buttons (never match me with them again,
report them). Strangers are named by first name only, as the game names them."""

from __future__ import annotations

from bot.i18n import t, tn

from .callback import encode_game_ui
from .rules import preset_label
from .screen import Screen

LEAVE_DATA = "q:leave"  # stop waiting
COMPUTER_DATA = "q:ai"  # play a computer instead
QUEUE_DATA = "q:go"  # the start screen's quick game (two-player podkidnoy)
QUICK_DATA = (LEAVE_DATA, COMPUTER_DATA, QUEUE_DATA)
BLOCK, REPORT = "blk", "rep"  # game UI tokens + the seat: "blk1", "rep1"


def game_name(locale: str, preset: str, players: int) -> str:
    return tn(locale, "err.quick_game", players, preset=preset_label(locale, preset))


def waiting_screen(locale: str, game: str, waiting: int) -> Screen:
    """Said once, when the person queues (the count as it was then: a number kept up
    to date would cost an edit of everyone's message at every arrival)."""
    return Screen(t(locale, "quick.waiting", game=game, count=waiting),
                  (((t(locale, "btn.play_computer"), COMPUTER_DATA),),
                   ((t(locale, "btn.stop_waiting"), LEAVE_DATA),)))


def lonely_screen(locale: str, game: str) -> Screen:
    """A new message (an edit would not be noticed) after a while alone in the queue."""
    return Screen(t(locale, "quick.lonely", game=game),
                  (((t(locale, "btn.play_computer"), COMPUTER_DATA),),))


def found_text(locale: str, game: str, others: list[str]) -> str:
    return t(locale, "quick.found", game=game, names=", ".join(others))


def safety_rows(locale: str, snap, seat: int) -> list[tuple[tuple[str, str], ...]]:
    """Under a finished quick deal: for each other person at the table, "Don't match me
    with X again" and "Report X" (their seat in the data; who they are is checked when
    pressed)."""
    rows: list[tuple[tuple[str, str], ...]] = []
    for other in snap.seats:
        if other.seat == seat or other.user_id is None:
            continue
        gid, v = snap.game_id, snap.version
        rows.append(((t(locale, "btn.block", name=other.name),
                      encode_game_ui(gid, v, f"{BLOCK}{other.seat}")),
                     (t(locale, "btn.report", name=other.name),
                      encode_game_ui(gid, v, f"{REPORT}{other.seat}"))))
    return rows
