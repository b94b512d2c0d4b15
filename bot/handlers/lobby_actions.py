"""Lobby operations shared by commands (/join) and buttons (Join): each returns the
catalogue key of a refusal (or None) and redraws the lobby message in place.

Decisions (RULES.md is silent):
- chat admins may do what the host may (settings, computer players, start, cancel); the
  service knows only the host, so an admin's request is made in the host's name after the
  admin check here;
- a person who cannot receive private messages is seated anyway and marked in the lobby
  until they open the private chat (the deep link completes it); Start waits for them.
"""

from __future__ import annotations

import logging

from telegram.error import TelegramError

from bot.engine import RuleSet
from bot.i18n import locale_for, t
from bot.render.lobby import lobby_screen, solo_setup_screen
from bot.render.names import member_names
from bot.render.screen import Screen
from bot.runtime import messaging
from bot.service import settings as game_settings
from bot.service.errors import LobbyError, NotAllowed, NotFound, ServiceError, StaleVersion

from .context import display_name, is_admin, services

log = logging.getLogger(__name__)


def refusal_key(exc: ServiceError) -> str:
    reason = exc.reason.lower()
    if isinstance(exc, StaleVersion):
        return "err.stale_button"
    if isinstance(exc, NotAllowed):
        return "lobby.not_joined" if "not in this lobby" in reason else "err.host_or_admin"
    if isinstance(exc, NotFound) or "no longer open" in reason or "already started" in reason:
        return "err.unknown_lobby"
    if "already in" in reason:
        return "lobby.already_joined"
    if "full" in reason or "too many" in reason:
        return "err.full"
    if "at least 2" in reason:
        return "lobby.need_more"
    if "already an open lobby" in reason:
        return "err.lobby_exists"
    return "lobby.rules_problem"


async def redraw(context, lobby_id: int) -> None:
    svc = services(context)
    lobby = await svc.lobbies.get(lobby_id)
    if lobby.message_id is None:
        return
    screen = await lobby_view(context, lobby)
    try:
        await messaging.edit(context.bot, lobby.chat_id, lobby.message_id, screen)
    except messaging.Unreachable:
        log.warning("lobby %s: cannot edit its message", lobby_id)


async def lobby_view(context, lobby):
    svc = services(context)
    locale = locale_for(await svc.chats.language(lobby.chat_id))
    if lobby.chat_id > 0:
        if lobby.status != "open":
            return Screen(t(locale, "solo.title") + "\n" + t(locale, "lobby.closed"))
        return solo_setup_screen(locale, lobby)
    pending = await pending_of(context, lobby)
    prefs = await svc.chats.preferences(lobby.chat_id)
    return lobby_screen(locale, lobby, pending, game_settings.max_players(lobby.settings),
                        svc.lobby_mode.get(lobby.lobby_id, "main"), bool(prefs.get("hints")),
                        seat_limit(prefs))


def seat_limit(prefs: dict) -> int:
    """The chat's chosen table size (Settings > Players), 6 unless set."""
    try:
        return max(2, min(10, int(prefs.get("seats", 6))))
    except (TypeError, ValueError):
        return 6


async def _table_full(svc, lobby_id: int) -> bool:
    lobby = await svc.lobbies.get(lobby_id)
    limit = seat_limit(await svc.chats.preferences(lobby.chat_id)) if lobby.chat_id < 0 else 6
    return len(lobby.members) >= limit


async def pending_of(context, lobby) -> set[int]:
    """Members of a group lobby who still have to open a private chat with the bot.

    Who that is lives in memory (``svc.pending``); a lobby opened before a restart is not
    known to this process, so the first time it is needed every seated person is probed
    once (a chat action, invisible to them) and the set is derived again."""
    svc = services(context)
    if lobby.lobby_id not in svc.pending_known:
        svc.pending_known.add(lobby.lobby_id)
        if lobby.chat_id < 0 and lobby.status == "open":
            for member in lobby.members:
                if member.user_id is not None and not await can_message(context, member.user_id):
                    svc.pending.add((lobby.lobby_id, member.user_id))
    return {uid for lid, uid in svc.pending if lid == lobby.lobby_id}


async def may_manage(context, lobby, user_id: int) -> bool:
    return lobby.host_id == user_id or (lobby.chat_id < 0
                                        and await is_admin(context, lobby.chat_id, user_id))


# getChatMember statuses of people in the group ("restricted" ones only with is_member).
GROUP_MEMBER_STATUSES = frozenset({"creator", "administrator", "member"})


async def may_join_by_link(context, lobby, user_id: int) -> bool:
    """Whether this person may join ``lobby`` through its link: already seated (they pressed
    Join and were sent to open the private chat), or a member of the lobby's group as
    Telegram says now. When Telegram cannot tell, the answer is no."""
    if any(m.user_id == user_id for m in lobby.members):
        return True
    if lobby.chat_id > 0:  # a solo lobby is its owner's alone
        return False
    try:
        member = await context.bot.get_chat_member(lobby.chat_id, user_id)
    except TelegramError:
        log.info("lobby %s: could not check %s's membership", lobby.lobby_id, user_id)
        return False
    return member.status in GROUP_MEMBER_STATUSES or (
        member.status == "restricted" and bool(getattr(member, "is_member", False)))


async def can_message(context, user_id: int) -> bool:
    """Whether the user opened a private chat with the bot (a chat action is invisible)."""
    try:
        await context.bot.send_chat_action(user_id, "typing")
    except Exception:
        return False
    return True


