"""Dureń Piątkowy (seed 002, RULES.md 'Warsaw phases'): one hand-built test per rule, each
failing if the rule were played differently."""

import json
from fractions import Fraction

import pytest

from bot.engine import (
    Action,
    EventKind,
    IllegalAction,
    Outcome,
    Phase,
    RuleSet,
    deal_from_position,
    new_deal,
    next_deal,
)
from bot.engine.core.cards import bits, parse_card
from bot.engine.warsaw.state import WarsawState


def pos(players, **kw) -> WarsawState:
    rules = RuleSet.preset("duren_piatkowy", players=players, **kw.pop("rules", {}))
    return deal_from_position(rules, trump=kw.pop("trump", "c"), **kw)


def act(s, text):
    return s.apply(Action.parse(text))


def lead(s, seat, text):
    """Build a first-phase lead card by card, then close it with d unless it closed by
    itself (nothing more could join); returns the events of the last action."""
    events = ()
    for card in text.split():
        events = act(s, f"{seat}:a {card}")
    if s.stage == "lead":
        events = act(s, f"{seat}:d")
    return events


def texts(s, seat):
    return {a.text() for a in s.legal_actions(seat)}


def cards(text):
    return sum(1 << parse_card(t) for t in text.split())


def four_players():
    return pos(4, attacker=0, stock="Ah As Ac", hands=[
        "4h 4d 6d Kd Ks", "6h 5d 9h 10h Qc", "6s 8s 8d 2h 6c", "5s 5c 2d 3d Ad"])


def play_to_second_phase_full(s):
    act(s, "0:a 4h")
    act(s, "0:a 4d")
    assert s.stage == "lead" and "d" in texts(s, 0)  # 6d could still join: not closed
    with pytest.raises(IllegalAction, match="still being built"):
        act(s, "1:c 4h 6h")
    act(s, "0:d")
    assert s.waiting_on() == (1,)
    assert texts(s, 1) == {"c 4h 6h", "c 4h 9h", "c 4h 10h", "c 4h Qc", "t"}  # 4h first
    # for planning, the defender's view lists the covers of every uncovered card
    plan = {a.text() for a in s.view(1).cover_options}
    assert plan == texts(s, 1) - {"t"} | {"c 4d 5d", "c 4d Qc"}
    assert s.view(0).cover_options == () and s.view(2).cover_options == ()
    with pytest.raises(IllegalAction, match="in the order they lie: 4♥ first"):
        act(s, "1:c 4d 5d")
    act(s, "1:c 4h 6h")
    events = act(s, "1:c 4d 5d")
    assert EventKind.NEW_PHASE in [e.kind for e in events]
    # phase 2: ranks the defender covered with (6, 5); principal attacker first
    assert s.order == (0, 2, 3)
    assert s.waiting_on() == (0,) and texts(s, 0) == {"a 6d", "p"}
    view = s.view(2)
    assert view.warsaw_phase == 2 and view.lead_ranks == (5, 6) and view.leader == 0
    act(s, "0:a 6d")  # 0 has no more 5s or 6s: their turn ends by itself
    assert s.waiting_on() == (2,) and texts(s, 2) == {"a 6s", "a 6c", "p"}
    with pytest.raises(IllegalAction, match="ranks the defender covered"):
        act(s, "2:a 8s")
    act(s, "2:p")
    assert s.waiting_on() == (3,) and texts(s, 3) == {"a 5s", "a 5c", "p"}
    act(s, "3:a 5s")
    act(s, "3:a 5c")  # three cards led = the defender's three cards: the defender answers
    assert s.waiting_on() == (1,) and s.stage == "defend"


def test_later_phases_are_led_in_order_by_the_covered_ranks_up_to_the_defenders_hand():
    play_to_second_phase_full(four_players())


def test_the_principal_attacker_may_not_pass_the_first_lead_and_the_defender_never_leads():
    s = four_players()
    with pytest.raises(IllegalAction, match="must lead"):
        act(s, "0:p")
    with pytest.raises(IllegalAction, match="principal attacker leads"):
        act(s, "2:a 8s")
    with pytest.raises(IllegalAction, match="one card at a time"):
        act(s, "0:a 4h 4d")
    with pytest.raises(IllegalAction, match="d closes the first-phase lead"):
        act(s, "2:d")


