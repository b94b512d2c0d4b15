"""What is missing or wrong in a language's catalogue, said so a translator can act on it.

    python -m bot.i18n.check          # every language; exit 1 when anything is listed

One line per problem, naming the file, the message id and what to do. tests/i18n runs the
same checks, so a release never ships a language with a gap; at run time a gap only falls
back to English (bot/i18n/catalogues.py).

Besides gaps it reports a word a language's glossary says to avoid (``glossary.py``: one
term for one thing, each language's quotation marks), and a ``.po`` file that the README's
``pybabel update`` step would rewrite on an unchanged tree (a flag or comment the template
has and the file lacks): that step must leave ``git status`` clean, or every translator's
update would carry unrelated changes.
"""

from __future__ import annotations

import gettext
import re
import string
import sys
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import write_po

from .catalogues import TEMPLATE, message_id, po_path, read_catalog
from .glossary import glossary_path, read_glossary, strays
from .languages import DEFAULT_LOCALE, LOCALES


def placeholders(text: str) -> frozenset[str]:
    """The ``{name}`` fields of a ``str.format`` text."""
    return frozenset(field for _, field, _, _ in string.Formatter().parse(text)
                     if field is not None)


def _forms(message: Message) -> tuple[str, ...]:
    text = message.string
    forms = tuple(text) if isinstance(text, (list, tuple)) else (text,)
    return tuple(form or "" for form in forms)


def _show(names: frozenset[str]) -> str:
    return ", ".join("{" + name + "}" for name in sorted(names)) or "none"


def template_problems(template: Catalog | None = None) -> list[str]:
    """The English source: every message has an id, and a plural's two English forms
    agree on their placeholders."""
    template = template or read_catalog(TEMPLATE)
    out = []
    for message in template:
        if not message.id:
            continue
        if not message.context:
            out.append(f"{TEMPLATE.name}: {message.id!r} has no msgctxt (its stable id)")
            continue
        english = message_id(message)
        texts = english if isinstance(english, tuple) else (english,)
        if len({placeholders(text) for text in texts}) > 1:
            out.append(f"{TEMPLATE.name}: {message.context}: msgid and msgid_plural have "
                       "different placeholders")
    sources = {m.context: _texts(message_id(m)) for m in template if m.context}
    return out + glossary_problems(DEFAULT_LOCALE, sources, TEMPLATE.name)


def _texts(text: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    forms = tuple(text) if isinstance(text, (list, tuple)) else (text,)
    return tuple(form or "" for form in forms)


def _where(path: Path) -> str:
    parts = path.parts[-4:] if path.suffix == ".po" else path.parts[-3:]
    return str(Path(*parts))


def glossary_problems(locale: str, texts: dict[str, tuple[str, ...]], where: str) -> list[str]:
    """Every message of ``locale`` (id -> its texts) that uses a word its glossary says
    to avoid; a language with no glossary file is reported too."""
    path = glossary_path(locale)
    if not path.exists():
        return [f"{_where(path)}: missing (one term for one thing: see bot/i18n/glossary.py)"]
    return strays(read_glossary(path), texts, where, _where(path))


# Counts a plural rule is judged on: every remainder mod 100 and mod 1000 (the rules
# look no further), from 0 up.
_PLURAL_PROBE = range(0, 2000)


def same_plural_rule(count_a: int, expr_a: str, count_b: int, expr_b: str) -> bool:
    """Whether two gettext plural rules pick the same form for every count. Compared by
    what they choose, not by their spelling: Babel releases spell CLDR's rules differently
    (2.19 writes Russian's ``n%100<12 || n%100>14`` where 2.18 wrote ``n%100<10 ||
    n%100>=20``), and a file written by either is right."""
    if count_a != count_b:
        return False
    pick_a, pick_b = gettext.c2py(expr_a), gettext.c2py(expr_b)
    return all(pick_a(n) == pick_b(n) for n in _PLURAL_PROBE)


# A header line that says which Babel release wrote the file, not what is in it: a
# release newer than the one that last wrote the files must not fail the check.
_TOOL_HEADER = re.compile(rb'^"Generated-By: Babel [^"]*"$', re.MULTILINE)


def _without_tool_header(po_bytes: bytes) -> bytes:
    return _TOOL_HEADER.sub(b'"Generated-By: Babel"', po_bytes)


def update_problems(locale: str, template: Catalog | None = None) -> list[str]:
    """Whether the README's ``pybabel update ... --no-wrap`` would change ``locale``'s file:
    the same update Babel's command makes, written to memory and compared byte for byte."""
    template = template or read_catalog(TEMPLATE)
    path = po_path(locale)
    po = read_catalog(path, locale)
    po.update(template, no_fuzzy_matching=False, update_header_comment=False,
              update_creation_date=True)
    updated = BytesIO()
    # --no-wrap is width None (Babel's own command passes it; its annotation says int)
    write_po(updated, po, ignore_obsolete=False, include_previous=False, omit_header=False,
             width=None)  # type: ignore[arg-type]
    current = path.read_bytes()
    if _without_tool_header(updated.getvalue()) == _without_tool_header(current):
        return []
    old, new = current.decode().splitlines(), updated.getvalue().decode().splitlines()
    line = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
                min(len(old), len(new)))
    return [f"{_where(path)}: pybabel update would rewrite it from line {line + 1} "
            f"({new[line] if line < len(new) else 'the end'!r}): run the README's pybabel "
            "update step and commit the result"]


