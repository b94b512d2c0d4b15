"""What a lobby's settings buttons change (``name=value`` tokens from the lobby message),
made in the host's name (the lobby desk checked who may)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.engine import RuleSet
from bot.service.chats import ChatService
from bot.service.errors import Code, LobbyError
from bot.service.events import LobbyUpdated
from bot.service.lobby import COMPUTER_STRENGTHS, LobbyService


def seat_limit(prefs: dict) -> int:
    """The chat's chosen table size (Settings > Players), 6 unless set."""
    try:
        return max(2, min(10, int(prefs.get("seats", 6))))
    except (TypeError, ValueError):
        return 6


async def apply_setting(lobbies: LobbyService, chats: ChatService, lobby: LobbyUpdated,
                        token: str, table_full: Callable[[], Awaitable[bool]]) -> str | None:
    """Apply one settings button; the menu the lobby message shows next, if it changes.
    Malformed values raise ValueError (the engine's RulesError is one)."""
    name, _, value = token.partition("=")
    lobby_id, host, version = lobby.lobby_id, lobby.host_id, lobby.version
    assert host is not None
    if name == "menu":
        return value if value in ("house", "settings") else "main"
    if name == "hints":
        await chats.set_preference(lobby.chat_id, "hints", value == "on")
    elif name == "seats":
        await chats.set_preference(lobby.chat_id, "seats", seat_limit({"seats": value}))
    elif name == "addai":
        if await table_full():
            raise LobbyError(Code.LOBBY_FULL)
        await lobbies.add_computer(lobby_id, host, value, expected_version=version)
        return "main"
    elif name == "kick":
        await lobbies.remove(lobby_id, host, int(value), expected_version=version)
        return "main"
    elif name == "solo":
        await set_computers(lobbies, lobby, int(value), None)
    elif name == "solostr":
        await set_computers(lobbies, lobby, None, value)
    elif name == "preset":
        await lobbies.change_settings(lobby_id, host, {"preset": value},
                                      expected_version=version)
    elif name == "timer":
        await lobbies.change_settings(lobby_id, host, {"turn_seconds": int(value)},
                                      expected_version=version)
    else:
        RuleSet.parse_assignment(token)  # unknown names and values refused here
        await lobbies.change_settings(lobby_id, host, {"rules": {name: value}},
                                      expected_version=version)
    return None


async def set_computers(lobbies: LobbyService, lobby: LobbyUpdated, count: int | None,
                        strength: str | None) -> None:
    """Solo set-up: make the computer opponents ``count`` players of ``strength``."""
    computers = [m for m in lobby.members if m.user_id is None]
    current = computers[0].computer_strength if computers else "normal"
    strength = strength or current
    if strength not in COMPUTER_STRENGTHS:
        raise LobbyError(Code.UNKNOWN_STRENGTH, strength=str(strength),
                         choices=", ".join(COMPUTER_STRENGTHS))
    count = len(computers) if count is None else max(1, min(5, count))
    if strength != current:
        remove, add = computers, count
    else:
        remove, add = computers[count:], max(0, count - len(computers))
    host = lobby.host_id
    assert host is not None
    for member in remove:
        await lobbies.remove_computer(lobby.lobby_id, host, member.position)
    for _ in range(add):
        await lobbies.add_computer(lobby.lobby_id, host, strength)
