"""Cards as small ints and card sets as bitmasks.

A card id is ``pack * 64 + suit * 16 + rank``: suits 0..3 = ♠ ♥ ♦ ♣, ranks 2..14 (2..A),
jokers rank 15 (black joker suit ♠, red joker suit ♥). Hot paths use the plain ints and
int bitmasks; ``Card`` and ``CardSet`` only add text forms and a set-like face.

Text forms: ``10♥`` (``str``), ``10h`` (``Card.ascii``), ``Th`` also parses. Cards of the
second and third pack carry a suffix ``.1`` / ``.2`` (``10h.1``) so identical cards stay
distinct in every text form (Decision: RULES.md names no text for the pack).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .codes import Code
from .errors import InvalidCard

SUITS = "♠♥♦♣"
SUIT_LETTERS = "shdc"
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
RED_SUITS = (HEARTS, DIAMONDS)
JOKER_RANK = 15
RANK_TEXT = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
             11: "J", 12: "Q", 13: "K", 14: "A", JOKER_RANK: "*"}
_RANK_PARSE = {v: k for k, v in RANK_TEXT.items()}
_RANK_PARSE.update({"T": 10, "1": 14})
_SUIT_PARSE = {c: i for i, c in enumerate(SUITS)}
_SUIT_PARSE.update({c: i for i, c in enumerate(SUIT_LETTERS)})
_SUIT_PARSE.update({"♤": 0, "♡": 1, "♢": 2, "♧": 3})
MAX_PACKS = 3
LOWEST_RANK = {24: 9, 36: 6, 52: 2}


def card_id(rank: int, suit: int, pack: int = 0) -> int:
    return pack * 64 + suit * 16 + rank


def rank_of(card: int) -> int:
    return card & 15


def suit_of(card: int) -> int:
    return (card >> 4) & 3


def pack_of(card: int) -> int:
    return card >> 6


def bits(mask: int) -> list[int]:
    """Card ids in a bitmask, lowest id first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def rank_mask(rank: int, packs: int = MAX_PACKS) -> int:
    """Every card of ``rank`` in every suit of the first ``packs`` packs."""
    m = 0
    for p in range(packs):
        for s in range(4):
            m |= 1 << card_id(rank, s, p)
    return m


def suit_mask(suit: int, packs: int = MAX_PACKS) -> int:
    m = 0
    for p in range(packs):
        for r in range(2, JOKER_RANK + 1):
            m |= 1 << card_id(r, suit, p)
    return m


RANK_MASKS = [rank_mask(r) if 2 <= r <= JOKER_RANK else 0 for r in range(16)]
SUIT_MASKS = [suit_mask(s) for s in range(4)]


def deck_cards(deck: int, packs: int = 1, jokers: int = 0) -> list[int]:
    """All card ids of a deal's deck, sorted."""
    low = LOWEST_RANK[deck]
    cards = [card_id(r, s, p) for p in range(packs) for s in range(4) for r in range(low, 15)]
    if jokers:
        for p in range(packs):
            cards += [card_id(JOKER_RANK, SPADES, p), card_id(JOKER_RANK, HEARTS, p)]
    return sorted(cards)


def card_text(card: int, ascii: bool = False) -> str:
    rank, suit, pack = card & 15, (card >> 4) & 3, card >> 6
    if rank == JOKER_RANK:
        core = "*" + ("b" if suit == SPADES else "r") if ascii else ("🃏" + SUITS[suit])
    else:
        core = RANK_TEXT[rank] + (SUIT_LETTERS[suit] if ascii else SUITS[suit])
    return f"{core}.{pack}" if pack else core


def parse_card(text: str) -> int:
    """``10♥``, ``10h``, ``Th``, ``th``, ``10H``; ``10h.1`` (second pack); ``*r``/``*b``."""
    t = text.strip()
    pack = 0
    if "." in t:
        t, _, p = t.partition(".")
        if not p.isdigit() or not 0 <= int(p) < MAX_PACKS:
            raise InvalidCard(Code.CARD_BAD_PACK, text=text)
        pack = int(p)
    if t.startswith("🃏"):
        t = "*" + t[1:]
    if len(t) < 2:
        raise InvalidCard(Code.NOT_A_CARD, text=text)
    r, s = t[:-1].upper(), t[-1]
    if r == "*":
        joker_suit = {"b": SPADES, "r": HEARTS, "♠": SPADES, "♥": HEARTS}.get(s.lower())
        if joker_suit is None:
            raise InvalidCard(Code.NOT_A_JOKER, text=text)
        return card_id(JOKER_RANK, joker_suit, pack)
    rank = _RANK_PARSE.get(r)
    suit = _SUIT_PARSE.get(s, _SUIT_PARSE.get(s.lower()))
    if rank is None or suit is None or rank == JOKER_RANK:
        raise InvalidCard(Code.NOT_A_CARD, text=text)
    return card_id(rank, suit, pack)


# Cards as a caller may give them: text ("6h 7h Ts") or card ids
Cards = str | Iterable[int]


def parse_cards(cards: Cards) -> list[int]:
    """Card ids from text ("6h 7h Ts", commas allowed) or from card ids as they are."""
    if isinstance(cards, str):
        return [parse_card(t) for t in cards.replace(",", " ").split()]
    return [int(c) for c in cards]


def cards_text(cards: int | Iterable[int]) -> str:
    """A mask or a sequence of card ids as short ascii text ("10h Js.1"), the form saved
    states use; ``parse_cards`` reads it back."""
    seq = bits(cards) if isinstance(cards, int) else cards
    return " ".join(card_text(c, ascii=True) for c in seq)


class Card(int):
    """A card id with text forms. ``Card.parse('10h') == Card.parse('10♥') == 26``."""

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Card:
        """``10♥``, ``10h``, ``Th``...; raises InvalidCard (a ValueError) on other text."""
        return cls(parse_card(text))

    @classmethod
    def of(cls, rank: int, suit: int, pack: int = 0) -> Card:
        return cls(card_id(rank, suit, pack))

    @property
    def rank(self) -> int:
        return self & 15

    @property
    def suit(self) -> int:
        return (self >> 4) & 3

    @property
    def pack(self) -> int:
        return self >> 6

    @property
    def is_joker(self) -> bool:
        return self & 15 == JOKER_RANK

    def ascii(self) -> str:
        return card_text(self, ascii=True)

    def __str__(self) -> str:
        return card_text(self)

    def __repr__(self) -> str:
        return f"Card({card_text(self)})"


class CardSet:
    """An immutable set of cards over an int bitmask (bit ``id`` set = card present)."""

    __slots__ = ("mask",)

    def __init__(self, cards: Iterable[int] | int = 0):
        self.mask = cards if isinstance(cards, int) else mask_of(cards)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        return cls(parse_card(t) for t in text.replace(",", " ").split())

    def __iter__(self) -> Iterator[Card]:
        return (Card(c) for c in bits(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and card >= 0 and (self.mask >> card) & 1 == 1

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def cards(self) -> list[Card]:
        return list(self)

    def text(self, ascii: bool = True) -> str:
        return " ".join(card_text(c, ascii) for c in bits(self.mask))

    def __str__(self) -> str:
        return self.text(ascii=False)

    def __repr__(self) -> str:
        return f"CardSet({self.text(ascii=False)!r})"
