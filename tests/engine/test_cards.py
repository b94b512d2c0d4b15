import pytest

from bot.engine import Card, CardSet
from bot.engine.core.cards import deck_cards, parse_card


def test_card_id_encoding_follows_readme():
    # pack * 64 + suit * 16 + rank; suits ♠ ♥ ♦ ♣; ranks 2..14
    assert Card.parse("10♥") == 1 * 16 + 10
    assert Card.parse("A♣") == 3 * 16 + 14
    assert Card.parse("2♠") == 2
    assert Card.parse("10h.1") == 64 + 16 + 10


@pytest.mark.parametrize("text", ["10♥", "10h", "Th", "th", "10H", "T♥"])
def test_ten_of_hearts_spellings(text):
    assert Card.parse(text) == Card.of(10, 1)


def test_every_card_of_every_deck_round_trips_both_text_forms():
    for deck in (24, 36, 52):
        for packs in (1, 2, 3):
            for c in deck_cards(deck, packs):
                card = Card(c)
                assert Card.parse(str(card)) == c
                assert Card.parse(card.ascii()) == c


def test_jokers_round_trip():
    for c in deck_cards(36, 2, jokers=2):
        assert parse_card(Card(c).ascii()) == c
        assert parse_card(str(Card(c))) == c


def test_identical_cards_of_two_packs_stay_distinct():
    cards = deck_cards(36, 2)
    assert len(cards) == len(set(cards)) == 72
    assert str(Card(cards[0])) != str(Card(cards[36]))


@pytest.mark.parametrize("bad", ["", "1", "11h", "10x", "Zh", "10h.7", "*x", "h10"])
def test_bad_card_text_is_refused(bad):
    with pytest.raises(ValueError):
        Card.parse(bad)


def test_deck_sizes_and_lowest_ranks():
    assert len(deck_cards(24)) == 24 and min(c & 15 for c in deck_cards(24)) == 9
    assert len(deck_cards(36)) == 36 and min(c & 15 for c in deck_cards(36)) == 6
    assert len(deck_cards(52)) == 52 and min(c & 15 for c in deck_cards(52)) == 2


def test_cardset_behaves_like_a_set():
    s = CardSet.parse("6h 7h As")
    assert len(s) == 3
    assert Card.parse("7h") in s and Card.parse("8h") not in s
    assert CardSet.parse("7h As") | CardSet.parse("6h") == s
    assert (s - CardSet.parse("6h")).text() == "As 7h"
    assert [str(c) for c in s] == ["A♠", "6♥", "7♥"]
    assert CardSet.parse(s.text()) == s
    assert "A♠" in repr(s)
