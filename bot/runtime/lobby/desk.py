"""The lobby desk: opening a game, joining, leaving, the settings menus, starting and
cancelling, for commands (/join) and buttons (Join) alike. Each operation does its work
and redraws the lobby message, or raises the refusal (a ``ServiceError`` with its code).

What lives only in memory here: which menu each lobby message shows, and who joined but
cannot receive private messages yet (``pending``, re-derived after a restart), so
no schema change is needed.

Decisions (RULES.md is silent):
- chat admins may do what the host may (settings, computer players, start, cancel); the
  service knows only the host, so an admin's request is made in the host's name after the
  admin check here;
- a person who cannot receive private messages is seated anyway and marked in the lobby,
  which shows a button that opens the private chat (the deep link completes the join);
  Start waits for them, but not for ever: after ``private_chat_wait`` seconds they are
  dropped with a message in the group, so one absent friend never blocks a lobby;
- a join link finds its lobby; only someone who may join it joins: already seated (they
  pressed Join and were sent to open the private chat), or a member of the group as
  Telegram says now (when Telegram cannot tell, the answer is no); a lobby that lives in
  an inline message or a table by link has no group to ask: its link is the invitation;
- an inline message's lobby (inline mode, a chat the bot is not in) is created when
  Telegram tells which result was chosen (``chosen_inline_result``), before anyone could
  press it; that update does not say which chat the message is in, so the lobby keeps a
  provisional chat of its own until the first press tells (``chat_instance``), and
  records go to that chat from then on. A press names the inline message it was made on:
  one that is not the lobby's is refused;
- a table by link (``/newgame`` in a private chat) is its host's: its lobby message lives
  in the host's private chat (with the link and a Share button), each person seated by
  the link is told so in their own private chat with a Leave button, and when the host
  leaves the table closes. Presses on it come from the presser's own private chat.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.engine import RulesError
from bot.i18n import t, tn
from bot.render.callback import encode_setting
from bot.render.lobby import link_lobby_screen, lobby_screen, solo_setup_screen
from bot.render.screen import Screen
from bot.service import settings as game_settings
from bot.service.chats import ChatService
from bot.service.errors import Code, LobbyError, NotAllowed, NotFound, ServiceError
from bot.service.events import LobbyUpdated
from bot.service.games import GameService
from bot.service.lobby import INVITE, LobbyService
from bot.service.venues import (
    Venue,
    VenueKind,
    inline_chat_id,
    new_table_chat_id,
    provisional_chat_id,
)

from ..delivery.bot_api import BotApi, Unreachable
from ..driver import GameRuntime
from ..table.displays import place_title
from .pending import PendingPeople
from .redraws import LobbyRedraws
from .settings import apply_setting, seat_limit, set_computers

log = logging.getLogger(__name__)

# Lobby buttons that open a menu; anything else shows the main one.
MENUS = {"add_ai": "add_ai", "kick": "kick", "settings": "settings"}
Post = Callable[[Screen], Awaitable[int | None]]  # sends a screen, gives its message id


@dataclass(frozen=True)
class Person:
    """Who asks, as Telegram tells: id, display name, the language their client reports."""

    id: int
    name: str
    language: str | None = None


class LobbyDesk:
    def __init__(self, *, lobbies: LobbyService, games: GameService, chats: ChatService,
                 api: BotApi, runtime: GameRuntime, private_chat_wait: float = 180.0,
                 edit_interval: float = 0.0) -> None:
        self.lobbies = lobbies
        self.games = games
        self.chats = chats
        self.api = api
        self.runtime = runtime
        self.modes: dict[int, str] = {}  # lobby id -> the menu its message shows
        # Told the lobby's id after every change (the Mini App's lobby pages: webapp/rooms).
        self.listeners: list[Callable[[int], None]] = []
        self.redraws = LobbyRedraws(self._draw, runtime.tasks, edit_interval)
        # People who joined but cannot receive private messages yet (see the top).
        self.pending = PendingPeople(api=api, tasks=runtime.tasks, wait=private_chat_wait,
                                     on_drop=self._drop_unreachable, on_reachable=self.redraw)

    # -- opening --------------------------------------------------------------------------
    async def open_group(self, chat_id: int, person: Person, post: Post) -> None:
        """/newgame in a group: open its lobby (the chat's language defaults to the
        opener's) and post the lobby message with ``post``."""
        await self.chats.default_language(chat_id, await self.chats.locale(
            user_id=person.id, reported=person.language))
        if await self.chats.running_game(chat_id) is not None:
            raise LobbyError(Code.GAME_RUNNING)
        lobby = await self.lobbies.create(chat_id, person.id, person.name, person.language)
        self.pending.known(lobby.lobby_id)  # probed right here: nothing to derive
        if not await self.api.can_message(person.id):
            self.pending.mark(lobby.lobby_id, person.id)
        await self._post(lobby, post)

    async def open_solo(self, chat_id: int, person: Person, post: Post) -> None:
        """/play in a private chat: a solo set-up against one computer, in one message."""
        await self.chats.default_language(chat_id, await self.chats.locale(
            user_id=person.id, reported=person.language))
        if await self.chats.running_game(chat_id) is not None:
            raise LobbyError(Code.SOLO_RUNNING)
        existing = await self.chats.open_lobby(chat_id)
        if existing is not None:
            await self.chats.close_lobby(existing)
        lobby = await self.lobbies.create(chat_id, person.id, person.name, person.language)
        lobby = await self.lobbies.add_computer(lobby.lobby_id, person.id, "normal")
        await self._post(lobby, post)

    async def open_link(self, person: Person, post: Post) -> None:
        """/newgame in a private chat: a table by link, its lobby posted here with ``post``
        (the link and a Share button on it). Refused while the person has another table
        gathering (their friends may have joined it)."""
        if await self.chats.lobby_of(person.id) is not None:
            raise LobbyError(Code.LOBBY_EXISTS)
        chat_id = new_table_chat_id()
        await self.chats.default_language(chat_id, await self.chats.locale(
            user_id=person.id, reported=person.language))
        lobby = await self.lobbies.create(chat_id, person.id, person.name, person.language,
                                          venue=Venue(VenueKind.LINK, chat_id))
        self.pending.known(lobby.lobby_id)  # seated by /newgame in their own chat
        await self._post(lobby, post)

    async def open_inline(self, inline_message_id: str, person: Person,
                          settings: dict[str, object] | None) -> None:
        """A game chosen in inline mode: its lobby is the inline message Telegram just
        posted (the chooser is the host and seated); drawn there at once."""
        provisional = provisional_chat_id(inline_message_id)
        await self.chats.default_language(provisional, await self.chats.locale(
            user_id=person.id, reported=person.language))
        lobby = await self.lobbies.create(
            provisional, person.id, person.name, person.language, settings=settings,
            venue=Venue(VenueKind.INLINE, provisional, inline_message_id))
        self.pending.known(lobby.lobby_id)
        if not await self.api.can_message(person.id):
            self.pending.mark(lobby.lobby_id, person.id)
        await self._draw(lobby.lobby_id)

    async def _post(self, lobby: LobbyUpdated, post: Post) -> None:
        message_id = await post(await self.screen(lobby))
        if message_id is not None:
            await self.lobbies.set_message(lobby.lobby_id, message_id)

    async def lobby_in(self, chat_id: int) -> int:
        """The chat's open lobby (for commands); refused when there is none."""
        lobby_id = await self.chats.open_lobby(chat_id)
        if lobby_id is None:
            raise NotFound(Code.NO_OPEN_LOBBY)
        return lobby_id

    # -- a lobby button ---------------------------------------------------------------------
    async def press(self, lobby_id: int, chat_id: int, action: str, person: Person,
                    chat_title: str, *, inline_message_id: str | None = None,
                    chat_instance: str | None = None) -> str | None:
        """A lobby button pressed in ``chat_id`` (or on the inline message
        ``inline_message_id``, in the chat Telegram calls ``chat_instance``); the lobby's
        invite when the person must open a private chat first (the answer then is a link),
        else None."""
        lobby = await self.lobbies.get(lobby_id)
        kind = lobby.place.kind
        if inline_message_id is not None:
            lobby = await self._pressed_inline(lobby, inline_message_id, chat_instance)
        elif kind is VenueKind.LINK:
            if chat_id != person.id:  # its messages are in the players' private chats
                raise NotAllowed(Code.WRONG_CHAT)
        elif lobby.chat_id != chat_id or kind is VenueKind.INLINE:
            raise NotAllowed(Code.WRONG_CHAT)
        if action == "join":
            return await self.join(lobby_id, person)
        if action == "leave":
            await self.leave(lobby_id, person.id)
        elif action == "start":
            await self.start(lobby_id, person.id, chat_title)
        elif action == "cancel":
            await self.cancel(lobby_id, person.id)
        else:  # add_ai, settings, back: menus for the host and admins only
            await self.show_menu(lobby_id, person.id, MENUS.get(action, "main"))
        return None

    async def _pressed_inline(self, lobby: LobbyUpdated, inline_message_id: str,
                              chat_instance: str | None) -> LobbyUpdated:
        """The lobby, if the press was made on its own inline message; the first press
        tells the chat it lives in (see the top)."""
        if lobby.place.kind is not VenueKind.INLINE or \
                lobby.place.inline_message_id != inline_message_id or not chat_instance:
            raise NotAllowed(Code.WRONG_CHAT)
        chat = inline_chat_id(chat_instance)
        if lobby.chat_id == chat:
            return lobby
        if lobby.chat_id != provisional_chat_id(inline_message_id):
            raise NotAllowed(Code.WRONG_CHAT)  # it was told another chat before
        return await self.lobbies.move_to_chat(lobby.lobby_id, chat)

    # -- seats ----------------------------------------------------------------------------
    async def join(self, lobby_id: int, person: Person) -> str | None:
        """Seat the person; the lobby's invite when they must open a private chat first."""
        newly = True
        try:
            lobby = await self.lobbies.get(lobby_id)
            await self.pending_of(lobby)  # after a restart: who still lacks the chat
            if not any(m.user_id == person.id for m in lobby.members) and \
                    await self._table_full(lobby):
                raise LobbyError(Code.LOBBY_FULL)
            lobby = await self.lobbies.join(lobby_id, person.id, person.name, person.language)
        except ServiceError as exc:
            # Joined already but still without the private chat: tell them the link again.
            if exc.code is not Code.ALREADY_JOINED or (lobby_id, person.id) not in self.pending:
                raise
            newly = False
        reachable = await self.api.can_message(person.id)
        if reachable:
            self.pending.clear(lobby_id, person.id)
        else:  # a new join (again after being taken out, perhaps) waits anew
            self.pending.mark(lobby_id, person.id, restart=newly)
        await self.redraw(lobby_id)
        return None if reachable else lobby.invite

    async def join_by_link(self, invite: str, person: Person) -> tuple[str, LobbyUpdated]:
        """/start j<invite> in the private chat: seat the person if they may join (see the
        top); the place's title and the lobby as it is now, for the reply."""
        if not INVITE.fullmatch(invite):
            raise NotFound(Code.NO_OPEN_INVITE)
        lobby = await self.lobbies.find_by_invite(invite)
        title = await place_title(self.api, lobby.place,
                                  await self.chats.locale(chat_id=lobby.chat_id))
        seated = any(m.user_id == person.id for m in lobby.members)
        venue = lobby.place
        if not seated and (venue.is_solo  # a solo lobby is its owner's alone
                           or (venue.checks_membership and not await
                               self.api.is_group_member(lobby.chat_id, person.id))):
            raise NotAllowed(Code.NOT_GROUP_MEMBER, group=title)
        self.pending.clear(lobby.lobby_id, person.id)
        try:
            await self.join(lobby.lobby_id, person)
        except ServiceError as exc:
            if exc.code is not Code.ALREADY_JOINED:
                raise
            await self.redraw(lobby.lobby_id)  # the pending mark is gone
        return title, await self.lobbies.get(lobby.lobby_id)

    async def leave(self, lobby_id: int, user_id: int) -> None:
        await self.lobbies.leave(lobby_id, user_id)
        self.pending.clear(lobby_id, user_id)
        await self.redraw(lobby_id)

    # -- the host's (and admins') ---------------------------------------------------------
    async def may_manage(self, lobby: LobbyUpdated, user_id: int) -> bool:
        return lobby.host_id == user_id or (lobby.place.kind is VenueKind.GROUP
                                            and await self.api.is_admin(lobby.chat_id, user_id))

    async def _managed(self, lobby_id: int, user_id: int) -> LobbyUpdated:
        """The open lobby, if ``user_id`` may manage it."""
        lobby = await self.lobbies.get(lobby_id)
        if lobby.status != "open":
            raise LobbyError(Code.LOBBY_CLOSED)
        if not await self.may_manage(lobby, user_id):
            raise NotAllowed(Code.HOST_OR_ADMIN)
        return lobby

    async def show_menu(self, lobby_id: int, user_id: int, menu: str) -> None:
        """Switch the lobby message to a menu (main, settings, house rules, computers)."""
        lobby = await self.lobbies.get(lobby_id)
        if not await self.may_manage(lobby, user_id):
            raise NotAllowed(Code.HOST_OR_ADMIN)
        self.modes[lobby_id] = menu
        await self.redraw(lobby_id)

    async def start(self, lobby_id: int, user_id: int, chat_title: str) -> None:
        """Start the first deal (solo: in the set-up message)."""
        lobby = await self._managed(lobby_id, user_id)
        pending = await self.pending_of(lobby)
        waiting = [m.name or str(m.user_id) for m in lobby.members if m.user_id in pending]
        if waiting:
            raise NotAllowed(Code.NEED_PRIVATE_CHAT, names=", ".join(waiting))
        assert lobby.host_id is not None  # an open lobby always has a host
        _lobby, started = await self.games.start(lobby_id, lobby.host_id)
        self.modes.pop(lobby_id, None)
        if lobby.place.is_solo:  # solo: the set-up message becomes the game
            await self.runtime.launch(started, message_id=lobby.message_id)
        elif lobby.place.kind in (VenueKind.INLINE, VenueKind.LINK):
            await self.redraw(lobby_id)  # (an inline message's: none, the table takes it)
            await self.runtime.launch(started)
        else:
            await self.redraw(lobby_id)
            await self.runtime.launch(started, group_title=chat_title)

    async def start_in_chat(self, chat_id: int, user_id: int, chat_title: str) -> None:
        """/startgame: start the chat's open lobby."""
        if await self.chats.running_game(chat_id) is not None:
            raise LobbyError(Code.GAME_RUNNING)
        await self.start(await self.lobby_in(chat_id), user_id, chat_title)

    async def cancel(self, lobby_id: int, user_id: int) -> None:
        lobby = await self.lobbies.get(lobby_id)
        if not await self.may_manage(lobby, user_id):
            raise NotAllowed(Code.HOST_OR_ADMIN)
        if not await self.chats.close_lobby(lobby_id):
            raise LobbyError(Code.LOBBY_CLOSED)
        self.pending.clear_lobby(lobby_id)
        await self.redraw(lobby_id)

    async def cancel_in_chat(self, chat_id: int, user_id: int, *, private: bool) -> bool:
        """/cancel: the running deal (True) or else the open lobby (False). In a private
        chat: its solo game, else the person's table that lives outside any group (by
        link, inline, quick), which only its host may cancel."""
        game_id = await self.chats.running_game(chat_id)
        if game_id is None and private:
            game_id = await self.chats.table_of(user_id)
            lobby_id = await self.chats.lobby_of(user_id) if game_id is None else None
            if lobby_id is not None and await self.chats.open_lobby(chat_id) is None:
                await self.cancel(lobby_id, user_id)
                return False
        if game_id is None:
            lobby_id = await self.chats.open_lobby(chat_id)
            if lobby_id is None:
                raise NotFound(Code.NOTHING_TO_CANCEL)
            await self.cancel(lobby_id, user_id)
            return False
        host = await self.chats.game_host(game_id)
        if host is None or not (user_id == host or (
                not private and await self.api.is_admin(chat_id, user_id))):
            raise NotAllowed(Code.HOST_OR_ADMIN)
        await self.runtime.cancel(game_id, host)
        return True

    async def change_setting(self, lobby_id: int, version: int, token: str,
                             user_id: int) -> None:
        """Apply one settings button (``name=value``), in the host's name."""
        lobby = await self._managed(lobby_id, user_id)
        if version != lobby.version and not await self._still_offered(lobby, token):
            raise LobbyError(Code.LOBBY_CHANGED)
        try:
            menu = await apply_setting(self.lobbies, self.chats, lobby, token,
                                       lambda: self._table_full(lobby))
        except (RulesError, ValueError) as exc:  # forged values (the menus offer valid ones)
            raise LobbyError(Code.STALE_BUTTON) from exc
        if menu is not None:
            self.modes[lobby_id] = menu
        await self.redraw(lobby_id)

    async def _still_offered(self, lobby: LobbyUpdated, token: str) -> bool:
        """Whether the newest lobby message offers this settings button too: a press on a
        keyboard drawn a moment before (its redraw follows a burst late, ``redraws``)
        still means what it says (tokens are absolute: ``transfer=play``)."""
        try:
            current = encode_setting(lobby.lobby_id, lobby.version, token)
        except ValueError:  # not a token any keyboard could carry
            return False
        screen = await self.screen(lobby)
        return any(data == current for row in screen.rows for _label, data in row)

    async def set_opponents(self, lobby_id: int, count: int, strength: str) -> None:
        """Solo set-up in one step (what the solo menu's buttons do one at a time)."""
        await set_computers(self.lobbies, await self.lobbies.get(lobby_id), count, strength)
        await self.redraw(lobby_id)

    # -- the lobby message ----------------------------------------------------------------
    async def _table_full(self, lobby: LobbyUpdated) -> bool:
        limit = seat_limit(await self.chats.preferences(lobby.chat_id)) \
            if lobby.place.kind is VenueKind.GROUP else 6
        return len(lobby.members) >= limit

    async def pending_of(self, lobby: LobbyUpdated) -> set[int]:
        """Members of a group lobby who still have to open a private chat with the bot."""
        return await self.pending.of(lobby)

    async def _drop_unreachable(self, lobby_id: int, user_id: int) -> None:
        """A member never opened the private chat in time: out of the lobby, and the group
        is told why (``pending``)."""
        lobby = await self.lobbies.get(lobby_id)
        member = next((m for m in lobby.members if m.user_id == user_id), None)
        if lobby.status != "open" or member is None:
            return
        await self.lobbies.leave(lobby_id, user_id)
        if not lobby.place.can_post:  # the lobby message shows them gone; nobody to tell
            await self.redraw(lobby_id)
            return
        locale = await self.chats.locale(chat_id=lobby.chat_id)
        minutes = max(1, round(self.pending.wait / 60))
        try:
            await self.api.send(lobby.chat_id, Screen(tn(
                locale, "lobby.dropped_private", minutes, name=member.name or str(user_id))))
        except Unreachable:
            log.warning("lobby %s: cannot write to its group", lobby_id)
        await self.redraw(lobby_id)

    async def screen(self, lobby: LobbyUpdated) -> Screen:
        """The lobby message as it should read now."""
        locale = await self.chats.locale(chat_id=lobby.chat_id)
        if lobby.place.is_solo:
            if lobby.status != "open":
                return Screen(t(locale, "solo.title") + "\n" + t(locale, "lobby.closed"))
            return solo_setup_screen(locale, lobby)
        pending = await self.pending_of(lobby)
        prefs = await self.chats.preferences(lobby.chat_id)
        link = self.join_link(lobby) if pending else None
        if lobby.place.kind is VenueKind.LINK:
            return link_lobby_screen(locale, lobby, self.join_link(lobby) or "",
                                     game_settings.max_players(lobby.settings),
                                     self.modes.get(lobby.lobby_id, "main"))
        return lobby_screen(locale, lobby, pending, game_settings.max_players(lobby.settings),
                            self.modes.get(lobby.lobby_id, "main"), bool(prefs.get("hints")),
                            seat_limit(prefs), open_link=link)

    def join_link(self, lobby: LobbyUpdated) -> str | None:
        """The link that opens the private chat with the bot and seats whoever opens it."""
        if not lobby.invite:
            return None
        return f"https://t.me/{self.api.bot.username}?start=j{lobby.invite}"

    async def redraw(self, lobby_id: int) -> None:
        """Bring the lobby message up to date soon (``redraws``: a burst of changes
        costs one edit); returns at once. The listeners hear of it at once."""
        self.redraws.request(lobby_id)
        for listener in self.listeners:
            listener(lobby_id)

    async def _draw(self, lobby_id: int) -> None:
        lobby = await self.lobbies.get(lobby_id)
        target: int | str | None = lobby.message_id
        chat_id = lobby.chat_id
        if lobby.place.kind is VenueKind.LINK:
            if lobby.host_id is None:
                return
            chat_id = lobby.host_id  # the message is in its host's private chat
        elif lobby.place.kind is VenueKind.INLINE:
            if lobby.status == "started":
                return  # the inline message is the game's table now: the table draws it
            target = lobby.place.inline_message_id
        if target is None:
            return
        screen = await self.screen(lobby)
        try:
            await self.api.edit(chat_id, target, screen)
        except Unreachable:
            log.warning("lobby %s: cannot edit its message", lobby_id)
