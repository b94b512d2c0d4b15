"""What a deal was dealt from besides its rules and seed, stored with it (``games.deal_inputs``)
so that a replay deals the very cards and first attacker the game was played with.

Why the stored dealer is not enough: a first deal draws its dealer from the seed's stream,
and a house deal that re-inserts a rejected turn-up (jokers, spades_by_spades) reads that
stream after the draw, so the same seed with the drawn dealer given back deals other cards
for 4-25 % of seeds (bot/engine/README.md, "Known issues"). And a later deal of a series
picks its first attacker by ``next_deal_first_attacker`` and the previous fool. So the
arguments ``new_deal`` was called with are stored as they were passed, and the replay
passes them again.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from bot.engine import GameState, RuleSet, new_deal


@dataclass(frozen=True)
class DealInputs:
    """``new_deal``'s arguments besides rules and seed."""

    dealer: int | None   # None: drawn from the seed (the first deal of a series)
    later_deal: bool     # a later deal of a series: next_deal_first_attacker applies
    prev_fool: int | None

    @classmethod
    def of(cls, state: GameState, *, dealer_drawn: bool) -> DealInputs:
        """The inputs ``state`` was just dealt from (``dealer_drawn``: new_deal was given no
        dealer)."""
        return cls(None if dealer_drawn else state.dealer, state.later_deal, state.prev_fool)

    def to_dict(self) -> dict[str, Any]:
        """The stored form; its keys are ``new_deal``'s (and ``history_of``'s) keyword
        arguments, so it is also how the inputs are passed back."""
        return asdict(self)

    @classmethod
    def stored(cls, game: Any) -> DealInputs:
        """The inputs of a stored deal (a ``games`` row). Rows stored before migration 0006
        have none: GameService dealt the first deal of a series with the dealer drawn and
        every later one with the stored dealer given, and copied later_deal and prev_fool
        into the state, where no move changes them."""
        if game.deal_inputs is not None:
            return cls(**game.deal_inputs)
        if game.deal_number == 1:
            return cls(None, False, None)
        return cls(game.dealer, True, game.state.get("prev_fool"))

    def deal(self, rules: RuleSet, seed: int) -> GameState:
        return new_deal(rules, seed=seed, **self.to_dict())
