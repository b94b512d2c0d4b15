"""Lobby intents: create, join, leave, change settings, add a computer player.

Decisions (RULES.md is silent on lobbies):
- one open lobby per chat (the database enforces it, so two racing creates cannot both win);
- the host is the first member; when the host leaves, the earliest-joined remaining person
  becomes host; when no person remains, the lobby closes (computer players alone never keep
  a lobby alive), so no lobby is ever stuck without someone who can start or cancel it;
- only the host changes settings, adds computer players and starts;
- a lobby holds at most 6 seats (10 for Warsaw); the exact player count is checked against
  the rules at start, where the engine names the problem;
- a lobby's join link carries ``invite``, a random token, never the sequential lobby id;
  the token only finds the lobby: whoever uses it must still be allowed to join (the
  handler checks membership of the group with Telegram).
"""

from __future__ import annotations

import re
import secrets
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from bot.service import settings as game_settings
from bot.service.errors import Code, LobbyError, NotAllowed, NotFound, StaleVersion
from bot.service.events import LobbyUpdated, MemberInfo
from bot.service.venues import Venue, VenueKind
from bot.storage import lobbies as lobby_repo
from bot.storage import people
from bot.storage.database import Database
from bot.storage.models import Chat, Game, Lobby, LobbyMember

COMPUTER_STRENGTHS = ("easy", "normal", "hard")
LINK_LIFETIME = timedelta(hours=1)  # how long a table by link's link seats people
# What new_invite makes; anything else in a /start payload is refused before any query.
INVITE = re.compile(r"[A-Za-z0-9_-]{16}")

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncSession


