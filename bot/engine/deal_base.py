"""What every deal state shares: the checked ``apply`` over the cached legal list, replaying a
deal, and dealing the next one of a series.

GameState (and HouseState) and WarsawState inherit these instead of keeping copies; each
state supplies ``new``, ``_check``, ``apply_unchecked`` and the per-seat legal-list cache
(``_lc_key`` = version * 16 + seat, ``_lc`` = that seat's legal actions).
"""

from __future__ import annotations

from typing import Any

from .actions import Action, Event
from .outcome import Outcome
from .rules import RuleSet

try:  # Cython's pure-Python mode: ``cython.compiled`` is True only in the compiled build
    import cython
except ImportError:  # Cython is a build dependency only
    from . import _cython_shim as cython


class DealBase:
    # The per-seat legal-list cache and the action count, shared by every deal state (typed
    # fields of the compiled DealBase, deal_base.pxd, so ``apply`` reads them in C).
    __slots__ = ("version", "_lc_key", "_lc")
    version: int
    _lc_key: int
    _lc: list[Action]

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Check ``action`` against the rules, then play it. Raises IllegalAction(reason).

        An action found in the cached legal list of its seat (same version) is legal by
        construction; anything else goes through the rule-by-rule check."""
        canonical = None
        if cython.compiled:
            # Usually the caller passes the very object generated for this version: found
            # by identity with C integers only (its seat is the cache's by construction).
            seat = self._lc_key - self.version * 16
            if 0 <= seat < 16:
                lc = self._lc
                for act in lc:
                    if act is action:
                        canonical = act
                        break
        if canonical is None:
            try:
                if self._lc_key == self.version * 16 + action[0]:
                    # play the generated object: equal by value, with the canonical types
                    lc = self._lc
                    canonical = lc[lc.index(action)]
            except (TypeError, IndexError, ValueError):
                pass
        if canonical is None:
            canonical = self._check(action)  # type: ignore[attr-defined]
        return self.apply_unchecked(canonical)

    def apply_unchecked(self, action: Action) -> tuple[Event, ...]:
        """Play ``action`` without checking it (each state defines it)."""
        raise NotImplementedError

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
