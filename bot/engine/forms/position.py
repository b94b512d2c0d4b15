"""Hand-built throw-in positions for tests and puzzles: ``deal_from_position(rules, ...)``
(game.py) builds one with the class the rules need.

Cards are given as text ("6h 7h Ts") or lists of card ids. Every deck card not placed in a
hand, the stock, the table or the turn-up goes to the discard (Decision, so positions keep
card conservation without listing the discard).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from ..core.cards import SUIT_LETTERS, Cards, bits, mask_of, parse_card, parse_cards
from ..core.codes import Code
from ..core.errors import InvalidState
from ..core.rules import RuleSet
from ..core.tables import THROW_IN_RANKS
from ..throwin.state_config import config_for

if TYPE_CHECKING:
    from ..throwin.moves import ThrowInMoves

S = TypeVar("S", bound="ThrowInMoves")


def build_position(cls: type[S], rules: RuleSet, *, hands: Sequence[Cards],
                   trump: str | int, attacker: int, defender: int | None = None,
                   stock: Cards = "", turnup: str | int | None = None,
                   table: Sequence[tuple[str | int, str | int | None]] = (),
                   attack_by: Sequence[int] | None = None, taking: bool = False,
                   passed: Iterable[int] = (), first_bout: bool = False,
                   limit: int | None = None, out: Iterable[int] = (), shown: Cards = "",
                   dealer: int = 0, seed: int = 0) -> S:
    """A mid-deal state. ``stock`` is in draw order; the turn-up (default: the last stock
    card) is drawn last. ``limit`` defaults to the limit in force computed from the
    defender's hand at the start of the bout (hand now + cards they covered with)."""
    if rules.players != len(hands):
        rules = rules.with_overrides({"players": len(hands)})
    cfg = config_for(rules)
    trump_suit = SUIT_LETTERS.index(trump) if isinstance(trump, str) else trump
    s = cls._blank(rules, cfg, trump_suit)
    s.seed, s.dealer = seed, dealer
    s.hands = [mask_of(parse_cards(h)) for h in hands]
    s.stock = parse_cards(stock)[::-1]
    if turnup is not None:
        s.turnup = parse_card(turnup) if isinstance(turnup, str) else turnup
    elif s.stock:
        s.turnup = s.stock[0]
    for a, c in ((parse_cards(str(a)) if isinstance(a, str) else [a], c) for a, c in table):
        s.attacks.append(a[0])
        s.covers.append(-1 if c is None else (parse_card(c) if isinstance(c, str) else c))
    s.attack_by = list(attack_by) if attack_by is not None else [attacker] * len(s.attacks)
    s.n_unc = s.covers.count(-1)
    for c in s.attacks + [c for c in s.covers if c >= 0]:
        s.rank_cards |= THROW_IN_RANKS[c & 15]
    placed = 0
    for m in s.hands + [mask_of(s.stock), mask_of(s.attacks),
                        mask_of(c for c in s.covers if c >= 0)]:
        placed |= m
    s.discard = s.deck_mask & ~placed
    for seat in out:
        s.in_play[seat] = False
        s.out_order.append(seat)
    s.first_bout = first_bout
    s.bout_no = 0 if first_bout else 1
    d = defender if defender is not None else s._left(attacker)
    s._start_bout(attacker, d)
    covered = sum(1 for c in s.covers if c >= 0)
    if limit is None:
        base = cfg.limit_first if first_bout else cfg.limit_later
        limit = min(base, s.hands[d].bit_count() + covered)
    s.limit = limit
    s.taking = taking
    s.passed = mask_of(passed)
    s.shown = mask_of(parse_cards(shown))
    if len(bits(placed)) != sum(h.bit_count() for h in s.hands) + len(s.stock) + len(
            s.attacks) + covered:
        raise InvalidState(Code.CARD_PLACED_TWICE)
    return s
