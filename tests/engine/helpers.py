"""Shared helpers for the engine tests: hand-built positions and action shorthands."""

from __future__ import annotations

from bot.engine import Action, GameState, RuleSet, deal_from_position


def pos(preset: str = "podkidnoy", rules: dict | None = None, **position) -> GameState:
    """A hand-built position (see bot.engine.forms.position.build_position)."""
    r = RuleSet.preset(preset, players=len(position["hands"]), **(rules or {}))
    return deal_from_position(r, **position)


def act(state: GameState, text: str):
    """Apply "seat:action" text, e.g. act(s, "1:c 7h 9h")."""
    return state.apply(Action.parse(text))


def texts(state: GameState, seat: int) -> set[str]:
    return {a.text() for a in state.legal_actions(seat)}
