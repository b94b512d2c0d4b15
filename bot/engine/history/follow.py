"""Following a deal: ``Recorder`` applies actions to a deal and keeps its public history;
``history_of`` replays a move log into one.

Beside the state, not in it: ``apply_unchecked`` (millions of times a second in the
computer players' playouts) does no work for a history; only code that wants one pays,
about two public views per action. A deal is its seed and its actions, so the history of
a stored game is rebuilt exactly from its move log, and never needs storing itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.actions import Action, Event
from ..core.game_state import GameState
from ..core.rules import RuleSet
from ..forms.public import public_view
from ..game import new_deal
from .entries import PublicHistory
from .record import start_entry, step_entries


class Recorder:
    """Follows one deal: ``recorder.apply(action)`` applies it (checked, as
    ``state.apply``) and records what the table saw.

    A recorder may also be fed steps played elsewhere with ``record`` (the state before,
    the action and its events are enough, e.g. a service's snapshots)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        view = public_view(state)
        self._before = view
        self._entries = [start_entry(view)]
        self._players = state.rules.players

    @property
    def history(self) -> PublicHistory:
        return PublicHistory(self._players, tuple(self._entries))

    def apply(self, action: Action) -> tuple[Event, ...]:
        events = tuple(self.state.apply(action))
        self._step(action, events)
        return events

    def record(self, before: GameState, action: Action, events: Iterable[Event],
               after: GameState) -> None:
        """A step applied elsewhere: ``before`` / ``after`` are the deal on either side."""
        self._before = public_view(before)
        self.state = after
        self._step(action, tuple(events))

    def _step(self, action: Action, events: tuple[Event, ...]) -> None:
        after = public_view(self.state)
        bout = self._entries[-1].bout
        self._entries += step_entries(bout, self._before, action, events, after)
        self._before = after


def history_of(rules: RuleSet, seed: int, actions: Iterable[Action | str],
               dealer: int | None = None, **deal_kwargs: Any) -> PublicHistory:
    """The public history of the deal ``new_deal(rules, seed, dealer, **deal_kwargs)``
    after ``actions`` (Action or its log text "2:a 10h"), each checked as in
    ``replay_deal``."""
    rec = Recorder(new_deal(rules, seed, dealer, **deal_kwargs))
    for a in actions:
        rec.apply(Action.parse(a) if isinstance(a, str) else a)
    return rec.history
