"""Card glyphs and hand order, cross-checked with the engine's Card when it is there."""

from __future__ import annotations

import pytest

from bot.render.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    card_ascii,
    card_label,
    cards_text,
    is_red,
    sort_hand,
)


def card(rank: int, suit: int, pack: int = 0) -> int:
    return pack * 64 + suit * 16 + rank


def test_labels_plain_and_emoji():
    assert card_label(card(10, HEARTS), "plain") == "10♥"
    assert card_label(card(10, HEARTS)) == "10♥\ufe0f"
    assert card_label(card(14, SPADES), "plain") == "A♠"
    assert card_label(card(11, CLUBS), "plain") == "J♣"
    assert card_label(card(6, DIAMONDS, pack=2), "plain") == "6♦"  # packs look alike
    assert card_label(card(15, SPADES), "plain") == "🃏♠"
    assert card_label(card(15, HEARTS), "plain") == "🃏♥"


def test_red_and_black():
    assert [is_red(card(9, s)) for s in (SPADES, HEARTS, DIAMONDS, CLUBS)] == [
        False, True, True, False]
    assert is_red(card(15, HEARTS)) and not is_red(card(15, SPADES))


def test_ascii_forms():
    assert card_ascii(card(10, HEARTS)) == "10h"
    assert card_ascii(card(12, DIAMONDS, 1)) == "Qd.1"
    assert card_ascii(card(15, SPADES)) == "*b" and card_ascii(card(15, HEARTS, 2)) == "*r.2"


@pytest.mark.parametrize("bad", [0, 1, 16 + 0, card(15, DIAMONDS), card(15, CLUBS), 3 * 64 + 6,
                                 -1, True])
def test_non_cards_are_refused(bad):
    with pytest.raises(ValueError):
        card_label(bad)
    with pytest.raises(ValueError):
        card_ascii(bad)


def test_hand_sorted_by_suit_and_rank_with_trumps_then_jokers_last():
    hand = [card(6, HEARTS), card(14, SPADES), card(15, HEARTS), card(7, CLUBS),
            card(9, SPADES), card(13, DIAMONDS), card(6, CLUBS), card(10, HEARTS)]
    ordered = sort_hand(hand, trump_suit=HEARTS)
    assert cards_text(ordered, sort=False, style="plain") == "9♠ A♠ 6♣ 7♣ K♦ 6♥ 10♥ 🃏♥"
    no_trump = cards_text(hand, None, style="plain")
    assert no_trump == "9♠ A♠ 6♥ 10♥ 6♣ 7♣ K♦ 🃏♥"


def test_engine_card_texts_agree():
    engine = pytest.importorskip("bot.engine")
    for pack in range(3):
        for suit in range(4):
            for rank in list(range(2, 15)) + ([15] if suit < 2 else []):
                cid = card(rank, suit, pack)
                engine_card = engine.Card(cid)
                assert engine.Card.parse(card_ascii(cid)) == cid
                if pack == 0:
                    assert str(engine_card) == card_label(cid, "plain")
                assert card_label(engine_card) == card_label(cid)


def test_screen_markup_json_is_what_the_ptb_markup_serialises_to():
    from bot.render.screen import Screen

    screen = Screen("t", ((("A", "m1.2.x"), ("B", "url:https://t.me/x?start=1")),
                          (), (("C", "u1.2.back"),)))
    assert screen.markup_json() == screen.markup().to_dict()
    assert Screen("t").markup_json() is None
