"""Which failures the running bot logs as one line (naming the setting to check) and how
its loops back off; anything else keeps its traceback."""

from __future__ import annotations

import logging
import socket

import pytest
from sqlalchemy import text
from telegram.error import BadRequest, NetworkError, RetryAfter, TimedOut

from bot.runtime.faults import LONGEST, Backoff, known_failure
from bot.storage.database import Database


def closed_port() -> int:
    """A port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def refused_database_error() -> BaseException:
    db = Database(f"postgresql+asyncpg://postgres@127.0.0.1:{closed_port()}/durak")
    try:
        async with db.read() as s:
            await s.execute(text("SELECT 1"))
    except Exception as exc:
        return exc
    finally:
        await db.dispose()
    raise AssertionError("a closed port answered")


async def test_a_database_that_cannot_be_reached_is_one_line_naming_database_url():
    line = known_failure(await refused_database_error())
    assert line is not None and "DATABASE_URL" in line and "\n" not in line


@pytest.mark.parametrize("exc", [NetworkError("Bad Gateway"), TimedOut()])
def test_telegram_not_answering_is_one_line(exc):
    line = known_failure(exc)
    assert line is not None and "TELEGRAM_API_BASE_URL" in line


def test_a_429_is_one_line_too():
    line = known_failure(RetryAfter(7))
    assert line is not None and "flood control" in line and "\n" not in line


@pytest.mark.parametrize("exc", [BadRequest("Message is too long"), ValueError("a bug"),
                                 KeyError("seat")])
def test_anything_else_is_not_a_known_failure(exc):
    assert known_failure(exc) is None


async def test_backoff_doubles_to_a_ceiling_and_says_once_when_it_is_over(caplog):
    caplog.set_level(logging.INFO)
    backoff = Backoff("turn timers", logging.getLogger("test.backoff"))
    exc = await refused_database_error()
    pauses = [backoff.failed(exc) for _ in range(9)]
    assert pauses[:4] == [0.5, 1.0, 2.0, 4.0]
    assert max(pauses) == LONGEST and pauses == sorted(pauses)
    assert all(not r.exc_info for r in caplog.records)
    backoff.succeeded()
    backoff.succeeded()
    over = [r for r in caplog.records if "works again" in r.getMessage()]
    assert len(over) == 1 and "9 failed attempts" in over[0].getMessage()
    assert backoff.failed(exc) == 0.5  # a new outage starts from the first pause


def test_an_unknown_failure_keeps_its_traceback(caplog):
    backoff = Backoff("computer player of game 1", logging.getLogger("test.backoff"))
    try:
        raise KeyError("seat")
    except KeyError as exc:
        backoff.failed(exc)
    assert caplog.records[-1].exc_info is not None
