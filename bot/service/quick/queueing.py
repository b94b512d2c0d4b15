"""Joining and leaving the queue, and matching: ``queue``, ``sweep``, ``requeue``,
``leave_queue``, ``where``, ``waiting``, ``remember_message``.

Every call is one transaction. ``queue`` checks the person (not waiting already, not
seated in a running deal, not in a cooldown), inserts their row, reads the rows waiting
for the same game, forms the table the rule in ``matching.py`` forms around the longest
waiter if the newcomer is at it, and claims that table's rows (``FOR UPDATE SKIP
LOCKED``: rows another instance is seating are passed over, and the table formed again
without them) and deletes them in the same transaction, so nobody is seated twice.

Two instances that each insert a person at the same instant may each see only their own
uncommitted row; so on PostgreSQL a person left waiting is looked at once more after the
commit, when the other's row is visible. A race that even this misses (both looking again
at once), and a table formed without the newcomer (left by such a race), are not seated by
``queue``: ``sweep`` (a periodic task in every instance) claims each game that has enough
people waiting and seats every table the rule forms, so such people are matched within
one tick.
"""

from __future__ import annotations

import functools
import math
import secrets
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.errors import Code, QueueRefused
from bot.service.ratings import Skill
from bot.service.venues import Venue
from bot.storage import matchmaking, safety, stats
from bot.storage.database import Database
from bot.storage.models import user_key

from .cooldowns import STREAK
from .matching import Waiter, pick_groups
from .outcomes import Matched, Queued, QuickSeat, Waiting
from .requests import QuickRequest, checked


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; they were stored as UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _request(row: Any) -> QuickRequest:
    return QuickRequest(row.preset, int(row.players), dict(row.rules or {}))


def _seat(row: Any) -> QuickSeat:
    return QuickSeat(int(row.user_id), row.first_name, row.language, float(row.rating),
                     aware(row.queued_at), row.message_id)


ATTEMPTS = 3  # rounds of forming tables again without people another instance took


