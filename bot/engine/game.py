"""The one place that picks a deal's class: dealing, reading a saved deal, building a
position, replaying, and the next deal of a series, for every game the rules describe.

    state = new_deal(rules, seed=42)                       # dealer drawn from the seed
    state = new_deal(rules, deck_order="6h 9s ...", dealer=1)   # a known card order
    state = deal_from_dict(state.to_dict())
    state = deal_from_position(rules, hands=["6h 7h", "Ah"], trump="s", attacker=0)
    state = replay_deal(rules, 42, ["0:a 6h", "1:t"], dealer=1)
    state = next_deal(rules, previous.outcome, previous.dealer, seed=43)

Every function returns a ``GameState`` (core/game_state.py). The choice (``deal_class``):
``on_fail=warsaw`` plays ``WarsawState``; rules that need state or actions of their own
(pagat, six_any_time, poker, weli, changeable_trump, albanian: ``StateConfig.house``) play
``HouseState``; every other rule set plays ``ThrowInState``. The classes never choose: each
only builds itself (``cls.new``, and the codecs and position builders given the class).

A deck order: the cards exactly as the seeded shuffle would leave them (so
``deal.shuffled_deck(rules, seed)[0]`` deals that seed's cards again): in the standard deal
``deck_order[0]`` goes to the seat left of the dealer and so on round the table, one card at
a time; the card after the hands is turned up; the rest is the stock in drawing order (the
card after the turn-up is drawn first, the turn-up last). Text ("6h 7h ...") or card ids;
every card of the rule set's deck exactly once (InvalidState otherwise). See core/deal.py for the
house rules' deals.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .core.actions import Action
from .core.cards import Cards
from .core.codes import Code
from .core.errors import InvalidState
from .core.game_state import GameState
from .core.outcome import Outcome
from .core.rules import RuleSet
from .forms.codec import state_from_dict
from .forms.position import build_position
from .house.state import HouseState
from .throwin.state import ThrowInState
from .throwin.state_config import config_for
from .warsaw.codec import warsaw_from_dict
from .warsaw.position import build_warsaw_position
from .warsaw.state import WarsawState


def deal_class(rules: RuleSet) -> type[ThrowInState] | type[WarsawState]:
    """The class that plays ``rules`` (validated once; remembered on the frozen RuleSet so
    dealing does not decide again every game)."""
    cls = rules.__dict__.get("_deal_class")
    if cls is None:
        rules.validate()
        if rules.on_fail == "warsaw":  # Dureń Piątkowy: phases, stakes (warsaw.py)
            cls = WarsawState
        elif config_for(rules).house:
            cls = HouseState
        else:
            cls = ThrowInState
        object.__setattr__(rules, "_deal_class", cls)
    return cls


def new_deal(rules: RuleSet, seed: int = 0, dealer: int | None = None, *,
             deck_order: Cards | None = None, later_deal: bool = False,
             prev_fool: int | None = None) -> GameState:
    """Deal a game of ``rules`` from ``seed`` (or of the cards of ``deck_order``, module
    docstring). ``dealer`` None: drawn from the seed. ``later_deal``/``prev_fool``: a later
    deal of a series (``next_deal`` fills them in)."""
    return deal_class(rules).new(rules, seed, dealer, later_deal=later_deal,
                                 prev_fool=prev_fool, deck_order=deck_order)


def next_deal(rules: RuleSet, previous_outcome: Outcome, previous_dealer: int, seed: int, *,
              deck_order: Cards | None = None) -> GameState:
    """The next deal of a series: the first fool deals (in Warsaw the biggest payer, in
    teams the losing member holding most cards, both listed first); after a draw the
    same dealer deals again."""
    fool = previous_outcome.fools[0] if previous_outcome.fools else None
    dealer = previous_dealer if fool is None else fool
    return new_deal(rules, seed, dealer, deck_order=deck_order, later_deal=True,
                    prev_fool=fool)


def replay_deal(rules: RuleSet, seed: int, actions: Iterable[Action | str],
                dealer: int | None = None, **deal_kwargs: Any) -> GameState:
    """Deal as ``new_deal`` does and apply ``actions`` (Action or "2:a 10h"), each checked:
    the same state as playing them."""
    state = new_deal(rules, seed, dealer, **deal_kwargs)
    for a in actions:
        state.apply(Action.parse(a) if isinstance(a, str) else a)
    return state


def deal_from_dict(data: dict[str, Any]) -> GameState:
    """A deal from ``state.to_dict()``, as the class its rules need."""
    if not isinstance(data, dict) or not isinstance(data.get("rules"), dict):
        fmt = data.get("format") if isinstance(data, dict) else None
        raise InvalidState(Code.STATE_FORMAT, format=repr(fmt))
    rules = RuleSet.from_dict(data["rules"])
    cls = deal_class(rules)
    if issubclass(cls, WarsawState):
        return warsaw_from_dict(cls, rules, data)
    return state_from_dict(cls, rules, data)


def deal_from_position(rules: RuleSet, **position: Any) -> GameState:
    """A hand-built position, for tests and puzzles, as the class the rules need. Throw-in
    games: position.build_position (any moment of a bout); Warsaw:
    warsaw_position.build_warsaw_position (the start of an attack). Cards as text or ids;
    cards not placed go to the discard."""
    hands = position.get("hands")
    if hands is not None and rules.players != len(hands):
        rules = rules.with_overrides({"players": len(hands)})
    cls = deal_class(rules)
    if issubclass(cls, WarsawState):
        return build_warsaw_position(cls, rules, **position)
    return build_position(cls, rules, **position)


__all__ = ["deal_class", "deal_from_dict", "deal_from_position", "new_deal", "next_deal",
           "replay_deal"]
