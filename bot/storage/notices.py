"""The messages a group gets once per period (``chat_notices``): claimed before they go,
so one instance sends each once, whatever restarts; and the weekly digest's reads (the
groups that asked for it and were not told this week, one chat's deal results of a week,
one index range). A season's end reads the season's standings (``seasons.py``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import ColumnElement, CursorResult, Exists, Table, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

from bot.storage.models import Chat, ChatNotice, DealResult, Tally
from bot.storage.upsert import insert_for

_notices = cast(Table, ChatNotice.__table__)


def told(kind: str, period: str,
         chat_id: ColumnElement[Any] | InstrumentedAttribute[int]) -> Exists:
    """Whether the chat ``chat_id`` (a column of the outer query) was told of ``kind`` for
    ``period``."""
    return select(_notices.c.chat_id).where(
        _notices.c.kind == kind, _notices.c.period == period,
        _notices.c.chat_id == chat_id).exists()


async def claim(session: AsyncSession, kind: str, period: str, chat_id: int,
                now: datetime) -> bool:
    """Mark the chat told of ``kind`` for ``period``; False when it already was (another
    instance, or before a restart)."""
    stmt = insert_for(session, _notices).values(kind=kind, period=period, chat_id=chat_id,
                                                told_at=now)
    result = cast(CursorResult[Any], await session.execute(stmt.on_conflict_do_nothing(
        index_elements=[_notices.c.kind, _notices.c.period, _notices.c.chat_id])))
    return result.rowcount == 1


# -- the weekly digest --------------------------------------------------------------------

DIGEST = "digest"  # ``chat_notices.kind`` and the chats' preference that asks for it

_results = cast(Table, DealResult.__table__)


async def chats_to_tell(session: AsyncSession, week: str,
                        chat_ids: tuple[int, int]) -> list[int]:
    """The chats (ids strictly between ``chat_ids``'s bounds) whose preference asks for the
    digest and that were not told of ``week``."""
    low, high = chat_ids
    rows = await session.execute(
        select(Chat.id).where(Chat.settings[DIGEST].as_boolean().is_(True), Chat.id > low,
                              Chat.id < high, ~told(DIGEST, week, Chat.id)).order_by(Chat.id))
    return [int(chat) for chat in rows.scalars()]


async def week_results(session: AsyncSession, chat_id: int, since: datetime,
                       until: datetime) -> list[dict[str, Any]]:
    """The chat's deal results that finished in [since, until), oldest first."""
    rows = await session.execute(
        select(_results.c.game_id, _results.c.player, _results.c.user_id, _results.c.fool,
               _results.c.draw, _results.c.rating_before, _results.c.rating_after)
        .where(_results.c.chat_id == chat_id, _results.c.created_at >= since,
               _results.c.created_at < until)
        .order_by(_results.c.created_at, _results.c.game_id, _results.c.seat))
    return [dict(r._mapping) for r in rows.all()]


async def names_in(session: AsyncSession, chat_id: int, players: set[str]) -> dict[str, str]:
    """The names the chat's tallies keep for these players."""
    if not players:
        return {}
    rows = await session.execute(select(Tally.player, Tally.name).where(
        Tally.chat_id == chat_id, Tally.player.in_(sorted(players))))
    return {player: name for player, name in rows.all()}
