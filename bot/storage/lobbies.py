"""Lobbies and their members."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import Lobby, LobbyMember


async def load_lobby(session: AsyncSession, lobby_id: int, *, lock: bool = True) -> Lobby | None:
    stmt = select(Lobby).where(Lobby.id == lobby_id)
    if lock:
        stmt = stmt.with_for_update()
    return (await session.execute(stmt)).scalar_one_or_none()


async def lobby_by_invite(session: AsyncSession, invite: str) -> Lobby | None:
    stmt = select(Lobby).where(Lobby.invite == invite)
    return (await session.execute(stmt)).scalar_one_or_none()


async def open_lobby_in_chat(session: AsyncSession, chat_id: int) -> Lobby | None:
    stmt = select(Lobby).where(Lobby.chat_id == chat_id, Lobby.status == "open")
    return (await session.execute(stmt)).scalar_one_or_none()


async def latest_lobby_in_chat(session: AsyncSession, chat_id: int) -> Lobby | None:
    """The chat's newest lobby, whatever became of it (started, cancelled or open)."""
    stmt = select(Lobby).where(Lobby.chat_id == chat_id).order_by(Lobby.id.desc()).limit(1)
    return (await session.execute(stmt)).scalar_one_or_none()


async def members(session: AsyncSession, lobby_id: int) -> list[LobbyMember]:
    stmt = (select(LobbyMember).where(LobbyMember.lobby_id == lobby_id)
            .order_by(LobbyMember.position))
    return list((await session.execute(stmt)).scalars())
