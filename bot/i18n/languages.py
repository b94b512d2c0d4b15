"""Choosing a catalogue from Telegram's ``language_code`` (untrusted, may be absent).

Telegram sends an IETF tag such as "ru", "en-US", "pt-br" or nothing at all. Decision
(RULES.md is silent): Russian for "ru" and for the languages of countries where Russian is
an official language and widely read, Belarusian ("be"), Kazakh ("kk") and Kyrgyz ("ky");
everything else, Ukrainian included, gets English, the neutral default. Guessing Russian
for Ukrainian speakers would be presumptuous; every chat can switch with /language.
"""

from __future__ import annotations

DEFAULT_LOCALE = "en"
LOCALES = ("en", "ru")
RUSSIAN_READERS = frozenset({"ru", "be", "kk", "ky"})


def locale_for(language_code: object) -> str:
    """"ru" or "en" for whatever Telegram (or a stored setting) says."""
    if not isinstance(language_code, str):
        return DEFAULT_LOCALE
    primary = language_code.strip().lower().replace("_", "-").split("-")[0]
    if primary in LOCALES:
        return primary
    if primary in RUSSIAN_READERS:
        return "ru"
    return DEFAULT_LOCALE
