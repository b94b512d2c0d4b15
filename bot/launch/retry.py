"""Retrying a start-up step with backoff, one log line per failed attempt.

A step signals a failure worth another try by raising ``Transient`` (its message is the
reason, one line); anything else ends the retrying at once. The wait between attempts
doubles from ``FIRST_DELAY`` up to ``MAX_DELAY`` seconds, and the attempts stop once
``wait`` seconds (DURAK_STARTUP_WAIT) have passed: the caller then gets ``GaveUp``. A
stop request (SIGTERM while waiting) ends the wait at once with ``Stopped``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")
FIRST_DELAY = 0.5
MAX_DELAY = 10.0


class Transient(Exception):
    """A failure that may come right by itself; the message says what happened."""


class GaveUp(Exception):
    """Every attempt within the wait failed; the message is the last reason, ``seconds``
    how long the attempts took from the first to the giving up."""

    def __init__(self, reason: str, attempts: int, seconds: float = 0.0) -> None:
        super().__init__(reason)
        self.attempts = attempts
        self.seconds = seconds

    def unreachable(self, wait: float) -> str:
        """What happened, in words that stay true at the edges: "stayed unreachable for
        61 s (7 attempts)"; with one attempt, never "for 0 s (1 attempts)", but why there
        was no other (DURAK_STARTUP_WAIT 0, or an attempt longer than the wait)."""
        if self.attempts == 1:
            why = ("DURAK_STARTUP_WAIT is 0: no retries" if wait <= 0 else
                   f"it took longer than DURAK_STARTUP_WAIT, {wait:g} s")
            return f"was unreachable (1 attempt; {why})"
        return f"stayed unreachable for {self.seconds:.0f} s ({self.attempts} attempts)"


class Stopped(Exception):
    """The process was asked to stop while a step was being retried."""


async def retrying(step: Callable[[], Awaitable[T]], *, what: str, wait: float,
                   log: logging.Logger, stop: asyncio.Event | None = None,
                   clock: Callable[[], float] = time.monotonic) -> T:
    """``await step()`` until it returns, retrying on ``Transient`` for ``wait`` seconds."""
    started = clock()
    deadline = started + wait
    delay = FIRST_DELAY
    attempt = 0
    while True:
        attempt += 1
        try:
            return await step()
        except Transient as exc:
            now = clock()
            left = deadline - now
            if left <= 0:
                raise GaveUp(str(exc), attempt, now - started) from None
            pause = min(delay, left)
            log.warning("%s: %s (attempt %d); retrying in %.1f s", what, exc, attempt, pause)
            if await _stopped_within(stop, pause):
                raise Stopped from None
            delay = min(delay * 2, MAX_DELAY)


async def _stopped_within(stop: asyncio.Event | None, seconds: float) -> bool:
    if stop is None:
        await asyncio.sleep(seconds)
        return False
    try:
        await asyncio.wait_for(stop.wait(), seconds)
    except TimeoutError:
        return False
    return True
