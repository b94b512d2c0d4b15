"""When a lobby message is edited: at once after a quiet spell, else at most once per
``interval`` seconds, always with the newest state.

A host who cycles the settings menus presses a button every half second or so, and each
press changes the lobby. Editing the group's message for every press would spend the
group's ~20 messages a minute in seconds (and the game they then start would wait for
its table). So a press answers at once (the outbox never holds answers back) and the
message follows: the first change is drawn at once, the changes of a burst are drawn
together ``interval`` seconds later. Presses on a keyboard a moment old still count when
the button is still on the newest one (``LobbyDesk.change_setting``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from ..faults import log_failure
from ..tasks import Tasks

log = logging.getLogger(__name__)


class LobbyRedraws:
    def __init__(self, draw: Callable[[int], Awaitable[None]], tasks: Tasks,
                 interval: float) -> None:
        self.draw = draw  # edits one lobby's message to its newest state
        self.tasks = tasks
        self.interval = interval
        self._pending: set[int] = set()
        self._running: dict[int, asyncio.Task[None]] = {}
        self._drawn_at: dict[int, float] = {}

    def request(self, lobby_id: int) -> None:
        """The lobby changed: draw it when its turn comes (see the top)."""
        self._pending.add(lobby_id)
        task = self._running.get(lobby_id)
        if task is None or task.done():
            self._running[lobby_id] = self.tasks.spawn(self._loop(lobby_id))

    async def _loop(self, lobby_id: int) -> None:
        loop = asyncio.get_running_loop()
        try:
            while lobby_id in self._pending:
                wait = self._drawn_at.get(lobby_id, float("-inf")) + self.interval \
                    - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                self._pending.discard(lobby_id)
                try:
                    await self.draw(lobby_id)
                except Exception as exc:
                    log_failure(log, exc, "drawing lobby %s", lobby_id)
                self._drawn_at[lobby_id] = loop.time()
        finally:
            self._running.pop(lobby_id, None)
            if len(self._drawn_at) > 1000:  # forget lobbies long gone
                cutoff = loop.time() - 60
                self._drawn_at = {k: v for k, v in self._drawn_at.items() if v > cutoff}
