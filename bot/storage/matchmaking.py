"""The quick-match queue: one row per waiting person, shared by every instance.

The people a table is made of are claimed with ``SELECT ... FOR UPDATE SKIP LOCKED`` on
PostgreSQL: a transaction that is seating some waiting people holds their rows, and another
instance's transaction passes over them instead of waiting, so nobody is seated twice and
neither instance stalls behind the other. The waiting rows are read unlocked first and only
a table's rows claimed, so two instances seating different tables of one game do not hide
the whole line from each other. SQLite has one writer at a time (``BEGIN IMMEDIATE``,
storage/database.py), which serialises the same work; the clause renders to nothing there.
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Table, delete, func, select, update
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import Game, QuickWaiter, Seat
from bot.storage.upsert import insert_for

queue_t = cast(Table, QuickWaiter.__table__)


async def waiter_of(session: AsyncSession, user_id: int) -> Row | None:
    """The person's row in the queue, if they wait."""
    stmt = select(queue_t).where(queue_t.c.user_id == user_id)
    return (await session.execute(stmt)).first()


async def add_waiter(session: AsyncSession, values: dict[str, Any]) -> None:
    """Queue a person (the unique user_id makes a second row an IntegrityError)."""
    await session.execute(queue_t.insert().values(**values))


async def restore_waiters(session: AsyncSession, rows: list[dict[str, Any]]) -> None:
    """Put people back with the places they had; anyone who queued again meanwhile keeps
    the newer row."""
    if rows:
        stmt = insert_for(session, queue_t).on_conflict_do_nothing(
            index_elements=[queue_t.c.user_id])
        await session.execute(stmt, rows)


async def waiting_rows(session: AsyncSession, game_key: str) -> list[Row]:
    """The rows waiting for this game (committed, and this transaction's own), longest
    waiting first. Not locked: ``claim`` the ones a table is made of."""
    stmt = (select(queue_t).where(queue_t.c.game_key == game_key)
            .order_by(queue_t.c.queued_at, queue_t.c.id))
    return list((await session.execute(stmt)).all())


async def claim(session: AsyncSession, user_ids: list[int]) -> set[int]:
    """Lock these people's rows until commit; those another transaction holds are passed
    over (SKIP LOCKED) and those already taken are gone: the ids claimed."""
    stmt = (select(queue_t.c.user_id).where(queue_t.c.user_id.in_(user_ids))
            .with_for_update(skip_locked=True))
    return {int(x) for x in (await session.execute(stmt)).scalars()}


async def remove_waiters(session: AsyncSession, user_ids: list[int]) -> int:
    stmt = delete(queue_t).where(queue_t.c.user_id.in_(user_ids))
    return int(getattr(await session.execute(stmt), "rowcount", 0) or 0)


async def count_waiting(session: AsyncSession, game_key: str) -> int:
    stmt = select(func.count()).select_from(queue_t).where(queue_t.c.game_key == game_key)
    return int((await session.execute(stmt)).scalar_one())


async def crowded_games(session: AsyncSession) -> list[str]:
    """The games for which at least as many people wait as a table seats: the only ones a
    sweep can match."""
    stmt = (select(queue_t.c.game_key).group_by(queue_t.c.game_key, queue_t.c.players)
            .having(func.count() >= queue_t.c.players).order_by(queue_t.c.game_key))
    return list((await session.execute(stmt)).scalars())


async def running_seat_of(session: AsyncSession, user_id: int) -> Row | None:
    """(game id, chat id, venue) of a running deal the person still plays in, if any."""
    games = cast(Table, Game.__table__)
    seats = cast(Table, Seat.__table__)
    stmt = (select(games.c.id, games.c.chat_id, games.c.venue)
            .join(seats, seats.c.game_id == games.c.id)
            .where(games.c.status == "running", seats.c.user_id == user_id,
                   seats.c.left.is_(False))
            .order_by(games.c.id.desc()).limit(1))
    return (await session.execute(stmt)).first()


def waiter_values(row: Row) -> dict[str, Any]:
    """A claimed row as the values that would queue it again (``restore_waiters``)."""
    values = dict(row._mapping)
    values.pop("id", None)
    return values



async def set_message(session: AsyncSession, user_id: int, message_id: int) -> bool:
    stmt = (update(queue_t).where(queue_t.c.user_id == user_id)
            .values(message_id=message_id))
    return bool(getattr(await session.execute(stmt), "rowcount", 0))
