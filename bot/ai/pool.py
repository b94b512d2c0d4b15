"""``ComputerPlayers``: computer moves and hints in worker processes, off the event loop.

    players = ComputerPlayers(workers=1)
    text = await players.choose(state.to_dict(), seat, "hard", seed, budget_s)  # "c 7h 9h"
    text, (key, params) = await players.hint(state.to_dict(), seat, seed, budget_s)
    await players.close()          # or: async with ComputerPlayers() as players: ...

The state travels as its JSON-safe dict (cheap to pickle); the answer is the action text
(``Action.parse(text, player=seat)`` on the way back), the same text as in callback data.
Searches are CPU-bound, so they run in a ``ProcessPoolExecutor`` (spawned workers: no
forked copy of the bot's threads or sockets); awaiting them never blocks the loop.

Pacing under load. One worker per core (``default_workers``; ``DURAK_AI_WORKERS``
overrides), each at a lower CPU priority (``WORKER_NICE``) so that the bot's own process
(handlers, database) always wins a contended core. Hard searches hold one of ``workers``
slots; requests beyond that wait in this object's own queue (never in the executor's,
where a budget would already be fixed), and when a search starts its budget is set by
the queue (``queued_budget``): ``budget * workers / (workers + waiting)``, and never more
than what is left of ``budget`` after the time already waited. So from request to
answer a computer move takes about ``budget`` however many games think at once; when
the share falls under ``MIN_SEARCH_S`` the move is ``normal``'s (no search, well under
a millisecond). Cheap strengths (easy, normal) take no slot: they wait at most for one
worker to finish its current search. Hints are searches too, but never get less than
``MIN_SEARCH_S`` (a person asked for hard's advice).

A worker that dies (killed by the OOM killer, a crash in C code) breaks a
``ProcessPoolExecutor`` for good: every later request would fail at once and the games
with computer players would stop moving. So a broken pool is replaced by a fresh one and
the request is tried once more there (``_run``); a second failure is raised to the caller.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

log = logging.getLogger(__name__)

MIN_SEARCH_S = 0.05  # a shorter search is hardly better than normal's rules of thumb
WORKER_NICE = 10  # workers yield a contended core to the bot's own process (weight ~1/9)


def default_workers() -> int:
    """``DURAK_AI_WORKERS`` when set, else one worker per core this process may use."""
    env = os.environ.get("DURAK_AI_WORKERS", "").strip()
    if env:
        return max(1, int(env))
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def queued_budget(budget_s: float, waited_s: float, waiting: int, workers: int) -> float:
    """The search budget of a request that starts after waiting ``waited_s`` with
    ``waiting`` requests still queued behind it: its fair share of the workers over one
    ``budget_s`` (every queued request then also starts within about ``budget_s``),
    capped by what is left of ``budget_s`` after the wait."""
    share = budget_s * workers / (workers + max(0, waiting))
    return max(0.0, min(share, budget_s - waited_s))


def _lower_priority() -> None:
    try:
        os.nice(WORKER_NICE)
    except (AttributeError, OSError):  # no nice on this platform: run at normal priority
        pass


def _past(history: dict[str, Any] | None) -> Any:
    """The ``PublicHistory`` a request carries: its JSON form (``to_dict``), or a deal
    log (``{"rules", "seed", "deal", "moves"}``, what the bot stores) replayed here, in
    the worker, so that the bot's event loop never spends the milliseconds it costs."""
    from bot.engine import PublicHistory, RuleSet, history_of

    if history is None:
        return None
    if "moves" in history:
        return history_of(RuleSet.from_dict(history["rules"]), int(history["seed"]),
                          history["moves"], **history["deal"])
    return PublicHistory.from_dict(history)


def _choose_in_worker(state_dict: dict[str, Any], seat: int, strength: str, seed: int,
                      budget_s: float, history: dict[str, Any] | None = None) -> str:
    from bot.ai import choose_action
    from bot.engine import deal_from_dict

    state = deal_from_dict(state_dict)
    return choose_action(state, seat, strength, seed=seed, budget_s=budget_s,
                         history=_past(history)).text()


