"""One word for one thing: each language's glossary, and where a catalogue strays from it.

Files: ``bot/i18n/locales/<lang>/glossary.csv`` (English: ``locales/en/glossary.csv``, read
against the template's ``msgid``s). A glossary in CSV is what translators' tools import
(Weblate, Crowdin, Poedit's and Lokalize's term bases), and it reads as a table on GitHub.
Columns:

- ``term``: the English word or concept ("deal", "host", "quotation marks");
- ``use``: the word this language uses for it (what a translator should write);
- ``avoid``: alternatives the catalogue must not use, separated by ``|``. An item with
  letters is a word or phrase matched whole and case-insensitively (``партия``); a
  trailing ``*`` takes any ending (``парти*``: партия, партии, партию...). An item with no
  letters is a literal character (``«``, ``'``), matched anywhere;
- ``note``: why, for the next translator.

Why a check and not only a list: the catalogues once called one deal «раздача» on a
button and «партия» in the message right after it; a list nobody reads does not stop
that, a failing ``python -m bot.i18n.check`` does.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path

from .catalogues import LOCALE_DIR

COLUMNS = ("term", "use", "avoid", "note")


@dataclass(frozen=True)
class Entry:
    term: str
    use: str
    avoid: tuple[str, ...]
    note: str

    def patterns(self) -> list[tuple[str, re.Pattern[str]]]:
        """(the avoided item as written, the expression that finds it)."""
        return [(item, _pattern(item)) for item in self.avoid]


def _pattern(item: str) -> re.Pattern[str]:
    if not any(ch.isalpha() for ch in item):  # punctuation: anywhere
        return re.compile(re.escape(item))
    stem, open_end = (item[:-1], True) if item.endswith("*") else (item, False)
    body = re.escape(stem).replace(r"\ ", r"\s+")
    end = r"\w*" if open_end else r"(?!\w)"
    return re.compile(r"(?<!\w)" + body + end, re.IGNORECASE)


def glossary_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "glossary.csv"


def read_glossary(path: Path) -> list[Entry]:
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    out = []
    for row in rows:
        if tuple(row) != COLUMNS:
            raise ValueError(f"{path}: columns must be {', '.join(COLUMNS)}")
        avoid = tuple(item.strip() for item in (row["avoid"] or "").split("|") if item.strip())
        out.append(Entry(row["term"].strip(), row["use"].strip(), avoid,
                         (row["note"] or "").strip()))
    return out


def strays(entries: list[Entry], texts: dict[str, tuple[str, ...]], where: str,
           glossary: str) -> list[str]:
    """One line per message (id -> its texts) that uses an avoided word."""
    out = []
    for key, forms in texts.items():
        for entry in entries:
            for _item, pattern in entry.patterns():
                found = next((m.group(0) for text in forms if (m := pattern.search(text))),
                             None)
                if found is not None:
                    out.append(f"{where}: {key}: uses {found!r}, which {glossary} says to "
                               f"avoid for {entry.term!r}: write {entry.use!r}")
    return out
