"""The runtime's background tasks (renders, table schedules, computer turns, the timer
loop): one owner keeps a reference to each (asyncio holds tasks weakly) and cancels them
all at shutdown. A task runs in a context of its own that names the game and chat it
works on, for the log (``log_context``)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from . import log_context


class Tasks:
    def __init__(self) -> None:
        self._tasks: set[asyncio.Task] = set()

    def spawn(self, coro: Coroutine[Any, Any, Any], *, game: int | None = None,
              chat: int | None = None) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(
            coro, context=log_context.background(game, chat))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def cancel_all(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
