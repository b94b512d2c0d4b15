"""The deal (RULES.md 'The deal'), first attacker, trump exchange and series of deals."""

import pytest

from bot.engine import GameState, IllegalAction, Outcome, Phase, RuleSet, new_deal, next_deal
from bot.engine.core.cards import SUIT_MASKS, bits
from bot.engine.core.deal import _shuffle_by, shuffled_deck

from .helpers import act, pos


def lowest_trump_holder(s: GameState) -> int | None:
    best = None
    for seat, hand in enumerate(s.hands):
        for c in bits(hand & SUIT_MASKS[s.trump]):
            if best is None or c & 15 < best[0]:
                best = (c & 15, seat)
    return None if best is None else best[1]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_cards_dealt_one_at_a_time_from_the_dealers_left_then_the_turn_up(players):
    rules = RuleSet.preset("podkidnoy", players=players)
    s = new_deal(rules, 1234, dealer=1)
    cards, _ = shuffled_deck(rules, 1234)
    for i in range(players * 6):
        seat = (1 + 1 + i) % players
        assert (s.hands[seat] >> cards[i]) & 1
    turnup = cards[players * 6]
    assert s.turnup == turnup and s.trump == (turnup >> 4) & 3
    assert s.stock[0] == turnup  # drawn last
    assert s.stock[-1] == cards[players * 6 + 1]  # drawn first
    assert len(s.stock) == 36 - players * 6
    assert all(h.bit_count() == 6 for h in s.hands)


def test_six_players_36_cards_turn_up_goes_to_the_dealer():
    rules = RuleSet.preset("podkidnoy", players=6)
    for seed in range(10):
        s = new_deal(rules, seed, dealer=2)
        cards, _ = shuffled_deck(rules, seed)
        assert s.stock == [] and all(h.bit_count() == 6 for h in s.hands)
        assert s.turnup == cards[30]  # 5 each, then the 31st card is turned
        assert (s.hands[2] >> s.turnup) & 1
        assert s.view(0).known[2].mask == 1 << s.turnup  # everyone saw it go to the dealer
        for k in range(5):  # the rest: one each from the dealer's left
            assert (s.hands[(2 + 1 + k) % 6] >> cards[31 + k]) & 1


def test_first_attacker_is_the_lowest_trump_holder_defender_on_the_left():
    rules = RuleSet.preset("podkidnoy", players=4)
    for seed in range(30):
        s = new_deal(rules, seed)
        holder = lowest_trump_holder(s)
        expected = holder if holder is not None else (s.dealer + 1) % 4
        assert s.attacker == expected and s.defender == (expected + 1) % 4


def test_first_attacker_falls_back_to_left_of_dealer_when_nobody_has_a_trump():
    rules = RuleSet.preset("two_player_24")
    found = 0
    for seed in range(3000):
        s = new_deal(rules, seed)
        if lowest_trump_holder(s) is None:
            found += 1
            assert s.attacker == (s.dealer + 1) % 2
    assert found >= 3


def test_first_attacker_left_of_dealer_rule():
    rules = RuleSet.preset("podkidnoy", players=3, first_attacker="left_of_dealer")
    for seed in range(10):
        s = new_deal(rules, seed)
        assert s.attacker == (s.dealer + 1) % 3


def test_lowest_before_play_exchange_window():
    rules = RuleSet.preset("podkidnoy", players=3, trump_exchange="lowest_before_play")
    seen_window = 0
    for seed in range(60):
        s = new_deal(rules, seed)
        six = s.trump * 16 + 6
        holder = next((p for p in range(3) if (s.hands[p] >> six) & 1), None)
        if holder is None:
            assert s.phase is Phase.PLAY
            continue
        seen_window += 1
        assert s.phase is Phase.EXCHANGE and s.waiting_on() == (holder,)
        first = s.attacker
        assert first == lowest_trump_holder(s)  # decided from the dealt hands first
        assert list(s.legal_actions(first)) == [] or first == holder
        with pytest.raises(IllegalAction, match="before the first lead"):
            act(s, f"{first}:p")
        old_up = s.turnup
        act(s, f"{holder}:e")
        assert (s.hands[holder] >> old_up) & 1 and not (s.hands[holder] >> six) & 1
        assert s.stock[0] == six == s.turnup and s.phase is Phase.PLAY
        assert s.view((holder + 1) % 3).known[holder].mask == 1 << old_up
        assert s.attacker == first
        with pytest.raises(IllegalAction, match="only before the first lead"):
            act(s, f"{holder}:e")
    assert seen_window >= 5


