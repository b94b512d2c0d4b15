"""Flood control: a sliding window per chat, answered with 429 and ``retry_after``.

Telegram documents about 20 messages a minute to one group and about one a second to one
chat; the real numbers are not published and edits are throttled too. The fake lets each
test choose: ``RateRule(limit, per_seconds, counts_edits)`` per chat kind. The defaults
count only new messages in groups (20/min); a test about edit coalescing can make edits
count as well.

``TELEGRAM_LIMITS`` is Telegram as the team measures against (``FakeBotServer(
telegram_limits=True)``, or ``pytest --telegram-limits`` for every test): about 30 calls a
second per bot token (every method but answerCallbackQuery and getUpdates, which Telegram
does not hold to it), 20 messages a minute per group counting edits, and about one a
second per private chat (a burst of 3). A refused call is not performed.
"""

from __future__ import annotations

import math
from collections import defaultdict, deque
from dataclasses import dataclass


@dataclass
class RateRule:
    limit: int
    per_seconds: float
    counts_edits: bool = False
    # A token bucket instead of a sliding window: a burst of ``limit``, then one call per
    # ``per_seconds / limit`` seconds (Telegram's "about one a second" per private chat).
    bucket: bool = False


TOKEN_SCOPE = 0  # the key of the per-token window (no chat has id 0)
# Methods Telegram does not count against the bot's ~30 calls a second.
UNCOUNTED = frozenset({"answercallbackquery", "getupdates"})


@dataclass(frozen=True)
class Limits:
    group: RateRule | None
    private: RateRule | None
    token: RateRule | None = None


TELEGRAM_LIMITS = Limits(group=RateRule(20, 60.0, counts_edits=True),
                         private=RateRule(3, 3.0, counts_edits=True, bucket=True),
                         token=RateRule(30, 1.0))


class FloodControl:
    def __init__(self, group: RateRule | None, private: RateRule | None,
                 token: RateRule | None = None) -> None:
        self.rules = {"group": group, "private": private, "token": token}
        self._events: dict[int, deque[float]] = defaultdict(deque)
        self._buckets: dict[int, tuple[float, float]] = {}  # key -> (tokens, as of when)
        self.refused: dict[str, int] = defaultdict(int)  # scope -> 429s given

    def check(self, chat_id: int, chat_kind: str, is_edit: bool, now: float) -> int | None:
        """Record one message; return seconds to wait instead when over the limit."""
        rule = self.rules.get(chat_kind)
        if rule is None or (is_edit and not rule.counts_edits):
            return None
        return self._take(chat_id, chat_kind, rule, now)

    def check_token(self, method: str, now: float) -> int | None:
        """Record one call against the token's budget; seconds to wait when over it."""
        rule = self.rules["token"]
        if rule is None or method in UNCOUNTED:
            return None
        return self._take(TOKEN_SCOPE, "token", rule, now)

    def _take(self, key: int, scope: str, rule: RateRule, now: float) -> int | None:
        if rule.bucket:
            return self._take_token(key, scope, rule, now)
        events = self._events[key]
        while events and events[0] <= now - rule.per_seconds:
            events.popleft()
        if len(events) >= rule.limit:
            self.refused[scope] += 1
            return max(1, math.ceil(events[0] + rule.per_seconds - now))
        events.append(now)
        return None

    def _take_token(self, key: int, scope: str, rule: RateRule, now: float) -> int | None:
        rate = rule.limit / rule.per_seconds
        tokens, since = self._buckets.get(key, (float(rule.limit), now))
        tokens = min(float(rule.limit), tokens + (now - since) * rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            self.refused[scope] += 1
            return max(1, math.ceil((1.0 - tokens) / rate))
        self._buckets[key] = (tokens - 1.0, now)
        return None
