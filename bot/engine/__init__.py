"""The rules engine: pure, fast Durak rules (see README.md for the contract)."""

from . import _build  # first: picks the compiled or the pure-Python build (README)
from .core.actions import Action, ActionKind, Event, EventKind
from .core.cards import Card, CardSet
from .core.codes import Code
from .core.errors import (
    EngineError,
    IllegalAction,
    InvalidAction,
    InvalidAssignment,
    InvalidCard,
    InvalidState,
    Reason,
    RulesError,
)
from .core.game_state import GameState
from .core.outcome import Outcome
from .core.phase import Phase
from .core.rules import PARAMETERS, PLAYABLE_PRESETS, PRESETS, RuleSet
from .forms.public import PublicView, public_view
from .forms.view import PlayerView
from .game import deal_class, deal_from_dict, deal_from_position, new_deal, next_deal, replay_deal
from .history import Entry, HistoryKind, PublicHistory, Recorder, history_of
from .house.state import HouseState
from .throwin.state import ThrowInState
from .warsaw.state import WarsawState
from .warsaw.view import WarsawView

ENGINE_BUILD = _build.BUILD  # "compiled" or "pure"

__all__ = [
    "Action", "ActionKind", "Card", "CardSet", "Code", "ENGINE_BUILD", "EngineError", "Entry",
    "Event", "EventKind", "GameState", "HistoryKind", "HouseState", "IllegalAction",
    "InvalidAction", "InvalidAssignment", "InvalidCard", "InvalidState", "Outcome",
    "PARAMETERS", "PLAYABLE_PRESETS", "PRESETS", "Phase", "PlayerView", "PublicHistory",
    "PublicView", "Reason", "Recorder", "RuleSet", "RulesError", "ThrowInState", "WarsawState",
    "WarsawView", "deal_class", "deal_from_dict", "deal_from_position", "history_of",
    "new_deal", "next_deal", "public_view", "replay_deal",
]
