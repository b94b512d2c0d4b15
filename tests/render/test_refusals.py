"""ONE table maps every refusal code to what a person reads; none is missing, every message
exists in every language, and the parameters a refusal carries reach its message."""

from __future__ import annotations

import pytest

from bot.i18n import LOCALES, has_message
from bot.render.refusals import ENGINE_REASONS, REFUSALS, detail_text, refusal_text
from bot.service.errors import ENGLISH, Code, Detail, LobbyError, NotAllowed, ServiceError


def test_every_code_has_a_message_and_an_english_sentence():
    assert set(REFUSALS) == set(Code)
    assert set(ENGLISH) == set(Code)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_of_the_table_exists(locale):
    keys = {m.key for m in REFUSALS.values()}
    missing = sorted(k for k in keys if not has_message(locale, k))
    assert not missing, f"{locale}: no message for {missing}"


@pytest.mark.parametrize("code", list(Code))
def test_every_refusal_reads_as_a_sentence_in_every_language(code):
    # The parameters each parameterised refusal carries when raised.
    params = {Code.NEED_TWO: {"players": 1}, Code.NEED_PRIVATE_CHAT: {"names": ("Ann",)},
              Code.NOT_GROUP_MEMBER: {"group": "Cards"},
              Code.UNKNOWN_STRENGTH: {"strength": "x", "choices": "easy"},
              Code.BAD_SETTINGS: {"problem": "x"}}.get(code, {})
    refusal = ServiceError(code, **params)
    assert str(refusal)  # the English sentence for logs
    for locale in LOCALES:
        text = refusal_text(locale, refusal)
        assert text and "{" not in text, (code, locale, text)


def test_parameters_reach_the_message():
    assert refusal_text("en", LobbyError(Code.NEED_TWO, players=1)) == \
        "Need 1 more player."
    assert "Ann, Bob" in refusal_text("en", NotAllowed(Code.NEED_PRIVATE_CHAT,
                                                        names=("Ann", "Bob")))
    assert "Cards night" in refusal_text("ru", NotAllowed(Code.NOT_GROUP_MEMBER,
                                                           group="Cards night"))
    # A code alone works where there is nothing more to say.
    assert refusal_text("en", Code.STALE_BUTTON) == "This button is out of date."


def test_engine_reasons_are_shown_inside_the_rules_message():
    details = (Detail("", {}, "jokers are played with one pack"),)
    refusal = LobbyError(Code.RULES_PROBLEM, details=details)
    assert str(refusal) == "jokers are played with one pack"
    assert refusal_text("en", refusal) == \
        "These settings cannot be played: jokers are played with one pack"
    assert "одной колодой" in refusal_text("ru", refusal)
    assert detail_text("en", details[0]) == "jokers are played with one pack"


def test_engine_reasons_are_read_in_each_language():
    params = {"players": 7, "hand_size": 6, "cards_needed": 42, "deck_size": 36,
              "suggested_deck": 52}
    detail = Detail("deck_too_small_use_deck", params, "")
    assert detail_text("en", detail) == ("players: 7, cards each: 6; that needs 42 cards, and "
                                         "the deck has 36; take the deck of 52 cards")
    assert detail_text("ru", detail) == ("игроков: 7, карт каждому: 6; нужно карт: 42, а в "
                                         "колоде их 36; возьмите колоду из 52 карт")
    assert all(callable(say) for say in ENGINE_REASONS.values())
