"""Turn timers: the service stores each deal's turn deadline; one loop asks the database
every ``timer_tick`` seconds for games past their deadline and times them out, so
deadlines survive a restart with no per-game timer state."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from bot.config import Settings
from bot.render.table import warning_seconds
from bot.service.chats import ChatService
from bot.service.errors import ServiceError
from bot.service.events import ActResult, GameSnapshot
from bot.service.games import GameService

from .. import log_context
from ..faults import Backoff
from ..table import screens
from ..table.display import Display
from ..table.displays import Displays
from ..tasks import Tasks

log = logging.getLogger(__name__)


class TurnTimers:
    def __init__(self, *, games: GameService, chats: ChatService, displays: Displays,
                 settings: Settings, clock: Callable[[], datetime], tasks: Tasks,
                 after: Callable[[Display, ActResult], None],
                 catch_up: Callable[[Display, GameSnapshot], None]) -> None:
        self.games = games
        self.chats = chats
        self.displays = displays
        self.settings = settings
        self.clock = clock
        self.tasks = tasks
        self.after = after  # where each timeout's result goes (the runtime)
        self.catch_up = catch_up  # a display behind the database is drawn anew (runtime)
        # Draw a deal again (the runtime: where this instance draws it): its turn entered
        # its last seconds, which the table and the acting hand say (``mark_running_out``).
        self.redraw: Callable[[Display], None] = lambda display: None

    def start(self) -> None:
        self.tasks.spawn(self._loop())

    async def _loop(self) -> None:
        backoff = Backoff("turn timers", log)
        pause = self.settings.timer_tick
        while True:
            await asyncio.sleep(pause)
            try:
                self.mark_running_out()
                await self.fire_due_timers()
            except Exception as exc:  # the database is down: wait longer, say so once
                pause = max(self.settings.timer_tick, backoff.failed(exc))
            else:
                backoff.succeeded()
                pause = self.settings.timer_tick

    def mark_running_out(self) -> int:
        """The deals this process shows whose turn has just entered its last
        ``warning_seconds``: noted and drawn again, once per turn (the one known moment
        the clock's words change between two moves). Not while a hand the deal waits on
        is still on its way: its late delivery may still move the deadline, and "under N
        seconds left" must stay true. The redraw moves no deadline (the runtime gives
        time back only for a turn's first delivery). How many."""
        now = self.clock()
        marked = 0
        for display in self.displays.all():
            snap, notes = display.snap, display.notes
            if snap.status != "running" or notes.running_out or not notes.turn_seconds \
                    or snap.turn_deadline is None:
                continue
            warn = timedelta(seconds=warning_seconds(notes.turn_seconds))
            if now >= snap.turn_deadline - warn and not waiting_for_delivery(display):
                notes.running_out = True
                marked += 1
                self.redraw(display)
        return marked

    async def fire_due_timers(self) -> int:
        """Time out every game past its deadline; the number of games timed out."""
        fired = 0
        for game_id, version, _settings in await self.chats.due_games(self.clock()):
            log_context.about_game(game_id)
            display = self.displays.get(game_id)
            if display is not None and display.version < version:
                # Another instance moved this game on (several instances, or one that
                # stopped): draw it as it is now; its clock runs from that delivery.
                self.catch_up(display, await self.games.snapshot(game_id))
                continue
            if display is not None and waiting_for_delivery(display):
                continue  # the clock runs from delivery: Telegram still holds the hand back
            try:
                result = await self.games.time_out(game_id, version)
            except ServiceError:
                continue
            fired += 1
            self.after(await self.displays.of(game_id), result)
        return fired


def waiting_for_delivery(display: Display) -> bool:
    """Whether a person the deal waits on has not received the hand with their buttons
    yet (a 429 held it back, Telegram failed), or got it late and its deadline is being
    moved back: their turn timer must not run out meanwhile."""
    snap = display.snap
    if display.solo_seat is not None or snap.status != "running":
        return False
    if display.pushing_deadline:  # delivered late: the deadline moves back in a moment
        return True
    people = {s.seat for s in snap.seats if s.user_id is not None and not s.taken_over
              and not s.left} - display.notes.blocked
    return any(display.signature.get(seat) != screens.hand(display, snap, seat)[1]
               for seat in snap.state.waiting_on() if seat in people)
