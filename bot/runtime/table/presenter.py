"""The presenter: brings a deal's messages up to date with the snapshot the service handed
over, and keeps their bookkeeping (which message shows what, at which version). Every send
and edit of a game message goes through here (and on through ``BotApi``).

Message policy (Telegram allows a group about 20 messages a minute):
- the group table is ONE message per deal, edited; edits are coalesced: a render waits
  ``edit_coalesce`` seconds and draws the newest snapshot, and moves arriving while an
  edit is in flight only mark the deal dirty, so a burst becomes one edit;
- a hand message is edited only when what it shows (cards, legal moves) changes; an edit
  that neither gives nor takes buttons is held a while (``pacing.hold_quiet_edit``); its
  buttons carry the version at which it was drawn, and a press on a hand that is still
  current is accepted even if other players moved since (``presses``);
- the group table has its own schedule when ``settings.table_debounce`` > 0
  (``pacing.request_table``); the end of a deal is drawn at once. Players act from their
  hands (the defender's hand lists the cards to beat), so the table may trail a move;
- solo games (a private chat) show table and hand in one message;
- where the game lives says which table there is (``Display.venue``): a group's table
  message, sent here; an inline message, never sent here (it was the lobby) and only ever
  edited by its ``inline_message_id``; none for tables by link and quick games, whose
  hands carry the table (``screens.hand``);
- ``listeners`` are told of every change (the Mini App's live pages, ``bot.webapp.hub``),
  and while a deal runs a hand whose person has the page open (``page_open``) is not
  edited, nor a solo game's one message: the page shows it, so a move from the page
  costs no hand edit (its end is).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

from bot.config import Settings
from bot.render.phrases import has_moves
from bot.render.screen import Screen
from bot.service.events import GameSnapshot
from bot.service.games import GameService

from ..delivery.bot_api import BotApi, Priority, TryLater, Unreachable
from ..delivery.messaging import NotDelivered, Refresh
from ..faults import log_failure
from ..tasks import Tasks
from . import pacing, screens
from .display import Display
from .displays import Displays

log = logging.getLogger(__name__)

# A screen Telegram failed to take is drawn again after the failure's pause, doubled for
# every failure in a row of that screen (the table, one hand), up to this (seconds).
LONGEST_RETRY_PAUSE = 4.0


class Presenter:
    def __init__(self, *, api: BotApi, games: GameService, displays: Displays,
                 settings: Settings, clock: Callable[[], datetime], tasks: Tasks) -> None:
        self.api = api
        self.games = games
        self.displays = displays
        self.settings = settings
        self.clock = clock
        self.tasks = tasks
        self.flushing = False  # stopping: draw everything now, hold nothing back
        # Called when Telegram refuses a seat's hand (the runtime: a computer takes it),
        # and when a hand with buttons reached its person (the runtime: the turn timer).
        self.on_unreachable: Callable[[Display, int], None] | None = None
        self.on_delivered: Callable[[Display, int, int], None] | None = None
        self.listeners: list[Callable[[Display], None]] = []
        self.page_open: Callable[[int, int], bool] = lambda game_id, seat: False
        # Whether this instance still draws the game (the runtime: its lease). Asked when
        # an edit's turn comes in the outbox: an edit queued while this instance drew the
        # game, which another instance has taken since (it ended the deal there), must not
        # land over that instance's newer screen.
        self.draws_here: Callable[[int], bool] = lambda game_id: True

    async def flush(self) -> None:
        """Stopping (SIGTERM): draw what every deal's messages still lack, now, the held
        quiet hand edits and the table's schedule included, so no final table is lost.
        The caller has cancelled the render tasks first; the HTTP client is still open."""
        self.flushing = True
        for display in self.displays.all():
            try:
                await self._render(display, display.snap)
            except Exception as exc:
                log_failure(log, exc, "drawing game %s before stopping", display.game_id)

    # -- a new deal's messages --------------------------------------------------------------
    async def post_messages(self, display: Display, message_id: int | None) -> None:
        """Send the table and every hand (solo: reuse ``message_id`` when given) and store
        their ids, so a restart finds them."""
        snap = display.snap
        if display.solo_seat is not None:
            if message_id is None:
                message_id = await self._send_table(display, screens.solo(display, snap,
                                                                          self.clock()))
            display.table_msg = message_id
            display.hand_msgs = {display.solo_seat: message_id} if message_id else {}
        else:
            # All at once: the outbox sends the hands before the table, the acting
            # player's first (their turn timer starts when it is delivered).
            hands = [self._post_hand(display, snap, seat) for seat in display.humans()]
            if display.venue.can_post and display.venue.has_table_message:
                table = self._send_table(display, screens.table(display, snap, self.clock()))
                display.table_msg, *_ = await asyncio.gather(table, *hands)
            else:
                await asyncio.gather(*hands)
                if display.venue.has_table_message:  # the inline message: the deal's table
                    await self.edit_table(display)
        await self.games.set_messages(display.game_id, table_message_id=display.table_msg,
                                      hand_message_ids=display.hand_msgs)

    async def _post_hand(self, display: Display, snap: GameSnapshot, seat: int) -> None:
        screen, signature = screens.hand(display, snap, seat)
        await self._send_hand(display, seat, screen, signature, snap.version)

    async def _send_table(self, display: Display, screen: Screen) -> int | None:
        """The group table's first sending (a solo game's one message)."""
        priority = Priority.TABLE if display.solo_seat is None else _hand_priority(screen)
        try:
            message_id = await self.api.send(display.chat_id, screen, throttled=True,
                                             priority=priority)
        except TryLater as exc:  # the next render sends it (``edit_table``)
            display.table_key = None
            self._again_in(display, self._retry_pause(display, "table", exc))
            return None
        except Unreachable:
            log.warning("cannot write to chat %s (game %s)", display.chat_id, display.game_id)
            return None
        if message_id is not None:
            self._succeeded(display, "table")
            display.shown["table"] = screen
        return message_id

    # -- after every change -----------------------------------------------------------------
    def show(self, display: Display, snap: GameSnapshot | None = None, *,
             stored: bool = False) -> None:
        """Draw ``snap`` (or the snapshot held, for a change of the display alone: a choice
        screen, a note) soon: coalesced with whatever else arrives meanwhile. ``stored``:
        ``snap`` was just read from the database (several instances: the render need not
        read it again)."""
        if snap is not None:
            display.adopt(snap)
        if stored:
            display.read_for_render = True
        display.dirty = True
        self.inform(display)
        if display.render_task is None or display.render_task.done():
            display.render_task = self.tasks.spawn(self._render_loop(display),
                                                  game=display.game_id, chat=display.chat_id)

    def inform(self, display: Display) -> None:
        """Tell the listeners (the Mini App's pages) of a change, without drawing: also
        what another instance draws (several instances), when it changed here."""
        for listener in self.listeners:
            listener(display)

    async def _render_loop(self, display: Display) -> None:
        while display.dirty:
            display.dirty = False
            if self.settings.edit_coalesce:
                await asyncio.sleep(self.settings.edit_coalesce)
            if self.settings.instances > 1 and not display.read_for_render:
                # Another instance may have moved the game on since this one last saw it:
                # draw what the database holds, never an older state over a newer one.
                # One read a render: its hand edits draw what it brought, or anything
                # newer handed over since (a change elsewhere is told, and read, at once).
                try:
                    display.adopt(await self.games.snapshot(display.game_id))
                except Exception as exc:
                    log_failure(log, exc, "reading game %s", display.game_id)
            display.read_for_render = False
            snap = display.snap
            try:
                await self._render(display, snap)
            except Exception as exc:
                log_failure(log, exc, "rendering game %s", display.game_id)
                return
            if snap.status != "running" and not display.dirty:
                self.displays.forget(display.game_id)

    async def _render(self, display: Display, snap: GameSnapshot) -> None:
        if display.solo_seat is not None:
            await self._render_solo(display, snap)
            return
        # Every hand at once: each is its own private chat, and the outbox sends the
        # acting player's first; one waiting for its chat's budget holds up no other.
        await asyncio.gather(*(self._render_hand(display, snap, seat)
                               for seat in display.humans()))
        if not display.venue.has_table_message:
            return  # a table by link or a quick game: the hands carry the table
        if self.settings.table_debounce > 0 and snap.status == "running" \
                and not snap.state.is_over and not self.flushing:
            # Only a move or a note (blocked, taken over) changes the table: a redraw for a
            # hand alone (a choice screen, a held edit's turn) would only refresh its
            # "time left", an edit of the group's budget for nothing.
            key = (snap.version, frozenset(display.notes.blocked),
                   frozenset(display.notes.taken_over), frozenset(display.notes.left),
                   frozenset(display.notes.undelivered), display.notes.running_out)
            if key != display.table_key:
                display.table_key = key
                pacing.request_table(self, display)
            return
        await self.edit_table(display)

    async def _render_hand(self, display: Display, snap: GameSnapshot, seat: int) -> None:
        message_id = display.hand_msgs.get(seat)
        if message_id is not None and snap.status == "running" \
                and not snap.state.is_over and self.page_open(display.game_id, seat):
            # Not even drawn: the page shows this hand (redrawn when it closes).
            display.signature.pop(seat, None)
            display.quiet_due.pop(seat, None)
            return
        screen, signature = screens.hand(display, snap, seat)
        if display.signature.get(seat) == signature and seat in display.hand_msgs:
            display.quiet_due.pop(seat, None)
            return
        if seat in display.notes.blocked or self._backing_off(display, seat):
            return
        if message_id is None:  # never delivered (403 at the start): try again now
            await self._deliver_hand(display, seat, screen, signature, snap.version)
            return
        if pacing.hold_quiet_edit(self, display, seat, screen, signature, snap):
            return
        drawn = [(screen, signature, snap.version)]

        def drawn_now() -> Screen:
            now = display.snap
            drawn[0] = (*screens.hand(display, now, seat), now.version)
            return drawn[0][0]

        def newest() -> Screen | Awaitable[Screen]:
            """The hand as the newest snapshot held shows it when the edit's turn comes
            (the private chat's budget may hold it a second): an edit drawn before its
            person's own press must not show the card they just played; while that press
            is being judged, the edit waits for it (a fraction of a second)."""
            pending = display.presses_in_flight.get(seat)
            if pending is None or pending.is_set():
                return drawn_now()

            async def after_the_press() -> Screen:
                await display.press_done(seat)
                return drawn_now()
            return after_the_press()

        if display.shown.get(seat) != screen and not await self._edit_for(
                display, seat, message_id, screen, newest):
            return
        self._shown(display, seat, *drawn[0])

    async def _render_solo(self, display: Display, snap: GameSnapshot) -> None:
        seat = display.solo_seat
        assert seat is not None
        if display.table_msg and snap.status == "running" and not snap.state.is_over \
                and self.page_open(display.game_id, seat):
            # As a group hand: the page shows table and hand (redrawn when it closes).
            display.signature.pop(seat, None)
            return
        now = self.clock()
        screen = screens.solo(display, snap, now)
        if display.table_msg and display.shown.get("table") != screen:
            if await self._edit_for(display, seat, display.table_msg, screen):
                display.shown["table"] = screen
                display.note_drawn(seat, snap.version, screens.solo_signature(display, snap, now))
                if self.settings.instances > 1:
                    self.tasks.spawn(self._record_shown(display.game_id, seat, snap.version,
                                                        display.signature[seat]))

    async def edit_table(self, display: Display) -> None:
        """Edit the group table to the newest snapshot (if it shows something else); send
        it when its first sending failed."""
        if self._backing_off(display, "table") or not display.venue.has_table_message:
            return
        table = screens.table(display, display.snap, self.clock())
        target = display.table_target()
        if target is None and display.solo_seat is None and display.venue.can_post:
            display.table_msg = await self._send_table(display, table)
            if display.table_msg is not None:
                await self.games.set_messages(display.game_id,
                                              table_message_id=display.table_msg)
            return
        if target and display.shown.get("table") != table:
            sent = [table]

            def newest() -> Screen:  # the outbox's turn may come seconds later
                sent[0] = screens.table(display, display.snap, self.clock())
                return sent[0]

            try:
                edited = await self.api.edit(
                    display.chat_id, target, table, throttled=True, priority=Priority.TABLE,
                    refresh=newest, still_true=lambda: self.draws_here(display.game_id))
            except TryLater as exc:  # the group's budget: draw the table again later
                display.table_key = None
                self._again_in(display, self._retry_pause(display, "table", exc))
                return
            if edited:
                self._succeeded(display, "table")
                display.shown["table"] = sent[0]
                display.table_edited_at = asyncio.get_running_loop().time()

    async def _deliver_hand(self, display: Display, seat: int, screen: Screen,
                            signature: Screen, version: int) -> None:
        """A hand never delivered (403 or a failure at the start): send it now."""
        if await self._send_hand(display, seat, screen, signature, version):
            await self.games.set_messages(display.game_id,
                                          hand_message_ids=display.hand_msgs)

    async def _send_hand(self, display: Display, seat: int, screen: Screen,
                         signature: Screen, version: int) -> bool:
        """Send a seat's hand message and note it; False when it was not sent (a 403
        hands the seat over, a 429 or a failure draws the deal again later)."""
        # With the acting hands, buttons or not: until its first sending arrives its
        # person has no cards to look at at all, and the deal's first lead comes at once.
        try:
            message_id = await self.api.send(display.user_of(seat), screen, throttled=True,
                                             priority=Priority.ACTING_HAND)
        except Unreachable:
            self._unreachable(display, seat)
            return False
        except TryLater as exc:  # the render loop delivers it when it may
            self._not_delivered(display, seat, screen)
            self._again_in(display, self._retry_pause(display, seat, exc))
            return False
        if message_id is None:
            return False
        display.hand_msgs[seat] = message_id
        self._shown(display, seat, screen, signature, version)
        return True

    async def _edit_for(self, display: Display, seat: int, message_id: int,
                        screen: Screen, refresh: Refresh | None = None) -> bool:
        try:
            return await self.api.edit(
                display.user_of(seat), message_id, screen, throttled=True,
                priority=_hand_priority(screen), refresh=refresh,
                still_true=lambda: self.draws_here(display.game_id))
        except TryLater as exc:
            self._not_delivered(display, seat, screen)
            self._again_in(display, self._retry_pause(display, seat, exc))
            return False
        except Unreachable:
            if seat not in display.notes.blocked:
                self._unreachable(display, seat)
                display.dirty = True  # the table must say so
            return False

    def _again_in(self, display: Display, seconds: float) -> None:
        """Telegram asked to wait (429) or did not answer: draw the deal again then, not
        only at the next move, so a refused or lost hand still arrives."""
        due = asyncio.get_running_loop().time() + seconds
        pending = display.retry_task is not None and not display.retry_task.done()
        if pending and display.retry_due <= due:
            return  # a redraw comes sooner; it asks again for what is still not due
        if pending:
            assert display.retry_task is not None
            display.retry_task.cancel()
        display.retry_due = due
        display.retry_task = self.tasks.spawn(self._show_later(display, seconds),
                                              game=display.game_id, chat=display.chat_id)

    async def _show_later(self, display: Display, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self.show(display)

    @staticmethod
    def _retry_pause(display: Display, target: object, exc: TryLater) -> float:
        """How long to wait before drawing ``target`` ("table" or a seat) again: what a
        429 asked for; after a failure (no answer, 5xx, a dropped connection) a pause that
        doubles while they last, during which no other redraw tries it either."""
        if not isinstance(exc, NotDelivered):
            return exc.seconds
        failures = display.delivery_failures[target] = \
            display.delivery_failures.get(target, 0) + 1
        pause = min(exc.seconds * 2 ** (failures - 1), LONGEST_RETRY_PAUSE)
        display.retry_at[target] = asyncio.get_running_loop().time() + pause
        return pause

    def _backing_off(self, display: Display, target: object) -> bool:
        """Whether ``target`` failed a moment ago and waits for its retry (then a redraw
        is due when the wait is over)."""
        left = display.retry_at.get(target, 0.0) - asyncio.get_running_loop().time()
        if left <= 0 or self.flushing:  # stopping: one last try of everything
            return False
        self._again_in(display, left)
        return True

    @staticmethod
    def _succeeded(display: Display, target: object) -> None:
        display.delivery_failures.pop(target, None)
        display.retry_at.pop(target, None)

    def _not_delivered(self, display: Display, seat: int, screen: Screen) -> None:
        """A hand with buttons did not reach its person: their clock waits for it
        (``timers.waiting_for_delivery``); if it lasts, the table says why the game waits."""
        if not has_moves(screen) or seat in display.undelivered_since:
            return
        since = asyncio.get_running_loop().time()
        display.undelivered_since[seat] = since
        self.tasks.spawn(self._note_undelivered(display, seat, since),
                         game=display.game_id, chat=display.chat_id)

    async def _note_undelivered(self, display: Display, seat: int, since: float) -> None:
        await asyncio.sleep(self.settings.undelivered_note_after)
        if display.undelivered_since.get(seat) == since and display.snap.status == "running":
            display.notes.undelivered.add(seat)
            self.show(display)

    def _shown(self, display: Display, seat: int, screen: Screen, signature: Screen,
               version: int) -> None:
        display.shown[seat] = screen
        display.note_drawn(seat, version, signature)
        display.quiet_due.pop(seat, None)  # nothing held back for it any more
        self._succeeded(display, seat)
        if self.settings.instances > 1:  # for a press another instance judges (presses)
            self.tasks.spawn(self._record_shown(display.game_id, seat, version, signature))
        display.undelivered_since.pop(seat, None)
        if seat in display.notes.undelivered:  # the table said they had no cards yet
            display.notes.undelivered.discard(seat)
            self.show(display)
        if has_moves(screen) and version == display.version and self.on_delivered is not None:
            self.on_delivered(display, seat, version)

    async def _record_shown(self, game_id: int, seat: int, version: int,
                            signature: Screen) -> None:
        try:
            await self.games.record_shown(game_id, seat, version,
                                          sorted([label, data] for label, data
                                                 in pacing.buttons_of(signature)))
        except Exception as exc:
            log_failure(log, exc, "recording the hand shown in game %s", game_id)

    def redraw_hand(self, display: Display, seat: int) -> None:
        """A press on this seat's hand was refused: draw the hand as it is now, at once
        (an edit held back included), so nobody keeps pressing a keyboard that fails.
        (A hand already drawn without buttons has no keyboard left to fail: the press came
        from an older look at it.)"""
        shown = display.shown.get(seat)
        if shown is None or not has_moves(shown):
            return
        display.signature.pop(seat, None)
        display.quiet_due[seat] = 0.0  # due long ago: not held (``pacing``)
        self.show(display)

    def _unreachable(self, display: Display, seat: int) -> None:
        """Telegram refused the seat's hand (403): the table says so, and the runtime hands
        the seat to a computer at once (``on_unreachable``), nobody waits for its timer."""
        display.notes.blocked.add(seat)
        if self.on_unreachable is not None:
            self.on_unreachable(display, seat)

    def person_returned(self, user_id: int) -> list[tuple[Display, int]]:
        """The person wrote to the bot privately again: their hands can be delivered.
        The (display, seat) pairs they were blocked in."""
        returned = []
        for display in self.displays.all():
            seat = display.seat_of(user_id)
            if seat is not None and seat in display.notes.blocked:
                display.notes.blocked.discard(seat)
                display.signature.pop(seat, None)
                returned.append((display, seat))
                self.show(display)
        return returned


def _hand_priority(screen: Screen) -> Priority:
    """A hand with buttons is (usually) one whose player must act: it goes first."""
    return Priority.ACTING_HAND if has_moves(screen) else Priority.HAND
