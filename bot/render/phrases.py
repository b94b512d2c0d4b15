"""Quick phrases: the fixed things a player can say at the table instead of typing.

Nothing a person types ever reaches another player (strangers play together in quick
games): a phrase is one of ``PHRASES``, sent as its index and shown to each reader in the
reader's own language. Emoji read the same everywhere.
"""

from __future__ import annotations

from bot.i18n import t

from .callback import encode_game_ui
from .screen import Screen

# The order of the menu; a button carries the index (``say<k>``).
PHRASES = ("gg", "hurry", "nice", "oops", "thinking", "👍", "😂", "👋")
MENU_TOKEN = "say"  # the 💬 button that opens the menu
# Game UI tokens of the phrase menu: they change no game, so a hand showing only them has
# no moves to offer (``has_moves``).
CHAT_TOKENS = frozenset({MENU_TOKEN, *(f"{MENU_TOKEN}{k}" for k in range(len(PHRASES)))})


def phrase_text(locale: str, key: str) -> str:
    """The phrase in ``locale`` (an emoji is itself)."""
    return t(locale, f"phrase.{key}") if key.isascii() else key


def said_line(locale: str, name: str, key: str) -> str:
    return t(locale, "phrase.said", name=name, phrase=phrase_text(locale, key))


def chat_row(locale: str, game_id: int, version: int) -> tuple[tuple[str, str], ...]:
    """The 💬 button under a hand."""
    return ((t(locale, "btn.phrases"), encode_game_ui(game_id, version, MENU_TOKEN)),)


def menu_rows(locale: str, game_id: int, version: int) -> list[tuple[tuple[str, str], ...]]:
    """The phrase menu that replaces the hand's buttons until one is chosen or Back."""
    buttons = [(phrase_text(locale, key), encode_game_ui(game_id, version,
                                                         f"{MENU_TOKEN}{index}"))
               for index, key in enumerate(PHRASES)]
    words = [b for b in buttons if PHRASES[buttons.index(b)].isascii()]
    emoji = [b for b in buttons if not PHRASES[buttons.index(b)].isascii()]
    rows = [tuple(words[i:i + 2]) for i in range(0, len(words), 2)]
    rows.append(tuple(emoji))
    rows.append(((t(locale, "btn.back"), encode_game_ui(game_id, version, "back")),))
    return rows


def has_moves(screen: Screen) -> bool:
    """Whether a hand offers anything but the phrases: the buttons that make it the hand
    of a person the game may be waiting on (its priority, its turn timer's delivery, the
    held quiet edits: ``runtime/table``)."""
    return any(data.rsplit(".", 1)[-1] not in CHAT_TOKENS
               for row in screen.rows for _label, data in row)