def test_giving_up_returns_the_covers_and_puts_every_led_card_in_front():
    s = four_players()
    play_to_second_phase_full(s)
    events = act(s, "1:t")
    assert events[0].kind is EventKind.TAKEN
    assert s.front[1] == cards("4h 4d 6d 5s 5c")          # every phase's led cards
    assert s.hands[1] == cards("6h 5d 9h 10h Qc")          # the covers came back
    assert s.view(3).front[1].mask == s.front[1]                # face up: everyone sees them
    assert s.view(3).held_counts[1] == 10


def test_rotation_cards_in_front_are_led_only_after_the_lead_then_in_later_phases():
    s = four_players()
    play_to_second_phase_full(s)
    act(s, "1:t")
    # the previous defender leads next against their left
    assert (s.attacker, s.defender) == (1, 2) and s.waiting_on() == (1,)
    assert not any(a.cards and set(a.cards) & set(bits(s.front[1]))
                   for a in s.legal_actions(1))
    with pytest.raises(IllegalAction, match="lies in front of you"):
        act(s, "1:a 4h")
    events = act(s, "1:a 5d")  # nothing can join 5d (5s 5c are in front): closes itself
    assert [e.kind for e in events] == [EventKind.PICKED_UP] and s.stage == "defend"
    assert s.front[1] == 0 and s.hands[1] & cards("4h 4d 6d 5s 5c") == cards("4h 4d 6d 5s 5c")
    assert s.known[1] & cards("4h 4d 6d 5s 5c") == cards("4h 4d 6d 5s 5c")
    act(s, "2:c 5d 6c")
    assert s.order == (1, 3, 0)  # principal attacker, then clockwise from the defender's left
    assert texts(s, 1) == {"a 6h", "a 6d", "p"}  # 6d came from the front: leadable now
    act(s, "1:a 6d")


def test_an_empty_hand_picks_up_the_cards_in_front_first_and_leads_from_them():
    s = pos(3, attacker=0, stock="Ah As Ac", hands=["", "6h 5d 9h 10h Qc", "6s 8s 8d 2h 6c"],
            front=["7h 7d", "", ""])
    assert s.front[0] == 0 and s.hands[0] == cards("7h 7d")
    assert texts(s, 0) == {"a 7h", "a 7d"}
    act(s, "0:a 7d")
    assert texts(s, 0) == {"a 7h", "d"}
    act(s, "0:a 7h")  # the hand is empty: the lead closes by itself
    assert s.stage == "defend" and s.attacks == [parse_card("7d"), parse_card("7h")]


def test_nobody_able_to_lead_a_later_phase_means_beaten_off():
    s = pos(3, attacker=0, stock="Ah Qh Jh 10h 9h 5c", hands=[
        "4h 7s 8s 9s Js", "6h 2d 3d 10d Qd", "2s 3s Ks As Kd"])
    act(s, "0:a 4h")
    events = act(s, "1:c 4h 6h")  # ranks {6}: nobody else holds a six
    kinds = [e.kind for e in events]
    assert EventKind.BEATEN_OFF in kinds and EventKind.NEW_PHASE in kinds
    assert s.discard & cards("4h 6h") == cards("4h 6h")
    assert (s.beaten >> 1) & 1
    assert (s.attacker, s.defender) == (1, 2)


def test_covering_with_the_last_card_beats_off_at_once():
    s = pos(3, attacker=0, stock="Ah Qh Jh 10h 9h 5c", hands=[
        "4h 6s 8s 9s Js", "6h", "2s 3s Ks As 6d"])
    act(s, "0:a 4h")
    events = act(s, "1:c 4h 6h")  # 0 and 2 hold sixes, but the defender has no cards left
    assert events[0].kind is EventKind.BEATEN_OFF
    assert EventKind.NEW_PHASE not in [e.kind for e in events]


