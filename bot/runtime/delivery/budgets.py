"""Telegram's limits as the outbox keeps them (``outbox.py``): the budgets, and the two
counters it keeps them with, a sliding window (the token's second, a group's minute) and
a token bucket (a private chat's burst, then about one a second; the token's pacing)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True)
class Budgets:
    """Telegram's limits as the outbox keeps them (0: no limit of that kind; a 429 is
    still waited out for its scope)."""

    per_second: float = 30.0  # per token, every method but the answers
    # ... and spread: at most this many at once, then evenly. A full second's worth let go
    # at once leaves the process (and the network) to spread them, and on a busy machine
    # the last of one burst and the first of the next arrive within Telegram's second.
    token_burst: int = 5
    group_per_minute: float = 20.0  # sends and edits per group
    private_burst: int = 3  # per private chat: a burst, then ...
    private_per_second: float = 1.0  # ... about one a second
    # Telegram counts arrivals, the outbox departures, and a request takes a few
    # milliseconds to arrive: each window is kept a little longer than Telegram's.
    token_window_s: float = 1.05  # "a second"
    group_window_s: float = 61.0  # "a minute"
    private_slack: float = 1.1  # a private chat's refill is this much slower


class SlidingWindow:
    """At most ``limit`` events in any ``seconds``."""

    def __init__(self, limit: int, seconds: float) -> None:
        self.limit = limit
        self.seconds = seconds
        self.events: deque[float] = deque()

    def free_at(self, now: float, keep: int = 0) -> float:
        """When an event may happen leaving ``keep`` of the window unused."""
        while self.events and self.events[0] <= now - self.seconds:
            self.events.popleft()
        allowed = self.limit - keep
        if len(self.events) < allowed:
            return now
        if allowed <= 0:
            return self.events[-1] + self.seconds if self.events else now
        return self.events[len(self.events) - allowed] + self.seconds

    def take(self, now: float) -> None:
        self.events.append(now)

    def give_back(self) -> bool:
        """The newest event did not happen after all; False when it has left the window
        already (nothing to give back)."""
        if not self.events:
            return False
        self.events.pop()
        return True

    def busy(self, now: float) -> float:
        """The share of the window used (0..1)."""
        self.free_at(now)
        return len(self.events) / self.limit


class TokenBucket:
    """A burst of ``capacity``, refilled at ``rate`` a second."""

    def __init__(self, capacity: int, rate: float, now: float) -> None:
        self.capacity = float(capacity)
        self.rate = rate
        self.tokens = float(capacity)
        self.since = now

    def _refill(self, now: float) -> None:
        self.tokens = min(self.capacity, self.tokens + (now - self.since) * self.rate)
        self.since = now

    def free_at(self, now: float) -> float:
        self._refill(now)
        return now if self.tokens >= 1.0 else now + (1.0 - self.tokens) / self.rate

    def take(self, now: float) -> None:
        self._refill(now)
        self.tokens -= 1.0

    def give_back(self) -> None:
        """The last token taken was not used after all."""
        self.tokens = min(self.capacity, self.tokens + 1.0)
