"""Users and chats: created on first sight, refreshed on every later sight."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import Chat, User
from bot.storage.upsert import insert_for


async def ensure_user(session: AsyncSession, user_id: int, name: str,
                      language: str | None = None) -> None:
    """Insert or refresh a user (name and language change in Telegram over time)."""
    name = (name or "").strip()[:128] or str(user_id)
    stmt = insert_for(session, User).values(id=user_id, name=name, language=language)
    changes = {"name": stmt.excluded.name}
    if language:
        changes["language"] = stmt.excluded.language
    await session.execute(stmt.on_conflict_do_update(index_elements=[User.id], set_=changes))


async def ensure_chat(session: AsyncSession, chat_id: int) -> Chat:
    stmt = insert_for(session, Chat).values(id=chat_id, settings={})
    await session.execute(stmt.on_conflict_do_nothing(index_elements=[Chat.id]))
    return (await session.execute(select(Chat).where(Chat.id == chat_id))).scalar_one()


async def user_names(session: AsyncSession, user_ids) -> dict[int, str]:
    ids = [u for u in set(user_ids) if u is not None]
    if not ids:
        return {}
    rows = await session.execute(select(User.id, User.name).where(User.id.in_(ids)))
    return dict(rows.all())


async def set_chat_language(session: AsyncSession, chat_id: int, language: str) -> None:
    chat = await ensure_chat(session, chat_id)
    chat.language = language[:16]


async def set_chat_settings(session: AsyncSession, chat_id: int, settings: dict) -> None:
    chat = await ensure_chat(session, chat_id)
    chat.settings = dict(settings)
