"""``DealBase``: what every deal class shares. The fields of the table that every variant
has (hands, stock, the table's attack and cover lists, attacker and defender, phase,
outcome...) and the checked ``apply`` over the cached legal list.

ThrowInState (state.py, and HouseState) and WarsawState extend it; each supplies ``_check``,
``apply_unchecked`` and the per-seat legal-list cache (``_lc_key`` = version * 16 + seat,
``_lc`` = that seat's legal actions). Which class a deal gets is decided in game.py only.
"""

from __future__ import annotations

from .actions import Action, Event
from .outcome import Outcome
from .phase import Phase
from .rules import RuleSet

try:  # Cython's pure-Python mode: ``cython.compiled`` is True only in the compiled build
    import cython
except ImportError:  # Cython is a build dependency only
    import bot.engine._cython_shim as cython

P_OVER = Phase.OVER


class DealBase:
    # Typed fields of the compiled DealBase (deal_base.pxd), so every deal class reads them
    # in C; plain slots in the pure build.
    __slots__ = ("rules", "beaters", "deck_mask", "seed", "dealer", "n", "hands", "known",
                 "stock", "turnup", "trump", "discard", "attacks", "covers", "attack_by",
                 "n_unc", "attacker", "defender", "passed", "phase", "exchange_holder",
                 "outcome", "later_deal", "prev_fool", "first_attacker_seat",
                 "version", "_lc_key", "_lc")
    rules: RuleSet
    beaters: list[int]        # beaters[card] = mask of cards that beat it (shared table)
    deck_mask: int
    seed: int
    dealer: int
    n: int                    # players
    hands: list[int]          # bitmask per seat
    known: list[int]          # per seat: cards everyone saw enter that hand (& hand = known)
    stock: list[int]          # draw from the end; stock[0] is the turn-up
    turnup: int               # card that showed trump (-1: none)
    trump: int                # suit, -1 for none
    discard: int
    attacks: list[int]        # attack (Warsaw: led) cards in play order
    covers: list[int]         # cover of attacks[i] or -1
    attack_by: list[int]      # seat that played attacks[i]
    n_unc: int                # uncovered attack cards (Warsaw: of the current phase)
    attacker: int             # principal attacker
    defender: int
    passed: int               # seats whose pass stands (bitmask)
    phase: Phase
    exchange_holder: int      # the seat asked to exchange a trump (-1: nobody)
    outcome: Outcome | None
    later_deal: bool          # a later deal of a series (next_deal_first_attacker)
    prev_fool: int | None
    first_attacker_seat: int
    version: int              # actions applied in this deal
    _lc_key: int
    _lc: list[Action]

    @property
    def is_over(self) -> bool:
        return self.phase is P_OVER

    def table_pairs(self) -> list[tuple[int, int | None]]:
        """(attack card, its cover or None) in play order."""
        return [(a, c if c >= 0 else None)
                for a, c in zip(self.attacks, self.covers, strict=False)]

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Check ``action`` against the rules, then play it. Raises IllegalAction (its
        ``code`` names the rule broken).

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
