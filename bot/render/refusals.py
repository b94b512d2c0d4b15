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

from .rules import preset_label, rule_label, value_label

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

Fill = Callable[[str, Mapping[str, Any]], Any]  # (locale, engine params) -> message param


def _say(key: str, **fill: str | Fill) -> Callable[[str, Mapping[str, Any]], str]:
    """A reason read from ``key``; ``fill`` gives a message parameter from the engine's
    (the name of one, or a function of them, e.g. a rule's label)."""
    def text(locale: str, params: Mapping[str, Any]) -> str:
        values = dict(params)
        for mine, how in fill.items():
            values[mine] = how(locale, params) if callable(how) else params[how]
        return message(locale, key, **values)
    return text


def _both(*parts: Callable[[str, Mapping[str, Any]], str]):
    """A reason in several parts (a problem and its advice), joined as the engine joins."""
    return lambda locale, params: "; ".join(part(locale, params) for part in parts)


def _label(locale: str, name: str) -> str:
    try:
        return rule_label(locale, name)
    except KeyError:  # a name nobody labelled (a typo sent by hand): as it was sent
        return name


def _rule(param: str = "rule") -> Fill:
    """The label of the rule named by the engine's ``param`` ("Throw-in")."""
    return lambda locale, params: _label(locale, params[param])


def _rules(param: str = "rules") -> Fill:
    """The labels of the rules the engine lists in ``param`` ("a, b")."""
    return lambda locale, params: ", ".join(_label(locale, name.strip())
                                            for name in str(params[param]).split(","))


def _value(rule: str | None = None, *, rule_param: str = "rule",
           value_param: str = "value") -> Fill:
    """The label of a rule's value ("same rank"); ``rule`` fixed, or named by a param."""
    def label(locale: str, params: Mapping[str, Any]) -> str:
        name, value = rule or params[rule_param], params[value_param]
        try:
            return value_label(locale, name, value)
        except KeyError:
            return str(value)
    return label


_DECK = _say("reason.deck_too_small", n="players", hand="hand_size", need="cards_needed",
             deck="deck_size")

# The engine's refusals a person reads (inside "These settings cannot be played: ..."):
# every problem a rule set can have (bot/engine/rules.py, warsaw_rules.py), in players'
# words (rules and values by their labels). An illegal or unreadable move is not among
# them: the buttons offer legal moves only, so a person meets one only through an
# outdated or forged button and reads its service refusal.
ENGINE_REASONS: dict[str, Callable[[str, Mapping[str, Any]], str]] = {
    "unknown_rule": _say("reason.unknown_rule"),
    "unknown_rules": _say("reason.unknown_rules"),
    "unknown_preset": _say("reason.unknown_preset"),
    "value_not_allowed": _say("reason.value_not_allowed", rule=_rule("name")),
    "not_implemented": _say("reason.not_implemented", rule=_rule(), value=_value()),
    "warsaw_players": _say("reason.warsaw_players", n="players"),
    "warsaw_lead_and_on_fail": _say("reason.warsaw_pair"),
    "pagat_throw_in": _say("reason.pagat_throw_in"),
    "six_any_time_deck": _say("reason.six_deck"),
    "warsaw_two_not_warsaw": _say("reason.warsaw_two"),
    "teams_players": _say("reason.teams_players", n="players",
                          teams=_value("teams", value_param="teams")),
    "preset_players": _say("reason.preset_players", lo="min_players", hi="max_players",
                           n="players",
                           preset=lambda locale, params: preset_label(locale, params["preset"])),
    "deck_too_small": _DECK,
    "deck_too_small_use_deck": _both(_DECK, _say("reason.use_deck", deck="suggested_deck")),
    "deck_too_small_use_hand": _both(_DECK, _say("reason.use_hand",
                                                 hand="suggested_hand_size")),
    "warsaw_house_rules": _say("reason.warsaw_house", rules=_rules()),
    "crazy_no_trump": _say("reason.crazy_no_trump"),
    "needs_trump": _say("reason.needs_trump", rule=_rule()),
    "fallen_ace_no_trump": _say("reason.fallen_ace"),
    "exchange_no_trump": _say("reason.exchange_no_trump", value=_value("trump_exchange")),
    "crazy_changeable": _say("reason.crazy_changeable"),
    "railway_no_stock": _say("reason.railway_stock", rule=_rule()),
    "railway_exchange": _say("reason.railway_exchange"),
    "albanian_changeable": _say("reason.albanian_changeable"),
    "albanian_exchange": _say("reason.albanian_exchange"),
    "weli_deck": _say("reason.weli_deck"),
    "weli_packs": _say("reason.weli_packs"),
    "jokers_packs": _say("reason.jokers_packs"),
    "warsaw_transfer": _say("reason.warsaw_transfer"),
    "warsaw_teams": _say("reason.warsaw_teams"),
    "warsaw_exchange": _say("reason.warsaw_exchange", value=_value("trump_exchange")),
}


def message(locale: str, key: str, **params: Any) -> str:
    """A catalogue text whether or not the key has plural forms (``n`` picks the form)."""
    if is_plural(key):
        return tn(locale, key, int(params.pop("n", 1)), **params)
    return t(locale, key, **params)


def detail_text(locale: str, detail: Detail) -> str:
    """One engine refusal in ``locale``."""
    say = ENGINE_REASONS.get(detail.code)
    if say is not None:
        return say(locale, detail.params)
    return translate_reason(locale, detail.text)


def refusal_text(locale: str, refusal: ServiceError | Code) -> str:
    """What the person reads for ``refusal`` (a refusal, or a bare code)."""
    if isinstance(refusal, Code):
        refusal = ServiceError(refusal)
    entry = REFUSALS[refusal.code]
    params = entry.params(locale, refusal.params, refusal.details) if entry.params else {}
    return message(locale, entry.key, **params)