def test_keeping_the_lowest_trump_opens_play():
    rules = RuleSet.preset("podkidnoy", players=2, trump_exchange="lowest_before_play")
    for seed in range(40):
        s = new_deal(rules, seed)
        if s.phase is Phase.EXCHANGE:
            h = s.exchange_holder
            assert s.default_action(h).text() == "k"
            act(s, f"{h}:k")
            assert s.phase is Phase.PLAY and s.waiting_on() == (s.attacker,)
            return
    pytest.fail("no exchange window in 40 deals")


def test_turn_up_is_drawn_last_and_then_known():
    s = pos(hands=["7c 8c 9c 10c", "Ah 2d 3d 4d 5d 6d"], trump="s", attacker=0,
            table=[("6h", None)], stock="Ks Qs", rules={"deck": 52})
    assert s.turnup == s.stock[0] == pos_card("Qs")
    events = act(s, "1:c 6h Ah")
    assert [e.kind for e in events][:2] == ["beaten_off", "drew"]
    assert s.stock == [] and {"Ks", "Qs"} <= set(s.view(0).hand.text().split())
    assert s.view(1).known[0].text() == "Qs"  # everyone saw who drew the turn-up


def pos_card(text: str) -> int:
    from bot.engine import Card
    return Card.parse(text)


def test_next_deal_the_fool_deals_and_a_draw_keeps_the_dealer():
    rules = RuleSet.preset("podkidnoy", players=4, next_deal_first_attacker="left_of_dealer")
    nxt = next_deal(rules, Outcome(fools=(2,)), previous_dealer=0, seed=5)
    assert nxt.dealer == 2 and nxt.attacker == 3
    again = next_deal(rules, Outcome(draw=True), previous_dealer=0, seed=5)
    assert again.dealer == 0 and again.attacker == 1


def test_fools_right_the_fool_defends_first():
    rules = RuleSet.preset("podkidnoy", players=4, next_deal_first_attacker="fools_right")
    nxt = next_deal(rules, Outcome(fools=(1,)), previous_dealer=3, seed=9)
    assert nxt.defender == 1 and nxt.attacker == 0
    # the first deal of a series is not affected
    first = new_deal(rules, 9)
    assert first.attacker == lowest_trump_holder(first)


def test_outcome_matchsticks():
    assert Outcome(fools=(2,)).matchsticks() == {2: 1}
    assert Outcome(draw=True).matchsticks() == {}


def test_series_to_n_matchsticks():
    from bot.engine.core.outcome import series_fool
    assert series_fool({0: 2, 1: 3}, 3) == 1
    assert series_fool({0: 2, 1: 2}, 3) is None
    assert series_fool({0: 9}, 0) is None  # 0: the series has no end


@pytest.mark.parametrize("n", [0, 1, 2, 24, 36, 52, 54, 104, 162])
def test_block_shuffle_makes_the_same_swaps_as_one_divmod_per_card(n):
    # _shuffle_by (the compiled build's shuffle) splits the random number in blocks of
    # radices; every j must be the one the per-card divmod gives, or deals would differ
    import random
    rng = random.Random(n)
    bits_needed = sum(i.bit_length() for i in range(2, n + 1)) + 64
    for _ in range(200):
        x = rng.getrandbits(bits_needed)
        expected, y = list(range(n)), x
        for i in range(n - 1, 0, -1):
            y, j = divmod(y, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        got = list(range(n))
        _shuffle_by(got, x)
        assert got == expected
