"""Safety with strangers: blocks, reports, and each person's record of quick games left
or timed out (the cooldowns). What the rows mean is service/quick/'s business; here they
are read and written."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, delete, func, select, update
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import QuickBlock, QuickRecord, QuickReport, QuickWaiter, Seat
from bot.storage.upsert import insert_for

blocks_t = cast(Table, QuickBlock.__table__)
reports_t = cast(Table, QuickReport.__table__)
records_t = cast(Table, QuickRecord.__table__)
queue_t = cast(Table, QuickWaiter.__table__)
seats_t = cast(Table, Seat.__table__)


async def sat_together(session: AsyncSession, game_id: int, a: int, b: int) -> bool:
    """Did both people have a seat in this game (whether or not they left it)?"""
    stmt = (select(func.count(func.distinct(seats_t.c.user_id)))
            .where(seats_t.c.game_id == game_id, seats_t.c.user_id.in_((a, b))))
    return a != b and int((await session.execute(stmt)).scalar_one()) == 2


# -- blocks --------------------------------------------------------------------------------

async def add_block(session: AsyncSession, blocker: int, blocked: int, now: datetime) -> None:
    stmt = insert_for(session, blocks_t).on_conflict_do_nothing(
        index_elements=[blocks_t.c.blocker, blocks_t.c.blocked])
    await session.execute(stmt, [{"blocker": blocker, "blocked": blocked, "created_at": now}])


async def remove_block(session: AsyncSession, blocker: int, blocked: int) -> bool:
    stmt = delete(blocks_t).where(blocks_t.c.blocker == blocker, blocks_t.c.blocked == blocked)
    return bool(getattr(await session.execute(stmt), "rowcount", 0))


async def blocked_pairs(session: AsyncSession, user_ids: list[int]) -> set[frozenset[int]]:
    """Every pair of these people where one blocked the other (either way)."""
    if len(user_ids) < 2:
        return set()
    stmt = select(blocks_t.c.blocker, blocks_t.c.blocked).where(
        blocks_t.c.blocker.in_(user_ids), blocks_t.c.blocked.in_(user_ids))
    return {frozenset(pair) for pair in (await session.execute(stmt)).all()}


async def blocks_by(session: AsyncSession, blocker: int) -> list[int]:
    stmt = (select(blocks_t.c.blocked).where(blocks_t.c.blocker == blocker)
            .order_by(blocks_t.c.created_at))
    return [int(x) for x in (await session.execute(stmt)).scalars()]


# -- reports -------------------------------------------------------------------------------

async def add_report(session: AsyncSession, reporter: int, reported: int, game_id: int,
                     reason: str, now: datetime) -> None:
    await session.execute(reports_t.insert().values(
        reporter=reporter, reported=reported, game_id=game_id, reason=reason, created_at=now))


async def latest_reports(session: AsyncSession, limit: int) -> list[Row]:
    """The newest reports first."""
    stmt = (select(reports_t).order_by(reports_t.c.created_at.desc(), reports_t.c.id.desc())
            .limit(limit))
    return list((await session.execute(stmt)).all())


# -- the record of quick games left ----------------------------------------------------------

async def record_for_update(session: AsyncSession, user_id: int) -> Row:
    """The person's record, created empty when new, row-locked until commit (a no-op
    upsert returns the row and locks it on PostgreSQL; SQLite holds the write lock)."""
    stmt = insert_for(session, records_t)
    stmt = (stmt.on_conflict_do_update(index_elements=[records_t.c.user_id],
                                       set_={"user_id": stmt.excluded.user_id})
            .returning(*records_t.c))
    result = await session.execute(stmt, [{"user_id": user_id, "abandoned": 0, "finished": 0,
                                           "level": 0, "cooldown_until": None}])
    return result.one()


async def store_record(session: AsyncSession, user_id: int, **values: Any) -> None:
    await session.execute(update(records_t).where(records_t.c.user_id == user_id)
                          .values(**values))


async def record_of(session: AsyncSession, user_id: int) -> Row | None:
    stmt = select(records_t).where(records_t.c.user_id == user_id)
    return (await session.execute(stmt)).first()


# -- /forget -------------------------------------------------------------------------------

async def forget(session: AsyncSession, user_id: int, anonymous_id: int) -> bool:
    """Delete what the person made here (their place in the queue, their blocks and reports,
    their record); others' blocks and reports *about* them stay, on the anonymous id, so
    the operator still sees that game's report. False when none of it existed."""
    found = 0
    for statement in (
        delete(queue_t).where(queue_t.c.user_id == user_id),
        delete(blocks_t).where(blocks_t.c.blocker == user_id),
        delete(reports_t).where(reports_t.c.reporter == user_id),
        delete(records_t).where(records_t.c.user_id == user_id),
        update(blocks_t).where(blocks_t.c.blocked == user_id).values(blocked=anonymous_id),
        update(reports_t).where(reports_t.c.reported == user_id).values(reported=anonymous_id),
    ):
        result = await session.execute(statement.execution_options(synchronize_session=False))
        found += int(getattr(result, "rowcount", 0) or 0)
    return found > 0

