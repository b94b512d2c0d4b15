"""Every key in every catalogue, same placeholders, right plural forms, no markup."""

from __future__ import annotations

import string

import pytest

from bot.handlers.menus import GROUP_MENU, PRIVATE_MENU, menu_entries
from bot.i18n import CATALOGUES, LOCALES, t, tn
from bot.i18n.plural import FORMS


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def entry_placeholders(entry: str | dict[str, str]) -> set[str]:
    texts = entry.values() if isinstance(entry, dict) else [entry]
    found = [placeholders(text) for text in texts]
    assert all(f == found[0] for f in found), f"plural forms disagree: {entry}"
    return found[0]


def test_both_locales_have_catalogues():
    assert set(CATALOGUES) == set(LOCALES) == {"en", "ru"}


@pytest.mark.parametrize("locale", ["ru"])
def test_every_key_exists_in_every_catalogue(locale):
    english, other = set(CATALOGUES["en"]), set(CATALOGUES[locale])
    assert sorted(english - other) == [], f"missing in {locale}"
    assert sorted(other - english) == [], f"only in {locale}"


def test_placeholders_and_plurality_agree_across_locales():
    for key, english in CATALOGUES["en"].items():
        for locale in LOCALES:
            entry = CATALOGUES[locale][key]
            assert isinstance(entry, dict) == isinstance(english, dict), (locale, key)
            assert entry_placeholders(entry) == entry_placeholders(english), (locale, key)


def test_plural_entries_have_exactly_the_locale_forms_and_use_n():
    for locale in LOCALES:
        for key, entry in CATALOGUES[locale].items():
            if isinstance(entry, dict):
                assert set(entry) == FORMS[locale], (locale, key)
                assert "n" in entry_placeholders(entry), (locale, key)


def test_texts_are_plain_and_non_empty():
    for locale in LOCALES:
        for key, entry in CATALOGUES[locale].items():
            for text in entry.values() if isinstance(entry, dict) else [entry]:
                assert text.strip(), (locale, key)
                assert not set(text) & set("<>&"), f"markup in {locale}:{key}"


def test_command_descriptions_fit_telegram_limits():
    for locale in LOCALES:
        for names in (GROUP_MENU, PRIVATE_MENU):
            menu = menu_entries(locale, names)
            assert [name for name, _ in menu] == list(names)
            for name, description in menu:
                assert name.islower() and len(name) <= 32
                assert 3 <= len(description) <= 256


def test_lookups_fill_parameters():
    assert t("ru", "btn.take") == "Беру"
    assert t("en", "lobby.host", name="Ann") == "Host: Ann"
    assert tn("en", "result.matchsticks", 2, name="Ann") == "Ann: 2 matchsticks"
    assert tn("ru", "result.series_fool", 1, name="Аня").startswith("Аня набирает 1 спичку")
    # A user name that looks like a placeholder is inserted literally.
    assert t("en", "lobby.host", name="{name}{0}") == "Host: {name}{0}"


def test_wrong_lookup_kind_is_a_type_error():
    with pytest.raises(TypeError):
        t("en", "cards")
    with pytest.raises(TypeError):
        tn("en", "btn.take", 3)
    with pytest.raises(KeyError):
        t("en", "no.such.key")


def test_unknown_locale_falls_back_to_english():
    assert t("de", "btn.take") == "Take"
    assert tn("de", "cards", 1) == "1 card"