def _hint_in_worker(state_dict: dict[str, Any], seat: int, seed: int, budget_s: float,
                    history: dict[str, Any] | None = None,
                    ) -> tuple[str, tuple[str, dict[str, Any]]]:
    from bot.ai import hint
    from bot.engine import deal_from_dict

    state = deal_from_dict(state_dict)
    action, reason = hint(state, seat, seed=seed, budget_s=budget_s, history=_past(history))
    return action.text(), reason


def _warm_up() -> int:
    import bot.ai  # noqa: F401  (imports the engine and players once per worker)

    return os.getpid()


class ComputerPlayers:
    """A small process pool for computer players; one per application (bot_data)."""

    def __init__(self, workers: int | None = None):
        self.workers = workers or default_workers()
        self._executor: ProcessPoolExecutor | None = self._new_executor()
        self._slots: asyncio.Semaphore | None = None  # made on first use, in the loop
        self._waiting = 0
        # searches run, of them with a shrunk budget, and hard moves given to normal
        self.counts = {"searches": 0, "shrunk": 0, "normal": 0}

    async def _searching(self, budget_s: float, may_skip: bool, run):
        """Wait for a search slot, set the budget by the queue, ``await run(budget)``;
        ``run(None)`` when ``may_skip`` and the share is under ``MIN_SEARCH_S``."""
        loop = asyncio.get_running_loop()
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        waited = 0.0
        if self._slots.locked():  # every worker busy: queue here
            start = loop.time()
            self._waiting += 1
            try:
                await self._slots.acquire()
            finally:
                self._waiting -= 1
            waited = loop.time() - start
        else:
            await self._slots.acquire()
        try:
            budget = queued_budget(budget_s, waited, self._waiting, self.workers)
            least = min(MIN_SEARCH_S, budget_s)
            if may_skip and budget < least:
                self.counts["normal"] += 1
                return await run(None)
            if budget < 0.95 * budget_s:
                self.counts["shrunk"] += 1
            self.counts["searches"] += 1
            return await run(max(budget, least))
        finally:
            self._slots.release()

    def _new_executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=self.workers,
                                   mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_lower_priority)

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            raise RuntimeError("ComputerPlayers is closed")
        return self._executor

    async def _run(self, fn, *args):
        """``fn(*args)`` in a worker; on a broken pool, once more in a fresh pool."""
        loop = asyncio.get_running_loop()
        pool = self._pool()
        try:
            return await loop.run_in_executor(pool, fn, *args)
        except BrokenProcessPool:
            if self._executor is pool:  # the first request to notice replaces it
                log.warning("a computer-player worker died; starting a fresh pool")
                self._executor = self._new_executor()
                pool.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self._pool(), fn, *args)

    async def start(self) -> None:
        """Start the workers now (optional: the first request would otherwise pay it)."""
        await asyncio.gather(*(self._run(_warm_up) for _ in range(self.workers)))

    async def choose(self, state_dict: dict[str, Any], seat: int, strength: str, seed: int,
                     budget_s: float, history: dict[str, Any] | None = None) -> str:
        """The computer player's action text for ``seat`` (e.g. ``"a 10h"``); a hard
        player's budget shrinks with the queue (module doc). ``history``: the deal's
        public history as ``PublicHistory.to_dict()`` or a deal log (``_past``; only hard
        reads it)."""
        self._pool()  # a closed pool refuses at once
        if strength != "hard" or budget_s <= 0:
            return await self._run(_choose_in_worker, state_dict, seat, strength, seed,
                                   budget_s)

        async def run(budget: float | None) -> str:
            if budget is None:  # the queue is too deep to search: normal's move
                return await self._run(_choose_in_worker, state_dict, seat, "normal", seed,
                                       0.0)
            return await self._run(_choose_in_worker, state_dict, seat, "hard", seed, budget,
                                   history)

        return await self._searching(budget_s, True, run)

    async def hint(self, state_dict: dict[str, Any], seat: int, seed: int, budget_s: float,
                   history: dict[str, Any] | None = None,
                   ) -> tuple[str, tuple[str, dict[str, Any]]]:
        """(action text hard would play, (i18n key, params) of the reason)."""
        self._pool()

        async def run(budget: float | None) -> tuple[str, tuple[str, dict[str, Any]]]:
            return await self._run(_hint_in_worker, state_dict, seat, seed, budget, history)

        return await self._searching(budget_s, False, run)

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
