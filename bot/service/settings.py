"""Game settings as a lobby stores them, and how they become engine rules.

Stored form (JSON): ``{"preset": "podkidnoy", "rules": {"transfer": "play", ...},
"turn_seconds": 60}``. Rule values are checked by the engine's own parser, so anything a user
sends is validated before it is stored; the player count is added at start.
"""

from __future__ import annotations

from typing import Any

from bot.engine import RulesError, RuleSet
from bot.engine.codes import CodeEnum

DEFAULT_PRESET = "podkidnoy"
DEFAULT_TURN_SECONDS = 60
MIN_TURN_SECONDS, MAX_TURN_SECONDS = 10, 24 * 3600
MAX_PLAYERS = 6
MAX_PLAYERS_WARSAW = 10


class SettingsCode(CodeEnum):
    """Settings that are no lobby configuration: raised as the engine's RulesError (which
    every caller already handles) with a code of their own, like the engine's codes."""

    INVALID = "settings_invalid", "invalid settings: {detail}"
    NOT_A_MAPPING = "settings_not_a_mapping", "settings must be a mapping"
    RULES_NOT_A_MAPPING = ("settings_rules_not_a_mapping",
                           "rules must be a mapping of parameter to value")
    TURN_NOT_WHOLE = "settings_turn_not_whole", "turn_seconds must be a whole number of seconds"
    TURN_OUT_OF_RANGE = ("settings_turn_out_of_range",
                         "turn time must be {min_seconds}..{max_seconds} seconds")


def default_settings(chat_defaults: dict[str, Any] | None = None) -> dict[str, Any]:
    base = {"preset": DEFAULT_PRESET, "rules": {}, "turn_seconds": DEFAULT_TURN_SECONDS}
    if chat_defaults:
        base.update(normalise(chat_defaults))
    return base


def normalise(settings: dict[str, Any]) -> dict[str, Any]:
    """Checked copy of untrusted settings; raises RulesError with a human reason."""
    try:
        return _normalise(settings)
    except RulesError:
        raise
    except (TypeError, ValueError) as exc:  # odd input must never escape as a crash
        raise RulesError(SettingsCode.INVALID, detail=str(exc)) from exc


def _normalise(settings: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(settings, dict):
        raise RulesError(SettingsCode.NOT_A_MAPPING)
    preset = str(settings.get("preset", DEFAULT_PRESET))
    overrides = settings.get("rules") or {}
    if not isinstance(overrides, dict):
        raise RulesError(SettingsCode.RULES_NOT_A_MAPPING)
    overrides = {str(k): v for k, v in overrides.items() if k not in ("players", "preset_name")}
    rules = RuleSet.preset(preset, **overrides)  # raises on unknown preset/parameter/value
    try:
        turn = int(settings.get("turn_seconds", DEFAULT_TURN_SECONDS))
    except (TypeError, ValueError) as exc:
        raise RulesError(SettingsCode.TURN_NOT_WHOLE) from exc
    if not MIN_TURN_SECONDS <= turn <= MAX_TURN_SECONDS:
        raise RulesError(SettingsCode.TURN_OUT_OF_RANGE, min_seconds=MIN_TURN_SECONDS,
                         max_seconds=MAX_TURN_SECONDS)
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
    """The engine rules for this many players, validated (RulesError with the reason)."""
    rules = RuleSet.preset(settings.get("preset", DEFAULT_PRESET), players=players,
                           **settings.get("rules", {}))
    rules.validate()
    return rules


def max_players(settings: dict[str, Any]) -> int:
    rules = RuleSet.preset(settings.get("preset", DEFAULT_PRESET), **settings.get("rules", {}))
    return MAX_PLAYERS_WARSAW if rules.on_fail == "warsaw" else MAX_PLAYERS
