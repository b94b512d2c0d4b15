"""Quick match with strangers, as people meet it in Telegram: /quick queues the person
(the queue itself is the database's, ``service/quick``: every instance shares it), a
waiting message offers a computer instead at once, a new message says so again when
nobody else came within ``lonely_after`` seconds, and as soon as a table forms its people
get their cards (the hand names the others, first names only), and a waiting message one
was shown becomes "Table found" with whom they play.

Whoever's transaction forms a table creates its game: the instance that received the
last /quick, or the periodic ``sweep`` of any instance (two people queued at the same
instant on two instances may each see only themselves). A game that cannot be created
gives its people their places back (``requeue``).

After a quick deal each person's record is kept (left or timed out, else finished: three
abandoned in a row start a cooldown, told with a new message), and the hands offer to
never be matched with the others again, and to report them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.i18n import t
from bot.render.quick import found_text, game_name, lonely_screen, waiting_screen
from bot.render.screen import Screen
from bot.service.chats import ChatService
from bot.service.errors import Code, NotAllowed, ServiceError
from bot.service.events import DealEnded, GameStarted
from bot.service.games import GameService
from bot.service.quick import STREAK, Matched, Queued, QuickMatchService, QuickRequest
from bot.service.venues import Venue, VenueKind, new_table_chat_id

from .delivery.bot_api import BotApi
from .driver import GameRuntime
from .faults import log_failure
from .lobby.desk import Person
from .table.display import Display

log = logging.getLogger(__name__)

REPORT_REASON = "other"  # the one Report button (the operator reads the game)


@dataclass
class _Wait:
    """A person this instance queued, until their table forms or they leave: whether that
    happened (``over``; a waiting message not sent yet is then withdrawn), the "Table
    found" text when it was this instance that seated them, and the task that sends the
    waiting message and then sleeps until the reminder (cancelled only while it sleeps:
    a message on its way to Telegram is let finish, and closed)."""

    over: bool = False
    found: str | None = None
    task: asyncio.Task | None = None
    sleeping: bool = False


class Matchmaking:
    def __init__(self, *, quick: QuickMatchService, games: GameService, chats: ChatService,
                 api: BotApi, runtime: GameRuntime, sweep_every: float = 1.0,
                 lonely_after: float = 20.0, waiting_grace: float = 0.0) -> None:
        self.quick = quick
        self.games = games
        self.chats = chats
        self.api = api
        self.runtime = runtime
        self.sweep_every = sweep_every
        self.lonely_after = lonely_after
        self.waiting_grace = waiting_grace
        self._waits: dict[int, _Wait] = {}  # user id -> their wait queued here
        runtime.deal_ended.append(self._deal_ended)

    def start(self) -> None:
        """The sweep, in the runtime's tasks (cancelled with them at a stop)."""
        self.runtime.tasks.spawn(self._sweep_loop())

    # -- queueing ---------------------------------------------------------------------------
    async def queue(self, person: Person, first_name: str, request: QuickRequest) -> None:
        """/quick: queue the person (refusals raise), tell them, seat a table if it formed.
        The waiting message goes beside the handler, a moment later (``waiting_grace``),
        at the outbox's lowest priority, and only if the person still waits when its turn
        comes (the queue says, so a seat taken on another instance counts): under load
        most people are seated within a fraction of a second, and their cards are what
        they should get, not a "looking for players" message that is already untrue."""
        result = await self.quick.queue(person.id, first_name, person.language, request)
        if isinstance(result, Matched):
            await self.seat(result)
            return
        locale = await self.chats.locale(user_id=person.id, reported=person.language)
        game = game_name(locale, result.request.preset, result.request.players)
        self._end_wait(person.id)  # an older wait of theirs (left and queued again)
        wait = self._waits[person.id] = _Wait()
        wait.task = self.runtime.tasks.spawn(self._wait(person.id, wait, result, locale, game))

    async def _wait(self, user_id: int, wait: _Wait, queued: Queued, locale: str,
                    game: str) -> None:
        """The waiting message (after ``waiting_grace``, if still alone then), then
        (still alone after ``lonely_after``) the reminder."""
        if self.waiting_grace > 0:  # (seated meanwhile here: cancelled while it sleeps)
            wait.sleeping = True
            await asyncio.sleep(self.waiting_grace)
            wait.sleeping = False

        async def still_waiting() -> bool:  # at its turn: seated here, or anywhere
            return not wait.over and await self.quick.where(user_id) is not None

        message_id = await self.api.send(user_id, waiting_screen(locale, game, queued.waiting),
                                         still_true=still_waiting)
        if message_id is None:
            return  # seated or gone before its turn (or Telegram refused it)
        if wait.over or not await self.quick.remember_message(user_id, message_id):
            # Seated (here or by another instance) between its sending and now: it must
            # not go on offering to wait.
            await self._close_waiting(user_id, message_id, wait)
            return
        wait.sleeping = True
        await asyncio.sleep(self.lonely_after)
        self._waits.pop(user_id, None)
        waiting = await self.quick.where(user_id)
        if waiting is None or waiting.request.key != queued.request.key:
            return
        if await self.quick.waiting(queued.request) <= 1:
            await self.api.send(user_id, lonely_screen(locale, game))

    async def _close_waiting(self, user_id: int, message_id: int, wait: _Wait) -> None:
        """A waiting message that went out after its table formed: it says whom they play
        when this instance seated them, else it goes (their cards follow either way)."""
        if wait.found is not None:
            await self.api.edit(user_id, message_id, Screen(wait.found))
        else:
            await self.api.delete(user_id, message_id)

    async def leave(self, user_id: int) -> None:
        """Stop waiting (the waiting message says so)."""
        waiting = await self.quick.leave_queue(user_id)
        self._end_wait(user_id)
        if waiting.message_id is not None:
            locale = await self.chats.locale(user_id=user_id)
            await self.api.edit(user_id, waiting.message_id, Screen(t(locale, "quick.left")))

    async def computer_instead(self, person: Person,
                               solo: Callable[[], Awaitable[None]]) -> None:
        """Leave the queue (if still in it) and set up a game against the computer."""
        with contextlib.suppress(ServiceError):
            await self.leave(person.id)
        await solo()

    def _end_wait(self, user_id: int, found: str | None = None) -> None:
        """Their wait here is over (seated, with ``found`` to show, or left): a waiting
        message not sent yet is withdrawn, the reminder cancelled."""
        wait = self._waits.pop(user_id, None)
        if wait is None:
            return
        wait.over, wait.found = True, found
        if wait.sleeping and wait.task is not None:
            wait.task.cancel()

    # -- a table formed -----------------------------------------------------------------------
    async def seat(self, matched: Matched) -> None:
        """Create the matched table's game and show it; on failure give the places back.
        Each person's hand is a new message (it notifies them) and names the others; a
        waiting message they were shown becomes "Table found"."""
        request = matched.request
        venue = Venue(VenueKind.QUICK, new_table_chat_id())
        settings = {"preset": request.preset, "rules": dict(request.rules), "turn_seconds": 60}
        try:
            started = await self.games.start_table(
                venue, settings, [(s.user_id, s.first_name) for s in matched.seats])
        except Exception:
            await self.quick.requeue(matched)
            raise
        for seat in matched.seats:
            locale = await self.chats.locale(user_id=seat.user_id, reported=seat.language)
            others = [s.first_name for s in matched.seats if s.user_id != seat.user_id]
            text = found_text(locale, game_name(locale, request.preset, request.players),
                              others)
            self._end_wait(seat.user_id, text)
            if seat.message_id is not None:
                self.runtime.tasks.spawn(self.api.edit(seat.user_id, seat.message_id,
                                                       Screen(text)))
        # Beside the caller: /quick's handler (or the sweep) must not wait for the hands
        # to get through Telegram's budget, or a busy instance's handlers all wait on the
        # outbox and the next people's /quick wait to be handled at all.
        self.runtime.tasks.spawn(self._launch(started), game=started.game_id)

    async def _launch(self, started: GameStarted) -> None:
        try:
            await self.runtime.launch(started)
        except Exception as exc:
            log_failure(log, exc, "showing quick game %s", started.game_id)

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_every)
            try:
                for matched in await self.quick.sweep():
                    await self.seat(matched)
            except Exception as exc:
                log_failure(log, exc, "seating the quick-match queue")

    # -- after a quick deal -------------------------------------------------------------------
    def _deal_ended(self, display: Display, ended: DealEnded) -> None:
        if display.venue.kind is not VenueKind.QUICK:
            return
        for seat in display.seats:
            if seat.user_id is not None:
                abandoned = seat.left or seat.timed_out
                self.runtime.tasks.spawn(self._record(display, seat.user_id, abandoned))

    async def _record(self, display: Display, user_id: int, abandoned: bool) -> None:
        try:
            cooldown = await self.quick.record_finish(user_id, abandoned)
        except Exception as exc:
            log_failure(log, exc, "recording a quick game of %s", user_id)
            return
        if cooldown is not None:
            seat = display.seat_of(user_id)
            locale = display.seat_locale.get(seat, display.locale) if seat is not None \
                else display.locale
            minutes = max(1, round(cooldown.length.total_seconds() / 60))
            await self.api.tell(user_id, t(locale, "quick.cooldown_started", streak=STREAK,
                                           minutes=minutes))

    async def safety(self, game_id: int, user_id: int, other_seat: int, kind: str) -> str:
        """"Don't match me with X again" (``blk``) or "Report X" (``rep``) under a finished
        quick deal: the answer for the presser. Only a person of that game, about another
        person of it (the service checks they sat together)."""
        snap = await self.games.snapshot(game_id)
        if snap.place.kind is not VenueKind.QUICK or snap.status == "running":
            raise NotAllowed(Code.STALE_BUTTON)
        me = snap.seat_of(user_id)
        other = next((s for s in snap.seats if s.seat == other_seat), None)
        if me is None or other is None or other.user_id is None or other.user_id == user_id:
            raise NotAllowed(Code.NOT_PLAYING)
        locale = await self.chats.locale(user_id=user_id)
        if kind == "blk":
            await self.quick.block(user_id, other.user_id, game_id)
            return t(locale, "quick.blocked", name=other.name)
        await self.quick.report(user_id, other.user_id, game_id, REPORT_REASON)
        return t(locale, "quick.reported", name=other.name)
