"""How cards look to a person, in Telegram and in the terminal: labels, colours, and the
order a hand is shown in.

The names of ranks and suits are the engine's (``bot.engine.core.cards``: ``RANK_TEXT``,
``SUITS``, ``SUIT_LETTERS``), the one card vocabulary of the project; this module adds
what only a screen needs. It works on plain card ints as bot/engine/README.md defines them
(``pack * 64 + suit * 16 + rank``, suits 0..3 = ♠ ♥ ♦ ♣, ranks 2..14, jokers rank 15:
black in ♠, red in ♥); the engine's ``Card`` is an ``int`` subclass and goes in unchanged.

Decisions (RULES.md is silent on presentation):
- ``emoji`` style appends U+FE0F to the suit so Telegram clients draw ♥️ ♦️ red and ♠️ ♣️
  black; ``plain`` style (``10♥``, the engine's text) is for the terminal and where space
  is tight.
- A hand is sorted by suit, then rank, with trumps last; non-trump suits alternate colours
  (♠ ♥ ♣ ♦) so neighbouring suits are told apart at a glance; jokers come after trumps.
  Telegram's hands and ``durak play`` both use ``sort_hand``.
- Court cards and aces take the reader's language's letters (``Д♥`` in Russian, ``D♥`` in
  Polish and German) where its players use them: ``card_letters.py`` chooses, a screen
  passes ``letters``; ``card_ascii`` (buttons' data, the move log) never changes.
- Cards of the 2nd and 3rd pack look identical on purpose: they are the same card to a
  player (the engine keeps them distinct by id; ``card_ascii`` keeps the pack for input).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine.core.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    JOKER_RANK,
    RED_SUITS,
    SPADES,
    SUITS,
    card_text,
    pack_of,
    rank_of,
    suit_of,
)

from .card_letters import rank_text

__all__ = ["CLUBS", "DIAMONDS", "HEARTS", "SPADES", "card_ascii", "card_label", "cards_text",
           "hand_order_key", "is_joker", "is_red", "sort_hand", "suit_symbol"]

EMOJI = "\ufe0f"
JOKER = "🃏"
# Display order of non-trump suits: black, red, black, red.
SUIT_ORDER = {SPADES: 0, HEARTS: 1, CLUBS: 2, DIAMONDS: 3}
MAX_PACK = 2


def is_joker(card: int) -> bool:
    return rank_of(card) == JOKER_RANK


def is_red(card: int) -> bool:
    """Hearts, diamonds and the red joker."""
    return suit_of(card) in RED_SUITS


def suit_symbol(suit: int, style: str = "emoji") -> str:
    symbol = SUITS[suit]
    return symbol + EMOJI if style == "emoji" else symbol


def _check(card: int) -> None:
    if isinstance(card, bool) or not isinstance(card, int) or card < 0:
        raise ValueError(f"not a card id: {card!r}")
    rank, suit = rank_of(card), suit_of(card)
    valid = (2 <= rank < JOKER_RANK) or (rank == JOKER_RANK and suit in (SPADES, HEARTS))
    if pack_of(card) > MAX_PACK or not valid:
        raise ValueError(f"not a card id: {card!r}")


def card_label(card: int, style: str = "emoji", letters: str | None = None) -> str:
    """``10♥️`` (emoji) or ``10♥`` (plain); jokers ``🃏♠️`` / ``🃏♥️``; no pack mark.
    ``letters``: whose court letters (``card_letters.letters_for``; None: J Q K A)."""
    _check(card)
    rank, suit = rank_of(card), suit_of(card)
    if rank == JOKER_RANK:
        return JOKER + suit_symbol(suit, style)
    return rank_text(rank, letters) + suit_symbol(suit, style)


def card_ascii(card: int) -> str:
    """The engine's ASCII form: ``10h``, ``*b``/``*r``, ``10h.1`` for the second pack."""
    _check(card)
    return card_text(card, ascii=True)


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
               *, sort: bool = True, letters: str | None = None) -> str:
    """Cards as one line of labels separated by spaces (hand order unless ``sort=False``)."""
    ordered = sort_hand(cards, trump_suit) if sort else list(cards)
    return " ".join(card_label(card, style, letters) for card in ordered)
