"""A refused move in words: every engine code of the move table has a message whose
placeholders its parameters fill, and the rest read as the plain "not allowed now"."""

from __future__ import annotations

import pytest

from bot.engine import Code as EngineCode
from bot.i18n import LOCALES, t
from bot.i18n.catalogues import catalogue
from bot.i18n.check import placeholders
from bot.render.refusals import MOVE_REASONS, move_refusal_text, refusal_text
from bot.service.errors import Code, Detail, IllegalMove

RULE_ID = "="  # "lead=same_rank: ..." is how a rule id reads


def sample(code: EngineCode) -> dict[str, object]:
    values = {"card": "Qh", "cover": "9♥", "attack": "Q♥", "limit": 3, "count": 2}
    return {name: values.get(name, "x") for name in code.fields}


@pytest.mark.parametrize("code", sorted(MOVE_REASONS))
def test_every_move_refusal_reads_in_every_language(code):
    key = MOVE_REASONS[code]
    english = catalogue("en").messages[key]
    want = placeholders(english if isinstance(english, str) else english[0]) - {"n"}
    assert want <= set(code.fields), (code, want)
    for locale in LOCALES:
        text = move_refusal_text(locale, code, sample(code))
        assert text and RULE_ID not in text and "{" not in text, (locale, text)


def test_the_cards_named_take_the_readers_letters():
    params = {"cover": "9♥", "attack": "Q♥"}
    assert move_refusal_text("en", EngineCode.DOES_NOT_BEAT, params) == \
        "9♥ does not beat Q♥: beat it with a higher card of its suit or with a trump."
    assert move_refusal_text("ru", EngineCode.DOES_NOT_BEAT, params).startswith(
        "9♥ не бьёт Д♥: ")
    assert move_refusal_text("ru", EngineCode.DOES_NOT_BEAT, params, letters="en") \
        .startswith("9♥ не бьёт Q♥: ")
    assert move_refusal_text("pl", EngineCode.LEAD_OVER_LIMIT, {"limit": 2}) == \
        "W tym ataku najwyżej 2 karty."


def test_an_unlisted_code_and_a_bare_refusal_read_as_not_allowed_now():
    assert move_refusal_text("de", EngineCode.PHASE_FULL, {"count": 4}) == \
        t("de", "err.illegal_move")
    assert refusal_text("en", Code.ILLEGAL_MOVE) == "That move is not allowed now."


def test_the_bot_tells_an_outdated_buttons_press_which_rule_refused_it():
    refusal = IllegalMove(Code.ILLEGAL_MOVE, details=(
        Detail(EngineCode.LEAD_SAME_RANK, {}, "lead=same_rank: every card ..."),))
    assert refusal_text("uk", refusal) == "Усі карти заходу мають бути однієї вартості."
