"""What a person reads when something is refused: ONE table from refusal codes to
catalogue messages.

The service and the runtime refuse with a ``bot.service.errors.Code`` (and parameters);
the engine's refusals they pass on (``details``) carry the engine's own codes. Every code
of either kind has its line below; tests/render/test_refusals.py checks that none is
missing, so a new refusal cannot reach a player as English prose or not at all.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.i18n import is_plural, t, tn
from bot.i18n.reasons import translate_reason
from bot.service.errors import Code, Detail, ServiceError

Params = Callable[[str, Mapping[str, Any], tuple[Detail, ...]], dict[str, Any]]


@dataclass(frozen=True)
class Message:
    key: str  # the catalogue key
    params: Params | None = None  # (locale, refusal params, details) -> message params


def _players_missing(locale: str, params: Mapping[str, Any], details) -> dict[str, Any]:
    return {"n": max(1, 2 - int(params.get("players", 0)))}


def _names(locale: str, params: Mapping[str, Any], details) -> dict[str, Any]:
    return {"names": ", ".join(params.get("names", ()))}


def _engine_reasons(locale: str, params: Mapping[str, Any], details) -> dict[str, Any]:
    return {"reason": "; ".join(detail_text(locale, d) for d in details)}


STALE = Message("err.stale_button")

# Service and runtime refusals. Refusals that only forged or outdated buttons can cause
# read "out of date": the honest person who sees one pressed an old message.
REFUSALS: dict[Code, Message] = {
    Code.NO_SUCH_LOBBY: Message("err.unknown_lobby"),
    Code.NO_OPEN_INVITE: Message("lobby.invite_invalid"),
    Code.LOBBY_EXISTS: Message("err.lobby_exists"),
    Code.LOBBY_CLOSED: Message("err.unknown_lobby"),
    Code.LOBBY_STARTED: Message("err.unknown_lobby"),
    Code.LOBBY_CHANGED: STALE,
    Code.ALREADY_JOINED: Message("lobby.already_joined"),
    Code.LOBBY_FULL: Message("err.full"),
    Code.TOO_MANY_PLAYERS: Message("err.full"),
    Code.NOT_IN_LOBBY: Message("lobby.not_joined"),
    Code.HOST_ONLY: Message("err.host_or_admin"),  # admins act in the host's name
    Code.UNKNOWN_STRENGTH: STALE,
    Code.NO_COMPUTER_THERE: STALE,
    Code.NEED_TWO: Message("lobby.need_more", _players_missing),
    Code.BAD_SETTINGS: STALE,
    Code.RULES_PROBLEM: Message("lobby.rules_problem", _engine_reasons),
    Code.NO_SUCH_GAME: STALE,
    Code.NOT_PLAYING: Message("err.not_in_game"),
    Code.NO_SUCH_SEAT: Message("err.not_in_game"),
    Code.PERSON_PLAYS_SEAT: Message("err.not_in_game"),
    Code.NOT_AN_ACTION: Message("err.illegal_move"),
    Code.ILLEGAL_MOVE: Message("err.illegal_move"),
    Code.NOT_YOUR_TURN: Message("err.not_your_turn"),
    Code.ALREADY_PLAYED: Message("err.already_played"),
    Code.GAME_MOVED_ON: STALE,
    Code.GAME_OVER: Message("err.game_over"),
    Code.GAME_CANCELLED: Message("err.game_over"),
    Code.DEAL_RUNNING: STALE,
    Code.SERIES_OVER: Message("err.series_over"),
    Code.NEXT_DEAL_STARTED: Message("err.already_played"),
    Code.TOO_EARLY: STALE,
    Code.HOST_OR_ADMIN: Message("err.host_or_admin"),
    Code.WRONG_CHAT: Message("err.wrong_chat"),
    Code.NEED_PRIVATE_CHAT: Message("lobby.need_private", _names),
    Code.HINTS_OFF: Message("err.hints_off"),
    Code.STALE_BUTTON: STALE,
    Code.NOT_GROUP_MEMBER: Message("lobby.not_group_member",
                                   lambda locale, params, details: {"group": params["group"]}),
    Code.NO_OPEN_LOBBY: Message("err.no_lobby"),
    Code.NOTHING_TO_CANCEL: Message("err.no_running_game"),
    Code.GAME_RUNNING: Message("lobby.game_running"),
    Code.SOLO_RUNNING: Message("solo.running"),
}

# The engine's refusals shown inside a message (a rule set's problems): engine code ->
# catalogue key; the engine's parameters fill it in.
ENGINE_REASONS: dict[str, str] = {}


def message(locale: str, key: str, **params: Any) -> str:
    """A catalogue text whether or not the key has plural forms (``n`` picks the form)."""
    if is_plural(key):
        return tn(locale, key, int(params.pop("n", 1)), **params)
    return t(locale, key, **params)


def detail_text(locale: str, detail: Detail) -> str:
    """One engine refusal in ``locale``."""
    key = ENGINE_REASONS.get(detail.code)
    if key is not None:
        return message(locale, key, **detail.params)
    return translate_reason(locale, detail.text)


def refusal_text(locale: str, refusal: ServiceError | Code) -> str:
    """What the person reads for ``refusal`` (a refusal, or a bare code)."""
    if isinstance(refusal, Code):
        refusal = ServiceError(refusal)
    entry = REFUSALS[refusal.code]
    params = entry.params(locale, refusal.params, refusal.details) if entry.params else {}
    return message(locale, entry.key, **params)
