"""When the presenter's edits go out: the group table's own schedule, and hand edits held
back to travel with the next one.

- The group table (``settings.table_debounce`` > 0) is edited ``table_debounce`` seconds
  after the last move (a burst of moves costs one edit) and at most once per
  ``table_min_interval`` seconds (Telegram's ~20 group messages a minute).
- A hand edit that neither gives nor takes buttons (the player waits before and after;
  only cards drawn or picked up change) waits up to ``quiet_hand_delay`` seconds: it then
  usually goes out with the edit that gives the player buttons, one request instead of
  two; a render is due when the delay runs out. So does the edit of a hand whose
  keyboard its person already used (they pressed on it since it was drawn) while they
  wait for someone else and it gives them no new button (it only takes the played card
  away; their press was answered at once, and the next change, usually within seconds,
  redraws the hand anyway): a move then costs one hand edit, the next actor's, instead of
  two. After a press that ends their part of the bout (Beaten/Pass, Take, Done) the edit
  is not held: the old screen would go on saying "Your move: add cards or pass".
  Whoever must act again (a defender with cards still to beat) sees their new hand at
  once. A press on a button
  the held hand still shows and the rules still allow is played (``presses``); any
  other press is refused and redraws the hand.
  Edits that give buttons, and the end of a deal, are never held.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from bot.config import Settings
from bot.engine import ActionKind
from bot.render.phrases import has_moves
from bot.render.screen import Screen
from bot.service.events import GameSnapshot

from ..faults import log_failure
from ..tasks import Tasks
from .display import Display

log = logging.getLogger(__name__)


class Drawing(Protocol):
    """What pacing needs of the presenter."""

    settings: Settings
    tasks: Tasks
    flushing: bool  # stopping: nothing is held back

    def show(self, display: Display, snap: GameSnapshot | None = None) -> None: ...

    async def edit_table(self, display: Display) -> None: ...


def hold_quiet_edit(presenter: Drawing, display: Display, seat: int, screen: Screen,
                    signature: Screen, snap: GameSnapshot) -> bool:
    """True when this hand edit (``screen``, drawn at version 0: ``signature``) waits
    (see the top)."""
    delay = presenter.settings.quiet_hand_delay
    shown, shown_signature = display.shown.get(seat), display.signature.get(seat)
    if delay <= 0 or presenter.flushing or shown is None \
            or snap.status != "running" or snap.state.is_over:
        display.quiet_due.pop(seat, None)
        return False
    quiet = not has_moves(shown) and not has_moves(screen)
    own = shown_signature is not None and _used(display, seat) \
        and not _ended_their_part(display, seat) \
        and seat not in snap.state.waiting_on() \
        and buttons_of(signature) <= buttons_of(shown_signature)
    if not (quiet or own):
        display.quiet_due.pop(seat, None)
        return False
    now = asyncio.get_running_loop().time()
    due = display.quiet_due.setdefault(seat, now + delay)
    if now >= due:
        display.quiet_due.pop(seat, None)
        return False
    if display.quiet_task is None or display.quiet_task.done():
        display.quiet_task = presenter.tasks.spawn(_wake(presenter, display, due - now),
                                                    game=display.game_id, chat=display.chat_id)
    return True


def _ended_their_part(display: Display, seat: int) -> bool:
    """The person's newest move was "Beaten"/"Pass", "Take" or "Done": their held screen
    would go on saying "Your move: add cards or pass", so its edit goes at once. (After a
    throw-in or a cover the held screen's words stay true; only the played card is still
    on it, and a press on it is answered "Already done". Redrawing after every move would
    cost a hand edit per move, ~0.5 requests an action more, over the 1.8 budget.)"""
    last = display.last
    return last is not None and last.seat == seat and last.cause == "player" \
        and last.action.split(" ", 1)[0] in _PART_ENDING


# The moves that end a person's part of the bout, by their text (``Action.text()``).
_PART_ENDING = frozenset(kind.value for kind in (ActionKind.PASS, ActionKind.TAKE,
                                                  ActionKind.DONE))


def _used(display: Display, seat: int) -> bool:
    """The keyboard on screen was drawn before the person's own newest press: they used
    it (not a timer's or a computer's move for them: that they must see)."""
    return display.acted.get(seat, -1) >= display.rendered_version.get(seat, 0)


def buttons_of(signature: Screen) -> set[tuple[str, str]]:
    """A hand's buttons (drawn at version 0), wherever they sit on the keyboard."""
    return {button for row in signature.rows for button in row}


async def _wake(presenter: Drawing, display: Display, delay: float) -> None:
    await asyncio.sleep(delay)
    presenter.show(display)


def request_table(presenter: Drawing, display: Display) -> None:
    """Edit the group table ``table_debounce`` s after the last move (see the top)."""
    settings = presenter.settings
    loop = asyncio.get_running_loop()
    display.table_due = max(loop.time() + settings.table_debounce,
                            display.table_edited_at + settings.table_min_interval)
    if display.table_task is None or display.table_task.done():
        display.table_task = presenter.tasks.spawn(_table_loop(presenter, display),
                                                    game=display.game_id, chat=display.chat_id)


async def _table_loop(presenter: Drawing, display: Display) -> None:
    loop = asyncio.get_running_loop()
    while display.table_due is not None:
        wait = display.table_due - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
            continue
        display.table_due = None
        try:
            await presenter.edit_table(display)
        except Exception as exc:
            log_failure(log, exc, "drawing the table of game %s", display.game_id)
            return
