"""Games, seats and the move log. The hot path (one action) uses Core statements on rows:
one locked SELECT of the game, one of its seats, one versioned UPDATE, one INSERT."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import Game, Move, Seat

games = Game.__table__
seats_t = Seat.__table__
moves_t = Move.__table__


async def load_game(session: AsyncSession, game_id: int, *, lock: bool = True) -> Row | None:
    """The game row; with ``lock`` it is held FOR UPDATE until commit (PostgreSQL; SQLite
    already holds the database write lock from BEGIN IMMEDIATE)."""
    stmt = select(games).where(games.c.id == game_id)
    if lock:
        stmt = stmt.with_for_update()
    return (await session.execute(stmt)).first()


async def load_seats(session: AsyncSession, game_id: int) -> list[Row]:
    stmt = select(seats_t).where(seats_t.c.game_id == game_id).order_by(seats_t.c.seat)
    return list((await session.execute(stmt)).all())


async def save_state(session: AsyncSession, game_id: int, *, expected_version: int,
                     **values: Any) -> bool:
    """Write the new state only if nobody else wrote since we read version
    ``expected_version``. False means we lost a race and must not continue."""
    stmt = (update(games)
            .where(games.c.id == game_id, games.c.version == expected_version)
            .values(**values))
    result = await session.execute(stmt)
    return result.rowcount == 1


async def append_moves(session: AsyncSession, game_id: int, moves: list[dict]) -> None:
    """Moves as dicts with idx, seat, user_id, action, cause, created_at. The primary key
    (game_id, idx) makes a second writer of the same index fail."""
    if moves:
        await session.execute(moves_t.insert(), [{"game_id": game_id, **m} for m in moves])


async def move_at(session: AsyncSession, game_id: int, idx: int) -> Row | None:
    stmt = select(moves_t).where(moves_t.c.game_id == game_id, moves_t.c.idx == idx)
    return (await session.execute(stmt)).first()


async def move_log(session: AsyncSession, game_id: int) -> list[Row]:
    stmt = select(moves_t).where(moves_t.c.game_id == game_id).order_by(moves_t.c.idx)
    return list((await session.execute(stmt)).all())


async def update_seat(session: AsyncSession, game_id: int, seat: int, **values: Any) -> None:
    await session.execute(update(seats_t)
                          .where(seats_t.c.game_id == game_id, seats_t.c.seat == seat)
                          .values(**values))


async def set_messages(session: AsyncSession, game_id: int, *, table_message_id=None,
                       hand_message_ids: dict | None = None) -> None:
    """Remember the Telegram messages that show this game (they do not change the version)."""
    values: dict[str, Any] = {}
    if table_message_id is not None:
        values["table_message_id"] = table_message_id
    if hand_message_ids is not None:
        values["hand_message_ids"] = {str(k): v for k, v in hand_message_ids.items()}
    if values:
        await session.execute(update(games).where(games.c.id == game_id).values(**values))


async def due_games(session: AsyncSession, now: datetime, limit: int = 100) -> list[Row]:
    """Running games whose turn deadline has passed: (id, version) for the timeout job,
    also used after a restart to re-arm timers."""
    stmt = (select(games.c.id, games.c.version, games.c.turn_deadline)
            .where(games.c.status == "running", games.c.turn_deadline <= now)
            .order_by(games.c.turn_deadline).limit(limit))
    return list((await session.execute(stmt)).all())


async def running_games(session: AsyncSession) -> list[Row]:
    stmt = (select(games.c.id, games.c.chat_id, games.c.version, games.c.turn_deadline)
            .where(games.c.status == "running").order_by(games.c.id))
    return list((await session.execute(stmt)).all())


async def latest_deal_number(session: AsyncSession, series_id: int) -> int:
    stmt = select(func.max(games.c.deal_number)).where(games.c.series_id == series_id)
    return (await session.execute(stmt)).scalar_one() or 0
