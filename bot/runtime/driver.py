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

import asyncio
import logging
import random
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from telegram import Bot

from bot.config import Settings
from bot.i18n import t
from bot.metrics import Metrics
from bot.render.results import achievement_message
from bot.render.screen import Screen
from bot.render.table import LastMove
from bot.service.chats import ChatService
from bot.service.errors import ServiceError
from bot.service.events import (
    ActResult,
    DealEnded,
    GameSnapshot,
    GameStarted,
    MoveApplied,
    SeatTakenOver,
)
from bot.service.games import GameService

from .delivery.bot_api import BotApi, Unreachable
from .delivery.outbox import Priority
from .faults import log_failure
from .presses import Presses
from .table.display import Display
from .table.displays import Displays
from .table.play_again import PlayAgain
from .table.presenter import Presenter
from .table.renderers import Move, Picking, Renderers, Told
from .tasks import Tasks
from .turns.brains import ComputerBrain
from .turns.computers import ComputerTurns
from .turns.nudges import Nudges
from .turns.timers import TurnTimers

log = logging.getLogger(__name__)

# A turn's buttons first delivered this many seconds after the turn began give that time
# back (a 429 held them); measured on the runtime's clock (injected in tests).
LATE_DELIVERY = 1.0


class GameRuntime:
    def __init__(self, *, games: GameService, chats: ChatService, brain: ComputerBrain,
                 settings: Settings, clock: Callable[[], datetime], api: BotApi,
                 rng: random.Random | None = None, metrics: Metrics | None = None) -> None:
        self.games = games
        self.clock = clock
        self.metrics = metrics
        self.chats = chats
        self.brain = brain
        self.api = api
        self.tasks = Tasks()
        rng = rng or random.Random()
        self.displays = Displays(games=games, chats=chats, api=api)
        self.presenter = Presenter(api=api, games=games, displays=self.displays,
                                   settings=settings, clock=clock, tasks=self.tasks)
        self.computers = ComputerTurns(games=games, brain=brain, settings=settings, rng=rng,
                                       tasks=self.tasks, after=self.after, metrics=metrics)
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
                                    presenter=self.presenter, launch=self.launch,
                                    spawn=self.tasks.spawn)
        self.renderers = Renderers(db=games.db, enabled=settings.instances > 1, clock=clock,
                                   tasks=self.tasks)
        self.renderers.on_change = self._changed_elsewhere
        self.renderers.shown_version = self._shown_version
        self.presenter.draws_here = self.renderers.holds
        self.presses.redraw_hand = self._redraw_hand
        self.timers.redraw = self._redraw_if_here
        self.presses.show_choice = self._show_choice
        # Told of every deal's end, after the service recorded it (quick games' records).
        self.deal_ended: list[Callable[[Display, DealEnded], None]] = [
            self._tell_achievements]
        self.play_again.draws_here = self.renderers.draws
        self.play_again.tell = self._tell

    # -- lifecycle ------------------------------------------------------------------------
    async def start(self, bot: Bot) -> None:
        self.api.attach(bot)
        await self.renderers.start()
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
        await self.renderers.stop()
        self.displays.clear()

    async def restore(self) -> None:
        """After a restart: load every running deal's display and redraw it (edits only
        where the screen differs), and resume computer players. Timers need nothing."""
        for game_id in await self.chats.running_games():
            try:
                if not await self.renderers.draws(game_id):
                    continue  # another instance draws it
                display = await self.displays.load(game_id)
                if display.messages_missing():  # stopped before its messages were sent
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
        await self.renderers.take(started.game_id)  # several instances: this one draws it
        # The Mini App's open pages of the series go on to it now: its messages may wait
        # for the group's budget (20 a minute), the pages need none.
        self.presenter.inform(display)
        await self.presenter.post_messages(display, message_id)
        self.presenter.show(display)
        self.computers.schedule(display)
        self.nudges.follow(display, display.snap, hands_posted=True)
        for seat in started.snapshot.seats:  # not ready for this deal ("Start now")
            if seat.taken_over and seat.user_id is not None and not seat.left:
                self.tasks.spawn(self._tell_taken_over(display, seat.seat, seat.user_id,
                                                       "seat.taken_not_ready"))
        return display

    async def _tell_taken_over(self, display: Display, seat: int, user_id: int,
                               key: str) -> None:
        """A new private message (an edit would not notify): a computer plays the
        person's seat now, and a move of theirs takes it back."""
        if seat in display.notes.blocked:
            return  # Telegram cannot reach them: that is why the computer plays
        locale = display.seat_locale.get(seat, display.locale)
        await self.api.tell(user_id, t(locale, key, group=display.group_title))

    def _tell_achievements(self, display: Display, ended: DealEnded) -> None:
        """Each person who earned something with the deal is told so, quietly: one message
        in their private chat, at the outbox's lowest priority (the result shows it too; a
        solo game's result is in that chat already)."""
        if display.solo_seat is not None:
            return
        for seat, keys in ended.achievements.items():
            locale = display.seat_locale.get(seat, display.locale)
            self.tasks.spawn(self.api.tell(display.user_of(seat),
                                           achievement_message(locale, keys),
                                           priority=Priority.BACKGROUND))

    # -- after every change ---------------------------------------------------------------
    def after(self, display: Display, result: ActResult) -> None:
        """A result of the service: note what the table says about it (the last move, the
        end of the deal), show the game it carries, let the computers answer."""
        for event in result.events:
            if isinstance(event, MoveApplied):
                self._note_move(display, event.seat, event.action, event.cause,
                                event.version)
                if self.metrics is not None:
                    self.metrics.action_accepted(event.cause)
            elif isinstance(event, DealEnded):
                display.ended = event
                for listener in self.deal_ended:
                    listener(display, event)
            elif isinstance(event, SeatTakenOver) and event.user_id is not None:
                self.tasks.spawn(self._tell_taken_over(display, event.seat, event.user_id,
                                                       "seat.taken_timed_out"))
        if display.ended is not None and not self.renderers.holds(display.game_id):
            # The end of the deal is drawn where its results are: here.
            display.adopt(result.snapshot)
            self.tasks.spawn(self._take_and_draw(display))
            return
        self._draw(display, result.snapshot, tuple(
            (e.seat, e.action, e.cause, e.version) for e in result.events
            if isinstance(e, MoveApplied)))

    @staticmethod
    def _note_move(display: Display, seat: int, action: str, cause: str,
                   version: int) -> None:
        """What the table says about a move (the last one), and a hand its person just
        used (``pacing`` may leave its keyboard up while they wait)."""
        if display.last is None or version >= display.last.version:
            display.last = LastMove(seat, action, cause, version)
        display.picking.pop(seat, None)
        if cause == "player":
            display.acted[seat] = max(display.acted.get(seat, -1), version)

    def catch_up(self, display: Display, snap: GameSnapshot) -> None:
        """The database is ahead of this display (another instance applied the moves):
        show the game as it is, let the computers answer (if this instance draws it)."""
        if not self.renderers.holds(display.game_id):
            display.adopt(snap)  # the instance that draws it was told
            return
        self._draw_here(display, snap, stored=True)

    # -- who draws (several instances: runtime/table/renderers.py) ------------------------------
    def _draw(self, display: Display, snap: GameSnapshot | None = None,
              moves: tuple[Move, ...] = ()) -> None:
        """Show the game, let the computers answer, follow whose turn it is: here when
        this instance draws the game, else tell the instance that does (``moves``: the
        moves applied here)."""
        if self.renderers.holds(display.game_id):
            self._draw_here(display, snap)
            return
        if snap is not None:
            display.adopt(snap)
        self.presenter.inform(display)  # the pages this instance serves, at once
        self.tasks.spawn(self._draw_or_tell(display, moves))

    def _draw_here(self, display: Display, snap: GameSnapshot | None = None, *,
                   stored: bool = False) -> None:
        """Draw here (``stored``: ``snap`` was just read from the database)."""
        wait = self.renderers.cooling(display.game_id)
        if wait > 0:  # just taken over from an instance that is gone
            if snap is not None:
                display.adopt(snap)
            self.tasks.spawn(self._draw_later(display, wait))
            return
        self.presenter.show(display, snap, stored=stored)
        self.computers.schedule(display)
        self.nudges.follow(display, display.snap)

    async def _draw_later(self, display: Display, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self._draw_here(display)

    async def _draw_or_tell(self, display: Display, moves: tuple[Move, ...]) -> None:
        if await self.renderers.draws(display.game_id):
            self._draw_here(display)
        else:
            await self.renderers.tell(display.game_id, moves=moves)

    async def _take_and_draw(self, display: Display) -> None:
        await self.renderers.take(display.game_id)
        self._draw_here(display)

    def _show_choice(self, display: Display, seat: int, said: str | None = None) -> None:
        """The seat's choice screen changed here (``said``: with a phrase just said)."""
        if self.renderers.holds(display.game_id):
            self.presenter.show(display)
            return
        self.presenter.inform(display)  # a page here shows the choice at once
        # The phrase only with the press that said it: the drawing instance counts each
        # one it is told as a new phrase (a page bubbles it).
        picking = Picking.of(display.picking.get(seat), said)
        self.tasks.spawn(self.renderers.tell(display.game_id, seat, picking))

    def _shown_version(self, game_id: int) -> int | None:
        display = self.displays.get(game_id) or self.displays.finished(game_id)
        return None if display is None else display.snap.version

    async def _changed_elsewhere(self, told: Told) -> None:
        """Another instance changed a game this one draws (or this one just took it
        over): draw it as the database has it, after the bookkeeping ``after`` does for
        the moves applied there (``told.moves``); ``told.seat``: a press on that hand was
        refused there, redraw it; with ``told.picking`` (``_show_choice``): the card
        choice screen the person opened, changed or closed there."""
        game_id, seat = told.game_id, told.seat
        if seat is not None and told.picking is not None:
            display = await self.displays.of(game_id)
            shown = told.picking.shown()
            if shown is None:
                display.picking.pop(seat, None)
            else:
                display.picking[seat] = shown
            if told.picking.said is not None:  # newest last
                display.said.pop(seat, None)
                display.said[seat] = told.picking.said
                display.said_count[seat] = display.said_count.get(seat, 0) + 1
            self.presenter.show(display)
            return
        if told.moves:
            display = await self.displays.of(game_id)
            for mover, action, cause, version in told.moves:
                self._note_move(display, mover, action, cause, version)
        try:
            snap = await self.games.snapshot(game_id)
            display = self.displays.finished(game_id) or await self.displays.of(game_id)
            if self.renderers.cooling(game_id) > 0:
                self._draw_here(display, snap)  # (later: every hand, that one included)
                return
            if snap.status == "finished" and display.solo_seat is None:
                ready, started = await self.games.ready_state(game_id)
                display.notes.ready = set(ready) or None
                display.notes.next_started = started
            self._draw_here(display, snap, stored=True)
            if seat is not None:
                self.presenter.redraw_hand(display, seat)
        except Exception as exc:
            log_failure(log, exc, "drawing game %s", game_id)

    def _redraw_if_here(self, display: Display) -> None:
        """A change of the display alone (the clock's words): drawn by the instance that
        draws the game (another one notes it from its own timer loop)."""
        if self.renderers.holds(display.game_id):
            self.presenter.show(display)

    def _tell(self, game_id: int) -> None:
        self.tasks.spawn(self.renderers.tell(game_id))

    def _redraw_hand(self, display: Display, seat: int) -> None:
        if self.renderers.holds(display.game_id):
            self.presenter.redraw_hand(display, seat)
        else:
            self.tasks.spawn(self.renderers.tell(display.game_id, seat))

    async def cancel(self, game_id: int, host_id: int) -> None:
        """Cancel the running deal in the host's name (the caller checked who may)."""
        cancelled = await self.games.cancel(game_id, host_id)
        display = await self.displays.of(game_id)
        self._draw(display, cancelled.snapshot)

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
        self._draw(display, snap)

    def phrases_for(self, user_id: int, on: bool) -> None:
        """/phrases on|off: the person's hands in the deals shown here follow at once."""
        for display in self.displays.all():
            seat = display.seat_of(user_id)
            if seat is None:
                continue
            if on:
                display.muted.discard(seat)
            else:
                display.muted.add(seat)
            self.presenter.show(display)

    def person_returned(self, user_id: int) -> None:
        """The person wrote to the bot privately again: their hands can be delivered, and
        the seats a computer took because of the block are theirs again."""
        for display, seat in self.presenter.person_returned(user_id):
            self.tasks.spawn(self._seat_back(display, seat))

    def _delivered(self, display: Display, seat: int, version: int) -> None:
        """A hand with buttons reached its person. The first delivery of a turn's buttons
        to a seat the game waits on, if late (a 429 held it back), gives the lateness back
        on the deadline, once. Any later delivery of the same turn (the clock's warning,
        a pass that kept the clock) is no news about the turn and moves nothing: the
        deadline is what the table and the hand have said."""
        snap = display.snap
        deadline = snap.turn_deadline
        if (not display.timer_on or not display.turn_seconds or deadline is None
                or snap.state is None or seat not in snap.state.waiting_on()
                or display.clock_delivered.get(seat) == deadline):
            return
        display.clock_delivered[seat] = deadline
        began = deadline - timedelta(seconds=display.turn_seconds)
        late = (self.clock() - began).total_seconds()
        if late < LATE_DELIVERY:
            return
        display.pushing_deadline = True  # the timers wait for it (a deadline already past)
        self.tasks.spawn(self._push_deadline(display, deadline, late))

    async def _push_deadline(self, display: Display, deadline: datetime, late: float) -> None:
        try:
            later = await self.games.push_deadline(display.game_id, deadline, late)
            if later is not None:
                # Whoever had this turn's buttons has the later deadline's (no second push).
                for seat, seen in list(display.clock_delivered.items()):
                    if seen == deadline:
                        display.clock_delivered[seat] = later
                if display.snap.turn_deadline == deadline:
                    display.adopt(replace(display.snap, turn_deadline=later))
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
        self._draw(display, snap)
