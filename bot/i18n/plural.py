"""Plural categories (CLDR cardinal rules) for the locales the bot speaks.

English has two forms (one / other); Russian three for whole numbers: "one" for 1, 21, 101
(but not 11), "few" for 2-4, 22-24 (but not 12-14), "many" for the rest: 1 карта, 2 карты,
5 карт, 11 карт, 21 карта. Counts in this bot are whole numbers; a negative count takes the
form of its absolute value.
"""

from __future__ import annotations

from collections.abc import Callable


def english(n: int) -> str:
    return "one" if n == 1 else "other"


def russian(n: int) -> str:
    last, last_two = n % 10, n % 100
    if last == 1 and last_two != 11:
        return "one"
    if 2 <= last <= 4 and not 12 <= last_two <= 14:
        return "few"
    return "many"


RULES: dict[str, Callable[[int], str]] = {"en": english, "ru": russian}
FORMS: dict[str, frozenset[str]] = {
    "en": frozenset({"one", "other"}),
    "ru": frozenset({"one", "few", "many"}),
}


def plural_category(locale: str, n: int) -> str:
    """The category ("one", "few", "many", "other") of ``n`` in ``locale``."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"plural count must be an int, got {n!r}")
    return RULES[locale](abs(n))
