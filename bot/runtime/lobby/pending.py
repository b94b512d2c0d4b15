"""Who joined a lobby but has not opened the private chat with the bot yet (where their
cards will go), and dropping them when they take too long.

Only in memory: after a restart it is re-derived (every member of a lobby this process
does not know is probed once, the first time the lobby is drawn or started). Each pending
person has a timer; when it runs out and Telegram still refuses to write to them, they are
taken out of the lobby by ``on_drop`` (the desk tells the group why), so one friend who
never opens the bot cannot keep a lobby waiting for ever.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.service.errors import ServiceError
from bot.service.events import LobbyUpdated

from ..delivery.bot_api import BotApi
from ..faults import log_failure
from ..tasks import Tasks

log = logging.getLogger(__name__)

Key = tuple[int, int]  # (lobby id, user id)


class PendingPeople:
    def __init__(self, *, api: BotApi, tasks: Tasks, wait: float,
                 on_drop: Callable[[int, int], Awaitable[None]],
                 on_reachable: Callable[[int], Awaitable[None]]) -> None:
        self.api = api
        self.tasks = tasks
        self.wait = wait  # seconds before a pending person is dropped
        self.on_drop = on_drop  # (lobby id, user id): take them out, say so
        self.on_reachable = on_reachable  # (lobby id): they opened the chat meanwhile
        self._pending: set[Key] = set()
        self._known: set[int] = set()  # lobbies whose pending people this process knows
        self._timers: dict[Key, asyncio.Task[None]] = {}

    def __contains__(self, key: Key) -> bool:
        return key in self._pending

    def mark(self, lobby_id: int, user_id: int, *, restart: bool = False) -> None:
        """The person cannot receive private messages yet: mark them, start their timer
        (``restart``: they just joined, again perhaps after being taken out: a new wait)."""
        key = (lobby_id, user_id)
        self._pending.add(key)
        if restart and key in self._timers:
            self._timers.pop(key).cancel()
        if key not in self._timers:
            self._timers[key] = self.tasks.spawn(self._drop_later(key))

    def clear(self, lobby_id: int, user_id: int) -> None:
        key = (lobby_id, user_id)
        self._pending.discard(key)
        timer = self._timers.pop(key, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    def clear_lobby(self, lobby_id: int) -> None:
        for key in [k for k in self._pending if k[0] == lobby_id]:
            self.clear(*key)

    def known(self, lobby_id: int) -> None:
        """This process probed the lobby itself (it opened it): nothing to derive."""
        self._known.add(lobby_id)

    async def of(self, lobby: LobbyUpdated) -> set[int]:
        """Members of a group lobby who still have to open a private chat with the bot."""
        if lobby.lobby_id not in self._known:
            self._known.add(lobby.lobby_id)
            if lobby.place.is_shared and lobby.status == "open":
                for member in lobby.members:
                    if member.user_id is not None and \
                            not await self.api.can_message(member.user_id):
                        self.mark(lobby.lobby_id, member.user_id)
        return {uid for lid, uid in self._pending if lid == lobby.lobby_id}

    async def _drop_later(self, key: Key) -> None:
        await asyncio.sleep(self.wait)
        self._timers.pop(key, None)
        if key not in self._pending:
            return
        lobby_id, user_id = key
        try:
            if await self.api.can_message(user_id):  # opened the chat, not the link
                self._pending.discard(key)
                await self.on_reachable(lobby_id)
                return
            self._pending.discard(key)
            await self.on_drop(lobby_id, user_id)
        except ServiceError:
            pass  # the lobby closed or started meanwhile, or they left: nothing to drop
        except Exception as exc:
            log_failure(log, exc, "dropping %s from lobby %s", user_id, lobby_id)
