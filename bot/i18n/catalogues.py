"""The message catalogues: gettext files read with Babel, once, into plain dictionaries.

Files (``bot/i18n/locales/``, shipped as package data; no compiled ``.mo`` files):
- ``durak.pot``: the source, in English. Every message has a stable id in ``msgctxt``
  ("btn.take") and its English text in ``msgid`` (and ``msgid_plural``);
- ``<lang>/LC_MESSAGES/durak.po``: one per language, the same ids with ``msgstr``; its
  ``Plural-Forms`` header is the CLDR rule Babel writes for the language.

Why the stable id lives in ``msgctxt`` and English in ``msgid``: translators' tools (Poedit,
Weblate, Lokalize) then show the English text as the source, and ``pybabel update`` marks a
translation *fuzzy* when its English changes, as gettext intends. The code asks for an id,
never for English text.

What counts as translated: an entry whose ``msgid`` matches the template's, that is not
fuzzy and whose every form is non-empty. Anything else falls back to English at run time
(a user never sees an id or a crash) and fails ``tests/i18n`` (a release never ships it).

A language is read with Babel on its first lookup and kept for the life of the process
(``catalogue(locale)`` is cached; English needs only the template); Babel itself is imported
then, so importing ``bot.i18n`` costs nothing. ``scripts/bench_i18n.py`` prints the costs.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from .languages import DEFAULT_LOCALE, LOCALES

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message

LOCALE_DIR = Path(__file__).with_name("locales")
DOMAIN = "durak"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"

Text = str | tuple[str, ...]  # one text, or a plural message's forms in gettext's order


def po_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


@dataclass(frozen=True)
class Catalogue:
    """One language: id -> text (or plural forms), and its plural rule (n -> form index)."""

    locale: str
    messages: Mapping[str, Text]
    plural_index: Callable[[int], int]
    plural_forms: int


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    from babel.messages.pofile import read_po  # here: only the first lookup pays for Babel

    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=DOMAIN)


def message_id(message: Message) -> str | tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (list, tuple)) else message.id


def english_texts(template: Catalog) -> dict[str, Text]:
    """id -> English text from the template (msgid, or (msgid, msgid_plural))."""
    out: dict[str, Text] = {}
    for message in template:
        if message.context:
            out[message.context] = message_id(message)
    return out


def translated_texts(po: Catalog, template: Catalog) -> dict[str, Text]:
    """id -> translation, only where it is complete and current (see the module doc)."""
    source = {m.context: message_id(m) for m in template if m.context}
    out: dict[str, Text] = {}
    for message in po:
        key = message.context
        if not key or key not in source or message.fuzzy or message_id(message) != source[key]:
            continue
        text = message.string
        if isinstance(text, (list, tuple)):
            forms = tuple(text)
            if len(forms) == po.num_plurals and all(forms):
                out[key] = forms
        elif text:
            out[key] = text
    return out


def _compile(expression: str) -> Callable[[int], int]:
    # The standard library's gettext compiles a Plural-Forms expression (its own parser,
    # the one GNUTranslations uses): no hand-written plural rules here.
    return gettext.c2py(expression)


@cache
def _template() -> Catalog:
    return read_catalog(TEMPLATE)


@cache
def catalogue(locale: str) -> Catalogue:
    """One language's catalogue (one of LOCALES), read on its first use and kept: a process
    that speaks Russian reads the template and ru.po, nothing else."""
    from babel.messages.catalog import Catalog

    if locale == DEFAULT_LOCALE:
        rule = Catalog(locale=DEFAULT_LOCALE)
        return Catalogue(locale, english_texts(_template()), _compile(rule.plural_expr),
                         rule.num_plurals)
    if locale not in LOCALES:
        raise KeyError(locale)
    po = read_catalog(po_path(locale), locale)
    return Catalogue(locale, translated_texts(po, _template()), _compile(po.plural_expr),
                     po.num_plurals)


def catalogues() -> dict[str, Catalogue]:
    """Every language's catalogue (each read once per process)."""
    return {locale: catalogue(locale) for locale in LOCALES}
