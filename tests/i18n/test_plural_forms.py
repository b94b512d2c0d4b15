"""Plural forms: the form each language's CLDR rule picks, checked at 0, 1, 2, 5, 11, 21
and 22, and the words themselves for two messages in every language."""

from __future__ import annotations

import pytest
from babel import Locale

from bot.i18n import LOCALES, is_plural, message_ids, tn
from bot.i18n.catalogues import catalogues

NUMBERS = (0, 1, 2, 5, 11, 21, 22)
CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")

CARDS = {
    "en": ("0 cards", "1 card", "2 cards", "5 cards", "11 cards", "21 cards", "22 cards"),
    "ru": ("0 карт", "1 карта", "2 карты", "5 карт", "11 карт", "21 карта", "22 карты"),
    "uk": ("0 карт", "1 карта", "2 карти", "5 карт", "11 карт", "21 карта", "22 карти"),
    "pl": ("0 kart", "1 karta", "2 karty", "5 kart", "11 kart", "21 kart", "22 karty"),
    "de": ("0 Karten", "1 Karte", "2 Karten", "5 Karten", "11 Karten", "21 Karten",
           "22 Karten"),
}
MATCHSTICKS = {
    "en": ("0 matchsticks", "1 matchstick", "2 matchsticks", "5 matchsticks",
           "11 matchsticks", "21 matchsticks", "22 matchsticks"),
    "ru": ("0 спичек", "1 спичка", "2 спички", "5 спичек", "11 спичек", "21 спичка",
           "22 спички"),
    "uk": ("0 сірників", "1 сірник", "2 сірники", "5 сірників", "11 сірників", "21 сірник",
           "22 сірники"),
    "pl": ("0 zapałek", "1 zapałka", "2 zapałki", "5 zapałek", "11 zapałek", "21 zapałek",
           "22 zapałki"),
    "de": ("0 Streichhölzer", "1 Streichholz", "2 Streichhölzer", "5 Streichhölzer",
           "11 Streichhölzer", "21 Streichhölzer", "22 Streichhölzer"),
}


def integer_categories(locale: str) -> list[str]:
    """The CLDR categories whole numbers fall in, in CLDR's order: gettext's form order."""
    rule = Locale.parse(locale).plural_form
    seen = {rule(n) for n in range(1000)}
    return [category for category in CLDR_ORDER if category in seen]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_form_chosen_is_the_cldr_category(locale):
    book = catalogues()[locale]
    categories = integer_categories(locale)
    assert book.plural_forms == len(categories)
    rule = Locale.parse(locale).plural_form
    for n in NUMBERS:
        assert book.plural_index(n) == categories.index(rule(n)), (locale, n, rule(n))


@pytest.mark.parametrize("locale", LOCALES)
def test_card_and_matchstick_counts_read_right(locale):
    assert tuple(tn(locale, "cards", n) for n in NUMBERS) == CARDS[locale]
    assert tuple(tn(locale, "count.matchsticks", n) for n in NUMBERS) == MATCHSTICKS[locale]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_plural_message_has_every_form_the_language_needs(locale):
    book = catalogues()[locale]
    plurals = [key for key in message_ids() if is_plural(key)]
    assert len(plurals) > 20
    for key in plurals:
        forms = book.messages[key]
        assert isinstance(forms, tuple) and len(forms) == book.plural_forms, (locale, key)
        for n in NUMBERS:
            text = tn(locale, key, n, name="Anna", level="x", first=5, streak=3,
                      preset="Podkidnoy", most=16, names="Anna, Bo", group="Fridays",
                      entered=2)
            assert str(n) in text, (locale, key, n, text)
        # Whole-number categories used at those numbers all appear: no form is dead.
        assert {book.plural_index(n) for n in NUMBERS} == set(range(book.plural_forms))


def test_slavic_languages_tell_few_from_many():
    for locale in ("ru", "uk", "pl"):
        assert tn(locale, "cards", 2) != tn(locale, "cards", 5).replace("5", "2"), locale
