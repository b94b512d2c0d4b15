"""The game runtime: wires the parts that keep running deals on screen and moving, and is
where every result of the service lands.

- ``displays``: what this process shows, per deal (``display.Display``);
- ``presenter``: every game message sent and edited, coalesced and paced;
- ``computers``: computer players move after a natural pause;
- ``timers``: turn deadlines from the database;
- ``presses``: what a game button does (handlers call it).

The service owns the game: each result it returns carries the snapshot after the change,
which ``after`` hands to the presenter. Nothing here applies a move or reads a game row.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from datetime import datetime

from telegram import Bot

from bot.config import Settings
from bot.i18n import t
from bot.render.screen import Screen
from bot.render.table import LastMove
from bot.service.chats import ChatService
from bot.service.errors import ServiceError
from bot.service.events import ActResult, DealEnded, GameSnapshot, GameStarted, MoveApplied
from bot.service.games import GameService

from .bot_api import BotApi, Unreachable
from .brains import ComputerBrain
from .computers import ComputerTurns
from .display import Display
from .displays import Displays
from .faults import log_failure
from .nudges import Nudges
from .play_again import PlayAgain
from .presenter import Presenter
from .presses import Presses
from .tasks import Tasks
from .timers import TurnTimers

log = logging.getLogger(__name__)

# A hand delivered this many seconds after its turn began gives the time back (a 429).
LATE_DELIVERY = 1.0


class GameRuntime:
    def __init__(self, *, games: GameService, chats: ChatService, brain: ComputerBrain,
                 settings: Settings, clock: Callable[[], datetime], api: BotApi,
                 rng: random.Random | None = None) -> None:
        self.games = games
        self.chats = chats
        self.brain = brain
        self.api = api
        self.tasks = Tasks()
        rng = rng or random.Random()
        self.displays = Displays(games=games, chats=chats, api=api)
        self.presenter = Presenter(api=api, games=games, displays=self.displays,
                                   settings=settings, clock=clock, tasks=self.tasks)
        self.computers = ComputerTurns(games=games, brain=brain, settings=settings, rng=rng,
                                       tasks=self.tasks, after=self.after)
        self.timers = TurnTimers(games=games, chats=chats, displays=self.displays,
                                 settings=settings, clock=clock, tasks=self.tasks,
                                 after=self.after, catch_up=self.catch_up)
        self.presses = Presses(games=games, displays=self.displays, presenter=self.presenter,
                               api=api, brain=brain, rng=rng, clock=clock, after=self.after,
                               shared=settings.instances > 1)
        self.presenter.on_unreachable = self._hand_over
        self.presenter.on_delivered = self._delivered
        self.nudges = Nudges(api=api, chats=chats, tasks=self.tasks,
                             delay=settings.turn_nudge_delay)
        self.play_again = PlayAgain(games=games, chats=chats, displays=self.displays,
                                    presenter=self.presenter, launch=self.launch)

    # -- lifecycle ------------------------------------------------------------------------
    async def start(self, bot: Bot) -> None:
        self.api.attach(bot)
        await self.restore()
        self.timers.start()

    async def drain(self) -> None:
        """The first step of stopping, while Telegram can still be reached: the loops stop
        (timers, computer players, nudges, renders), then every pending edit is drawn, so
        the last moves and a final table reach the chats. ``stop`` follows."""
        await self.tasks.cancel_all()
        await self.presenter.flush()

    async def stop(self) -> None:
        await self.tasks.cancel_all()
        self.displays.clear()

    async def restore(self) -> None:
        """After a restart: load every running deal's display and redraw it (edits only
        where the screen differs), and resume computer players. Timers need nothing."""
        for game_id in await self.chats.running_games():
            try:
                display = await self.displays.load(game_id)
                if display.table_msg is None:  # stopped before its messages were sent
                    await self.presenter.post_messages(display, None)
                self.presenter.show(display)
                self.computers.schedule(display)
            except Exception as exc:
                log_failure(log, exc, "restoring game %s", game_id)

    # -- a new deal -----------------------------------------------------------------------
    async def launch(self, started: GameStarted, *, group_title: str = "",
                     message_id: int | None = None) -> Display:
        """Show a deal that just started: the table (solo: ``message_id`` is reused), every
        person's hand, then let the computers move."""
        display = await self.displays.load(started.game_id, snapshot=started.snapshot,
                                           group_title=group_title)
        await self.presenter.post_messages(display, message_id)
        self.presenter.show(display)
        self.computers.schedule(display)
        self.nudges.follow(display, display.snap)
        return display

    # -- after every change ---------------------------------------------------------------
    def after(self, display: Display, result: ActResult) -> None:
        """A result of the service: note what the table says about it (the last move, the
        end of the deal), show the game it carries, let the computers answer."""
        for event in result.events:
            if isinstance(event, MoveApplied):
                if display.last is None or event.version >= display.last.version:
                    display.last = LastMove(event.seat, event.action, event.cause,
                                            event.version)
                display.picking.pop(event.seat, None)
                if event.cause == "player":
                    display.acted[event.seat] = max(display.acted.get(event.seat, -1),
                                                    event.version)
            elif isinstance(event, DealEnded):
                display.ended = event
        self.presenter.show(display, result.snapshot)
        self.computers.schedule(display)
        self.nudges.follow(display, display.snap)

    def catch_up(self, display: Display, snap: GameSnapshot) -> None:
        """The database is ahead of this display (another instance applied the moves):
        show the game as it is, let the computers answer."""
        self.presenter.show(display, snap)
        self.computers.schedule(display)
        self.nudges.follow(display, display.snap)

    async def cancel(self, game_id: int, host_id: int) -> None:
        """Cancel the running deal in the host's name (the caller checked who may)."""
        cancelled = await self.games.cancel(game_id, host_id)
        display = await self.displays.of(game_id)
        self.presenter.show(display, cancelled.snapshot)
        self.nudges.follow(display, display.snap)

    async def leave(self, game_id: int, user_id: int) -> None:
        """The person leaves the running deal (the service records it): their hand message
        loses its buttons, the table says so, the computer takes the seat at once."""
        snap = await self.games.leave(game_id, user_id)
        display = await self.displays.of(game_id)
        display.seats_as_of = (snap.version, snap.seats)
        seat = snap.seat_of(user_id)
        message_id = display.hand_msgs.get(seat) if seat is not None else None
        if seat is not None and message_id is not None:
            locale = display.seat_locale.get(seat, display.locale)
            try:
                await self.api.edit(user_id, message_id, Screen(
                    t(locale, "hand.left", group=display.group_title)))
            except Unreachable:
                pass  # they blocked the bot: nothing to tidy up in that chat
        self.presenter.show(display, snap)
        self.computers.schedule(display)
        self.nudges.follow(display, display.snap)

    def person_returned(self, user_id: int) -> None:
        """The person wrote to the bot privately again: their hands can be delivered, and
        the seats a computer took because of the block are theirs again."""
        for display, seat in self.presenter.person_returned(user_id):
            self.tasks.spawn(self._seat_back(display, seat))

    def _delivered(self, display: Display, seat: int, version: int) -> None:
        """A hand with buttons reached its person: a turn that reached them late (a 429
        held it back) gets that time back on its deadline, once per turn."""
        late = time.monotonic() - display.seen_at
        if late < LATE_DELIVERY or display.deadline_pushed >= version or not display.timer_on:
            return
        display.deadline_pushed = version
        display.pushing_deadline = True  # the timers wait for it (a deadline already past)
        self.tasks.spawn(self._push_deadline(display, version, late))

    async def _push_deadline(self, display: Display, version: int, late: float) -> None:
        try:
            await self.games.push_deadline(display.game_id, version, late)
        except Exception as exc:
            log_failure(log, exc, "moving the turn deadline of game %s", display.game_id)
        finally:
            display.pushing_deadline = False

    def _hand_over(self, display: Display, seat: int) -> None:
        self.tasks.spawn(self._seat_change(display, seat, back=False))

    async def _seat_back(self, display: Display, seat: int) -> None:
        await self._seat_change(display, seat, back=True)

    async def _seat_change(self, display: Display, seat: int, *, back: bool) -> None:
        """A computer takes the seat of a person Telegram cannot reach (403), or gives it
        back when they return; the table and the computers follow."""
        try:
            snap = await (self.games.hand_back(display.game_id, seat) if back
                          else self.games.hand_over(display.game_id, seat))
        except ServiceError:
            return  # the deal ended or was cancelled meanwhile
        display.seats_as_of = (snap.version, snap.seats)
        self.presenter.show(display, snap)
        self.computers.schedule(display)
        self.nudges.follow(display, display.snap)
