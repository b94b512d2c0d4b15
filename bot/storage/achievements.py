"""Achievements (bot/service/achievements.py): awarded once per person and key, and read
back for /stats; and the two counts a deal's awards need (the streak, the deals played)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, desc, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import GLOBAL_CHAT, Achievement, DealResult, Tally
from bot.storage.upsert import built

_achievements = cast(Table, Achievement.__table__)
_results = cast(Table, DealResult.__table__)


def _award(insert) -> Any:
    stmt = insert(_achievements)
    return stmt.on_conflict_do_nothing(
        index_elements=[_achievements.c.player, _achievements.c.key]).returning(
        _achievements.c.player, _achievements.c.key)


async def award(session: AsyncSession, rows: list[dict[str, Any]]) -> set[tuple[str, str]]:
    """Store the achievements of ``rows`` (player, key, user_id, chat_id, game_id,
    earned_at) not earned before; the (player, key) pairs that are new."""
    new: set[tuple[str, str]] = set()
    stmt = built(session, "achievement", _award)
    for row in sorted(rows, key=lambda r: (r["player"], r["key"])):  # one lock order
        new.update((p, k) for p, k in (await session.execute(stmt, row)).all())
    return new


async def streak(session: AsyncSession, player: str, longest: int) -> int:
    """The player's deals won in a row, the newest first, up to ``longest``."""
    rows = await session.execute(
        select(_results.c.fool, _results.c.draw).where(_results.c.player == player)
        .order_by(desc(_results.c.created_at), desc(_results.c.game_id)).limit(longest))
    count = 0
    for fool, draw in rows.all():
        if fool or draw:
            break
        count += 1
    return count


async def games_played(session: AsyncSession, players: list[str]) -> dict[str, int]:
    rows = await session.execute(select(Tally.player, Tally.games).where(
        Tally.chat_id == GLOBAL_CHAT, Tally.player.in_(sorted(players))))
    return {player: int(games) for player, games in rows.all()}


async def earned_by(session: AsyncSession, player: str) -> dict[str, datetime]:
    """The player's achievements: key -> when earned."""
    rows = await session.execute(select(_achievements.c.key, _achievements.c.earned_at)
                                 .where(_achievements.c.player == player))
    return {str(key): at for key, at in rows.all()}