class LobbyService:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(self, chat_id: int, host_id: int, host_name: str,
                     language: str | None = None,
                     settings: dict[str, Any] | None = None,
                     venue: Venue | None = None) -> LobbyUpdated:
        """Open the chat's lobby with its host seated. ``venue``: where it lives when that is
        not simply the chat (an inline message, a table by link); default: the chat."""
        try:
            async with self.db.transaction() as s:
                chat = await people.ensure_chat(s, chat_id)
                await people.ensure_user(s, host_id, host_name, language)
                existing = await lobby_repo.open_lobby_in_chat(s, chat_id)
                if existing is not None:
                    raise LobbyError(Code.LOBBY_EXISTS)
                chosen = game_settings.default_settings(chat.settings)
                if settings:
                    chosen = game_settings.merge(chosen, settings)
                else:  # the chat plays on with what it played last
                    chosen = _last_settings(
                        await lobby_repo.latest_lobby_in_chat(s, chat_id), chosen)
                place = venue if venue is not None else Venue.of(None, chat_id)
                lobby = Lobby(chat_id=chat_id, host_id=host_id, settings=chosen,
                              status="open", version=0, invite=new_invite(),
                              venue=place.kind.value,
                              inline_message_id=place.inline_message_id)
                s.add(lobby)
                await s.flush()
                s.add(LobbyMember(lobby_id=lobby.id, position=0, user_id=host_id))
                await s.flush()
                return await self._snapshot(s, lobby, "created")
        except IntegrityError as exc:  # a racing create won the partial unique index
            raise LobbyError(Code.LOBBY_EXISTS) from exc

    async def settings_in_chat(self, chat_id: int) -> dict[str, Any]:
        """The settings the chat plays, as /rules shows them: its open lobby's, else its
        running game's, else what its next /newgame starts with (``create``: the chat's
        defaults with the last lobby's settings on top). One truth for every screen."""
        async with self.db.read() as s:
            lobby = await lobby_repo.open_lobby_in_chat(s, chat_id)
            if lobby is not None:
                return dict(lobby.settings)
            running = (await s.execute(
                select(Game.settings).where(Game.chat_id == chat_id, Game.status == "running")
                .order_by(Game.id.desc()).limit(1))).scalar_one_or_none()
            if running is not None:
                return dict(running)
            chat = await s.get(Chat, chat_id)
            chosen = game_settings.default_settings(chat.settings if chat else None)
            return _last_settings(await lobby_repo.latest_lobby_in_chat(s, chat_id), chosen)

    async def last_settings_of(self, user_id: int) -> dict[str, Any] | None:
        """The settings of the last lobby this person opened anywhere (inline mode offers
        them first), if they still pass today's checks; None when there is none."""
        async with self.db.read() as s:
            last = (await s.execute(
                select(Lobby.settings).where(Lobby.host_id == user_id)
                .order_by(Lobby.id.desc()).limit(1))).scalar_one_or_none()
        if not last:
            return None
        try:
            return game_settings.normalise(dict(last))
        except LobbyError:
            return None

    async def join(self, lobby_id: int, user_id: int, name: str,
                   language: str | None = None) -> LobbyUpdated:
        async with self.db.transaction() as s:
            lobby = await self._open(s, lobby_id, None)
            await people.ensure_user(s, user_id, name, language)
            members = await lobby_repo.members(s, lobby_id)
            if any(m.user_id == user_id for m in members):
                raise LobbyError(Code.ALREADY_JOINED)
            if len(members) >= game_settings.max_players(lobby.settings):
                raise LobbyError(Code.LOBBY_FULL)
            s.add(LobbyMember(lobby_id=lobby_id, position=_next_position(members),
                              user_id=user_id))
            return await self._changed(s, lobby, f"{name} joined")

    async def leave(self, lobby_id: int, user_id: int) -> LobbyUpdated:
        async with self.db.transaction() as s:
            lobby = await self._open(s, lobby_id, None)
            members = await lobby_repo.members(s, lobby_id)
            mine = next((m for m in members if m.user_id == user_id), None)
            if mine is None:
                raise NotAllowed(Code.NOT_IN_LOBBY)
            await s.delete(mine)
            people_left = [m for m in members if m.user_id is not None and m is not mine]
            reason = "a player left"
            if lobby.venue == VenueKind.LINK.value and lobby.host_id == user_id:
                # A table by link is its host's: its message is in their private chat.
                lobby.status = "closed"
                reason = "the host left; the table by link is closed"
            elif not people_left:
                lobby.status = "closed"
                reason = "the last player left; lobby closed"
            elif lobby.host_id == user_id:
                lobby.host_id = people_left[0].user_id
                reason = "the host left; host passed on"
            return await self._changed(s, lobby, reason)

    async def change_settings(self, lobby_id: int, user_id: int, changes: dict[str, Any],
                              expected_version: int | None = None) -> LobbyUpdated:
        async with self.db.transaction() as s:
            lobby = await self._open(s, lobby_id, expected_version)
            self._require_host(lobby, user_id)
            lobby.settings = game_settings.merge(lobby.settings, changes)
            members = await lobby_repo.members(s, lobby_id)
            if len(members) > game_settings.max_players(lobby.settings):
                raise LobbyError(Code.TOO_MANY_PLAYERS)
            return await self._changed(s, lobby, "settings changed")

    async def add_computer(self, lobby_id: int, user_id: int, strength: str = "normal",
                           expected_version: int | None = None) -> LobbyUpdated:
        if strength not in COMPUTER_STRENGTHS:
            raise LobbyError(Code.UNKNOWN_STRENGTH, strength=strength,
                             choices=", ".join(COMPUTER_STRENGTHS))
        async with self.db.transaction() as s:
            lobby = await self._open(s, lobby_id, expected_version)
            self._require_host(lobby, user_id)
            members = await lobby_repo.members(s, lobby_id)
            if len(members) >= game_settings.max_players(lobby.settings):
                raise LobbyError(Code.LOBBY_FULL)
            s.add(LobbyMember(lobby_id=lobby_id, position=_next_position(members),
                              computer_strength=strength))
            return await self._changed(s, lobby, "computer player added")

    async def remove_computer(self, lobby_id: int, user_id: int, position: int) -> LobbyUpdated:
        async with self.db.transaction() as s:
            lobby = await self._open(s, lobby_id, None)
            self._require_host(lobby, user_id)
            members = await lobby_repo.members(s, lobby_id)
            target = next((m for m in members
                           if m.position == position and m.user_id is None), None)
            if target is None:
                raise LobbyError(Code.NO_COMPUTER_THERE)
            await s.delete(target)
            return await self._changed(s, lobby, "computer player removed")

    async def remove(self, lobby_id: int, user_id: int, position: int,
                     expected_version: int | None = None) -> LobbyUpdated:
        """The host removes whoever sits at ``position`` (a person or a computer player);
        the host's own seat is refused (they leave or cancel instead)."""
        async with self.db.transaction() as s:
            lobby = await self._open(s, lobby_id, expected_version)
            self._require_host(lobby, user_id)
            members = await lobby_repo.members(s, lobby_id)
            target = next((m for m in members if m.position == position), None)
            if target is None:
                raise LobbyError(Code.STALE_BUTTON)
            if target.user_id == lobby.host_id:
                raise NotAllowed(Code.CANNOT_REMOVE_HOST)
            await s.delete(target)
            return await self._changed(s, lobby, "a player was removed")

    async def move_to_chat(self, lobby_id: int, chat_id: int) -> LobbyUpdated:
        """An inline message's lobby learns the chat it lives in (the first press says;
        ``runtime/lobby/desk.py``): its records go there. The chat speaks the language the
        lobby was opened in until someone sets another."""
        async with self.db.transaction() as s:
            lobby = await lobby_repo.load_lobby(s, lobby_id)
            if lobby is None:
                raise NotFound(Code.NO_SUCH_LOBBY)
            if lobby.chat_id != chat_id:
                before = await s.get(Chat, lobby.chat_id)
                chat = await people.ensure_chat(s, chat_id)
                if chat.language is None and before is not None:
                    chat.language = before.language
                lobby.chat_id = chat_id
            return await self._changed(s, lobby, "its chat is known")

    async def set_message(self, lobby_id: int, message_id: int) -> None:
        async with self.db.transaction() as s:
            lobby = await lobby_repo.load_lobby(s, lobby_id)
            if lobby is None:
                raise NotFound(Code.NO_SUCH_LOBBY)
            lobby.message_id = message_id

    async def get(self, lobby_id: int) -> LobbyUpdated:
        async with self.db.read() as s:
            lobby = await lobby_repo.load_lobby(s, lobby_id, lock=False)
            if lobby is None:
                raise NotFound(Code.NO_SUCH_LOBBY)
            return await self._snapshot(s, lobby)

    async def find_by_invite(self, invite: str, now: datetime | None = None) -> LobbyUpdated:
        """The open lobby whose join link carries ``invite`` (NotFound otherwise). A table
        by link's link lasts an hour (``LINK_LIFETIME``): the link goes round chats, and
        an old one should not seat a stranger at a table its host has forgotten."""
        async with self.db.read() as s:
            lobby = await lobby_repo.lobby_by_invite(s, invite)
            if lobby is None or lobby.status != "open":
                raise NotFound(Code.NO_OPEN_INVITE)
            if lobby.venue == VenueKind.LINK.value:
                opened = lobby.created_at
                if opened.tzinfo is None:  # SQLite gives naive UTC
                    opened = opened.replace(tzinfo=UTC)
                if (now or datetime.now(UTC)) - opened > LINK_LIFETIME:
                    raise NotFound(Code.NO_OPEN_INVITE)
            return await self._snapshot(s, lobby)

    # -- helpers ------------------------------------------------------------------------
    async def _open(self, s: AsyncSession, lobby_id: int,
                    expected_version: int | None) -> Lobby:
        lobby = await lobby_repo.load_lobby(s, lobby_id)
        if lobby is None:
            raise NotFound(Code.NO_SUCH_LOBBY)
        if lobby.status != "open":
            raise LobbyError(Code.LOBBY_CLOSED)
        if expected_version is not None and expected_version != lobby.version:
            raise StaleVersion(Code.LOBBY_CHANGED)
        return lobby

    @staticmethod
    def _require_host(lobby: Lobby, user_id: int) -> None:
        if lobby.host_id != user_id:
            raise NotAllowed(Code.HOST_ONLY)

    async def _changed(self, s: AsyncSession, lobby: Lobby, reason: str) -> LobbyUpdated:
        lobby.version += 1
        await s.flush()
        return await self._snapshot(s, lobby, reason)

    async def _snapshot(self, s: AsyncSession, lobby: Lobby, reason: str = "") -> LobbyUpdated:
        return await lobby_snapshot(s, lobby, reason)