def test_replenish_order_principal_attacker_defender_then_the_others_in_rotation():
    s = pos(4, attacker=2, stock="Ah Kh Qh Jh 10h 9h 8h 7h Ac", hands=[
        "2s 3s 5s", "7s 8s Js 9d", "4h Ks Kd Qs", "6h 2d 3d 10d"])
    lead(s, 2, "4h")
    events = act(s, "3:c 4h 6h")
    assert [e.seat for e in events if e.kind is EventKind.DREW] == [2, 3, 0, 1]
    assert s.hands[2] & cards("Ah Kh") == cards("Ah Kh")
    assert s.hands[3] & cards("Qh Jh") == cards("Qh Jh")
    assert s.hands[0] & cards("10h 9h") == cards("10h 9h")
    assert s.hands[1] & cards("8h") == cards("8h")


def test_cards_in_front_count_as_held_for_replenishing():
    s = pos(3, attacker=0, stock="Ah Kh Qh Jh Ac", hands=[
        "Kd Ks 2s 3s 4s", "6h 2d 3d", "7s 8s 9s 10s Js"])
    lead(s, 0, "Kd")
    events = act(s, "1:t")
    # 3 in hand + 1 in front = 4: one card drawn, not two
    assert [(e.seat, e.count) for e in events if e.kind is EventKind.DREW] == [(0, 1), (1, 1)]
    assert s.front[1] == cards("Kd") and s.hands[1].bit_count() == 4


def exchange_position(stock, beaten=(), third="7s 8s 9s 10s Js", defender="2c 6h 2d 3d 7d"):
    return pos(3, attacker=0, stock=stock, beaten=beaten, hands=[
        "4h Qs Ks As Kd", defender, third])


def test_trump_two_exchange_after_beating_off_at_the_turn_to_replenish():
    s = exchange_position("Ah Kh Qh 10c")
    with pytest.raises(IllegalAction, match="only at your turn to replenish"):
        act(s, "1:e")
    lead(s, 0, "4h")
    act(s, "1:c 4h 6h")  # beaten off: seat 1 qualifies now
    assert s.phase is Phase.EXCHANGE and s.waiting_on() == (1,)
    assert texts(s, 1) == {"e", "k"} and texts(s, 0) == set()
    assert s.hands[0] & cards("Ah")  # the principal attacker drew first
    events = act(s, "1:e")
    assert events[0].kind is EventKind.EXCHANGED
    assert s.turnup == parse_card("2c") and s.stock[0] == parse_card("2c")
    assert s.hands[1] & cards("10c Kh") == cards("10c Kh") and not s.hands[1] & cards("2c")
    assert s.phase is Phase.PLAY and (s.attacker, s.defender) == (1, 2)


def test_trump_two_exchange_needs_another_card_in_the_stock():
    s = exchange_position("Ah 10c")
    lead(s, 0, "4h")
    act(s, "1:c 4h 6h")  # after 0 draws Ah only the turn-up is left
    assert s.phase is Phase.PLAY and s.hands[1] & cards("2c 10c") == cards("2c 10c")


def test_trump_two_exchange_needs_a_beaten_off_attack_this_deal_even_without_drawing():
    holder = "2c 7s 8s 9s 10s"
    s = exchange_position("Ah Kh Qh 10c", third=holder, defender="6h 2d 3d 7d 8d")
    lead(s, 0, "4h")
    act(s, "1:c 4h 6h")
    assert s.phase is Phase.PLAY  # seat 2 never beat off an attack: not asked
    s = exchange_position("Ah Kh Qh 10c", beaten=[2], third=holder,
                          defender="6h 2d 3d 7d 8d")
    lead(s, 0, "4h")
    act(s, "1:c 4h 6h")
    assert s.phase is Phase.EXCHANGE and s.exchange_holder == 2  # full hand, still asked
    act(s, "2:k")
    assert s.phase is Phase.PLAY and s.hands[2] == cards(holder)


