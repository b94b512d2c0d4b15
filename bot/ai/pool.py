"""``ComputerPlayers``: computer moves and hints in worker processes, off the event loop.

    players = ComputerPlayers(workers=1)
    text = await players.choose(state.to_dict(), seat, "hard", seed, budget_s)  # "c 7h 9h"
    text, (key, params) = await players.hint(state.to_dict(), seat, seed, budget_s)
    await players.close()          # or: async with ComputerPlayers() as players: ...

The state travels as its JSON-safe dict (cheap to pickle); the answer is the action text
(``Action.parse(text, player=seat)`` on the way back), the same text as in callback data.
Searches are CPU-bound, so they run in a ``ProcessPoolExecutor`` (spawned workers: no
forked copy of the bot's threads or sockets); awaiting them never blocks the loop.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def default_workers() -> int:
    """One worker per spare core, at least 1 and at most 2."""
    return max(1, min(2, (os.cpu_count() or 1) - 1))


def _choose_in_worker(state_dict: dict[str, Any], seat: int, strength: str, seed: int,
                      budget_s: float) -> str:
    from bot.ai import choose_action
    from bot.engine import GameState

    state = GameState.from_dict(state_dict)
    return choose_action(state, seat, strength, seed=seed, budget_s=budget_s).text()


def _hint_in_worker(state_dict: dict[str, Any], seat: int, seed: int, budget_s: float
                    ) -> tuple[str, tuple[str, dict[str, Any]]]:
    from bot.ai import hint
    from bot.engine import GameState

    state = GameState.from_dict(state_dict)
    action, reason = hint(state, seat, seed=seed, budget_s=budget_s)
    return action.text(), reason


def _warm_up() -> int:
    import bot.ai  # noqa: F401  (imports the engine and players once per worker)

    return os.getpid()


class ComputerPlayers:
    """A small process pool for computer players; one per application (bot_data)."""

    def __init__(self, workers: int | None = None):
        self.workers = workers or default_workers()
        self._executor: ProcessPoolExecutor | None = ProcessPoolExecutor(
            max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"))

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            raise RuntimeError("ComputerPlayers is closed")
        return self._executor

    async def start(self) -> None:
        """Start the workers now (optional: the first request would otherwise pay it)."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._pool(), _warm_up)
                               for _ in range(self.workers)))

    async def choose(self, state_dict: dict[str, Any], seat: int, strength: str, seed: int,
                     budget_s: float) -> str:
        """The computer player's action text for ``seat`` (e.g. ``"a 10h"``)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool(), _choose_in_worker, state_dict, seat,
                                          strength, seed, budget_s)

    async def hint(self, state_dict: dict[str, Any], seat: int, seed: int, budget_s: float
                   ) -> tuple[str, tuple[str, dict[str, Any]]]:
        """(action text hard would play, (i18n key, params) of the reason)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool(), _hint_in_worker, state_dict, seat,
                                          seed, budget_s)

    async def close(self) -> None:
        """Cancel queued work, wait for running searches (bounded by their budgets) and
        stop the workers, without blocking the loop."""
        executor, self._executor = self._executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)

    async def __aenter__(self) -> ComputerPlayers:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
