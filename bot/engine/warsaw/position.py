"""Hand-built Warsaw positions at the start of an attack, for tests and puzzles:
``deal_from_position(rules, hands=[...], trump="s", attacker=0, ...)`` (game.py) with Warsaw
rules builds one here.

Cards are text ("6h 7h Ts", "9h.1" for the second pack) or card ids. ``front`` gives the
cards lying in front of seats (only the principal attacker can have any at this moment),
``beaten`` the seats that beat off an attack earlier this deal. Every deck card not placed
goes to the discard, so positions keep card conservation (as ``forms/position.py``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from ..core.cards import SUIT_LETTERS, Cards, mask_of, parse_cards
from ..core.codes import Code
from ..core.errors import InvalidState
from ..core.rules import RuleSet

if TYPE_CHECKING:
    from .moves import WarsawMoves

W = TypeVar("W", bound="WarsawMoves")


def build_warsaw_position(cls: type[W], rules: RuleSet, *, hands: Sequence[Cards],
                          trump: str | int, attacker: int, stock: Cards = "",
                          turnup: str | int | None = None,
                          front: Sequence[Cards] | None = None, beaten: Iterable[int] = (),
                          dealer: int = 0, seed: int = 0, attack_no: int = 1) -> W:
    """``stock`` is in draw order; its last card is the turn-up unless ``turnup`` is given
    (then the turn-up is out of the stock, as after it was drawn)."""
    if rules.players != len(hands):
        rules = rules.with_overrides({"players": len(hands)})
    rules.validate()
    trump_suit = SUIT_LETTERS.index(trump) if isinstance(trump, str) else trump
    s = cls._blank(rules, trump_suit)
    s.seed, s.dealer, s.attack_no = seed, dealer, attack_no
    s.hands = [mask_of(parse_cards(h)) for h in hands]
    s.front = [mask_of(parse_cards(f)) for f in front] if front is not None else [0] * s.n
    s.stock = parse_cards(stock)[::-1]
    if turnup is not None:
        s.turnup = parse_cards(str(turnup))[0] if isinstance(turnup, str) else turnup
    elif s.stock:
        s.turnup = s.stock[0]
    s.beaten = mask_of(beaten)
    placed = 0
    count = 0
    for m in s.hands + s.front + [mask_of(s.stock)]:
        placed |= m
        count += m.bit_count()
    if count != placed.bit_count():
        raise InvalidState(Code.CARD_PLACED_TWICE)
    if placed & ~s.deck_mask:
        raise InvalidState(Code.CARD_NOT_IN_DECK)
    s.discard = s.deck_mask & ~placed
    s._start_attack(attacker)
    return s
