"""Each language's court letters on cards: labels change, the stable card codes in
buttons' data, the move log and the engine's text never do."""

from __future__ import annotations

import pytest

from bot.engine import Card
from bot.render.callback import decode
from bot.render.card_letters import letters_for, letters_rank, relabel
from bot.render.cards import card_label, cards_text
from tests.i18n.screens import POSITIONS, hand_screen


def card(text: str) -> int:
    return int(Card.parse(text))


@pytest.mark.parametrize(("letters", "jack", "queen", "king", "ace"), [
    ("en", "J", "Q", "K", "A"), (None, "J", "Q", "K", "A"),
    ("ru", "В", "Д", "К", "Т"), ("uk", "В", "Д", "К", "Т"),
    ("pl", "W", "D", "K", "A"), ("de", "B", "D", "K", "A"),
])
def test_each_language_writes_its_own_court_letters(letters, jack, queen, king, ace):
    shown = [card_label(card(f"{r}h"), "plain", letters) for r in "JQKA"]
    assert shown == [f"{jack}♥", f"{queen}♥", f"{king}♥", f"{ace}♥"]
    assert card_label(card("10s"), letters=letters) == "10♠\ufe0f"  # numbers stay
    assert card_label(card("*r"), letters=letters) == "🃏♥\ufe0f"  # so do jokers
    assert cards_text([card("Qh"), card("6h")], style="plain", letters=letters) \
        == f"6♥ {queen}♥"


def test_the_letters_are_on_by_default_where_players_use_them():
    assert [letters_for(loc) for loc in ("en", "ru", "uk", "pl", "de", "xx")] == \
        ["en", "ru", "uk", "pl", "de", "en"]
    assert letters_for("ru", "international") == "en"
    assert letters_for("en", "local") == "en"  # English has no other letters


def test_card_texts_from_the_engine_are_relabelled_and_words_left_alone():
    assert relabel("Q♥ K♠ 10♦ A♣ J♥", "ru") == "Д♥ К♠ 10♦ Т♣ В♥"
    assert relabel("A joker: 6♦ and Anna's K♣", "de") == "A joker: 6♦ and Anna's K♣"
    assert relabel("Q♥", "en") == "Q♥" and relabel("Q♥", None) == "Q♥"


def test_a_typed_letter_means_its_rank_in_any_language():
    assert [letters_rank(x) for x in ("В", "д", "К", "Т", "W", "B", "D", "A", "x")] == \
        [11, 12, 13, 14, 11, 11, 12, 14, None]


@pytest.mark.parametrize("locale", ["ru", "uk", "pl", "de"])
def test_buttons_show_the_letters_and_keep_the_card_codes(locale):
    english = {label: data for row in hand_screen("en", POSITIONS[2]).rows
               for label, data in row}
    screen = hand_screen(locale, POSITIONS[2])  # a lead: every card and group is a button
    labels = [label for row in screen.rows for label, _ in row]
    data = [d for row in screen.rows for _, d in row]
    own = {"ru": "ВДТ", "uk": "ВДТ", "pl": "WD", "de": "BD"}[locale]
    assert any(letter in label for label in labels for letter in own), labels
    assert not any(letter in label for label in labels for letter in "JQ")
    moves = [d for d in data if decode(d).is_move]
    assert moves and set(moves) <= set(english.values())  # the same data as in English
    assert all(d.isascii() and len(d.encode()) <= 64 for d in data)
