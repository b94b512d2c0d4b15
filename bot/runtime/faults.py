"""Failures the bot knows while it runs: one log line each, and a backoff between retries.

The database dropping (a restart, a failover, the network) and Telegram not answering come
right by themselves. What an operator needs then is one line per attempt that says what
failed and which setting to check, not a traceback every second from every loop. Start-up
has the same policy in ``bot.launch`` (it gives up after DURAK_STARTUP_WAIT; a running bot
never gives up: its games wait).

``known_failure(exc)`` is that line, or None for anything else (a bug: log its traceback).
``Backoff`` paces one loop's retries: the wait doubles from ``FIRST`` to ``LONGEST`` seconds
while the failure lasts, and the first success after it logs once that it is over.
"""

from __future__ import annotations

import logging

from telegram.error import BadRequest, NetworkError, RetryAfter

from bot.storage.failures import database_failure

FIRST = 0.5
LONGEST = 30.0


def known_failure(exc: BaseException) -> str | None:
    """What failed, in one line naming the setting to check; None when not a known one."""
    # Telegram first: PTB's NetworkError wraps the socket's OSError, which on its own
    # reads as a database that cannot be reached.
    if isinstance(exc, RetryAfter):  # over a flood limit: the next move redraws
        return f"Telegram's flood control asked to wait ({exc}); too many requests"
    if isinstance(exc, NetworkError) and not isinstance(exc, BadRequest):
        return f"Telegram did not answer ({exc}); check the network or TELEGRAM_API_BASE_URL"
    found = database_failure(exc)
    if found is not None:
        return f"the database failed: {found.reason}; check DATABASE_URL"
    return None


def log_failure(log: logging.Logger, exc: BaseException, what: str, *args: object) -> None:
    """``what`` (a %-format with ``args``) failed: one warning line for a known failure,
    the traceback for anything else."""
    reason = known_failure(exc)
    if reason is None:
        log.error(what + " failed", *args, exc_info=exc)
    else:
        log.warning(what + " failed: %s", *args, reason)


class Backoff:
    """The retry pacing of one loop (the turn timers, one game's computer player)."""

    def __init__(self, what: str, log: logging.Logger) -> None:
        self.what = what
        self.log = log
        self.failures = 0

    @property
    def failing(self) -> bool:
        return self.failures > 0

    def failed(self, exc: BaseException) -> float:
        """Log the failure (one line when known, else with its traceback); seconds to
        wait before the next attempt."""
        self.failures += 1
        pause = min(FIRST * 2 ** (self.failures - 1), LONGEST)
        reason = known_failure(exc)
        if reason is None:
            self.log.error("%s failed (attempt %d); retrying in %.1f s", self.what,
                           self.failures, pause, exc_info=exc)
        else:
            self.log.warning("%s: %s (attempt %d); retrying in %.1f s", self.what, reason,
                             self.failures, pause)
        return pause

    def succeeded(self) -> None:
        if self.failures:
            self.log.warning("%s works again after %d failed attempts", self.what,
                             self.failures)
            self.failures = 0
