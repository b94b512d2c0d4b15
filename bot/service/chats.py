"""Chat-level queries and preferences the Telegram layer needs (additive to lobby/games).

- a chat's language and preferences (e.g. whether hints are allowed in a group);
- which language to speak where (``locale``: the one rule, bot/service/languages.py), so
  private messages use each player's own;
- which lobby is open and which deal is running in a chat (commands find their target);
- closing a lobby (/cancel before the start);
- games whose turn deadline has passed (the restart-safe turn timer reads deadlines from
  the database, never from memory).

Decision: a chat's language defaults to the language of whoever first opened a lobby there
(the "creator" of the game), until someone picks one with /language.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import select

from bot.service.languages import choose_locale
from bot.service.venues import VenueKind
from bot.storage import games as game_repo
from bot.storage import lobbies as lobby_repo
from bot.storage import people
from bot.storage.database import Database
from bot.storage.models import Chat, Game, Lobby, LobbyMember, Seat, User

PHRASES = "phrases"  # the private chat's preference: see the others' phrases (default on)
# Venues that are no group chat the person could write a command in.
AWAY_VENUES = (VenueKind.LINK.value, VenueKind.QUICK.value, VenueKind.INLINE.value)


class ChatService:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def set_language(self, chat_id: int, language: str) -> None:
        async with self.db.transaction() as s:
            await people.set_chat_language(s, chat_id, language)

    async def default_language(self, chat_id: int, language: str) -> str:
        """The chat's language, set to ``language`` first if it has none yet."""
        async with self.db.transaction() as s:
            chat = await people.ensure_chat(s, chat_id)
            if not chat.language:
                chat.language = language
            return chat.language

    async def preferences(self, chat_id: int) -> dict[str, Any]:
        async with self.db.read() as s:
            value = (await s.execute(select(Chat.settings).where(Chat.id == chat_id))
                     ).scalar_one_or_none()
        return dict(value or {})

    async def set_preference(self, chat_id: int, name: str, value: Any) -> dict[str, Any]:
        async with self.db.transaction() as s:
            chat = await people.ensure_chat(s, chat_id)
            settings = dict(chat.settings or {})
            settings[name] = value
            chat.settings = settings
            return settings

    async def remember_user(self, user_id: int, name: str, language: str | None) -> None:
        async with self.db.transaction() as s:
            await people.ensure_user(s, user_id, name, language)

    async def locale(self, *, chat_id: int | None = None, user_id: int | None = None,
                     reported: str | None = None, default: str | None = None) -> str:
        """The language to speak in ``chat_id`` and/or to ``user_id`` (``reported``: the
        language Telegram gives for them in this update), by the one rule of
        ``bot.service.languages``."""
        chat = None
        if chat_id is not None:
            async with self.db.read() as s:
                chat = (await s.execute(select(Chat.language).where(Chat.id == chat_id))
                        ).scalar_one_or_none()
        if chat or user_id is None:
            return choose_locale(chat=chat, reported=reported, default=default)
        chosen, stored = (await self._person_languages([user_id])).get(user_id, (None, None))
        return choose_locale(chosen=chosen, reported=reported, stored=stored, default=default)

    async def person_locales(self, user_ids: Iterable[int | None], default: str) -> dict[int, str]:
        """user -> the language to speak to them privately (the same rule, for several
        people at once, with no update to answer; ``default``: the table's language)."""
        found = await self._person_languages(user_ids)
        return {uid: choose_locale(chosen=chosen, stored=stored, default=default)
                for uid, (chosen, stored) in found.items()}

    async def muted_phrases(self, user_ids: Iterable[int | None]) -> set[int]:
        """Who of these people turned the table's phrases off (/phrases off: a preference
        of their private chat, as /notify's)."""
        ids = [u for u in set(user_ids) if u is not None]
        if not ids:
            return set()
        async with self.db.read() as s:
            rows = (await s.execute(select(Chat.id, Chat.settings)
                                    .where(Chat.id.in_(ids)))).all()
        return {chat_id for chat_id, prefs in rows if (prefs or {}).get(PHRASES) is False}

    async def _person_languages(self, user_ids: Iterable[int | None]
                                ) -> dict[int, tuple[str | None, str | None]]:
        """user -> (language chosen in their private chat, language Telegram last reported)."""
        ids = [u for u in set(user_ids) if u is not None]
        if not ids:
            return {}
        async with self.db.read() as s:
            stored = dict((await s.execute(
                select(User.id, User.language).where(User.id.in_(ids)))).all())
            chosen = dict((await s.execute(
                select(Chat.id, Chat.language).where(Chat.id.in_(ids)))).all())
        return {uid: (chosen.get(uid), stored.get(uid)) for uid in ids}

    async def game_settings(self, game_id: int) -> dict[str, Any]:
        async with self.db.read() as s:
            value = (await s.execute(select(Game.settings).where(Game.id == game_id))
                     ).scalar_one_or_none()
        return dict(value or {})

    async def game_host(self, game_id: int) -> int | None:
        async with self.db.read() as s:
            return (await s.execute(select(Game.host_id).where(Game.id == game_id))
                    ).scalar_one_or_none()

    async def open_lobby(self, chat_id: int) -> int | None:
        async with self.db.read() as s:
            lobby = await lobby_repo.open_lobby_in_chat(s, chat_id)
            return lobby.id if lobby else None

    async def close_lobby(self, lobby_id: int) -> bool:
        """Close an open lobby (cancel before the start); False when it was not open."""
        async with self.db.transaction() as s:
            lobby = await s.get(Lobby, lobby_id, with_for_update=True)
            if lobby is None or lobby.status != "open":
                return False
            lobby.status = "closed"
            lobby.version += 1
            return True

    async def running_game(self, chat_id: int) -> int | None:
        async with self.db.read() as s:
            return (await s.execute(
                select(Game.id).where(Game.chat_id == chat_id, Game.status == "running")
                .order_by(Game.id.desc()).limit(1))).scalar_one_or_none()

    async def table_of(self, user_id: int) -> int | None:
        """The running deal the person sits at (not left) that lives outside any group
        chat (a table by link, a quick game, an inline message): what /leave in their
        private chat is about."""
        async with self.db.read() as s:
            return (await s.execute(
                select(Game.id).join(Seat, Seat.game_id == Game.id)
                .where(Seat.user_id == user_id, Seat.left.is_(False),
                       Game.status == "running", Game.venue.in_(AWAY_VENUES))
                .order_by(Game.id.desc()).limit(1))).scalar_one_or_none()

    async def lobby_of(self, user_id: int) -> int | None:
        """The open lobby outside any group chat the person has a seat in (newest)."""
        async with self.db.read() as s:
            return (await s.execute(
                select(Lobby.id).join(LobbyMember, LobbyMember.lobby_id == Lobby.id)
                .where(LobbyMember.user_id == user_id, Lobby.status == "open",
                       Lobby.venue.in_(AWAY_VENUES))
                .order_by(Lobby.id.desc()).limit(1))).scalar_one_or_none()

    async def running_games(self) -> list[int]:
        async with self.db.read() as s:
            return [row.id for row in await game_repo.running_games(s)]

    async def due_games(self, now: datetime,
                        limit: int = 100) -> list[tuple[int, int, dict[str, Any]]]:
        """(game id, version, settings) of running games whose turn deadline has passed."""
        async with self.db.read() as s:
            rows = await game_repo.due_games(s, now, limit)
            if not rows:
                return []
            ids = [r.id for r in rows]
            settings: dict[int, Any] = dict((await s.execute(
                select(Game.id, Game.settings).where(Game.id.in_(ids)))).all())
        return [(r.id, r.version, dict(settings.get(r.id) or {})) for r in rows]
