"""The weekly digest's reads (bot/service/digests.py): the groups that asked for it and
were not told this week, and one chat's deal results of a week (one index range)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import Chat, ChatNotice, DealResult, Tally

DIGEST = "digest"  # ``chat_notices.kind`` and the chats' preference that asks for it

_results = cast(Table, DealResult.__table__)


async def chats_to_tell(session: AsyncSession, week: str,
                        chat_ids: tuple[int, int]) -> list[int]:
    """The chats (ids strictly between ``chat_ids``'s bounds) whose preference asks for the
    digest and that were not told of ``week``."""
    notices = cast(Table, ChatNotice.__table__)
    told = select(notices.c.chat_id).where(
        notices.c.kind == DIGEST, notices.c.period == week,
        notices.c.chat_id == Chat.id).exists()
    low, high = chat_ids
    rows = await session.execute(
        select(Chat.id).where(Chat.settings[DIGEST].as_boolean().is_(True), Chat.id > low,
                              Chat.id < high, ~told).order_by(Chat.id))
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
