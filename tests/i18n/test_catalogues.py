"""The catalogues: every language complete against the English source, placeholders that
agree, ids the code names that exist, the words every rule value needs, and a check whose
failure says exactly what is missing where."""

from __future__ import annotations

import ast
import re
import shutil
import tokenize
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

from bot.ai.hints import HINT_KEYS
from bot.engine.core.rules import HAND_SIZE, HOUSE_RULES, PARAMETERS, PLAYABLE_PRESETS
from bot.handlers.menus import GROUP_MENU, PRIVATE_MENU, menu_entries
from bot.i18n import (
    DEFAULT_LOCALE,
    LOCALES,
    check,
    has_message,
    is_plural,
    locale_for,
    message_ids,
    t,
    tn,
)
from bot.i18n.catalogues import LOCALE_DIR, TEMPLATE, catalogues, po_path
from bot.render.rules import value_key

ROOT = Path(__file__).resolve().parents[2]
ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
OTHER_LANGUAGES = [locale for locale in LOCALES if locale != DEFAULT_LOCALE]


def all_texts(locale: str):
    for key, entry in catalogues()[locale].messages.items():
        for text in entry if isinstance(entry, tuple) else (entry,):
            yield key, text


def test_five_languages():
    assert LOCALES == ("en", "ru", "uk", "pl", "de")
    assert set(catalogues()) == set(LOCALES)


def test_every_language_is_complete_and_agrees_with_the_english():
    problems = check.all_problems()
    assert not problems, "\n" + "\n".join(problems)
    for locale in LOCALES:
        missing = sorted(key for key in message_ids() if not has_message(locale, key))
        assert missing == [], (locale, missing)


def test_a_gap_is_reported_by_file_id_and_what_to_do(tmp_path, monkeypatch):
    """The check's lines are the failure message: each must say exactly what is wrong."""
    broken = tmp_path / "ru" / "LC_MESSAGES" / "durak.po"
    broken.parent.mkdir(parents=True)
    shutil.copy(po_path("ru"), broken)
    text = broken.read_text(encoding="utf-8")
    text = text.replace('msgstr "Беру"', 'msgstr ""')  # untranslated
    text = text.replace('msgstr "Создатель: {name}"', 'msgstr "Создатель: {nmae}"')  # typo
    text = text.replace('msgstr[2] "{n} карт"\n', "", 1)  # a plural form lost (value.cards)
    text = text.replace('msgctxt "btn.leave"', '#, fuzzy\nmsgctxt "btn.leave"')
    start = text.index('msgctxt "btn.hint"')
    text = text[:start] + text[text.index("\n\n", start) + 2:]  # a message removed
    broken.write_text(text, encoding="utf-8")
    monkeypatch.setattr(check, "po_path", lambda locale: broken)
    where = "tmp/ru/LC_MESSAGES/durak.po".replace("tmp", tmp_path.name)
    found = check.language_problems("ru")
    assert f"{where}: btn.take: not translated (msgstr empty)" in found
    assert (f"{where}: lobby.host: placeholders {{nmae}} differ from the English {{name}}"
            in found)
    assert f"{where}: value.cards: not translated (msgstr[2] empty)" in found
    assert any(line.startswith(f"{where}: btn.leave: fuzzy") for line in found)
    assert f"{where}: btn.hint: missing (run pybabel update, then translate it)" in found
    assert len(found) == 5, found


def test_headers_carry_the_cldr_plural_rule_babel_knows():
    from babel.messages.plurals import get_plural

    for locale in OTHER_LANGUAGES:
        assert catalogues()[locale].plural_forms == get_plural(locale).num_plurals


def test_plural_rules_are_compared_by_the_forms_they_pick():
    """Babel 2.18 and 2.19 spell Russian's CLDR rule differently; both are right. A rule
    that picks another form for some count (here 12-14 as "few") is wrong."""
    from bot.i18n.check import same_plural_rule

    old = "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"
    new = ("n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && "
           "(n % 100 < 12 || n % 100 > 14) ? 1 : 2")
    wrong = "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 ? 1 : 2)"
    assert same_plural_rule(3, old, 3, new)
    assert not same_plural_rule(3, old, 3, wrong)
    assert not same_plural_rule(3, old, 2, old)


def test_every_id_the_code_names_exists():
    """Every string literal in the bot that looks like a message id (a known family and a
    dotted name) is one: a typo in ``t(locale, "btn.tkae")`` fails here, not in a chat."""
    ids = message_ids()
    families = {key.split(".")[0] for key in ids}
    named, unknown = set(), []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if {"engine", "storage", "migrations"} & set(path.relative_to(ROOT / "bot").parts):
            continue  # no messages there; column names ("series.id") look alike
        with path.open("rb") as f:
            for token in tokenize.tokenize(f.readline):
                if token.type != tokenize.STRING:
                    continue
                try:
                    value = ast.literal_eval(token.string)
                except (ValueError, SyntaxError):  # f-strings: their families are below
                    continue
                if isinstance(value, str) and ID.match(value) and value.split(".")[0] in families:
                    named.add(value)
                    if value not in ids:
                        unknown.append(f"{path.relative_to(ROOT)}:{token.start[0]}: {value}")
    assert not unknown, unknown
    assert len(named) > 150


