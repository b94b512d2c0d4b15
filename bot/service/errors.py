"""Refusals of the service and runtime layers, typed: a ``Code`` says which refusal it is,
``params`` carry its details, ``details`` the engine's own refusals it passes on (a rule
set can have several problems). ``str()`` is an English sentence for logs and operators;
what a player reads comes from the code (``bot/render/refusals.py``, one table), never
from the English, so rewording a sentence here changes no screen.

The subclasses group refusals the way callers react to them (``StaleVersion``: look
again; ``NotAllowed``: not yours to do; ...); a code belongs to one subclass.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Code(StrEnum):
    """Every refusal the service and the runtime give (engine codes come from bot.engine)."""

    # lobbies
    NO_SUCH_LOBBY = "no_such_lobby"
    NO_OPEN_INVITE = "no_open_invite"
    LOBBY_EXISTS = "lobby_exists"
    LOBBY_CLOSED = "lobby_closed"
    LOBBY_STARTED = "lobby_started"
    LOBBY_CHANGED = "lobby_changed"
    ALREADY_JOINED = "already_joined"
    LOBBY_FULL = "lobby_full"
    TOO_MANY_PLAYERS = "too_many_players"
    NOT_IN_LOBBY = "not_in_lobby"
    HOST_ONLY = "host_only"
    UNKNOWN_STRENGTH = "unknown_strength"
    NO_COMPUTER_THERE = "no_computer_there"
    NEED_TWO = "need_two"
    BAD_SETTINGS = "bad_settings"
    RULES_PROBLEM = "rules_problem"
    # games
    NO_SUCH_GAME = "no_such_game"
    NOT_PLAYING = "not_playing"
    NO_SUCH_SEAT = "no_such_seat"
    PERSON_PLAYS_SEAT = "person_plays_seat"
    NOT_AN_ACTION = "not_an_action"
    ILLEGAL_MOVE = "illegal_move"
    NOT_YOUR_TURN = "not_your_turn"
    ALREADY_PLAYED = "already_played"
    GAME_MOVED_ON = "game_moved_on"
    GAME_OVER = "game_over"
    GAME_CANCELLED = "game_cancelled"
    DEAL_RUNNING = "deal_running"
    SERIES_OVER = "series_over"
    NEXT_DEAL_STARTED = "next_deal_started"
    TOO_EARLY = "too_early"
    # the runtime (workflows around Telegram)
    HOST_OR_ADMIN = "host_or_admin"
    WRONG_CHAT = "wrong_chat"
    NEED_PRIVATE_CHAT = "need_private_chat"
    HINTS_OFF = "hints_off"
    STALE_BUTTON = "stale_button"
    NOT_GROUP_MEMBER = "not_group_member"
    NO_OPEN_LOBBY = "no_open_lobby"
    NOTHING_TO_CANCEL = "nothing_to_cancel"
    GAME_RUNNING = "game_running"
    SOLO_RUNNING = "solo_running"


# The English sentence of each code (``str()`` of a refusal that gives no other).
ENGLISH: dict[Code, str] = {
    Code.NO_SUCH_LOBBY: "no such lobby",
    Code.NO_OPEN_INVITE: "no open lobby has this invitation",
    Code.LOBBY_EXISTS: "there is already an open lobby in this chat",
    Code.LOBBY_CLOSED: "this lobby is no longer open",
    Code.LOBBY_STARTED: "this lobby has already started or closed",
    Code.LOBBY_CHANGED: "the lobby changed meanwhile; look again and retry",
    Code.ALREADY_JOINED: "you are already in this lobby",
    Code.LOBBY_FULL: "the lobby is full",
    Code.TOO_MANY_PLAYERS: "too many players in the lobby for these rules",
    Code.NOT_IN_LOBBY: "you are not in this lobby",
    Code.HOST_ONLY: "only the host can do that",
    Code.UNKNOWN_STRENGTH: "unknown strength {strength!r}; choose {choices}",
    Code.NO_COMPUTER_THERE: "no computer player in that seat",
    Code.NEED_TWO: "at least 2 players are needed to start",
    Code.BAD_SETTINGS: "invalid settings: {problem}",
    Code.RULES_PROBLEM: "these rules cannot be played",
    Code.NO_SUCH_GAME: "no such game",
    Code.NOT_PLAYING: "you are not playing in this game",
    Code.NO_SUCH_SEAT: "no such seat",
    Code.PERSON_PLAYS_SEAT: "a person plays that seat",
    Code.NOT_AN_ACTION: "that is not an action",
    Code.ILLEGAL_MOVE: "that move is not allowed",
    Code.NOT_YOUR_TURN: "it is not your turn",
    Code.ALREADY_PLAYED: "that move was already played",
    Code.GAME_MOVED_ON: "the game has moved on since this button was shown",
    Code.GAME_OVER: "this game is over",
    Code.GAME_CANCELLED: "this game was cancelled",
    Code.DEAL_RUNNING: "this deal is not finished yet",
    Code.SERIES_OVER: "this series is over; start a new lobby",
    Code.NEXT_DEAL_STARTED: "the next deal has already started",
    Code.TOO_EARLY: "the turn time has not run out yet",
    Code.HOST_OR_ADMIN: "only the host or a chat admin can do that",
    Code.WRONG_CHAT: "this button belongs to another chat",
    Code.NEED_PRIVATE_CHAT: "{names}: open a private chat with the bot first",
    Code.HINTS_OFF: "hints are off in this chat",
    Code.STALE_BUTTON: "this button is out of date",
    Code.NOT_GROUP_MEMBER: "only members of the group {group!r} can join its game",
    Code.NO_OPEN_LOBBY: "there is no open lobby in this chat",
    Code.NOTHING_TO_CANCEL: "no game is running or open in this chat",
    Code.GAME_RUNNING: "a game is already running in this chat",
    Code.SOLO_RUNNING: "a solo game is already running here",
}


@dataclass(frozen=True)
class Detail:
    """An engine refusal passed on: its code (``bot.engine``'s) and parameters."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""  # the engine's English sentence


def engine_details(exc: Exception) -> tuple[Detail, ...]:
    """The refusals an engine error (``RulesError``, ``IllegalAction``, ...) carries."""
    problems = getattr(exc, "problems", None)
    if problems:  # a rule set with several problems: each has its own code
        return tuple(Detail(str(p.code), dict(p.params), str(p)) for p in problems)
    code = getattr(exc, "code", None)
    if code is None:  # an engine without codes (or a plain ValueError): the text alone
        return (Detail("", {}, str(exc)),)
    return (Detail(str(code), dict(getattr(exc, "params", {}) or {}), str(exc)),)


class ServiceError(Exception):
    """Base: the request was refused and nothing changed."""

    def __init__(self, code: Code, reason: str | None = None, *,
                 details: tuple[Detail, ...] = (), **params: Any) -> None:
        if reason is None:
            reason = ENGLISH[code].format(**params) if params else ENGLISH[code]
            if details:
                reason = "; ".join(d.text for d in details if d.text) or reason
        super().__init__(reason)
        self.code = code
        self.params = params
        self.details = details
        self.reason = reason


class NotFound(ServiceError):
    """No such lobby or game (or a forged id)."""


class NotAllowed(ServiceError):
    """The user may not do this (not the host, not seated, not their seat...)."""


class LobbyError(ServiceError):
    """The lobby cannot do that now (full, closed, too few players, bad settings)."""


class StaleVersion(ServiceError):
    """The request was made against an older position: the game has moved on."""


class AlreadyPlayed(StaleVersion):
    """This exact action was already applied (a double press, or two racing presses)."""


class InvalidMove(ServiceError):
    """Not an action at all (text the engine cannot parse): told apart from a rule refusal,
    as python-chess tells an invalid move from an illegal one."""


class IllegalMove(ServiceError):
    """The rules engine refused the action (``details``: the engine's refusal)."""


class NotYet(ServiceError):
    """A timeout fired before the deadline (or after the turn was already played)."""


class GameOver(ServiceError):
    """The deal is finished or cancelled."""
