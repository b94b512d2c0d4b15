"""Your turn, noticed: a short private message when it becomes a person's turn and they
have not acted within a few seconds.

Telegram notifies new messages, never edits, so the hand message (edited on every move)
cannot tell anyone it is their turn. A nudge is a new message, sent only when it helps:
the turn must have passed to them (a seat waited on continuously is nudged once; their
own move starts the wait over), they have not acted within ``delay`` seconds, and they
have not switched nudges off (/notify, stored with their private chat's preferences).
Each person has at most one nudge in their chat: a new one replaces the last, and acting
removes it, so the chat does not fill up. Group deals only (a solo player is looking at
the game already); in memory only (after a restart the next turn is nudged as usual).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.i18n import t
from bot.render.screen import Screen
from bot.render.table import expectation
from bot.service.chats import ChatService
from bot.service.events import GameSnapshot

from ..delivery.bot_api import BotApi, Unreachable
from ..table.display import Display
from ..tasks import Tasks

log = logging.getLogger(__name__)

PREFERENCE = "notify"  # the private chat's preference: False switches nudges off


class Nudges:
    def __init__(self, *, api: BotApi, chats: ChatService, tasks: Tasks,
                 delay: float) -> None:
        self.api = api
        self.chats = chats
        self.tasks = tasks
        self.delay = delay
        # (game id, seat) -> the version at which its turn began, and its pending timer.
        self._turns: dict[tuple[int, int], int] = {}
        self._timers: dict[tuple[int, int], asyncio.Task[None]] = {}
        self._shown: dict[int, int] = {}  # user id -> the nudge message in their chat
        self.sent = 0  # nudges sent (the benchmark counts them as requests)
        # (game id, seat) -> the person has the Mini App open (bot.webapp.hub): the page
        # shows the turn, so no nudge.
        self.page_open: Callable[[int, int], bool] = lambda game_id, seat: False

    def follow(self, display: Display, snap: GameSnapshot, *,
               hands_posted: bool = False) -> None:
        """A new snapshot of the deal: start the wait for whoever's turn began, drop it
        (and their nudge) for whoever is no longer waited on. ``hands_posted``: the deal
        just started and every hand was a new message, which notified its person already;
        whoever is waited on now is not nudged for this turn (a second ping seconds after
        the first tells them nothing, and costs a request when the token is busiest)."""
        game = snap.game_id
        waiting: set[int] = set()
        if display.solo_seat is None and snap.status == "running" and not snap.state.is_over:
            people = {s.seat for s in snap.seats
                      if s.user_id is not None and not s.taken_over and not s.left}
            waiting = set(snap.state.waiting_on()) & people - display.notes.blocked
        last = display.last
        mover = last.seat if last is not None and last.version == snap.version else None
        for key in [k for k in self._turns if k[0] == game
                    and (k[1] not in waiting or k[1] == mover)]:
            # No longer waited on, or they just moved and are waited on again (a defender
            # with more cards to beat): the wait starts over.
            self._end_turn(key, display.user_of(key[1]))
        for seat in waiting:
            key = (game, seat)
            if key not in self._turns:
                self._turns[key] = snap.version
                if not hands_posted:
                    self._timers[key] = self.tasks.spawn(
                        self._nudge_later(display, seat, snap.version))

    def _end_turn(self, key: tuple[int, int], user_id: int | None) -> None:
        self._turns.pop(key, None)
        timer = self._timers.pop(key, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()
        if user_id is not None and user_id in self._shown:
            self.tasks.spawn(self._remove(user_id))

    async def _nudge_later(self, display: Display, seat: int, began: int) -> None:
        await asyncio.sleep(self.delay)
        key = (display.game_id, seat)
        self._timers.pop(key, None)
        if self._turns.get(key) != began:
            return
        user_id = display.user_of(seat)
        if user_id is None or self.page_open(display.game_id, seat):
            return
        try:
            prefs = await self.chats.preferences(user_id)
            if prefs.get(PREFERENCE) is False:
                return
            locale = display.seat_locale.get(seat, display.locale)
            view = display.snap.state.view(seat)
            text = t(locale, "nudge.your_turn", group=display.group_title,
                     expected=t(locale, "hand.expect." + expectation(view, seat)))
            await self._remove(user_id)
            message_id = await self.api.send(user_id, Screen(text))
        except Unreachable:
            return  # blocked: the table says so already
        except Exception:
            log.exception("nudging seat %s of game %s failed", seat, display.game_id)
            return
        if message_id is not None:
            self._shown[user_id] = message_id
            self.sent += 1

    async def _remove(self, user_id: int) -> None:
        message_id = self._shown.pop(user_id, None)
        if message_id is not None:
            await self.api.delete(user_id, message_id)
