"""Refusals of the service and runtime layers, typed: a ``Code`` says which refusal it is,
``params`` carry its details (str or int, as the engine's), ``details`` the engine's own
refusals it passes on (a rule set can have several problems). ``str()`` is the code's
English sentence (or a more precise one given where it is raised) for logs and operators;
what a player reads comes from the code (``bot/render/refusals.py``, one table), never
from the English, so rewording a sentence here changes no screen.

The subclasses group refusals the way callers react to them (``StaleVersion``: look
again; ``NotAllowed``: not yours to do; ...); a code belongs to one subclass.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.engine.core.codes import CodeEnum


class Code(CodeEnum):
    """Every refusal the service and the runtime give, with its English sentence (the
    engine's own codes are ``bot.engine.Code``; both are made the same way)."""

    # lobbies
    NO_SUCH_LOBBY = "no_such_lobby", "no such lobby"
    NO_OPEN_INVITE = "no_open_invite", "no open lobby has this invitation"
    LOBBY_EXISTS = "lobby_exists", "there is already an open lobby in this chat"
    LOBBY_CLOSED = "lobby_closed", "this lobby is no longer open"
    LOBBY_STARTED = "lobby_started", "this lobby has already started or closed"
    LOBBY_CHANGED = "lobby_changed", "the lobby changed meanwhile; look again and retry"
    ALREADY_JOINED = "already_joined", "you are already in this lobby"
    LOBBY_FULL = "lobby_full", "the lobby is full"
    TOO_MANY_PLAYERS = "too_many_players", "too many players in the lobby for these rules"
    NOT_IN_LOBBY = "not_in_lobby", "you are not in this lobby"
    CANNOT_REMOVE_HOST = "cannot_remove_host", "the host cannot be removed (leave or cancel)"
    HOST_ONLY = "host_only", "only the host can do that"
    UNKNOWN_STRENGTH = "unknown_strength", "unknown strength {strength!r}; choose {choices}"
    NO_COMPUTER_THERE = "no_computer_there", "no computer player in that seat"
    NEED_TWO = "need_two", "at least 2 players are needed to start (the lobby has {players})"
    BAD_SETTINGS = "bad_settings", "invalid settings: {problem}"
    RULES_PROBLEM = "rules_problem", "these rules cannot be played"
    # games
    NO_SUCH_GAME = "no_such_game", "no such game"
    NOT_PLAYING = "not_playing", "you are not playing in this game"
    LEFT_GAME = "left_game", "you left this game"
    HINT_TOO_SOON = "hint_too_soon", "one hint every {seconds} seconds"
    NO_SUCH_SEAT = "no_such_seat", "no such seat"
    PERSON_PLAYS_SEAT = "person_plays_seat", "a person plays that seat"
    NOT_AN_ACTION = "not_an_action", "that is not an action"
    ILLEGAL_MOVE = "illegal_move", "that move is not allowed"
    NOT_YOUR_TURN = "not_your_turn", "it is not your turn"
    ALREADY_PLAYED = "already_played", "that move was already played"
    GAME_MOVED_ON = "game_moved_on", "the game has moved on since this button was shown"
    GAME_OVER = "game_over", "this game is over"
    GAME_CANCELLED = "game_cancelled", "this game was cancelled"
    DEAL_RUNNING = "deal_running", "this deal is not finished yet"
    SERIES_OVER = "series_over", "this series is over; start a new lobby"
    NEXT_DEAL_STARTED = "next_deal_started", "the next deal has already started"
    TOO_EARLY = "too_early", "the turn time has not run out yet"
    # the runtime (workflows around Telegram)
    HOST_OR_ADMIN = "host_or_admin", "only the host or a chat admin can do that"
    WRONG_CHAT = "wrong_chat", "this button belongs to another chat"
    NEED_PRIVATE_CHAT = "need_private_chat", "{names}: open a private chat with the bot first"
    HINTS_OFF = "hints_off", "hints are off in this chat"
    STALE_BUTTON = "stale_button", "this button is out of date"
    NOT_GROUP_MEMBER = ("not_group_member",
                        "only members of the group {group!r} can join its game")
    NO_OPEN_LOBBY = "no_open_lobby", "there is no open lobby in this chat"
    NOTHING_TO_CANCEL = "nothing_to_cancel", "no game is running or open in this chat"
    GAME_RUNNING = "game_running", "a game is already running in this chat"
    SOLO_RUNNING = "solo_running", "a solo game is already running here"
    PHRASE_TOO_SOON = "phrase_too_soon", "one phrase every {seconds} seconds"
    NO_PHRASES_HERE = "no_phrases_here", "nobody else at this table reads phrases"
    # quick match with strangers (service/quick/)
    QUICK_QUEUED = ("quick_queued",
                    "you are already waiting for a quick game ({preset}, {players} players)")
    QUICK_SEATED = ("quick_seated",
                    "you are already playing in game {game_id} (a {venue} game)")
    QUICK_COOLDOWN = ("quick_cooldown",
                      "you left or timed out of {streak} quick games in a row: you may queue "
                      "again in {minutes} min (at {until})")
    QUICK_UNPLAYABLE = ("quick_unplayable",
                        "a quick game of {preset} for {players} players (rules: {rules}) "
                        "cannot be played")
    NOT_QUEUED = "not_queued", "you are not waiting for a quick game"
    NOT_TABLEMATES = "not_tablemates", "you two did not sit in that game together"
    BAD_REPORT_REASON = "bad_report_reason", "unknown report reason {reason!r}"
    # tournaments (service/tournaments/)
    NO_TOURNAMENT = "no_tournament", "no tournament is open or running in this chat"
    TOURNAMENT_EXISTS = "tournament_exists", "this chat already has a tournament"
    TOURNAMENT_STARTED = "tournament_started", "this tournament is no longer taking entrants"
    TOURNAMENT_OVER = "tournament_over", "this tournament is over"
    TOURNAMENT_FULL = "tournament_full", "the tournament is full ({most} entrants)"
    ALREADY_ENTERED = "already_entered", "you are already in this tournament"
    NOT_ENTERED = "not_entered", "you are not in this tournament"
    NEED_THREE = "need_three", "{least} entrants are needed to start (there are {entered})"
    MATCH_NOT_CALLED = "match_not_called", "this match is not waiting for Ready"
    NOT_YOUR_MATCH = "not_your_match", "this is not your match"
    ALREADY_READY = "already_ready", "you are ready already"
    NO_TOURNAMENT_NOW = ("no_tournament_now",
                         "a tournament is on in this chat: its matches take the table")


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
                 details: tuple[Detail, ...] = (), **params: str | int) -> None:
        if reason is None:
            reason = code.text(**params)
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


class QueueRefused(ServiceError):
    """The quick-match queue will not take the person now: already waiting or playing, in
    a cooldown, or asking for a game that cannot be played."""
