"""Counts for the operator's metrics: how many deals run and lobbies gather, in the
database (so every instance of the bot reports the same numbers)."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import Game, Lobby


async def running_games_and_open_lobbies(session: AsyncSession) -> tuple[int, int]:
    games = await session.scalar(select(func.count()).select_from(Game)
                                 .where(Game.status == "running"))
    lobbies = await session.scalar(select(func.count()).select_from(Lobby)
                                   .where(Lobby.status == "open"))
    return int(games or 0), int(lobbies or 0)
