"""Card glyphs for buttons and texts, and the order a hand is shown in.

Works on plain card ints as bot/engine/README.md defines them (``pack * 64 + suit * 16 +
rank``, suits 0..3 = ♠ ♥ ♦ ♣, ranks 2..14, jokers rank 15: black in ♠, red in ♥), so it
needs nothing from the engine at run time; the engine's ``Card`` is an ``int`` subclass and
goes in unchanged. The tests cross-check these texts with ``bot.engine.Card``.

Decisions (RULES.md is silent on presentation):
- ``emoji`` style appends U+FE0F to the suit so Telegram clients draw ♥️ ♦️ red and ♠️ ♣️
  black; ``plain`` style (``10♥``) is the engine's text and is used where space is tight.
- A hand is sorted by suit, then rank, with trumps last; non-trump suits alternate colours
  (♠ ♥ ♣ ♦) so neighbouring suits are told apart at a glance; jokers come after trumps.
- Cards of the 2nd and 3rd pack look identical on purpose: they are the same card to a
  player (the engine keeps them distinct by id).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine.cards import pack_of, rank_of, suit_of

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
JOKER_RANK = 15
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_LETTERS = "shdc"
RED_SUITS = frozenset({HEARTS, DIAMONDS})
RANKS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
         11: "J", 12: "Q", 13: "K", 14: "A"}
EMOJI = "\ufe0f"
JOKER = "🃏"
# Display order of non-trump suits: black, red, black, red.
SUIT_ORDER = {SPADES: 0, HEARTS: 1, CLUBS: 2, DIAMONDS: 3}


def is_joker(card: int) -> bool:
    return rank_of(card) == JOKER_RANK


def is_red(card: int) -> bool:
    """Hearts, diamonds and the red joker."""
    return suit_of(card) in RED_SUITS


def suit_symbol(suit: int, style: str = "emoji") -> str:
    symbol = SUIT_SYMBOLS[suit]
    return symbol + EMOJI if style == "emoji" else symbol


def _check(card: int) -> None:
    rank, suit = rank_of(card), suit_of(card)
    valid = rank in RANKS or (rank == JOKER_RANK and suit in (SPADES, HEARTS))
    if isinstance(card, bool) or not isinstance(card, int) or card < 0 or pack_of(card) > 2 \
            or not valid:
        raise ValueError(f"not a card id: {card!r}")


def card_label(card: int, style: str = "emoji") -> str:
    """``10♥️`` (emoji) or ``10♥`` (plain); jokers ``🃏♠️`` / ``🃏♥️``."""
    _check(card)
    rank, suit = rank_of(card), suit_of(card)
    if rank == JOKER_RANK:
        return JOKER + suit_symbol(suit, style)
    return RANKS[rank] + suit_symbol(suit, style)


def card_ascii(card: int) -> str:
    """The engine's ASCII form: ``10h``, ``*b``/``*r``, ``10h.1`` for the second pack."""
    _check(card)
    rank, suit, pack = rank_of(card), suit_of(card), pack_of(card)
    if rank == JOKER_RANK:
        core = "*" + ("b" if suit == SPADES else "r")
    else:
        core = RANKS[rank] + SUIT_LETTERS[suit]
    return f"{core}.{pack}" if pack else core


def hand_order_key(card: int, trump_suit: int | None) -> tuple[int, int, int, int]:
    """Sort key: plain suits (♠ ♥ ♣ ♦), then trumps, then jokers; by rank within a suit."""
    suit = suit_of(card)
    if is_joker(card):
        group = 2
    elif trump_suit is not None and suit == trump_suit:
        group = 1
    else:
        group = 0
    return (group, SUIT_ORDER[suit], rank_of(card), pack_of(card))


def sort_hand(cards: Iterable[int], trump_suit: int | None) -> list[int]:
    return sorted(cards, key=lambda card: hand_order_key(card, trump_suit))


def cards_text(cards: Iterable[int], trump_suit: int | None = None, style: str = "emoji",
               *, sort: bool = True) -> str:
    """Cards as one line of labels separated by spaces (hand order unless ``sort=False``)."""
    ordered = sort_hand(cards, trump_suit) if sort else list(cards)
    return " ".join(card_label(card, style) for card in ordered)
