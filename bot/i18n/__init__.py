"""Message catalogues (English, Russian) and the two lookups every renderer uses.

    t("ru", "btn.take")                      -> "Беру"
    tn("ru", "cards", 21)                    -> "21 карта"
    tn("en", "result.matchsticks", 2, name="Ann") -> "Ann: 2 matchsticks"
    locale_for(update.effective_user.language_code) -> "ru" | "en"

The locale is always an argument (never a global or a context variable), so one process
renders a Russian group and an English private chat side by side. Texts are plain text; a
renderer using parse_mode=HTML escapes the parameters it passes (user names are untrusted).
"""

from __future__ import annotations

from . import en, ru
from .languages import DEFAULT_LOCALE, LOCALES, locale_for
from .plural import plural_category

CATALOGUES: dict[str, dict[str, str | dict[str, str]]] = {
    "en": en.MESSAGES,
    "ru": ru.MESSAGES,
}


def _entry(locale: str, key: str) -> str | dict[str, str]:
    catalogue = CATALOGUES.get(locale, CATALOGUES[DEFAULT_LOCALE])
    # A key missing in one language falls back to English rather than failing a user's
    # action; the catalogue test keeps that from happening in a release.
    entry = catalogue.get(key)
    if entry is None:
        entry = CATALOGUES[DEFAULT_LOCALE][key]  # KeyError: a key nobody defined is a bug
    return entry


def t(locale: str, key: str, **params: object) -> str:
    """The text for ``key`` in ``locale`` with ``params`` filled in."""
    entry = _entry(locale, key)
    if isinstance(entry, dict):
        raise TypeError(f"{key!r} has plural forms: use tn(locale, key, n)")
    return entry.format_map(params) if params else entry


def tn(locale: str, key: str, n: int, **params: object) -> str:
    """The plural text for ``key`` chosen by ``n`` (also available as ``{n}``)."""
    entry = _entry(locale, key)
    if not isinstance(entry, dict):
        raise TypeError(f"{key!r} has no plural forms: use t(locale, key)")
    if locale not in CATALOGUES or key not in CATALOGUES[locale]:
        locale = DEFAULT_LOCALE
    return entry[plural_category(locale, n)].format_map({**params, "n": n})


__all__ = ["CATALOGUES", "DEFAULT_LOCALE", "LOCALES", "locale_for", "plural_category", "t", "tn"]
