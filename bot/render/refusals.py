"""What a person reads when something is refused: ONE table from refusal codes to
catalogue messages.

The service and the runtime refuse with a ``bot.service.errors.Code`` (and parameters);
the engine's refusals they pass on (``details``) carry the engine's own codes. Every code
of either kind has its line below; tests/render/test_refusals.py checks that none is
missing, so a new refusal cannot reach a player as English prose or not at all.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.engine import Code as EngineCode
from bot.engine import RulesError
from bot.i18n import is_plural, t, tn
from bot.service.errors import Code, Detail, ServiceError

from .card_letters import letters_for, relabel
from .rules import player_counts, preset_label, rule_label, value_label

Params = Callable[[str, Mapping[str, Any], tuple[Detail, ...]], dict[str, Any]]


@dataclass(frozen=True)
class Message:
    key: str  # the catalogue key
    params: Params | None = None  # (locale, refusal params, details) -> message params


def _players_missing(locale: str, params: Mapping[str, Any], details) -> dict[str, Any]:
    return {"n": max(1, 2 - int(params.get("players", 0)))}


def _engine_reasons(locale: str, params: Mapping[str, Any], details) -> dict[str, Any]:
    return {"reason": "; ".join(detail_text(locale, d) for d in details)}


def _quick_game(locale: str, params: Mapping[str, Any], details) -> dict[str, Any]:
    return {"game": tn(locale, "err.quick_game", int(params["players"]),
                       preset=preset_label(locale, str(params["preset"])))}


def _quick_where(locale: str, params: Mapping[str, Any], details) -> dict[str, Any]:
    # A game with a chat of its own (a group, an inline message) is "in another chat"; the
    # others (solo, link, quick) live in the person's private chat, where /quick is sent.
    elsewhere = params["venue"] in ("group", "inline")
    return {"where": t(locale, "err.quick_where_chat" if elsewhere
                       else "err.quick_where_private")}


def _quick_cooldown(locale: str, params: Mapping[str, Any], details) -> dict[str, Any]:
    minutes = str(params["minutes"])  # a count picks the plural form; anything else reads as 1
    return {"n": int(minutes) if minutes.isdigit() else 1, "streak": params["streak"]}


def _quick_unplayable(locale: str, params: Mapping[str, Any], details) -> dict[str, Any]:
    """Worded as `durak rules` words a mix (bot/cli/rulesets.py): a player count the game
    does not take says which counts it takes (asked of the engine with the overrides, as
    the settings screen asks: rules.player_counts); any other mix gives the engine's
    reasons."""
    preset, players = str(params["preset"]), int(params["players"])
    try:
        counts = player_counts({"preset": preset, "rules": json.loads(str(params["rules"]))})
    except (RulesError, ValueError, TypeError, KeyError):  # the engine's reasons say why
        counts = []
    if counts and players not in counts and counts == list(range(counts[0], counts[-1] + 1)):
        return {"reason": message(locale, "reason.preset_players",
                                  preset=preset_label(locale, preset), lo=counts[0],
                                  hi=counts[-1], n=players)}
    return _engine_reasons(locale, params, details)


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
    Code.CANNOT_REMOVE_HOST: Message("lobby.cannot_remove_host"),
    Code.HOST_ONLY: Message("err.host_or_admin"),  # admins act in the host's name
    Code.UNKNOWN_STRENGTH: STALE,
    Code.NO_COMPUTER_THERE: STALE,
    Code.NEED_TWO: Message("lobby.need_more", _players_missing),
    Code.BAD_SETTINGS: STALE,
    Code.RULES_PROBLEM: Message("lobby.rules_problem", _engine_reasons),
    Code.NO_SUCH_GAME: STALE,
    Code.NOT_PLAYING: Message("err.not_in_game"),
    Code.LEFT_GAME: Message("err.left_game"),
    Code.HINT_TOO_SOON: Message("err.hint_wait"),
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
    Code.NEED_PRIVATE_CHAT: Message("lobby.need_private",
                                    lambda locale, params, details: {"names": params["names"]}),
    Code.HINTS_OFF: Message("err.hints_off"),
    Code.STALE_BUTTON: STALE,
    Code.NOT_GROUP_MEMBER: Message("lobby.not_group_member",
                                   lambda locale, params, details: {"group": params["group"]}),
    Code.NO_OPEN_LOBBY: Message("err.no_lobby"),
    Code.NOTHING_TO_CANCEL: Message("err.no_running_game"),
    Code.GAME_RUNNING: Message("lobby.game_running"),
    Code.SOLO_RUNNING: Message("solo.running"),
    Code.PHRASE_TOO_SOON: Message("err.phrase_wait"),
    Code.NO_PHRASES_HERE: Message("err.no_phrases_here"),
    Code.QUICK_QUEUED: Message("err.quick_queued", _quick_game),
    Code.QUICK_SEATED: Message("err.quick_seated", _quick_where),
    Code.QUICK_COOLDOWN: Message("err.quick_cooldown", _quick_cooldown),
    Code.QUICK_UNPLAYABLE: Message("lobby.rules_problem", _quick_unplayable),
    Code.NOT_QUEUED: Message("err.quick_not_queued"),
    Code.NOT_TABLEMATES: Message("err.quick_not_tablemates"),
    Code.BAD_REPORT_REASON: STALE,
    Code.NO_TOURNAMENT: Message("err.no_tournament"),
    Code.TOURNAMENT_EXISTS: Message("err.tournament_exists"),
    Code.TOURNAMENT_STARTED: Message("err.tournament_started"),
    Code.TOURNAMENT_OVER: Message("err.tournament_over"),
    Code.TOURNAMENT_FULL: Message("err.tournament_full",
                                  lambda locale, params, details: {"n": params["most"]}),
    Code.ALREADY_ENTERED: Message("err.already_entered"),
    Code.NOT_ENTERED: Message("err.not_entered"),
    Code.NEED_THREE: Message("err.need_three", lambda locale, params, details: {
        "n": params["least"], "entered": params["entered"]}),
    Code.MATCH_NOT_CALLED: STALE,
    Code.NOT_YOUR_MATCH: Message("err.not_your_match"),
    Code.ALREADY_READY: Message("err.already_ready"),
    Code.NO_TOURNAMENT_NOW: Message("err.tournament_on"),
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


def _preset(locale: str, params: Mapping[str, Any]) -> str:
    return preset_label(locale, params["preset"])


_DECK = _say("reason.deck_too_small", n="players", hand="hand_size", need="cards_needed",
             deck="deck_size")

# The engine's refusals a person reads (inside "These settings cannot be played: ..."):
# every problem a rule set can have (bot/engine/core/rules.py, warsaw/rules.py), in players'
# words (rules and values by their labels). An illegal or unreadable move is not among
# them: the buttons offer legal moves only, so a person meets one only through an
# outdated or forged button and reads its service refusal.
ENGINE_REASONS: dict[EngineCode, Callable[[str, Mapping[str, Any]], str]] = {
    EngineCode.UNKNOWN_RULE: _say("reason.unknown_rule"),
    EngineCode.UNKNOWN_RULES: _say("reason.unknown_rules"),
    EngineCode.UNKNOWN_PRESET: _say("reason.unknown_preset"),
    EngineCode.VALUE_NOT_ALLOWED: _say("reason.value_not_allowed", rule=_rule("name")),
    EngineCode.NOT_IMPLEMENTED: _say("reason.not_implemented", rule=_rule(), value=_value()),
    EngineCode.WARSAW_PLAYERS: _say("reason.warsaw_players", n="players"),
    EngineCode.WARSAW_LEAD_AND_ON_FAIL: _say("reason.warsaw_pair"),
    EngineCode.PAGAT_THROW_IN: _say("reason.pagat_throw_in"),
    EngineCode.SIX_ANY_TIME_DECK: _say("reason.six_deck"),
    EngineCode.WARSAW_TWO_NOT_WARSAW: _say("reason.warsaw_two"),
    EngineCode.TEAMS_PLAYERS: _say("reason.teams_players", n="players",
                                   teams=_value("teams", value_param="teams")),
    EngineCode.PRESET_PLAYERS: _say("reason.preset_players", lo="min_players",
                                    hi="max_players", n="players", preset=_preset),
    EngineCode.DECK_TOO_SMALL: _DECK,
    EngineCode.DECK_TOO_SMALL_USE_DECK: _both(_DECK, _say("reason.use_deck",
                                                          deck="suggested_deck")),
    EngineCode.DECK_TOO_SMALL_USE_HAND: _both(_DECK, _say("reason.use_hand",
                                                          hand="suggested_hand_size")),
    EngineCode.WARSAW_HOUSE_RULES: _say("reason.warsaw_house", rules=_rules()),
    EngineCode.CRAZY_NO_TRUMP: _say("reason.crazy_no_trump"),
    EngineCode.NEEDS_TRUMP: _say("reason.needs_trump", rule=_rule()),
    EngineCode.FALLEN_ACE_NO_TRUMP: _say("reason.fallen_ace"),
    EngineCode.EXCHANGE_NO_TRUMP: _say("reason.exchange_no_trump", value=_value("trump_exchange")),
    EngineCode.CRAZY_CHANGEABLE: _say("reason.crazy_changeable"),
    EngineCode.RAILWAY_NO_STOCK: _say("reason.railway_stock", rule=_rule()),
    EngineCode.RAILWAY_EXCHANGE: _say("reason.railway_exchange"),
    EngineCode.ALBANIAN_CHANGEABLE: _say("reason.albanian_changeable"),
    EngineCode.ALBANIAN_EXCHANGE: _say("reason.albanian_exchange"),
    EngineCode.WELI_DECK: _say("reason.weli_deck"),
    EngineCode.WELI_PACKS: _say("reason.weli_packs"),
    EngineCode.JOKERS_PACKS: _say("reason.jokers_packs"),
    EngineCode.WARSAW_TRANSFER: _say("reason.warsaw_transfer"),
    EngineCode.WARSAW_TEAMS: _say("reason.warsaw_teams"),
    EngineCode.WARSAW_EXCHANGE: _say("reason.warsaw_exchange", value=_value("trump_exchange")),
}


# The engine's refusals of a move, in players' words (``move.*``): what the terminal game
# says to a typed move, and what an outdated button's press is told instead of the bare
# "That move is not allowed now." A code missing here reads as that bare sentence
# (err.illegal_move), never as a rule id such as "lead=same_rank". One message may serve
# several codes: the person needs to know what to do, not which check refused.
MOVE_REASONS: dict[EngineCode, str] = {
    EngineCode.DOES_NOT_BEAT: "move.does_not_beat",
    EngineCode.ALREADY_COVERED: "move.already_covered",
    EngineCode.NOT_IN_HAND: "move.not_in_hand",
    EngineCode.NOT_ON_TABLE: "move.not_on_table",
    EngineCode.NOT_LED_THIS_PHASE: "move.not_on_table",
    EngineCode.THROW_IN_NONE: "move.throw_in_none",
    EngineCode.THROW_IN_PRINCIPAL: "move.throw_in_principal",
    EngineCode.THROW_IN_NEIGHBOURS: "move.throw_in_neighbours",
    EngineCode.NOT_AN_ATTACKER: "move.not_an_attacker",
    EngineCode.LEAD_OVER_LIMIT: "move.bout_limit",
    EngineCode.BOUT_LIMIT_REACHED: "move.bout_limit",
    EngineCode.TRANSFER_OVER_LIMIT: "move.bout_limit",
    EngineCode.LEAD_OVER_DEFENDER_HAND: "move.bout_limit",
    EngineCode.THROW_IN_ONE_CARD: "move.throw_in_one_card",
    EngineCode.OTHERS_JOIN_AFTER_FIRST_BEAT: "move.others_wait",
    EngineCode.RANK_NOT_ON_TABLE: "move.rank_not_on_table",
    EngineCode.LEAD_SINGLE: "move.lead_single",
    EngineCode.LEAD_SAME_RANK: "move.lead_same_rank",
    EngineCode.LEAD_PAGAT_PATTERN: "move.lead_pagat_pattern",
    EngineCode.JOKER_LED_ALONE: "move.joker_alone",
    EngineCode.TRANSFER_NOT_ALLOWED: "move.transfer_not_allowed",
    EngineCode.TRANSFER_AFTER_COVER: "move.transfer_after_cover",
    EngineCode.TRANSFER_WRONG_RANK: "move.transfer_rank",
    EngineCode.TRANSFER_MIXED_RANKS: "move.transfer_rank",
    EngineCode.JOKER_TRANSFER: "move.transfer_rank",
    EngineCode.TRANSFER_NEXT_DEFENDER_SHORT: "move.transfer_short",
    EngineCode.SHOW_NEEDS_TRUMP: "move.show_needs_trump",
    EngineCode.SHOW_ONCE: "move.show_once",
    EngineCode.DEFENDER_ATTACKS: "move.you_defend",
    EngineCode.DEFENDER_PASSES: "move.you_defend",
    EngineCode.DEFENDER_LEADS: "move.you_defend",
    EngineCode.TAKE_NOT_DEFENDER: "move.defender_only",
    EngineCode.COVER_NOT_DEFENDER: "move.defender_only",
    EngineCode.TRANSFER_NOT_DEFENDER: "move.defender_only",
    EngineCode.DONE_NOT_DEFENDER: "move.defender_only",
    EngineCode.GIVE_UP_NOT_DEFENDER: "move.defender_only",
    EngineCode.MUST_LEAD_NOT_PASS: "move.must_lead",
    EngineCode.NOT_THE_LEADER: "move.wait_for_lead",
    EngineCode.WARSAW_NOT_THE_LEADER: "move.wait_for_lead",
    EngineCode.NOT_YOUR_TURN_TO_LEAD: "move.wait_for_lead",
    EngineCode.DEAL_OVER: "move.deal_over",
}
_MOVE_COUNTS = ("limit", "count")  # the engine's name for a move message's {n}
_MOVE_CARDS = ("card", "cover", "attack")  # card texts, shown in the reader's letters


def move_refusal_text(locale: str, code: str, params: Mapping[str, Any],
                      letters: str | None = None) -> str:
    """An engine refusal of a move in ``locale``: its ``move.*`` message, else
    err.illegal_move. ``letters``: whose court letters the cards take (default: the
    locale's, ``card_letters``)."""
    key = MOVE_REASONS.get(code)  # type: ignore[call-overload]
    if key is None:
        return t(locale, "err.illegal_move")
    letters = letters_for(locale) if letters is None else letters
    values = {k: relabel(str(v), letters) if k in _MOVE_CARDS else v for k, v in params.items()}
    if is_plural(key):
        n = next((int(values[k]) for k in _MOVE_COUNTS if k in values), 1)
        return tn(locale, key, n, **values)
    return t(locale, key, **values)


def message(locale: str, key: str, **params: Any) -> str:
    """A catalogue text whether or not the key has plural forms (``n`` picks the form)."""
    if is_plural(key):
        return tn(locale, key, int(params.pop("n", 1)), **params)
    return t(locale, key, **params)


def detail_text(locale: str, detail: Detail) -> str:
    """One engine refusal in ``locale`` (a code this table lacks, which a test forbids for
    every code a rule set can give, would read as the engine's English)."""
    say = ENGINE_REASONS.get(detail.code)  # type: ignore[call-overload]
    if say is not None:
        return say(locale, detail.params)
    return detail.text


def refusal_text(locale: str, refusal: ServiceError | Code) -> str:
    """What the person reads for ``refusal`` (a refusal, or a bare code)."""
    if isinstance(refusal, Code):
        refusal = ServiceError(refusal)
    if refusal.code is Code.ILLEGAL_MOVE and refusal.details:  # the rule in words
        detail = refusal.details[0]
        return move_refusal_text(locale, detail.code, detail.params)
    entry = REFUSALS[refusal.code]
    params = entry.params(locale, refusal.params, refusal.details) if entry.params else {}
    return message(locale, entry.key, **params)
