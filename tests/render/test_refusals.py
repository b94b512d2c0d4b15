"""ONE table maps every refusal code to what a person reads; none is missing, every message
exists in every language, and the parameters a refusal carries reach its message."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.engine import Code as EngineCode
from bot.engine import RulesError, RuleSet
from bot.i18n import LOCALES, has_message
from bot.render.refusals import ENGINE_REASONS, REFUSALS, detail_text, refusal_text
from bot.service.errors import (
    Code,
    Detail,
    LobbyError,
    NotAllowed,
    ServiceError,
    engine_details,
)

ENGINE = Path(__file__).resolve().parents[2] / "bot" / "engine"


def rule_set_codes() -> set[EngineCode]:
    """Every engine code the rule-set checks use (core/rules.py, warsaw/rules.py): the
    problems a person can be shown."""
    names = set()
    for module in ("core/rules.py", "warsaw/rules.py"):
        source = (ENGINE / module).read_text()
        names |= set(re.findall(r"\b(?:RulesError|Reason)\(Code\.([A-Z_0-9]+)", source))
    return {EngineCode[name] for name in names}


def sample(code) -> dict:
    """Parameters as the engine gives them for ``code``: numbers, or real rule names and
    values (so their labels are found), else some text."""
    values = {**SAMPLES, **({"value": "neighbours"}  # a value of the rule named (throw_in)
                           if code is EngineCode.NOT_IMPLEMENTED else {})}
    return {name: 7 if name in NUMBERS else values.get(name, f"<{name}>")
            for name in code.fields}


NUMBERS = {"players", "hand_size", "cards_needed", "deck_size", "suggested_deck",
           "suggested_hand_size", "min_players", "max_players"}
# Rule names and values the engine passes (rule -> throw_in, value -> a trump_exchange
# value, the Warsaw house rules listed); none may reach a person as it is.
SAMPLES = {"rule": "throw_in", "name": "throw_in", "rules": "poker, weli",
           "value": "six_any_time", "teams": "2x2", "preset": "prostoy_pagat"}
INTERNAL = ("throw_in", "six_any_time", "prostoy_pagat", "_")


def test_every_code_has_a_message():
    assert set(REFUSALS) == set(Code)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_of_the_table_exists(locale):
    keys = {m.key for m in REFUSALS.values()}
    missing = sorted(k for k in keys if not has_message(locale, k))
    assert not missing, f"{locale}: no message for {missing}"


@pytest.mark.parametrize("code", list(Code))
def test_every_refusal_reads_as_a_sentence_in_every_language(code):
    # The parameters each parameterised refusal carries when raised.
    counts = ("players", "most", "least", "entered")  # what a plural message counts by
    refusal = ServiceError(code, **{name: 1 if name in counts else "Ann"
                                    for name in code.fields})
    assert str(refusal)  # the English sentence for logs
    for locale in LOCALES:
        text = refusal_text(locale, refusal)
        assert text and "{" not in text, (code, locale, text)


def test_parameters_reach_the_message():
    assert refusal_text("en", LobbyError(Code.NEED_TWO, players=1)) == \
        "Need 1 more player."
    assert "Ann, Bob" in refusal_text("en", NotAllowed(Code.NEED_PRIVATE_CHAT,
                                                        names="Ann, Bob"))
    assert "Cards night" in refusal_text("ru", NotAllowed(Code.NOT_GROUP_MEMBER,
                                                           group="Cards night"))
    # A code alone works where there is nothing more to say.
    assert refusal_text("en", Code.STALE_BUTTON) == "This button is out of date."


def test_every_problem_of_a_rule_set_has_its_message():
    codes = rule_set_codes()
    assert EngineCode.JOKERS_PACKS in codes and EngineCode.WARSAW_TEAMS in codes  # found
    assert not codes - set(ENGINE_REASONS), "no message for " + ", ".join(
        sorted(codes - set(ENGINE_REASONS)))
    assert not set(ENGINE_REASONS) - codes  # and nothing else is in that part of the table


@pytest.mark.parametrize("code", sorted(rule_set_codes()))
def test_a_problem_reads_in_players_words_in_every_language(code):
    detail = Detail(code, sample(code), code.text(**sample(code)))
    for locale in LOCALES:
        text = detail_text(locale, detail)
        assert text and "{" not in text, (locale, text)
        if code not in (EngineCode.UNKNOWN_RULE, EngineCode.UNKNOWN_RULES,
                        EngineCode.UNKNOWN_PRESET, EngineCode.VALUE_NOT_ALLOWED):
            # (names and values nobody knows are shown as they were sent)
            assert not any(word in text for word in INTERNAL), (locale, text)
    assert re.search("[а-яё]", detail_text("ru", detail))


def test_rule_names_and_values_are_shown_by_their_labels():
    detail = Detail(EngineCode.NOT_IMPLEMENTED, {"rule": "throw_in", "value": "neighbours"},
                    "throw_in=neighbours is not implemented yet")
    assert detail_text("en", detail) == "Throw-in: neighbours is not available yet"
    assert detail_text("ru", detail).startswith("Подкидывают: ")


def test_the_rules_message_carries_every_problem_of_the_rule_set():
    with pytest.raises(RulesError) as raised:
        RuleSet.preset("podkidnoy", players=2, jokers=2, packs=2, deck=24).validate()
    exc = raised.value
    refusal = LobbyError(Code.RULES_PROBLEM, details=engine_details(exc))
    assert str(refusal) == str(exc)  # the English sentence, as the engine says it (logs)
    assert len(exc.problems) >= 2
    english = refusal_text("en", refusal)
    assert english.startswith("These settings cannot be played: ")
    assert english.count("; ") == str(exc).count("; ")  # every problem, in its own words
    russian = refusal_text("ru", refusal)
    assert russian.startswith("Так играть нельзя: ") and "jokers are" not in russian
    assert russian.count("; ") == english.count("; ")


def test_a_detail_without_a_message_reads_as_the_engines_english():
    assert detail_text("ru", Detail("", {}, "something new")) == "something new"
