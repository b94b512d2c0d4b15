"""The rules engine: pure, fast Durak rules (see README.md for the contract)."""

from . import _build  # first: picks the compiled or the pure-Python build (README)
from .actions import Action, ActionKind, Event, EventKind
from .cards import Card, CardSet
from .codes import Code
from .errors import (
    EngineError,
    IllegalAction,
    InvalidAction,
    InvalidAssignment,
    InvalidCard,
    InvalidState,
    Reason,
    RulesError,
)
from .game import deal_class, deal_from_dict, deal_from_position, new_deal, next_deal, replay_deal
from .game_state import GameState
from .house_state import HouseState
from .outcome import Outcome
from .phase import Phase
from .public import PublicView, public_view
from .rules import PARAMETERS, PLAYABLE_PRESETS, PRESETS, RuleSet
from .state import ThrowInState
from .view import PlayerView
from .warsaw import WarsawState
from .warsaw_view import WarsawView

ENGINE_BUILD = _build.BUILD  # "compiled" or "pure"

__all__ = [
    "Action", "ActionKind", "Card", "CardSet", "Code", "ENGINE_BUILD", "EngineError", "Event",
    "EventKind", "GameState", "HouseState", "IllegalAction", "InvalidAction",
    "InvalidAssignment", "InvalidCard", "InvalidState", "Outcome", "PARAMETERS",
    "PLAYABLE_PRESETS", "PRESETS", "Phase", "PlayerView", "PublicView", "Reason", "RuleSet",
    "RulesError", "ThrowInState", "WarsawState", "WarsawView", "deal_class", "deal_from_dict",
    "deal_from_position", "new_deal", "next_deal", "public_view", "replay_deal",
]
