"""The per-game driver: after every accepted action, bring the messages up to date, let
computer players move after a natural pause, and fire turn timers from database deadlines.

Message policy (Telegram allows a group about 20 messages a minute):
- the group table is ONE message per deal, edited; edits are coalesced: a render waits
  ``edit_coalesce`` seconds and draws the latest stored state, and moves arriving while an
  edit is in flight only mark the game dirty, so a burst becomes one edit;
- a hand message is edited only when what it shows (cards, legal moves) changes; an edit
  that neither gives nor takes buttons (cards drawn while the player waits) is held up to
  ``quiet_hand_delay`` seconds to go out with the next one (see ``_quiet``); its
  buttons carry the version at which it was drawn, and a press on a hand that is still
  current is accepted even if other players moved since (see ``press``);
- the group table has its own schedule (``settings.table_debounce`` > 0): it is edited
  ``table_debounce`` seconds after the last move (a burst of moves costs one edit) and at
  most once per ``table_min_interval`` seconds (Telegram's ~20 group messages a minute);
  the end of a deal is drawn at once. Players act from their hands (the defender's hand
  lists the cards to beat), so the table may trail a move by a second or two;
- solo games (a private chat) show table and hand in one message.

Timers: the service stores each deal's turn deadline; one loop asks the database every
``timer_tick`` seconds for games past their deadline and times them out, so deadlines
survive a restart with no per-game timer state.

Decision: a turn timer of 24 hours or more is shown as "off" (the settings menu's "off"
stores the longest allowed timer): a game left alone still ends, eventually.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

from bot.engine import Action, IllegalAction, deal_from_dict
from bot.i18n import locale_for, t
from bot.render.actions import describe
from bot.render.hand import group_hand_screen
from bot.render.names import seat_names
from bot.render.screen import Screen
from bot.render.solo import solo_screen
from bot.render.table import LastMove, table_screen
from bot.service.errors import (
    AlreadyPlayed,
    GameOver,
    IllegalMove,
    NotAllowed,
    NotFound,
    ServiceError,
    StaleVersion,
)
from bot.service.events import (
    DealEnded,
    GameSnapshot,
    GameStarted,
    MoveApplied,
    SeatTakenOver,
)

from . import messaging
from .display import Display

log = logging.getLogger(__name__)
TIMER_OFF_SECONDS = 24 * 3600


class GameRuntime:
    def __init__(self, *, games, chats, brain, settings,
                 clock: Callable[[], datetime], rng: random.Random | None = None) -> None:
        self.games = games
        self.chats = chats
        self.brain = brain
        self.settings = settings
        self.clock = clock
        self.rng = rng or random.Random()
        self.bot = None  # set by the Application's post_init
        self.displays: dict[int, Display] = {}
        self._tasks: set[asyncio.Task] = set()
        self._timer_task: asyncio.Task | None = None

    # -- lifecycle ------------------------------------------------------------------------
    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def start(self, bot) -> None:
        self.bot = bot
        await self.restore()
        self._timer_task = self._spawn(self._timer_loop())

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
        self.displays.clear()

    async def restore(self) -> None:
        """After a restart: rebuild every running deal's display and redraw it (edits only
        where the screen differs), and resume computer players. Timers need nothing."""
        for game_id in await self.chats.running_games():
            try:
                display = await self._load_display(game_id)
                if display.table_msg is None:  # stopped before its messages were sent
                    await self._post_messages(display, None)
                self._request_render(display)
                self._schedule_computer(display)
            except Exception:
                log.exception("could not restore game %s", game_id)

    # -- building displays ------------------------------------------------------------------
    async def _load_display(self, game_id: int, *, group_title: str | None = None) -> Display:
        snap = await self.games.snapshot(game_id)
        solo = snap.chat_id > 0
        humans = [s for s in snap.seats if s.user_id is not None]
        languages = await self.chats.user_languages([s.user_id for s in humans])
        chat_language = await self.chats.language(snap.chat_id)
        if solo:
            locale = locale_for(languages.get(snap.chat_id) or chat_language)
            title = ""
        else:
            locale = locale_for(chat_language)
            title = group_title or await self._chat_title(snap.chat_id)
        prefs = {} if solo else await self.chats.preferences(snap.chat_id)
        display = Display(game_id=game_id, chat_id=snap.chat_id,
                          solo_seat=humans[0].seat if solo and humans else None,
                          group_title=title, locale=locale, seats=snap.seats,
                          table_msg=snap.table_message_id,
                          hand_msgs=dict(snap.hand_message_ids), known_version=snap.version,
                          hints=solo or bool(prefs.get("hints")))
        display.seat_locale = {s.seat: locale_for(languages.get(s.user_id) or locale)
                               for s in humans}
        display.deal_number, display.series_id = snap.deal_number, snap.series_id
        if snap.status == "running":
            display.state, display.state_version = snap.state, snap.version
            display.deadline = snap.turn_deadline
        display.names = seat_names(locale, snap.seats)
        display.notes.taken_over = {s.seat for s in snap.seats if s.taken_over}
        display.timer_on = await self._timer_on(game_id)
        self.displays[game_id] = display
        return display

    async def _timer_on(self, game_id: int) -> bool:
        settings = await self.chats.game_settings(game_id)
        return int(settings.get("turn_seconds", 60)) < TIMER_OFF_SECONDS

    async def _chat_title(self, chat_id: int) -> str:
        try:
            chat = await self.bot.get_chat(chat_id)
            return chat.title or ""
        except Exception:
            log.warning("could not read the title of chat %s", chat_id)
            return ""

    async def display(self, game_id: int) -> Display:
        found = self.displays.get(game_id)
        return found if found is not None else await self._load_display(game_id)

    # -- a new deal -------------------------------------------------------------------------
    async def launch(self, started: GameStarted, *, group_title: str = "",
                     message_id: int | None = None) -> Display:
        """Show a deal that just started: the table (solo: ``message_id`` is reused), every
        person's hand, then let the computers move."""
        display = await self._load_display(started.game_id, group_title=group_title)
        await self._post_messages(display, message_id)
        self._request_render(display)
        self._schedule_computer(display)
        return display

    async def _post_messages(self, display: Display, message_id: int | None) -> None:
        """Send the table and every hand (solo: reuse ``message_id`` when given) and store
        their ids, so a restart finds them."""
        snap = await self.games.snapshot(display.game_id)
        if display.solo_seat is not None:
            if message_id is None:
                message_id = await self._send(display, display.chat_id,
                                              self._solo_screen(display, snap))
            display.table_msg = message_id
            display.hand_msgs = {display.solo_seat: message_id} if message_id else {}
        else:
            display.table_msg = await self._send(display, display.chat_id,
                                                 self._table_screen(display, snap))
            for seat in display.humans():
                screen, signature = self._hand_screen(display, snap, seat)
                try:
                    message = await messaging.send(self.bot, self._user_of(display, seat), screen)
                except messaging.Unreachable:
                    display.notes.blocked.add(seat)
                    continue
                if message is not None:
                    display.hand_msgs[seat] = message
                    display.shown[seat] = screen
                    display.signature[seat] = signature
                    display.rendered_version[seat] = snap.version
        await self.games.set_messages(display.game_id, table_message_id=display.table_msg,
                                      hand_message_ids=display.hand_msgs)

    async def _send(self, display: Display, chat_id: int, screen: Screen) -> int | None:
        try:
            message_id = await messaging.send(self.bot, chat_id, screen)
        except messaging.Unreachable:
            log.warning("cannot write to chat %s (game %s)", chat_id, display.game_id)
            return None
        if message_id is not None:
            display.shown["table"] = screen
        return message_id

    @staticmethod
    def _user_of(display: Display, seat: int) -> int:
        return next(s.user_id for s in display.seats if s.seat == seat)

    # -- screens ----------------------------------------------------------------------------
    def _table_screen(self, display: Display, snap) -> Screen:
        return table_screen(display.locale, snap, display.names, display.notes, display.last,
                            display.ended, self.clock(), display.timer_on)

    def _solo_screen(self, display: Display, snap, version: int | None = None) -> Screen:
        seat = display.solo_seat
        return solo_screen(display.locale, snap, seat,
                           snap.version if version is None else version, display.names,
                           display.notes, display.last, display.ended, self.clock(),
                           display.timer_on, picking=display.picking.get(seat))

    def _hand_screen(self, display: Display, snap, seat: int) -> tuple[Screen, Screen]:
        """(the screen at the current version, the same drawn at version 0: what changed)."""
        locale = display.seat_locale.get(seat, display.locale)

        signature = group_hand_screen(locale, snap, seat, 0, display.group_title,
                                      picking=display.picking.get(seat), hint=display.hints)
        return signature.at_version(snap.version), signature  # drawn once, not twice

    def hand_signature(self, display: Display, snap, seat: int) -> Screen:
        if display.solo_seat is not None:
            return self._solo_hand_signature(display, snap)
        return self._hand_screen(display, snap, seat)[1]

    def _solo_hand_signature(self, display: Display, snap) -> Screen:
        screen = self._solo_screen(display, snap, version=0)
        return Screen("", screen.rows)  # the buttons are what a press relies on

    async def _snapshot(self, display: Display) -> GameSnapshot:
        """The game for a redraw: from the state the driver followed move by move when it
        is current, else from one query; seats come from the display (their takeover flags
        follow the events)."""
        seats = tuple(replace(s, taken_over=s.seat in display.notes.taken_over)
                      for s in display.seats)
        state = display.state
        if state is not None and display.state_version >= display.known_version:
            return GameSnapshot(
                game_id=display.game_id, chat_id=display.chat_id, series_id=display.series_id,
                deal_number=display.deal_number, version=display.state_version,
                status="finished" if state.is_over else "running", state=state.clone(),
                seats=seats, turn_deadline=None if state.is_over else display.deadline,
                table_message_id=display.table_msg, hand_message_ids=dict(display.hand_msgs))
        row = await self.chats.game_row(display.game_id)
        if row is None:
            raise NotFound("no such game")
        deadline = row.turn_deadline
        if deadline is not None and deadline.tzinfo is None:
            deadline = deadline.replace(tzinfo=UTC)
        if row.status == "running" and row.version >= display.state_version:
            display.state = deal_from_dict(row.state)  # follow again from here
            display.state_version, display.deadline = row.version, deadline
            display.known_version = max(display.known_version, row.version)
        return GameSnapshot(
            game_id=row.id, chat_id=row.chat_id, series_id=row.series_id,
            deal_number=row.deal_number, version=row.version, status=row.status,
            state=deal_from_dict(row.state), seats=seats, turn_deadline=deadline,
            table_message_id=row.table_message_id,
            hand_message_ids={int(k): v for k, v in (row.hand_message_ids or {}).items()})

    def _has_computers(self, display: Display) -> bool:
        return bool(display.notes.taken_over) or any(s.user_id is None for s in display.seats)

    # -- after every change -----------------------------------------------------------------
    def apply_result(self, display: Display, result) -> None:
        for event in result.events:
            if isinstance(event, MoveApplied):
                self._follow(display, event)
                display.last = LastMove(event.seat, event.action, event.cause, event.version)
                display.picking.pop(event.seat, None)
                if event.cause == "player":
                    display.notes.taken_over.discard(event.seat)
            elif isinstance(event, SeatTakenOver):
                display.notes.taken_over.add(event.seat)
            elif isinstance(event, DealEnded):
                display.ended = event
        display.known_version = max(display.known_version, result.version)
        self._request_render(display)
        self._schedule_computer(display)

    @staticmethod
    def _follow(display: Display, move: MoveApplied) -> None:
        """Advance the followed state by one reported move (or give it up if out of order)."""
        state = display.state
        if state is None or display.state_version != move.version - 1:
            display.state = None
            return
        try:
            state.apply(Action.parse(move.action, move.seat))
        except (IllegalAction, ValueError):
            log.warning("game %s: followed state diverged at v%s", display.game_id,
                        move.version)
            display.state = None
            return
        display.state_version = move.version
        display.deadline = move.turn_deadline

    def _request_render(self, display: Display) -> None:
        display.dirty = True
        if display.render_task is None or display.render_task.done():
            display.render_task = self._spawn(self._render_loop(display))

    async def _render_loop(self, display: Display) -> None:
        while display.dirty:
            display.dirty = False
            if self.settings.edit_coalesce:
                await asyncio.sleep(self.settings.edit_coalesce)
            try:
                snap = await self._snapshot(display)
                await self._render(display, snap)
            except Exception:
                log.exception("rendering game %s failed", display.game_id)
                return
            if snap.status != "running" and not display.dirty:
                self.displays.pop(display.game_id, None)

    async def _render(self, display: Display, snap) -> None:
        display.known_version = max(display.known_version, snap.version)
        if display.solo_seat is not None:
            seat = display.solo_seat
            screen = self._solo_screen(display, snap)
            if display.table_msg and display.shown.get("table") != screen:
                if await self._edit_for(display, seat, display.table_msg, screen):
                    display.shown["table"] = screen
                    display.signature[seat] = self._solo_hand_signature(display, snap)
                    display.rendered_version[seat] = snap.version
            return
        for seat in display.humans():
            screen, signature = self._hand_screen(display, snap, seat)
            if display.signature.get(seat) == signature and seat in display.hand_msgs:
                display.quiet_due.pop(seat, None)
                continue
            message_id = display.hand_msgs.get(seat)
            if seat in display.notes.blocked:
                continue
            if message_id is None:  # never delivered (403 at the start): try again now
                await self._deliver_hand(display, seat, screen, signature, snap.version)
                continue
            if self._quiet(display, seat, screen, snap):
                continue
            if display.shown.get(seat) != screen and not await self._edit_for(
                    display, seat, message_id, screen):
                continue
            display.shown[seat] = screen
            display.signature[seat] = signature
            display.rendered_version[seat] = snap.version
        if self.settings.table_debounce > 0 and snap.status == "running" \
                and not snap.state.is_over:
            # Only a move or a note (blocked, taken over) changes the table: a redraw for a
            # hand alone (a choice screen, a held edit's turn) would only refresh its
            # "time left", an edit of the group's budget for nothing.
            key = (snap.version, frozenset(display.notes.blocked),
                   frozenset(display.notes.taken_over))
            if key != display.table_key:
                display.table_key = key
                self._request_table(display)
            return
        await self._edit_table(display, snap)

    def _quiet(self, display: Display, seat: int, screen: Screen, snap) -> bool:
        """True when this hand edit waits: it neither gives nor takes buttons (the player
        waits before and after; only cards drawn or picked up change) and its
        ``quiet_hand_delay`` has not run out. It then usually goes out with the edit that
        gives the player buttons, one request instead of two; a render is due when it
        runs out. Edits that change buttons, and the end of a deal, are never held."""
        delay = self.settings.quiet_hand_delay
        shown = display.shown.get(seat)
        if delay <= 0 or shown is None or shown.rows or screen.rows \
                or snap.status != "running" or snap.state.is_over:
            display.quiet_due.pop(seat, None)
            return False
        now = asyncio.get_running_loop().time()
        due = display.quiet_due.setdefault(seat, now + delay)
        if now >= due:
            display.quiet_due.pop(seat, None)
            return False
        if display.quiet_task is None or display.quiet_task.done():
            display.quiet_task = self._spawn(self._wake_render(display, due - now))
        return True

    async def _wake_render(self, display: Display, delay: float) -> None:
        await asyncio.sleep(delay)
        self._request_render(display)

    async def _edit_table(self, display: Display, snap) -> None:
        table = self._table_screen(display, snap)
        if display.table_msg and display.shown.get("table") != table:
            if await messaging.edit(self.bot, display.chat_id, display.table_msg, table):
                display.shown["table"] = table
                display.table_edited_at = asyncio.get_running_loop().time()

    def _request_table(self, display: Display) -> None:
        """Edit the group table ``table_debounce`` s after the last move (see the top)."""
        loop = asyncio.get_running_loop()
        display.table_due = max(loop.time() + self.settings.table_debounce,
                                display.table_edited_at + self.settings.table_min_interval)
        if display.table_task is None or display.table_task.done():
            display.table_task = self._spawn(self._table_loop(display))

    async def _table_loop(self, display: Display) -> None:
        loop = asyncio.get_running_loop()
        while display.table_due is not None:
            wait = display.table_due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            display.table_due = None
            try:
                await self._edit_table(display, await self._snapshot(display))
            except Exception:
                log.exception("drawing the table of game %s failed", display.game_id)
                return

    async def _deliver_hand(self, display: Display, seat: int, screen: Screen,
                            signature: Screen, version: int) -> bool:
        try:
            message_id = await messaging.send(self.bot, self._user_of(display, seat), screen)
        except messaging.Unreachable:
            display.notes.blocked.add(seat)
            return False
        if message_id is None:
            return False
        display.hand_msgs[seat] = message_id
        display.shown[seat] = screen
        display.signature[seat] = signature
        display.rendered_version[seat] = version
        await self.games.set_messages(display.game_id, hand_message_ids=display.hand_msgs)
        return True

    async def _edit_for(self, display: Display, seat: int, message_id: int,
                        screen: Screen) -> bool:
        try:
            return await messaging.edit(self.bot, self._user_of(display, seat), message_id, screen)
        except messaging.Unreachable:
            if seat not in display.notes.blocked:
                display.notes.blocked.add(seat)
                display.dirty = True  # the table must say so
            return False

    # -- presses ----------------------------------------------------------------------------
    async def press(self, game_id: int, version: int, action: str, user_id: int) -> str | None:
        """Apply a move button; None when applied, else the catalogue key of the refusal."""
        display = self.displays.get(game_id)
        expected = version
        seat = display.seat_of(user_id) if display else None
        if display is not None and version != display.known_version and seat is not None \
                and display.rendered_version.get(seat) == version:
            # Others moved since this hand was drawn: if the hand still shows exactly these
            # buttons, the press means what the player saw; play it on the current state.
            snap = await self.games.snapshot(game_id)
            if snap.status == "running" and \
                    self.hand_signature(display, snap, seat) == display.signature.get(seat):
                expected = snap.version
        try:
            result = await self.games.act(game_id, action, expected_version=expected,
                                          user_id=user_id)
        except AlreadyPlayed:
            return "err.already_played"
        except StaleVersion:
            return "err.stale_button"
        except IllegalMove:
            return await self._illegal_reason(game_id, user_id)
        except NotAllowed:
            return "err.not_in_game"
        except GameOver:
            return "err.game_over"
        except NotFound:
            return "err.stale_button"
        display = display or await self.display(game_id)
        display.notes.blocked.discard(seat) if seat is not None else None
        self.apply_result(display, result)
        return None

    def user_returned(self, user_id: int) -> None:
        """The user wrote to the bot privately again: their hands can be delivered again."""
        for display in list(self.displays.values()):
            seat = display.seat_of(user_id)
            if seat is not None and seat in display.notes.blocked:
                display.notes.blocked.discard(seat)
                display.signature.pop(seat, None)
                self._request_render(display)

    async def _illegal_reason(self, game_id: int, user_id: int) -> str:
        try:
            snap = await self.games.snapshot(game_id)
        except ServiceError:
            return "err.illegal_move"
        seat = snap.seat_of(user_id)
        if seat is not None and seat not in snap.state.actors():
            return "err.not_your_turn"
        return "err.illegal_move"

    async def pick(self, game_id: int, user_id: int, card: int | None) -> str | None:
        """Open (or with None close) the choice of what a card does."""
        display = await self.display(game_id)
        seat = display.seat_of(user_id)
        if seat is None:
            return "err.not_in_game"
        if card is None:
            display.picking.pop(seat, None)
        else:
            # The card comes from callback data anyone can forge: only a card of this hand
            # may open the choice (a made-up number would break every redraw of the hand).
            snap = await self.games.snapshot(game_id)
            if snap.status != "running" or card not in snap.state.view(seat).hand:
                return "err.stale_button"
            display.picking[seat] = card
        self._request_render(display)
        return None

    async def swap_choice(self, game_id: int, user_id: int, card: int | None) -> str | None:
        """The poker swap screen: None opens it with nothing chosen; a card toggles it (at
        most two chosen: a third replaces the oldest). Only the hand's cards count."""
        display = await self.display(game_id)
        seat = display.seat_of(user_id)
        if seat is None:
            return "err.not_in_game"
        chosen = display.picking.get(seat)
        chosen = chosen if isinstance(chosen, tuple) else ()
        if card is not None:
            snap = await self.games.snapshot(game_id)
            if snap.status != "running" or card not in snap.state.view(seat).hand:
                return "err.stale_button"
            chosen = tuple(c for c in chosen if c != card) if card in chosen \
                else (chosen + (card,))[-2:]
        display.picking[seat] = chosen
        self._request_render(display)
        return None

    async def hint(self, game_id: int, user_id: int) -> tuple[str | None, str]:
        """(refusal key, hint text)."""
        display = await self.display(game_id)
        seat = display.seat_of(user_id)
        if seat is None:
            return "err.not_in_game", ""
        if not display.hints:
            return "err.hints_off", ""
        snap = await self.games.snapshot(game_id)
        if snap.status != "running" or not list(snap.state.legal_actions(seat)):
            return "err.not_your_turn", ""
        locale = display.seat_locale.get(seat, display.locale)
        action, key, params = await self.brain.hint(snap.state, seat,
                                                    self.rng.getrandbits(32))
        lead = not snap.state.table_pairs()
        text = t(locale, "hint.text", action=describe(locale, action, lead=lead,
                                                     rules=snap.state.rules),
                 reason=t(locale, key, **params))
        return None, text

    async def next_deal(self, game_id: int, user_id: int) -> str | None:
        display = self.displays.get(game_id)
        old_message = display.table_msg if display else None
        if display is None:
            snap = await self.games.snapshot(game_id)
            old_message = snap.table_message_id
            solo = snap.chat_id > 0
            title = "" if solo else await self._chat_title(snap.chat_id)
        else:
            solo, title = display.solo_seat is not None, display.group_title
        try:
            started = await self.games.next_deal(game_id, user_id)
        except AlreadyPlayed:
            return "err.already_played"
        except NotAllowed:
            return "err.not_in_game"
        except ServiceError:
            return "err.series_over"
        await self.launch(started, group_title=title, message_id=old_message if solo else None)
        return None

    async def cancel(self, game_id: int, host_id: int) -> None:
        await self.games.cancel(game_id, host_id)
        display = await self.display(game_id)
        display.state = None  # cancelled: the stored status decides the screen
        self._request_render(display)

    # -- computer players -------------------------------------------------------------------
    def _schedule_computer(self, display: Display) -> None:
        if not self._has_computers(display):
            return
        if display.computer_task is not None and not display.computer_task.done():
            display.computer_again = True
            return
        display.computer_task = self._spawn(self._computer_loop(display))

    async def _computer_loop(self, display: Display) -> None:
        low, high = self.settings.computer_pause
        while True:
            display.computer_again = False
            try:
                snap = await self._snapshot(display)
            except ServiceError:
                return
            if snap.status != "running":
                return
            computers = {s.seat: s for s in snap.seats if s.user_id is None or s.taken_over}
            movers = [seat for seat in snap.state.waiting_on() if seat in computers]
            if not movers:
                if display.computer_again:
                    continue
                return
            # A natural pause: people see each computer move arrive, never a burst.
            await asyncio.sleep(self.rng.uniform(low, high) if high > 0 else 0)
            snap = await self._snapshot(display)
            if snap.status != "running":
                return
            movers = [seat for seat in snap.state.waiting_on() if seat in computers]
            if not movers:
                continue
            seat = movers[0]
            log.debug("computer seat %s moves in game %s at v%s", seat, display.game_id,
                      snap.version)
            strength = computers[seat].computer_strength or "normal"
            try:
                action = await self.brain.choose(snap.state, seat, strength,
                                                 self.rng.getrandbits(32))
                result = await self.games.act(display.game_id, action,
                                              expected_version=snap.version, seat=seat,
                                              cause="computer")
            except StaleVersion:
                continue
            except (GameOver, NotFound):
                return
            except NotAllowed:
                continue  # the person took their seat back meanwhile
            except Exception:
                log.exception("computer move failed in game %s seat %s", display.game_id, seat)
                await asyncio.sleep(1.0)
                continue
            self.apply_result(display, result)

    # -- turn timers ------------------------------------------------------------------------
    async def _timer_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.timer_tick)
            try:
                await self.fire_due_timers()
            except Exception:
                log.exception("turn timer pass failed")

    async def fire_due_timers(self) -> int:
        """Time out every game past its deadline; the number of games timed out."""
        fired = 0
        for game_id, version, _settings in await self.chats.due_games(self.clock()):
            try:
                result = await self.games.time_out(game_id, version)
            except ServiceError:
                continue
            fired += 1
            display = await self.display(game_id)
            self.apply_result(display, result)
        return fired
