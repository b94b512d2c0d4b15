"""Replaying a deal and dealing the next one of a series, shared by every deal state.

Both need nothing but the class's own ``new`` and ``apply``, so GameState (and HouseState)
and WarsawState inherit them instead of keeping copies.
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .outcome import Outcome
from .rules import RuleSet


class DealSeries:
    __slots__ = ()  # adds no per-instance storage to the slotted states

    @classmethod
    def replay(cls, rules: RuleSet, seed: int, actions, dealer: int | None = None,
               **deal_kwargs: Any):
        """Deal from ``seed`` and apply ``actions`` (Action or text "2:a 10h") checked."""
        s = cls.new(rules, seed, dealer, **deal_kwargs)  # type: ignore[attr-defined]
        for a in actions:
            s.apply(Action.parse(a) if isinstance(a, str) else a)
        return s

    @classmethod
    def next_deal(cls, rules: RuleSet, previous_outcome: Outcome, previous_dealer: int,
                  seed: int):
        """The next deal of a series: the first fool deals (in Warsaw the biggest payer, in
        teams the losing member holding most cards, both listed first); after a draw the
        same dealer deals again."""
        fool = previous_outcome.fools[0] if previous_outcome.fools else None
        dealer = previous_dealer if fool is None else fool
        return cls.new(rules, seed, dealer, later_deal=True,  # type: ignore[attr-defined]
                       prev_fool=fool)
