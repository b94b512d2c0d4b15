"""``GameState``: the face every deal shows, whatever game it is (a ``typing.Protocol``).

The service, the renderer, the computer players and the command line code against this,
never against a deal class: ``ThrowInState`` (throwin/state.py; podkidnoy, perevodnoy, pagat...),
its ``HouseState`` (house/state.py; house rules with state of their own) and
``WarsawState`` (warsaw.py; Dureń Piątkowy) all show it. game.py deals them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol, runtime_checkable

from ..forms.view import PlayerView
from .actions import Action, Event
from .outcome import Outcome
from .phase import Phase
from .rules import RuleSet


@runtime_checkable
class GameState(Protocol):
    """One deal: mutated by ``apply``, copied by ``clone``. Seats are 0..players-1.
    (Runtime-checkable: ``isinstance(x, GameState)`` asks that every member is there.)"""

    rules: RuleSet
    seed: int                 # what the deal was dealt from (game.new_deal)
    dealer: int
    later_deal: bool          # dealt as a later deal of a series (next_deal)
    prev_fool: int | None     # the previous deal's fool, for next_deal_first_attacker
    n: int                    # players
    version: int              # actions applied in this deal
    phase: Phase              # exchange / play / over
    outcome: Outcome | None   # set when the deal is over
    attacker: int             # the principal attacker of the current bout (or attack)
    defender: int

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self, player: int) -> Iterator[Action]:
        """Every legal action of ``player`` now (nothing when it is not their move)."""
        ...

    def actors(self) -> tuple[int, ...]:
        """Seats that have at least one legal action now."""
        ...

    def waiting_on(self) -> tuple[int, ...]:
        """Seats whose action the game needs to go on (the turn timers' targets)."""
        ...

    def default_action(self, player: int) -> Action | None:
        """The move a timeout plays for ``player`` (None when the game does not wait on
        them)."""
        ...

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Play ``action`` after checking it: IllegalAction (with a code) if the rules
        forbid it. Returns what happened (bout ends, draws, players out, the end)."""
        ...

    def apply_unchecked(self, action: Action) -> tuple[Event, ...]:
        """Play an action taken from ``legal_actions`` without checking it (search)."""
        ...

    def clone(self) -> GameState:
        """An independent copy (cheap: shared tables stay shared)."""
        ...

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know (the computer players and the renderer read only
        views)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe; game.deal_from_dict reads it back."""
        ...

    def table_pairs(self) -> list[tuple[int, int | None]]:
        """(attack card, its cover or None) in play order."""
        ...
