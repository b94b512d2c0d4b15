"""Message catalogues (English, Russian, Ukrainian, Polish, German) and the lookups every
renderer uses.

    t("ru", "btn.take")                            -> "Беру"
    tn("ru", "cards", 21)                          -> "21 карта"
    tn("en", "result.matchsticks", 2, name="Ann")  -> "Ann: 2 matchsticks"
    locale_for(update.effective_user.language_code) -> "ru" | "uk" | "pl" | "de" | "en"

The texts are gettext catalogues (``bot/i18n/locales``, read by ``catalogues.py``); the
README's "Messages and languages" says how to add or change one. The locale is always an
argument (never a global or a context variable), so one process renders a Russian group
and a German private chat side by side. Texts are plain text with ``str.format``
placeholders; a renderer using parse_mode=HTML escapes the parameters it passes (user names
are untrusted).
"""

from __future__ import annotations

from .catalogues import Text
from .catalogues import catalogue as _book  # bot.i18n.catalogues stays the module
from .languages import DEFAULT_LOCALE, LOCALES, locale_for


def _known(locale: str) -> str:
    return locale if locale in LOCALES else DEFAULT_LOCALE


def _entry(locale: str, key: str) -> Text:
    english = _book(DEFAULT_LOCALE).messages
    if key not in english:
        raise KeyError(key)  # an id nobody defined is a bug, not a user's problem
    # A message missing in one language falls back to English rather than failing a
    # user's action; tests/i18n keeps that from happening in a release.
    return _book(_known(locale)).messages.get(key, english[key])


def _plural_locale(locale: str, key: str) -> str:
    locale = _known(locale)
    return locale if key in _book(locale).messages else DEFAULT_LOCALE


def t(locale: str, key: str, **params: object) -> str:
    """The text for ``key`` in ``locale`` with ``params`` filled in."""
    entry = _entry(locale, key)
    if isinstance(entry, tuple):
        raise TypeError(f"{key!r} has plural forms: use tn(locale, key, n)")
    return entry.format_map(params) if params else entry


def tn(locale: str, key: str, n: int, **params: object) -> str:
    """The plural text for ``key`` chosen by ``n`` (also available as ``{n}``)."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"plural count must be an int, got {n!r}")
    entry = _entry(locale, key)
    if not isinstance(entry, tuple):
        raise TypeError(f"{key!r} has no plural forms: use t(locale, key)")
    book = _book(_plural_locale(locale, key))
    return entry[book.plural_index(abs(n))].format_map({**params, "n": n})


def is_plural(key: str) -> bool:
    """Whether ``key`` is a plural message (looked up with ``tn``)."""
    return isinstance(_book(DEFAULT_LOCALE).messages[key], tuple)


def has_message(locale: str, key: str) -> bool:
    """Whether ``locale`` has its own complete, current translation of ``key``."""
    return locale in LOCALES and key in _book(locale).messages


def message_ids() -> frozenset[str]:
    """Every message id of the source catalogue."""
    return frozenset(_book(DEFAULT_LOCALE).messages)


__all__ = ["DEFAULT_LOCALE", "LOCALES", "has_message", "is_plural", "locale_for",
           "message_ids", "t", "tn"]
