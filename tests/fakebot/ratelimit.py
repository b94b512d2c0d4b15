"""Flood control: a sliding window per chat, answered with 429 and ``retry_after``.

Telegram documents about 20 messages a minute to one group and about one a second to one
chat; the real numbers are not published and edits are throttled too. The fake lets each
test choose: ``RateRule(limit, per_seconds, counts_edits)`` per chat kind. The defaults
count only new messages in groups (20/min); a test about edit coalescing can make edits
count as well.
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


class FloodControl:
    def __init__(self, group: RateRule | None, private: RateRule | None) -> None:
        self.rules = {"group": group, "private": private}
        self._events: dict[int, deque[float]] = defaultdict(deque)

    def check(self, chat_id: int, chat_kind: str, is_edit: bool, now: float) -> int | None:
        """Record one message; return seconds to wait instead when over the limit."""
        rule = self.rules.get(chat_kind)
        if rule is None or (is_edit and not rule.counts_edits):
            return None
        events = self._events[chat_id]
        while events and events[0] <= now - rule.per_seconds:
            events.popleft()
        if len(events) >= rule.limit:
            return max(1, math.ceil(events[0] + rule.per_seconds - now))
        events.append(now)
        return None
