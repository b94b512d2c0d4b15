"""Cooldowns for people who leave quick games: ``record_finish`` after each quick game.

Decisions:
- a quick game the person left (/leave) or lost to timeouts (a computer took their seat)
  counts toward a streak; a quick game they finished resets it;
- the ``STREAK``-th (3rd) in a row starts a cooldown, and the streak starts again from 0;
  while it lasts ``queue`` refuses with QUICK_COOLDOWN (why, and until when);
- each cooldown is longer than the last: ``COOLDOWN_MINUTES`` 5, 15, 60, 240 minutes, then
  a day each time (the record's ``level`` counts the cooldowns served);
- ``FORGIVEN_AFTER`` (10) quick games finished in a row take the level one step back, so
  an old lapse does not weigh for ever.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage import safety
from bot.storage.database import Database

STREAK = 3
COOLDOWN_MINUTES = (5, 15, 60, 240, 24 * 60)
FORGIVEN_AFTER = 10


def cooldown_length(level: int) -> timedelta:
    """The cooldown earned as the ``level``-th (0: the first)."""
    return timedelta(minutes=COOLDOWN_MINUTES[min(level, len(COOLDOWN_MINUTES) - 1)])


@dataclass(frozen=True)
class Cooldown:
    """A cooldown just started: until when, and how long it is."""

    until: datetime
    length: timedelta


class Cooldowns:
    db: Database
    clock: Callable[[], datetime]

    async def record_finish(self, user_id: int, abandoned: bool) -> Cooldown | None:
        """Count a quick game that ended for the person: ``abandoned`` when they left it
        or timed out of it. The cooldown it started, if any (the caller tells them)."""

        async def work(s: AsyncSession) -> Cooldown | None:
            record = await safety.record_for_update(s, user_id)
            level, started = int(record.level), None
            if abandoned:
                streak, finished = int(record.abandoned) + 1, 0
                until = record.cooldown_until
                if streak >= STREAK:
                    length = cooldown_length(level)
                    started = Cooldown(self.clock() + length, length)
                    until, streak, level = started.until, 0, level + 1
                await safety.store_record(s, user_id, abandoned=streak, finished=finished,
                                          level=level, cooldown_until=until)
                return started
            finished = int(record.finished) + 1
            if finished >= FORGIVEN_AFTER and level:
                level, finished = level - 1, 0
            await safety.store_record(s, user_id, abandoned=0, finished=finished, level=level)
            return None

        return await self.db.write(work)