def test_every_rule_value_has_a_label_and_a_sentence():
    ids = message_ids()
    house = {name for name, _ in HOUSE_RULES}
    for param in PARAMETERS:
        if param.name in ("players", "series_to"):
            continue
        assert f"param.{param.name}" in ids
        for value in param.allowed:
            key = value_key(param.name, value)
            if key is not None:
                assert key in ids, key
            if param.name in house and value not in (False, None, 0, "none"):
                sentence = (f"house.{param.name}.{value}" if param.name == "fallen_ace"
                            else f"house.{param.name}")
                assert sentence in ids, sentence
            elif isinstance(value, str) and value != HAND_SIZE and param.name not in house:
                assert f"rule.{param.name}.{value}" in ids or param.name == "teams" \
                    and value == "none", (param.name, value)
    for preset in PLAYABLE_PRESETS:
        assert f"preset.{preset}" in ids and f"about.{preset}" in ids


def test_every_menu_command_and_hint_has_words():
    for locale in LOCALES:
        for names in (GROUP_MENU, PRIVATE_MENU):
            menu = menu_entries(locale, names)  # what set_my_commands registers
            assert [name for name, _ in menu] == list(names)
            for name, description in menu:
                assert name.islower() and len(name) <= 32
                assert 3 <= len(description) <= 256
    assert set(HINT_KEYS) <= message_ids()


@pytest.mark.parametrize("locale", LOCALES)
def test_texts_are_plain_clean_and_gender_neutral(locale):
    for key, text in all_texts(locale):
        assert text.strip() == text and text, (locale, key)
        assert not set(text) & set("<>&"), f"markup in {locale}:{key}"
        for word in re.findall(r"\w+", text):  # a Latin letter inside a Cyrillic word
            assert not (re.search("[A-Za-z]", word) and re.search("[А-Яа-яЁёІіЇїЄєҐґ]", word)), \
                (locale, key, word)
        # "вышел(а)", "dołączył(a)": a person's gender is unknown, so the wording avoids it.
        assert not re.search(r"\w\((а|ла|ая|a|ła|aś|eś)\)", text), (locale, key, text)


def test_lookups_fill_parameters_and_fall_back():
    assert t("ru", "btn.take") == "Беру"
    assert t("en", "lobby.host", name="Ann") == "Host: Ann"
    assert tn("en", "count.matchsticks", 2) == "2 matchsticks"
    assert tn("ru", "result.series_fool", 1, name="Аня").startswith("Аня набирает 1 спичку")
    assert t("en", "lobby.host", name="{name}{0}") == "Host: {name}{0}"  # inserted literally
    assert t("xx", "btn.take") == "Take" and tn("xx", "cards", 1) == "1 card"
    assert is_plural("cards") and not is_plural("btn.take")
    with pytest.raises(TypeError):
        t("en", "cards")
    with pytest.raises(TypeError):
        tn("en", "btn.take", 3)
    with pytest.raises(TypeError):
        tn("en", "cards", 1.5)
    with pytest.raises(KeyError):
        t("en", "no.such.key")


def test_the_package_ships_every_catalogue_file():
    """A non-editable install reads the catalogues from the package: pyproject's
    package-data must cover each of them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["bot.i18n"]
    package = ROOT / "bot" / "i18n"
    files = [TEMPLATE] + [po_path(locale) for locale in OTHER_LANGUAGES]
    assert sorted(LOCALE_DIR.rglob("*.po*")) == sorted(files)
    for path in files:
        relative = path.relative_to(package).as_posix()
        assert any(fnmatch(relative, pattern) for pattern in patterns), relative


@pytest.mark.parametrize(
    ("code", "locale"),
    [("ru", "ru"), ("ru-RU", "ru"), ("RU", "ru"), ("ru_RU", "ru"), ("be", "ru"), ("kk", "ru"),
     ("uk", "uk"), ("uk-UA", "uk"), ("rue", "uk"), ("pl", "pl"), ("szl", "pl"),
     ("de", "de"), ("de-AT", "de"), ("gsw", "de"), ("lb", "de"), ("en", "en"),
     ("en-US", "en"), ("pt-br", "en"), ("lt", "en"), (None, "en"), ("", "en"), ("  ", "en"),
     (42, "en"), ("\u0000ru", "en")],
)
def test_locale_from_telegram_language_code(code, locale):
    assert locale_for(code) == locale