async def lobby_snapshot(s: AsyncSession, lobby: Lobby, reason: str = "") -> LobbyUpdated:
    members = await lobby_repo.members(s, lobby.id)
    names = await people.user_names(s, [m.user_id for m in members])
    infos = tuple(
        MemberInfo(position=m.position, user_id=m.user_id,
                   name=(names.get(m.user_id, "") if m.user_id
                         else f"Computer ({m.computer_strength})"),
                   computer_strength=m.computer_strength)
        for m in members)
    return LobbyUpdated(lobby_id=lobby.id, chat_id=lobby.chat_id, version=lobby.version,
                        status=lobby.status, host_id=lobby.host_id, members=infos,
                        settings=dict(lobby.settings), message_id=lobby.message_id,
                        reason=reason, invite=lobby.invite or "",
                        venue=Venue.of(lobby.venue, lobby.chat_id, lobby.inline_message_id))


def new_invite() -> str:
    """16 URL-safe characters (96 random bits): fits a /start payload (64 characters of
    A-Z a-z 0-9 _ -) and cannot be guessed or enumerated."""
    return secrets.token_urlsafe(12)


def _next_position(members: list[LobbyMember]) -> int:
    return max((m.position for m in members), default=-1) + 1


def _last_settings(last: Lobby | None, defaults: dict[str, Any]) -> dict[str, Any]:
    """``defaults`` with the settings of the chat's previous lobby on top; the defaults
    alone when there is none or its settings no longer pass today's checks."""
    if last is None or not last.settings:
        return defaults
    try:
        return game_settings.merge(defaults, last.settings)
    except LobbyError:
        return defaults