def language_problems(locale: str, template: Catalog | None = None) -> list[str]:
    """Every gap in ``locale``'s .po file against the template, one line each."""
    template = template or read_catalog(TEMPLATE)
    path = po_path(locale)
    where = str(Path(*path.parts[-4:]))
    if not path.exists():
        return [f"{where}: missing (create it: pybabel init -i {TEMPLATE} -d "
                f"{TEMPLATE.parent} -D durak -l {locale})"]
    po = read_catalog(path, locale)
    out = []
    expected = get_plural(locale)
    if not same_plural_rule(po.num_plurals, po.plural_expr, expected.num_plurals,
                            expected.plural_expr):
        out.append(f"{where}: Plural-Forms header is {po.plural_forms!r}; CLDR (Babel) says "
                   f"{expected.plural_forms!r}")
    found = {m.context: m for m in po if m.context}
    source = {m.context: m for m in template if m.context}
    for key, src in source.items():
        message = found.get(key)
        english = message_id(src)
        plural = isinstance(english, tuple)
        if message is None:
            out.append(f"{where}: {key}: missing (run pybabel update, then translate it)")
            continue
        if message_id(message) != english:
            out.append(f"{where}: {key}: its msgid is not the template's English (run "
                       "pybabel update)")
            continue
        if message.fuzzy:
            out.append(f"{where}: {key}: fuzzy (its English changed, or pybabel guessed it "
                       "from a similar message): check it and remove the fuzzy flag")
            continue
        forms = _forms(message)
        if plural and not isinstance(message.string, (list, tuple)):
            out.append(f"{where}: {key}: needs plural forms (msgstr[0]..msgstr"
                       f"[{expected.num_plurals - 1}])")
            continue
        if plural and len(forms) != expected.num_plurals:
            out.append(f"{where}: {key}: has {len(forms)} plural forms, {locale} needs "
                       f"{expected.num_plurals}")
            continue
        empty = [i for i, text in enumerate(forms) if not text]
        if empty:
            what = (", ".join(f"msgstr[{i}]" for i in empty) if plural else "msgstr")
            out.append(f"{where}: {key}: not translated ({what} empty)")
            continue
        want = placeholders(english[0] if isinstance(english, tuple) else english)
        for i, text in enumerate(forms):
            got = placeholders(text)
            if got != want:
                form = f" msgstr[{i}]" if plural else ""
                out.append(f"{where}: {key}:{form} placeholders {_show(got)} differ from the "
                           f"English {_show(want)}")
    for key in sorted(set(found) - set(source)):
        out.append(f"{where}: {key}: not in the template any more (run pybabel update)")
    translated = {key: _texts(m.string) for key, m in found.items() if key in source}
    out += glossary_problems(locale, translated, where)
    return out


def all_problems() -> list[str]:
    template = read_catalog(TEMPLATE)
    out = template_problems(template)
    for locale in LOCALES:
        if locale != DEFAULT_LOCALE:
            out += language_problems(locale, template)
            if po_path(locale).exists():
                out += update_problems(locale, template)
    return out


def main() -> int:
    problems = all_problems()
    for line in problems:
        print(line)
    if not problems:
        print(f"{len(LOCALES)} languages complete")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