class Queueing:
    db: Database
    clock: Callable[[], datetime]

    async def queue(self, user_id: int, first_name: str, language: str | None,
                    request: QuickRequest) -> Queued | Matched:
        """Queue the person for ``request``'s game and seat them if a table forms now.
        Refusals (``QueueRefused``): QUICK_UNPLAYABLE, QUICK_QUEUED (for which game),
        QUICK_SEATED (which game, which venue), QUICK_COOLDOWN (until when).

        A person answered ``Queued`` may be seated later by someone else's ``queue`` or by
        a sweep, on any instance: whoever receives a ``Matched`` creates that game and
        tells everyone at it (``remember_message`` then answers False for them)."""
        request = checked(request)

        async def work(s: AsyncSession) -> Queued | Matched:
            now = self.clock()
            await self._refuse_busy(s, user_id, now)
            rating = await stats.rating_of(s, user_key(user_id))
            skill = Skill(rating.mu, rating.sigma) if rating else Skill()
            await matchmaking.add_waiter(s, {
                "user_id": user_id, "game_key": request.key, "preset": request.preset,
                "players": request.players, "rules": request.rules,
                "rating": skill.ordinal, "first_name": first_name[:128],
                "language": language, "queued_at": now, "message_id": None})
            return await self._seat_with(request, user_id, s)

        try:
            result = await self.db.write(work)
        except IntegrityError:  # the same person queued twice at once: one row won
            where = await self.where(user_id)
            if where is None:
                raise
            raise QueueRefused(Code.QUICK_QUEUED, preset=where.request.preset,
                               players=where.request.players) from None
        if isinstance(result, Queued) and not self.db.is_sqlite:
            # Once more now that the row is committed: a person another instance queued at
            # the same instant was invisible to this transaction (and ours to theirs), and
            # whichever of the two looks again last sees both. What even this misses (both
            # looking again at once) is left to the sweep. SQLite: one writer, no such race.
            result = await self.db.write(functools.partial(self._seat_with, request, user_id))
        return result

    async def _refuse_busy(self, s: AsyncSession, user_id: int, now: datetime) -> None:
        mine = await matchmaking.waiter_of(s, user_id)
        if mine is not None:
            raise QueueRefused(Code.QUICK_QUEUED, preset=mine.preset, players=mine.players)
        seat = await matchmaking.running_seat_of(s, user_id)
        if seat is not None:
            venue = Venue.of(seat.venue, int(seat.chat_id))
            raise QueueRefused(Code.QUICK_SEATED, game_id=int(seat.id), venue=venue.kind.value)
        record = await safety.record_of(s, user_id)
        until = aware(record.cooldown_until) if record and record.cooldown_until else None
        if until is not None and until > now:
            minutes = max(1, math.ceil((until - now).total_seconds() / 60))
            raise QueueRefused(Code.QUICK_COOLDOWN, streak=STREAK, minutes=minutes,
                               until=until.isoformat(timespec="minutes"))

    async def _seat_with(self, request: QuickRequest, user_id: int,
                         s: AsyncSession) -> Queued | Matched:
        """Seat the table the rule forms with this person at it, if any (other tables the
        rows would form are left to the sweep: the caller acts on its own table only)."""
        for group in await self._seat(s, request, user_id):
            return group
        return Queued(request, await matchmaking.count_waiting(s, request.key))

    async def _seat(self, s: AsyncSession, request: QuickRequest,
                    user_id: int | None = None) -> list[Matched]:
        """Form tables by the rule among the waiting rows, claim their rows and delete them
        (with ``user_id``: only the table that person is at, the others are left to the
        sweep): the tables seated. When another transaction holds or took any of their
        people, the tables are formed again without those (``ATTEMPTS`` times at most;
        what is left waits for the next sweep)."""
        rows = await matchmaking.waiting_rows(s, request.key)
        if len(rows) < request.players:
            return []
        blocked = await safety.blocked_pairs(s, [int(r.user_id) for r in rows])
        by_user = {int(r.user_id): r for r in rows}
        seated: list[Matched] = []
        for _attempt in range(ATTEMPTS):
            waiters = [Waiter(u, float(r.rating), aware(r.queued_at), i)
                       for i, (u, r) in enumerate(by_user.items())]
            tables = [[w.user_id for w in group]
                      for group in pick_groups(waiters, request.players, blocked)]
            if user_id is not None:  # claim only the caller's table: others are the sweep's
                tables = [t for t in tables if user_id in t]
            wanted = [u for t in tables for u in t]
            if not wanted:
                break
            claimed = await matchmaking.claim(s, wanted)
            done = [t for t in tables if all(u in claimed for u in t)]
            if done:
                await matchmaking.remove_waiters(s, [u for t in done for u in t])
                seated += [Matched(secrets.token_hex(6), request,
                                   tuple(_seat(by_user[u]) for u in t)) for t in done]
            if len(done) == len(tables):
                break
            # Some are held (being seated) or were taken by another instance: the rule is
            # applied again without them and without those just seated (the others claimed
            # stay held by this transaction until it ends, and may be used again).
            gone = {u for t in done for u in t} | (set(wanted) - claimed)
            by_user = {u: r for u, r in by_user.items() if u not in gone}
            if user_id is not None and done:
                break
        return seated

    async def sweep(self) -> list[Matched]:
        """Seat every table that can be formed now, in every game (one transaction per
        game); each Matched must be acted on by the caller, as ``queue``'s."""
        async with self.db.read() as s:
            keys = await matchmaking.crowded_games(s)
        matched: list[Matched] = []
        for key in keys:
            matched += await self.db.write(functools.partial(self._seat,
                                                             request=QuickRequest.from_key(key)))
        return matched

    async def requeue(self, matched: Matched, user_ids: Iterable[int] | None = None) -> int:
        """Give people of a match whose game could not be created their places back (their
        first queueing time, so they stay first in line); default: everyone. Someone who
        queued again meanwhile keeps the newer place. Returns how many were put back.
        The periodic ``sweep`` seats them again."""
        wanted = None if user_ids is None else set(user_ids)
        request = matched.request
        rows = [{"user_id": x.user_id, "game_key": request.key, "preset": request.preset,
                 "players": request.players, "rules": request.rules, "rating": x.rating,
                 "first_name": x.first_name, "language": x.language,
                 "queued_at": x.queued_at, "message_id": x.message_id}
                for x in matched.seats if wanted is None or x.user_id in wanted]

        async def work(s: AsyncSession) -> None:
            await matchmaking.restore_waiters(s, rows)

        await self.db.write(work)
        return len(rows)

    async def leave_queue(self, user_id: int) -> Waiting:
        """Take the person out of the queue: where they waited (NOT_QUEUED if nowhere)."""

        async def work(s: AsyncSession) -> Waiting:
            row = await matchmaking.waiter_of(s, user_id)
            if row is None or not await matchmaking.remove_waiters(s, [user_id]):
                raise QueueRefused(Code.NOT_QUEUED)
            return Waiting(_request(row), aware(row.queued_at), row.message_id)

        return await self.db.write(work)

    async def remember_message(self, user_id: int, message_id: int) -> bool:
        """Store the person's "waiting..." message (sent after ``queue``); False when they
        no longer wait (matched or left meanwhile)."""

        async def work(s: AsyncSession) -> bool:
            return await matchmaking.set_message(s, user_id, message_id)

        return await self.db.write(work)

    async def where(self, user_id: int) -> Waiting | None:
        """For which game the person waits and since when; None when they do not."""
        async with self.db.read() as s:
            row = await matchmaking.waiter_of(s, user_id)
        return None if row is None else Waiting(_request(row), aware(row.queued_at),
                                                row.message_id)

    async def waiting(self, request: QuickRequest) -> int:
        """How many people wait for this game now."""
        async with self.db.read() as s:
            return await matchmaking.count_waiting(s, checked(request).key)
