"""The rules engine: pure, fast Durak rules (see README.md for the contract)."""

from . import _build  # first: picks the compiled or the pure-Python build (README)
from .actions import Action, ActionKind, Event, EventKind, IllegalAction
from .cards import Card, CardSet
from .outcome import Outcome
from .rules import PARAMETERS, PLAYABLE_PRESETS, PRESETS, RulesError, RuleSet
from .state import GameState, Phase
from .view import PlayerView

ENGINE_BUILD = _build.BUILD  # "compiled" or "pure"

__all__ = [
    "Action", "ActionKind", "Card", "CardSet", "Event", "EventKind", "GameState",
    "IllegalAction", "Outcome", "PARAMETERS", "PLAYABLE_PRESETS", "PRESETS", "Phase",
    "PlayerView", "RuleSet", "RulesError",
]
