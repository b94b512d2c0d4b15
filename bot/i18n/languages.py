"""Choosing a catalogue from Telegram's ``language_code`` (untrusted, may be absent).

Telegram sends an IETF tag such as "ru", "en-US", "pt-br" or nothing at all; only the
primary subtag counts. The bot speaks English, Russian, Ukrainian, Polish and German.

What falls back to what (decisions; RULES.md is silent):
- "en", "ru", "uk", "pl", "de" -> that language;
- Belarusian ("be"), Kazakh ("kk") and Kyrgyz ("ky") -> Russian: Russian is an official
  language there and widely read;
- Rusyn ("rue") -> Ukrainian; Silesian ("szl") and Kashubian ("csb") -> Polish;
  Swiss German ("gsw"), Bavarian ("bar"), Low German ("nds") and Luxembourgish ("lb") ->
  German: their speakers read the standard language of the country;
- everything else, and no code at all -> English, the neutral default. Nobody is guessed
  into Russian from a neighbouring language (a Ukrainian gets Ukrainian, a Lithuanian
  English); every chat can switch with /language.
"""

from __future__ import annotations

DEFAULT_LOCALE = "en"
LOCALES = ("en", "ru", "uk", "pl", "de")
READ_AS = {
    "be": "ru", "kk": "ru", "ky": "ru",
    "rue": "uk",
    "szl": "pl", "csb": "pl",
    "gsw": "de", "bar": "de", "nds": "de", "lb": "de",
}


def locale_for(language_code: object) -> str:
    """One of ``LOCALES`` for whatever Telegram (or a stored setting) says."""
    if not isinstance(language_code, str):
        return DEFAULT_LOCALE
    primary = language_code.strip().lower().replace("_", "-").split("-")[0]
    if primary in LOCALES:
        return primary
    return READ_AS.get(primary, DEFAULT_LOCALE)
