"""Game settings as a lobby stores them, and how they become engine rules.

Stored form (JSON): ``{"preset": "podkidnoy", "rules": {"transfer": "play", ...},
"turn_seconds": 60}``. Rule values are checked by the engine's own parser, so anything a user
sends is validated before it is stored; the player count is added at start.

Refusals are ``LobbyError``: ``RULES_PROBLEM`` passes on the engine's ``RulesError`` (its
codes in ``details``), ``BAD_SETTINGS`` is malformed input the engine never saw.
"""

from __future__ import annotations

from typing import Any

from bot.engine import RulesError, RuleSet
from bot.service.errors import Code, LobbyError, engine_details

DEFAULT_PRESET = "podkidnoy"
DEFAULT_TURN_SECONDS = 60
MIN_TURN_SECONDS, MAX_TURN_SECONDS = 10, 24 * 3600
MAX_PLAYERS = 6
MAX_PLAYERS_WARSAW = 10


def default_settings(chat_defaults: dict[str, Any] | None = None) -> dict[str, Any]:
    base = {"preset": DEFAULT_PRESET, "rules": {}, "turn_seconds": DEFAULT_TURN_SECONDS}
    if chat_defaults:
        base.update(normalise(chat_defaults))
    return base


def rules_problem(exc: RulesError) -> LobbyError:
    """The refusal that passes on the engine's reasons a rule set cannot be played."""
    return LobbyError(Code.RULES_PROBLEM, details=engine_details(exc))


def normalise(settings: dict[str, Any]) -> dict[str, Any]:
    """Checked copy of untrusted settings; raises LobbyError with the reason."""
    try:
        return _normalise(settings)
    except RulesError as exc:
        raise rules_problem(exc) from exc
    except (TypeError, ValueError) as exc:  # odd input must never escape as a crash
        raise LobbyError(Code.BAD_SETTINGS, problem=str(exc)) from exc


def _normalise(settings: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(settings, dict):
        raise LobbyError(Code.BAD_SETTINGS, problem="settings must be a mapping")
    preset = str(settings.get("preset", DEFAULT_PRESET))
    overrides = settings.get("rules") or {}
    if not isinstance(overrides, dict):
        raise LobbyError(Code.BAD_SETTINGS,
                         problem="rules must be a mapping of parameter to value")
    overrides = {str(k): v for k, v in overrides.items() if k not in ("players", "preset_name")}
    rules = RuleSet.preset(preset, **overrides)  # raises on unknown preset/parameter/value
    try:
        turn = int(settings.get("turn_seconds", DEFAULT_TURN_SECONDS))
    except (TypeError, ValueError) as exc:
        raise LobbyError(Code.BAD_SETTINGS,
                         problem="turn_seconds must be a whole number of seconds") from exc
    if not MIN_TURN_SECONDS <= turn <= MAX_TURN_SECONDS:
        raise LobbyError(Code.BAD_SETTINGS, problem=f"turn time must be "
                         f"{MIN_TURN_SECONDS}..{MAX_TURN_SECONDS} seconds")
    # Store the parsed values so the JSON holds typed values, not user strings.
    parsed = rules.to_dict()
    clean = {k: parsed[k] for k in overrides}
    return {"preset": preset, "rules": clean, "turn_seconds": turn}


def merge(settings: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """Apply a change request; choosing a new preset starts its overrides afresh."""
    merged = dict(settings)
    if "preset" in changes and changes["preset"] != settings.get("preset"):
        merged["preset"] = changes["preset"]
        merged["rules"] = {}
    if "rules" in changes:
        merged["rules"] = {**merged.get("rules", {}), **(changes["rules"] or {})}
    if "turn_seconds" in changes:
        merged["turn_seconds"] = changes["turn_seconds"]
    return normalise(merged)


def rules_for(settings: dict[str, Any], players: int) -> RuleSet:
    """The engine rules for this many players, validated (LobbyError with the reasons)."""
    try:
        rules = RuleSet.preset(settings.get("preset", DEFAULT_PRESET), players=players,
                               **settings.get("rules", {}))
        rules.validate()
    except RulesError as exc:
        raise rules_problem(exc) from exc
    return rules


def max_players(settings: dict[str, Any]) -> int:
    rules = RuleSet.preset(settings.get("preset", DEFAULT_PRESET), **settings.get("rules", {}))
    return MAX_PLAYERS_WARSAW if rules.on_fail == "warsaw" else MAX_PLAYERS
