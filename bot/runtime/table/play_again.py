"""After a deal: "Play again" with a ready check (group games), "Next deal" (solo).

In a group the next deal starts when every person at the table pressed "Play again", or
when the host presses "Start now" with whoever is ready: the seats of the others start
played by a computer, until they press a move themselves (so a friend who stepped away
loses nothing but the moves the computer makes). Same seats, same settings, the series
goes on. Who is ready is stored with the finished deal (every instance counts the same presses)
and shown on its display. The old table keeps its results but loses its buttons.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from bot.i18n import t
from bot.service.chats import ChatService
from bot.service.errors import Code, NotAllowed
from bot.service.events import GameStarted
from bot.service.games import GameService

from .display import Display
from .displays import Displays
from .presenter import Presenter

Launch = Callable[..., Awaitable[Display]]


async def _always(_game_id: int) -> bool:
    return True


class PlayAgain:
    def __init__(self, *, games: GameService, chats: ChatService, displays: Displays,
                 presenter: Presenter, launch: Launch,
                 spawn: Callable[[Coroutine[Any, Any, Any]], object]) -> None:
        self.games = games
        self.chats = chats
        self.displays = displays
        self.presenter = presenter
        self.launch = launch
        # Several instances (runtime/table/renderers.py): the finished deal's table is drawn by
        # the instance that drew the deal's end (it holds the results); another one
        # tells it instead.
        self.draws_here: Callable[[int], Awaitable[bool]] = _always
        self.spawn: Callable[[Coroutine[Any, Any, Any]], object] = spawn
        self.tell: Callable[[int], None] = lambda _game_id: None
        self._pinged: set[tuple[int, int]] = set()  # (finished game, seat) asked once

    async def press(self, game_id: int, user_id: int, *, now: bool = False) -> bool:
        """A press of "Play again" (``now``: "Start now"); True when the next deal started,
        False when the person is counted ready and the deal waits for others."""
        await self.games.check_next_deal(game_id)  # e.g. an old table's button: refused
        display = self.displays.finished(game_id) or await self.displays.of(game_id)
        snap = display.snap
        if display.solo_seat is not None:
            await self._start(display, user_id, frozenset())
            return True
        seat = display.seat_of(user_id)
        if seat is None:
            raise NotAllowed(Code.NOT_PLAYING)
        if now and user_id != await self.chats.game_host(game_id):
            raise NotAllowed(Code.HOST_ONLY)
        display.notes.ready = set(await self.games.mark_ready(game_id, seat))
        people = {s.seat: s.user_id for s in snap.seats if s.user_id is not None}
        needed = {s.seat for s in snap.seats if s.user_id is not None and not s.left}
        if now or needed <= display.notes.ready:
            absent = frozenset(user for s, user in people.items()
                               if user is not None and s not in display.notes.ready)
            await self._start(display, user_id, absent)
            return True
        if await self.draws_here(game_id):
            self.presenter.show(display)  # the table shows who is ready
        else:
            self.tell(game_id)
        self._ping_the_others(display, seat, needed - display.notes.ready)
        return False

    def _ping_the_others(self, display: Display, ready_seat: int, waiting: set[int]) -> None:
        """The first "Play again" of a deal tells each person it now waits for, once, with
        a new private message (the table's edit does not notify anyone)."""
        for seat in sorted(waiting):
            if (display.game_id, seat) in self._pinged:
                continue
            self._pinged.add((display.game_id, seat))
            locale = display.seat_locale.get(seat, display.locale)
            text = t(locale, "ready.ping", name=display.names.get(ready_seat, "?"),
                     group=display.group_title)
            # (one who blocked the bot is not asked: the group's table shows the check)
            self.spawn(self.presenter.api.tell(display.user_of(seat), text))

    async def _start(self, display: Display, user_id: int, absent: frozenset[int]) -> None:
        """Deal the next deal; its messages go out after the press is answered (in a busy
        group they may wait for the group's budget, and a press must be answered within
        seconds)."""
        started: GameStarted = await self.games.next_deal(display.game_id, user_id, absent)
        self.spawn(self._show_next(display, started))

    async def _show_next(self, display: Display, started: GameStarted) -> None:
        solo = display.solo_seat is not None
        if not solo:  # the old table keeps its results, not its buttons
            display.notes.next_started = True
            self.displays.drop_finished(display.game_id)
            if await self.draws_here(display.game_id):
                if display.venue.table_in_hands:  # the old hands hold the results
                    self.presenter.show(display)
                else:
                    await self.presenter.edit_table(display)
            else:
                self.tell(display.game_id)
        await self.launch(started, group_title=display.group_title,
                          message_id=display.table_msg if solo else None)