def test_the_deal_ends_after_the_attack_in_which_someone_runs_out_and_they_collect():
    s = pos(3, attacker=0, turnup="Ac", hands=["4h 4d", "5s 9d 9c Jd", "2h 3h 7d"])
    lead(s, 0, "4h 4d")
    assert not s.is_over  # out of cards, but the attack goes on
    events = act(s, "1:t")
    assert s.is_over and events[-1].kind is EventKind.END
    out = s.outcome
    assert out.fools == (1, 2)  # the biggest payer first: deals next
    assert out.stakes == {0: 9, 1: -6, 2: -3}  # front cards count: 4 in hand + 2 in front


def test_stakes_are_split_equally_among_the_winners_exactly():
    s = pos(4, attacker=0, turnup="Ac", hands=["4h 4d", "6h 5d", "2s 3s 7d", "8d 9d"])
    lead(s, 0, "4h 4d")
    act(s, "1:c 4h 6h")
    act(s, "1:c 4d 5d")  # beaten off with the last cards: 0 and 1 are both out
    out = s.outcome
    assert out.out_order == (0, 1) and out.fools == (2, 3)
    assert out.stakes == {0: Fraction(5, 2), 1: Fraction(5, 2), 2: -3, 3: -2}
    assert Outcome.from_dict(json.loads(json.dumps(out.to_dict()))) == out
    nxt = next_deal(s.rules, out, s.dealer, seed=1)
    assert isinstance(nxt, WarsawState) and nxt.dealer == 2


def test_endless_giving_up_with_the_stock_gone_ends_as_a_draw_on_repetition():
    s = pos(3, attacker=0, trump="s", turnup="As", hands=["2h 3h", "2d 3d", "2c 3c"])
    for _ in range(200):
        if s.is_over:
            break
        seat = s.waiting_on()[0]
        s.apply(s.default_action(seat))
    assert s.is_over and s.outcome.draw and s.outcome.stakes == {0: 0, 1: 0, 2: 0}


@pytest.mark.parametrize("players, packs", [(2, 1), (8, 1), (9, 2), (10, 2)])
def test_two_packs_from_nine_players_with_identical_cards_distinct(players, packs):
    rules = RuleSet.preset("duren_piatkowy", players=players).validate()
    assert rules.packs == packs and rules.deck == 52 and rules.hand_size == 5
    s = new_deal(rules, 7)
    assert isinstance(s, WarsawState)
    everything = s.hands + s.front + [1 << c for c in s.stock]
    total = sum(m.bit_count() for m in everything)
    union = 0
    for m in everything:
        union |= m
    assert total == union.bit_count() == 52 * packs  # every copy is its own card
    assert s.rules.players == players and all(h.bit_count() == 5 for h in s.hands)


def test_player_counts_and_combinations_refused_with_a_reason():
    with pytest.raises(Exception, match="allowed: 2..10"):
        RuleSet.preset("duren_piatkowy", players=11).validate()
    with pytest.raises(Exception, match="no transfers"):
        RuleSet.preset("duren_piatkowy", players=3, transfer="play").validate()
    RuleSet.preset("duren_piatkowy", players=10, packs=1).validate()  # 50 of 52 cards: fine
    RuleSet.preset("duren_piatkowy", players=4, packs=3).validate()


def test_identical_cards_of_two_packs_pair_up_but_never_beat_each_other():
    s = pos(2, rules={"packs": 3}, attacker=0, stock="Ah Ac",
            hands=["7h 7h.1 Ks", "7h.2 8h 2d"])
    lead(s, 0, "7h 7h.1")
    assert texts(s, 1) == {"c 7h 8h", "t"}  # 7h.2 beats neither 7h; covers go in order
    act(s, "1:c 7h 8h")
    assert texts(s, 1) == {"t"}


def test_a_table_that_always_gives_up_ends_as_a_draw_even_with_a_stock():
    """Everyone timing out: the defender's timeout move is to give up, nobody ever draws
    (five or more held, cards in front count), the same positions come back: a draw."""
    for players in (2, 3, 10):
        s = new_deal(RuleSet.preset("duren_piatkowy", players=players), 1)
        for _ in range(5000):
            if s.is_over:
                break
            s.apply(s.default_action(s.waiting_on()[0]))
        assert s.is_over and s.outcome.draw and s.stock
        assert set(s.outcome.stakes.values()) == {0}
