"""What is missing or wrong in a language's catalogue, said so a translator can act on it.

    python -m bot.i18n.check          # every language; exit 1 when anything is listed

One line per problem, naming the file, the message id and what to do. tests/i18n runs the
same checks, so a release never ships a language with a gap; at run time a gap only falls
back to English (bot/i18n/catalogues.py).
"""

from __future__ import annotations

import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural

from .catalogues import TEMPLATE, message_id, po_path, read_catalog
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
    return out


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
    if po.num_plurals != expected.num_plurals or po.plural_expr != expected.plural_expr:
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
    return out


def all_problems() -> list[str]:
    template = read_catalog(TEMPLATE)
    out = template_problems(template)
    for locale in LOCALES:
        if locale != DEFAULT_LOCALE:
            out += language_problems(locale, template)
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
