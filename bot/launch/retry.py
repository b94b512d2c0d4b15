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
    """Every attempt within the wait failed; the message is the last reason."""

    def __init__(self, reason: str, attempts: int) -> None:
        super().__init__(reason)
        self.attempts = attempts


class Stopped(Exception):
    """The process was asked to stop while a step was being retried."""


async def retrying(step: Callable[[], Awaitable[T]], *, what: str, wait: float,
                   log: logging.Logger, stop: asyncio.Event | None = None,
                   clock: Callable[[], float] = time.monotonic) -> T:
    """``await step()`` until it returns, retrying on ``Transient`` for ``wait`` seconds."""
    deadline = clock() + wait
    delay = FIRST_DELAY
    attempt = 0
    while True:
        attempt += 1
        try:
            return await step()
        except Transient as exc:
            left = deadline - clock()
            if left <= 0:
                raise GaveUp(str(exc), attempt) from None
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
