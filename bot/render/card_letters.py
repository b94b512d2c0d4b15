"""Each language's letters for the jack, queen, king and ace: the one place they are chosen.

What players write and what their cards print (the suit symbols stay the same everywhere):

    en  J Q K A   jack, queen, king, ace (the engine's own text: ``Q♥``)
    ru  В Д К Т   валет, дама, король, туз
    uk  В Д К Т   валет, дама, король, туз
    pl  W D K A   walet, dama, król, as
    de  B D K A   Bube, Dame, König, Ass

These are the indices the local decks print (A. Pollett's list of card indices by country:
Russia Т К Д В, Poland A K D W, Germany A K D B; Ukrainian decks print the Russian
pattern's letters, валет/дама/король/туз being the same words). German players also meet
decks with J Q K A; ``choice`` below is the way back to them.

``LETTERS_BY_DEFAULT`` says which languages show their own letters unless asked otherwise:
every one above, since their players read them on their own decks. A screen passes a
``letters`` value to ``card_label``: a locale from ``letters_for(locale)`` (the default),
or any code a future per-chat or per-person setting stores ("en" keeps J Q K A).

Only labels change: callback data, the move log and the engine's text keep the stable
card codes (``Qh``, ``10s``), so a button or a saved game means the same card in every
language, and Telegram's 64-byte ``callback_data`` never grows (a Cyrillic letter would
take two bytes).
"""

from __future__ import annotations

import re

from bot.engine.core.cards import RANK_TEXT

# Jack, queen, king, ace (ranks 11..14), per language.
RANK_LETTERS: dict[str, tuple[str, str, str, str]] = {
    "ru": ("В", "Д", "К", "Т"),
    "uk": ("В", "Д", "К", "Т"),
    "pl": ("W", "D", "K", "A"),
    "de": ("B", "D", "K", "A"),
}
LETTERS_BY_DEFAULT = frozenset(RANK_LETTERS)
COURT = (11, 12, 13, 14)


def letters_for(locale: str, choice: str | None = None) -> str:
    """The letters a person reading ``locale`` sees: their language's when it has its own
    and they are on by default, else English; ``choice`` ("local" or "international"), when
    a setting gives one, decides instead."""
    if choice == "international" or locale not in RANK_LETTERS:
        return "en"
    if choice == "local" or locale in LETTERS_BY_DEFAULT:
        return locale
    return "en"


def rank_text(rank: int, letters: str | None = None) -> str:
    """``rank``'s text: the engine's (2..10, J Q K A), with ``letters``'s court letters."""
    own = RANK_LETTERS.get(letters or "")
    if own is not None and rank in COURT:
        return own[COURT.index(rank)]
    return RANK_TEXT[rank]


_ENGINE_COURT = re.compile(r"(?<![\w])([JQKA])(?=[♠♥♦♣])")


def relabel(text: str, letters: str | None) -> str:
    """A text with cards already in the engine's form ("Q♥ K♥", as hints give them), with
    ``letters``'s court letters instead."""
    own = RANK_LETTERS.get(letters or "")
    if own is None:
        return text
    return _ENGINE_COURT.sub(lambda m: own["JQKA".index(m.group(1))], text)


def letters_rank(letter: str) -> int | None:
    """The rank a typed court letter stands for in any language ("Д" or "D" -> 12),
    or None: the terminal accepts the letters its screen shows."""
    up = letter.upper()
    for letters in RANK_LETTERS.values():
        if up in letters:
            return COURT[letters.index(up)]
    return None
