"""The page before a game: a table's lobby opened by its link, the quick-match queue, and
the page opened from the bot's menu with no game ("home"). Each is a *room*: a WebSocket
of one person that shows what they wait for and takes their taps, until a deal starts
with them in it; then the page is told ``{"type": "next", "game": N}`` and opens that
deal as the game page (as "Play again" goes on to the next deal).

Opened with the app's direct link ``t.me/<bot>/<app>?startapp=<code>`` (Telegram signs the
code into the init data's ``start_param``; the page passes it as ``room``):

- ``j<invite>``: that lobby (the invite of ``t.me/<bot>?start=j<invite>``): who sits, the
  settings line, Join (``LobbyDesk.join_by_link``: seated exactly as by the start link),
  Leave, the host's Start (``LobbyDesk.start``), and for a table by link Invite;
- ``q``: queued at once for two-player podkidnoy (``Matchmaking.queue``); waiting, "Play a
  computer instead", "Stop waiting";
- nothing: the person's running table or gathering lobby if they have one, else a "Quick
  game" button.

Live without polling on one instance: the desk tells its listeners of every lobby change
(the room re-reads the lobby once per burst), and the presenter tells its listeners of
every deal shown, the first one included (``runtime.launch``), so a deal that seats a
waiting person sends their room on at once, whichever of their taps, another's Start or
the queue's sweep dealt it. A lobby joined or a queue swept on another instance is not
heard here: with several instances each room also re-reads what it shows every
``POLL`` seconds (one small read).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import WSMsgType, web
from telegram.error import TelegramError

from bot.i18n import t, tn
from bot.render.inline import invitation_article
from bot.render.lobby import settings_line
from bot.render.names import member_names
from bot.render.quick import game_name
from bot.render.refusals import refusal_text
from bot.runtime.delivery.bot_api import Unreachable
from bot.runtime.driver import GameRuntime
from bot.runtime.lobby.desk import LobbyDesk, Person
from bot.runtime.matchmaking import Matchmaking
from bot.runtime.table.display import Display
from bot.service import settings as game_settings
from bot.service.errors import Code, NotAllowed, NotFound, ServiceError
from bot.service.events import LobbyUpdated
from bot.service.lobby import INVITE
from bot.service.quick import QuickRequest
from bot.service.venues import VenueKind

from .initdata import WebAppUser

log = logging.getLogger(__name__)

POLL = 3.0  # seconds between re-reads of a room with several instances (see the top)
MAX_MESSAGE = 256  # a room's message is {"do": "join"}; more is not our page
ACTIONS = ("join", "leave", "start", "invite", "quick", "stop", "computer")


@dataclass(eq=False)
class Room:
    """One open room: a person's WebSocket and what it shows."""

    ws: web.WebSocketResponse
    person: Person
    first_name: str
    locale: str
    lobby_id: int | None = None
    chat_id: int | None = None  # the venue whose first deal sends the room on
    queued: bool = False
    gone: str = ""  # why there is nothing to show (a forged or expired invite...)
    notice: str = ""  # a refusal or a step the person must take, shown in the room
    followed: int = 0  # the deal the room was sent on to
    dirty: bool = False
    task: asyncio.Task | None = None
    last: dict | None = None


