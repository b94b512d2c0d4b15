"""Plural forms and choosing a language from Telegram's language_code."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.i18n import locale_for, tn
from bot.i18n.plural import FORMS, plural_category


@pytest.mark.parametrize(
    ("n", "text"),
    [(0, "0 карт"), (1, "1 карта"), (2, "2 карты"), (4, "4 карты"), (5, "5 карт"),
     (11, "11 карт"), (12, "12 карт"), (14, "14 карт"), (21, "21 карта"), (22, "22 карты"),
     (25, "25 карт"), (101, "101 карта"), (111, "111 карт"), (112, "112 карт"),
     (1001, "1001 карта")],
)
def test_russian_card_counts(n, text):
    assert tn("ru", "cards", n) == text


@pytest.mark.parametrize(("n", "text"), [(0, "0 cards"), (1, "1 card"), (2, "2 cards"),
                                         (21, "21 cards")])
def test_english_card_counts(n, text):
    assert tn("en", "cards", n) == text


def test_russian_seconds_and_matchsticks():
    assert tn("ru", "table.time_left", 1) == "Осталась 1 секунда"
    assert tn("ru", "table.time_left", 3) == "Осталось 3 секунды"
    assert tn("ru", "table.time_left", 13) == "Осталось 13 секунд"
    assert tn("ru", "result.matchsticks", 22, name="Петя") == "Петя: 22 спички"


@given(st.integers(min_value=-10**6, max_value=10**6))
def test_category_is_always_a_form_of_the_locale(n):
    for locale in ("en", "ru"):
        assert plural_category(locale, n) in FORMS[locale]
    # Russian depends only on the last two digits.
    assert plural_category("ru", abs(n)) == plural_category("ru", abs(n) % 100 + 100)


def test_counts_must_be_whole_numbers():
    with pytest.raises(TypeError):
        plural_category("ru", 1.5)
    with pytest.raises(TypeError):
        plural_category("en", True)


@pytest.mark.parametrize(
    ("code", "locale"),
    [("ru", "ru"), ("ru-RU", "ru"), ("RU", "ru"), ("be", "ru"), ("kk", "ru"), ("ky", "ru"),
     ("uk", "en"), ("en", "en"), ("en-US", "en"), ("pt-br", "en"), ("de", "en"),
     (None, "en"), ("", "en"), ("  ", "en"), ("ru_RU", "ru"), (42, "en"), ("\u0000ru", "en")],
)
def test_locale_from_telegram_language_code(code, locale):
    assert locale_for(code) == locale


@given(st.one_of(st.none(), st.text(max_size=20), st.integers()))
def test_any_language_code_gives_a_supported_locale(code):
    assert locale_for(code) in ("en", "ru")