async def join(context, lobby_id: int, user) -> tuple[str | None, bool]:
    """(refusal key, needs the private chat first)."""
    svc = services(context)
    try:
        lobby = await svc.lobbies.get(lobby_id)
        await pending_of(context, lobby)  # after a restart: who still lacks the chat
        if not any(m.user_id == user.id for m in lobby.members) and \
                await _table_full(svc, lobby_id):
            return "err.full", False
        await svc.lobbies.join(lobby_id, user.id, display_name(user), user.language_code)
    except ServiceError as exc:
        key = refusal_key(exc)
        if key != "lobby.already_joined" or (lobby_id, user.id) not in svc.pending:
            return key, False
    reachable = await can_message(context, user.id)
    if reachable:
        svc.pending.discard((lobby_id, user.id))
    else:
        svc.pending.add((lobby_id, user.id))
    await redraw(context, lobby_id)
    return None, not reachable


async def leave(context, lobby_id: int, user_id: int) -> str | None:
    svc = services(context)
    try:
        await svc.lobbies.leave(lobby_id, user_id)
    except ServiceError as exc:
        return refusal_key(exc)
    svc.pending.discard((lobby_id, user_id))
    await redraw(context, lobby_id)
    return None


async def start(context, lobby_id: int, user_id: int, chat_title: str) -> tuple[str | None, dict]:
    svc = services(context)
    lobby = await svc.lobbies.get(lobby_id)
    if lobby.status != "open":
        return "err.unknown_lobby", {}
    if not await may_manage(context, lobby, user_id):
        return "err.host_or_admin", {}
    pending = await pending_of(context, lobby)
    waiting = [m for m in lobby.members if m.user_id in pending]
    if waiting:
        names = member_names("en", waiting)
        return "lobby.need_private", {"names": ", ".join(names)}
    try:
        _lobby, started = await svc.games.start(lobby_id, lobby.host_id)
    except ServiceError as exc:
        key = refusal_key(exc)
        if key == "lobby.need_more":
            return key, {"n": 2 - len(lobby.members)}
        return key, {"reason": exc.reason}
    svc.lobby_mode.pop(lobby_id, None)
    if lobby.chat_id > 0:  # solo: the set-up message becomes the game
        await svc.runtime.launch(started, message_id=lobby.message_id)
    else:
        await redraw(context, lobby_id)
        await svc.runtime.launch(started, group_title=chat_title)
    return None, {}


async def cancel(context, lobby_id: int, user_id: int) -> str | None:
    svc = services(context)
    lobby = await svc.lobbies.get(lobby_id)
    if not await may_manage(context, lobby, user_id):
        return "err.host_or_admin"
    if not await svc.chats.close_lobby(lobby_id):
        return "err.unknown_lobby"
    svc.pending = {p for p in svc.pending if p[0] != lobby_id}
    await redraw(context, lobby_id)
    return None


async def change_setting(context, lobby_id: int, version: int, token: str,
                         user_id: int) -> str | tuple[str, dict] | None:
    """Apply one settings button (``name=value``): None, a refusal key, or (key, params)
    when the refusal carries the engine's reason."""
    svc = services(context)
    lobby = await svc.lobbies.get(lobby_id)
    if lobby.status != "open":
        return "err.unknown_lobby"
    if not await may_manage(context, lobby, user_id):
        return "err.host_or_admin"
    if version != lobby.version:
        return "err.stale_button"
    name, _, value = token.partition("=")
    host = lobby.host_id
    try:
        if name == "menu":
            svc.lobby_mode[lobby_id] = value if value in ("house", "settings") else "main"
        elif name == "hints":
            await svc.chats.set_preference(lobby.chat_id, "hints", value == "on")
        elif name == "seats":
            await svc.chats.set_preference(lobby.chat_id, "seats", seat_limit({"seats": value}))

        elif name == "addai":
            if await _table_full(svc, lobby_id):
                return "err.full"
            await svc.lobbies.add_computer(lobby_id, host, value, expected_version=version)
            svc.lobby_mode[lobby_id] = "main"
        elif name == "solo":
            await _set_computers(svc, lobby, int(value), None)
        elif name == "solostr":
            await _set_computers(svc, lobby, None, value)
        elif name == "preset":
            await svc.lobbies.change_settings(lobby_id, host, {"preset": value},
                                              expected_version=version)
        elif name == "timer":
            await svc.lobbies.change_settings(lobby_id, host, {"turn_seconds": int(value)},
                                              expected_version=version)
        else:
            RuleSet.parse_assignment(token)  # unknown names and values refused here
            await svc.lobbies.change_settings(lobby_id, host, {"rules": {name: value}},
                                              expected_version=version)
    except ServiceError as exc:
        key = refusal_key(exc)
        if key == "lobby.rules_problem":  # the engine's reason, translated by say()
            return key, {"reason": exc.reason}
        return key
    except ValueError:
        return "err.stale_button"
    await redraw(context, lobby_id)
    return None


async def _set_computers(svc, lobby, count: int | None, strength: str | None) -> None:
    """Solo set-up: make the computer opponents ``count`` players of ``strength``."""
    computers = [m for m in lobby.members if m.user_id is None]
    current = computers[0].computer_strength if computers else "normal"
    strength = strength or current
    if strength not in ("easy", "normal", "hard"):
        raise LobbyError("unknown strength")
    count = len(computers) if count is None else max(1, min(5, count))
    if strength != current:
        remove, add = computers, count
    else:
        remove, add = computers[count:], max(0, count - len(computers))
    for member in remove:
        await svc.lobbies.remove_computer(lobby.lobby_id, lobby.host_id, member.position)
    for _ in range(add):
        await svc.lobbies.add_computer(lobby.lobby_id, lobby.host_id, strength)