class Rooms:
    def __init__(self, *, runtime: GameRuntime, desk: LobbyDesk, matchmaking: Matchmaking,
                 bot_username: Callable[[], str | None]) -> None:
        self.runtime = runtime
        self.desk = desk
        self.matchmaking = matchmaking
        self.bot_username = bot_username
        self._rooms: dict[int, set[Room]] = {}  # user id -> their open rooms
        desk.listeners.append(self._lobby_changed)
        runtime.presenter.listeners.append(self._dealt)
        self.poll = POLL if runtime.renderers.enabled else None

    # -- the socket -------------------------------------------------------------------------
    async def serve(self, request: web.Request, user: WebAppUser) -> web.StreamResponse:
        code = request.query.get("room", user.start_param)
        chats = self.runtime.chats
        locale = await chats.locale(user_id=user.user_id, reported=user.language_code)
        ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        room = Room(ws=ws, person=Person(user.user_id, user.name, user.language_code),
                    first_name=(user.first_name or "?")[:64], locale=locale)
        self._rooms.setdefault(user.user_id, set()).add(room)
        poller = self.runtime.tasks.spawn(self._poll(room)) if self.poll else None
        try:
            await chats.remember_user(user.user_id, user.name, user.language_code)
            await self._arrive(room, code)
            self.push(room)
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    break
                reply = await self._act(room, message.data)
                if reply is not None:
                    await ws.send_json(reply)
                self.push(room)
        finally:
            if poller is not None:
                poller.cancel()
            rooms = self._rooms.get(user.user_id)
            if rooms is not None:
                rooms.discard(room)
                if not rooms:
                    del self._rooms[user.user_id]
        return ws

    async def _arrive(self, room: Room, code: str) -> None:
        """What the link opens (see the top)."""
        uid = room.person.id
        chats = self.runtime.chats
        if code.startswith("j"):
            try:
                await self._show_lobby(room, code[1:])
            except ServiceError as exc:
                room.gone = refusal_text(room.locale, exc)
            return
        if code == "q":
            try:
                await self._queue(room)
            except ServiceError as exc:  # a cooldown, a game nobody can play...
                room.notice = refusal_text(room.locale, exc)
            return
        game = await chats.table_of(uid)
        if game is not None:
            await self._follow(room, game)
            return
        lobby_id = await chats.lobby_of(uid)
        if lobby_id is not None:
            room.lobby_id = lobby_id
            room.chat_id = (await self.desk.lobbies.get(lobby_id)).chat_id
        elif await self.matchmaking.quick.where(uid) is not None:
            room.queued = True

    async def _show_lobby(self, room: Room, invite: str) -> None:
        """The lobby its invite names, to whoever may join it (a group's: its members)."""
        if not INVITE.fullmatch(invite):
            raise NotFound(Code.NO_OPEN_INVITE)
        lobby = await self.desk.lobbies.find_by_invite(invite)
        seated = any(m.user_id == room.person.id for m in lobby.members)
        if lobby.place.is_solo and not seated:
            raise NotFound(Code.NO_OPEN_INVITE)
        if lobby.place.checks_membership and not seated and not \
                await self.desk.api.is_group_member(lobby.chat_id, room.person.id):
            raise NotAllowed(Code.NOT_GROUP_MEMBER,
                             group=await self.desk.api.chat_title(lobby.chat_id))
        room.lobby_id, room.chat_id = lobby.lobby_id, lobby.chat_id

    # -- taps -------------------------------------------------------------------------------
    async def _act(self, room: Room, text: str) -> dict[str, Any] | None:
        """Do what the room's button means; a refusal is shown in the room, an invitation
        prepared for the share sheet is sent back."""
        try:
            action = json.loads(text).get("do")
        except (ValueError, AttributeError):
            action = None
        if action not in ACTIONS:
            return {"type": "refused", "text": refusal_text(room.locale, Code.STALE_BUTTON)}
        room.notice = ""
        try:
            if action == "invite":
                return await self._invite(room)
            await getattr(self, "_" + action)(room)
        except ServiceError as exc:
            room.notice = refusal_text(room.locale, exc)
        return None

    async def _lobby(self, room: Room) -> LobbyUpdated:
        if room.lobby_id is None:
            raise NotFound(Code.NO_OPEN_LOBBY)
        return await self.desk.lobbies.get(room.lobby_id)

    async def _join(self, room: Room) -> None:
        """Seated exactly as by the start link (the same checks, the same pending mark for
        a person the bot cannot write to yet)."""
        lobby = await self._lobby(room)
        await self.desk.join_by_link(lobby.invite, room.person)

    async def _leave(self, room: Room) -> None:
        lobby = await self._lobby(room)
        await self.desk.leave(lobby.lobby_id, room.person.id)

    async def _start(self, room: Room) -> None:
        lobby = await self._lobby(room)
        title = await self.desk.api.chat_title(lobby.chat_id) \
            if lobby.place.kind is VenueKind.GROUP else ""
        await self.desk.start(lobby.lobby_id, room.person.id, title)

    async def _invite(self, room: Room) -> dict[str, Any]:
        """The table's invitation prepared for Telegram's share sheet (the same article the
        Share button offers in inline mode); without an id the page copies the link."""
        lobby = await self._lobby(room)
        link = self.desk.join_link(lobby) or ""
        if lobby.place.kind is not VenueKind.LINK or \
                not any(m.user_id == room.person.id for m in lobby.members):
            raise NotAllowed(Code.STALE_BUTTON)
        try:
            prepared = await self.desk.api.prepare_inline_message(
                room.person.id, invitation_article(room.locale, lobby, link))
        except TelegramError as exc:
            log.info("could not prepare an invitation for %s: %s", room.person.id, exc)
            prepared = None
        return {"type": "share", "id": prepared, "link": link}

    async def _quick(self, room: Room) -> None:
        """The Quick game button (home, or where a lobby could not be opened)."""
        room.gone, room.lobby_id, room.chat_id = "", None, None
        await self._queue(room)

    async def _queue(self, room: Room) -> None:
        """Queue for two-player podkidnoy, as /quick. The cards of a quick game go to the
        private chat, so a person the bot cannot write to is asked to open it first."""
        uid = room.person.id
        if not await self.desk.api.can_message(uid):
            room.notice = t(room.locale, "webapp.open_chat_first")
            return
        room.queued = True  # (this very call may seat them: the deal is followed then)
        try:
            await self.matchmaking.queue(room.person, room.first_name, QuickRequest())
        except ServiceError as exc:
            if exc.code is Code.QUICK_SEATED:
                game = await self.runtime.chats.table_of(uid)
                if game is not None:
                    await self._follow(room, game)
            elif exc.code is not Code.QUICK_QUEUED:
                room.queued = False
                raise
        except Unreachable:
            pass  # queued; its waiting message could not be sent (they blocked the bot)

    async def _stop(self, room: Room) -> None:
        room.queued = False
        with contextlib.suppress(ServiceError):
            await self.matchmaking.leave(room.person.id)

    async def _computer(self, room: Room) -> None:
        """Leave the queue and play a computer now: the solo set-up in the private chat,
        started at once (the page goes on to its deal)."""
        uid, desk = room.person.id, self.desk
        room.queued, room.chat_id = False, uid

        async def solo() -> None:
            await desk.open_solo(uid, room.person, lambda screen: desk.api.send(uid, screen))
            await desk.start(await desk.lobby_in(uid), uid, "")

        await self.matchmaking.computer_instead(room.person, solo)

    # -- live -------------------------------------------------------------------------------
    def _lobby_changed(self, lobby_id: int) -> None:
        for rooms in self._rooms.values():
            for room in rooms:
                if room.lobby_id == lobby_id:
                    self.push(room)

    def _dealt(self, display: Display) -> None:
        """A deal changed or began: rooms of people seated in it that wait for it go on."""
        if display.snap.status != "running":
            return
        kind = display.venue.kind
        for seat in display.seats:
            for room in self._rooms.get(seat.user_id or 0, ()):
                if room.followed < display.game_id and (
                        display.chat_id == room.chat_id
                        or (room.queued and kind is VenueKind.QUICK)):
                    self.runtime.tasks.spawn(self._follow(room, display.game_id))

    async def _follow(self, room: Room, game_id: int) -> None:
        if room.followed >= game_id:
            return
        room.followed = game_id
        room.queued = False
        with contextlib.suppress(ConnectionError, RuntimeError):
            await room.ws.send_json({"type": "next", "game": game_id})

    async def _poll(self, room: Room) -> None:
        assert self.poll is not None
        while not room.ws.closed:
            await asyncio.sleep(self.poll)
            if room.queued and await self.matchmaking.quick.where(room.person.id) is None:
                game = await self.runtime.chats.table_of(room.person.id)
                if game is not None:
                    await self._follow(room, game)
            self.push(room)

    def push(self, room: Room) -> None:
        """Send the room's view soon: a burst of changes is one read and one message."""
        room.dirty = True
        if room.task is None or room.task.done():
            room.task = self.runtime.tasks.spawn(self._send_loop(room))

    async def _send_loop(self, room: Room) -> None:
        while room.dirty and not room.ws.closed and not room.followed:
            room.dirty = False
            try:
                state = await self.view(room)
                if state is None or state == room.last:
                    continue
                await room.ws.send_json(state)
                room.last = state
            except (ConnectionError, RuntimeError):
                return  # the page went away
            except Exception:
                log.exception("drawing a room of %s", room.person.id)
                return

    # -- what a room shows --------------------------------------------------------------------
    def _bot_link(self, payload: str = "") -> str:
        username = self.bot_username()
        if not username:
            return ""
        return f"https://t.me/{username}" + (f"?start={payload}" if payload else "")

    async def view(self, room: Room) -> dict | None:
        """The room as the page draws it (None: it went on to a deal)."""
        loc = room.locale
        base = {"type": "room", "locale": loc, "title": t(loc, "webapp.title"),
                "lines": [], "players": [], "after": [], "settings": "", "buttons": [],
                "notice": room.notice, "link": "", "chat": ""}
        quick = [_button("quick", t(loc, "btn.quick"), True)]
        if room.gone:  # no dead end: a quick game is always one tap away
            return dict(base, view="gone", lines=[room.gone], buttons=quick)
        if room.lobby_id is not None:
            try:
                return await self._lobby_view(room, base)
            except ServiceError as exc:  # gone meanwhile (forgotten with /forget)
                return dict(base, view="gone", lines=[refusal_text(loc, exc)],
                            buttons=quick)
        if room.queued:
            request = QuickRequest()
            game = game_name(loc, request.preset, request.players)
            return dict(base, view="quick", title=t(loc, "webapp.quick_title"),
                        lines=[t(loc, "webapp.quick_waiting", game=game)],
                        buttons=[_button("computer", t(loc, "btn.play_computer"), True),
                                 _button("stop", t(loc, "btn.stop_waiting"))])
        notice = room.notice
        return dict(base, view="home", lines=[t(loc, "webapp.home")], notice=notice,
                    chat=self._bot_link() if notice else "", buttons=quick)

    async def _lobby_view(self, room: Room, base: dict) -> dict | None:
        loc, uid = room.locale, room.person.id
        assert room.lobby_id is not None
        lobby = await self.desk.lobbies.get(room.lobby_id)
        seated = any(m.user_id == uid for m in lobby.members)
        if lobby.status == "started":
            game = await self.runtime.chats.table_of(uid) if seated else None
            if game is None and seated:
                game = await self.runtime.chats.running_game(lobby.chat_id)
            if game is not None:
                await self._follow(room, game)
                return None
        if lobby.status != "open":
            text = t(loc, "webapp.lobby_started" if lobby.status == "started"
                     else "lobby.closed")
            return dict(base, view="gone", lines=[text],
                        buttons=[_button("quick", t(loc, "btn.quick"), True)])
        pending = await self.desk.pending_of(lobby)
        names = member_names(loc, lobby.members)
        players = [{"name": name, "you": m.user_id == uid, "host": m.user_id == lobby.host_id,
                    "computer": m.user_id is None, "pending": m.user_id in pending}
                   for m, name in zip(lobby.members, names, strict=True)]
        host_name = next((p["name"] for p in players if p["host"]), "?")
        host = lobby.host_id == uid
        count = t(loc, "lobby.players", count=len(lobby.members),
                  max=game_settings.max_players(lobby.settings))
        lines = [t(loc, "lobby.host", name=host_name), count]
        after = []  # under the players: what the table waits for
        if len(lobby.members) < 2:
            after.append(tn(loc, "lobby.need_more", 2 - len(lobby.members)))
        elif seated and not host:
            after.append(t(loc, "webapp.wait_host", name=host_name))
        buttons = []
        if not seated:
            buttons.append(_button("join", t(loc, "btn.join"), True))
        else:
            if host:
                buttons.append(_button("start", t(loc, "btn.start"), True))
            if lobby.place.kind is VenueKind.LINK:
                buttons.append(_button("invite", t(loc, "webapp.invite"), not host))
            buttons.append(_button("leave", t(loc, "btn.leave")))
        notice, chat = room.notice, ""
        if seated and uid in pending:  # their cards go to the private chat: open it
            notice = notice or t(loc, "webapp.open_chat")
            chat = self._bot_link("j" + lobby.invite)
        return dict(base, view="lobby", title=await self._title(lobby, loc), lines=lines,
                    players=players, after=after, settings=settings_line(loc, lobby.settings),
                    buttons=buttons, notice=notice, chat=chat,
                    link=self.desk.join_link(lobby) or "" if seated else "")

    async def _title(self, lobby: LobbyUpdated, locale: str) -> str:
        if lobby.place.kind is VenueKind.GROUP:
            return await self.desk.api.chat_title(lobby.chat_id)
        return t(locale, f"venue.{lobby.place.kind.value}_title")


def _button(action: str, label: str, primary: bool = False) -> dict[str, Any]:
    return {"do": action, "label": label, "primary": primary}
