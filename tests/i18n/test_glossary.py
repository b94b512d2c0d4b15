"""One word for one thing: each language's glossary, the check that holds the catalogues
to it, and the README's pybabel update step leaving an unchanged tree clean."""

from __future__ import annotations

import re
import shutil

import pytest

from bot.i18n import LOCALES, check
from bot.i18n.catalogues import po_path
from bot.i18n.glossary import Entry, glossary_path, read_glossary

TERMS = ("host", "lobby", "deal", "game", "series", "trump", "stock", "discard", "fool",
         "throw in", "transfer", "take", "beaten", "matchstick", "computer player",
         "quotation marks")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_language_has_a_glossary_of_the_games_terms(locale):
    entries = {entry.term: entry for entry in read_glossary(glossary_path(locale))}
    assert set(TERMS) <= set(entries), sorted(set(TERMS) - set(entries))
    assert all(entry.use for entry in entries.values())


def test_an_avoided_word_is_matched_whole_with_any_ending():
    deal = dict(Entry("deal", "раздача", ("парти*",), "").patterns())["парти*"]
    assert deal.search("Следующая Партия начнётся") and deal.search("к следующей партии")
    assert not deal.search("партнёры сидят напротив")
    host = dict(Entry("host", "osoba prowadząca", ("prowadzący",), "").patterns())
    assert host["prowadzący"].search("Start (prowadzący)")
    assert not host["prowadzący"].search("osoba prowadząca naciska")
    chat = dict(Entry("in a chat", "na czacie", ("w czacie",), "").patterns())["w czacie"]
    assert chat.search("z wiadomości w  czacie z botem") and not chat.search("na czacie")
    quote = dict(Entry("quotes", "„…“", ("«",), "").patterns())["«"]
    assert quote.search("in «Skat»")


def planted(tmp_path, monkeypatch, locale: str, old: str, new: str):
    copy = tmp_path / locale / "LC_MESSAGES" / "durak.po"
    copy.parent.mkdir(parents=True)
    shutil.copy(po_path(locale), copy)
    text = copy.read_text(encoding="utf-8")
    assert old in text
    copy.write_text(text.replace(old, new, 1), encoding="utf-8")
    monkeypatch.setattr(check, "po_path", lambda _: copy)
    return f"{tmp_path.name}/{locale}/LC_MESSAGES/durak.po"


def test_the_check_flags_a_word_the_glossary_avoids(tmp_path, monkeypatch):
    where = planted(tmp_path, monkeypatch, "ru", 'msgstr "Следующая раздача"',
                    'msgstr "Следующая партия"')
    found = check.language_problems("ru")
    assert found == [f"{where}: btn.next_deal: uses 'партия', which locales/ru/glossary.csv "
                     "says to avoid for 'deal': write 'раздача'"]


def test_the_check_flags_another_languages_quotation_marks(tmp_path, monkeypatch):
    planted(tmp_path, monkeypatch, "de", "in „{group}“ verlassen", "in «{group}» verlassen")
    found = check.language_problems("de")
    assert len(found) == 2 and all(": hand.left: uses '" in line for line in found), found
    assert "'quotation marks': write '„…“'" in found[0]


def test_the_fixed_catalogues_follow_their_glossaries():
    for locale in LOCALES:
        assert not [line for line in check.all_problems() if "glossary.csv" in line], locale


def test_pybabel_update_leaves_an_unchanged_tree_clean(tmp_path, monkeypatch):
    for locale in LOCALES[1:]:
        assert check.update_problems(locale) == [], locale
    # the Babel release named in the header is not content: another release's update
    # rewrites only that line, which the check forgives
    header = re.search(r'"Generated-By: Babel [^"]*"', po_path("pl").read_text("utf-8"))
    assert header is not None
    planted(tmp_path / "older", monkeypatch, "pl", header.group(0),
            '"Generated-By: Babel 2.14.0\\n"')
    assert check.update_problems("pl") == []
    where = planted(tmp_path, monkeypatch, "pl", '#, python-brace-format\nmsgctxt "hand.left"',
                    'msgctxt "hand.left"')
    found = check.update_problems("pl")
    assert len(found) == 1 and found[0].startswith(f"{where}: pybabel update would rewrite"), \
        found
