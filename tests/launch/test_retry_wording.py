"""How a start-up step that never answered is worded: the attempts and the time they
really took, "1 attempt" for one, and no "for 0 s"."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.launch.retry import GaveUp, Transient, retrying


class Clock:
    """A clock that moves only when the retry sleeps (asyncio.sleep patched)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def _give_up(wait: float, monkeypatch, step_takes: float = 0.0) -> GaveUp:
    clock = Clock()

    async def sleep(seconds: float) -> None:
        clock.now += seconds

    monkeypatch.setattr("bot.launch.retry.asyncio.sleep", sleep)

    async def step() -> None:
        clock.now += step_takes
        raise Transient("connection refused")

    with pytest.raises(GaveUp) as gave_up:
        await retrying(step, what="x", wait=wait, log=logging.getLogger("test"), clock=clock)
    return gave_up.value


async def test_no_wait_is_one_attempt_and_says_why(monkeypatch):
    gave_up = await _give_up(0, monkeypatch)
    assert (gave_up.attempts, gave_up.seconds) == (1, 0)
    assert gave_up.unreachable(0) == "was unreachable (1 attempt; DURAK_STARTUP_WAIT is 0: " \
                                     "no retries)"


async def test_an_attempt_longer_than_the_wait_says_so(monkeypatch):
    gave_up = await _give_up(5, monkeypatch, step_takes=8)
    assert gave_up.attempts == 1
    assert gave_up.unreachable(5) == ("was unreachable (1 attempt; it took longer than "
                                      "DURAK_STARTUP_WAIT, 5 s)")


async def test_retries_give_the_time_they_took_and_their_count(monkeypatch):
    gave_up = await _give_up(60, monkeypatch)
    # 0.5 + 1 + 2 + 4 + 8 + 10 + 10 + 10 + 10 = 55.5, then the rest of the 60 s: 4.5
    assert gave_up.attempts == 11 and gave_up.seconds == pytest.approx(60)
    assert gave_up.unreachable(60) == "stayed unreachable for 60 s (11 attempts)"


def test_the_module_sleeps_through_asyncio():
    assert asyncio.sleep is not None  # the patch above targets the module's asyncio
