"""The throw-in family, rule by rule, on hand-built positions (RULES.md 'A bout').

Each test pins one rule so that implementing it wrongly makes the test fail."""

import pytest

from bot.engine import IllegalAction, Phase

from .helpers import act, pos, texts

STOCK = "10s Js Qs"  # draw order; the last (Qs) is the turn-up, trump spades


def test_throw_in_only_ranks_already_on_the_table_attack_or_cover():
    s = pos(hands=["9s 7d Ks", "6h 8h 10h"], trump="s", attacker=0, table=[("7h", "9h")],
            stock=STOCK)
    assert texts(s, 0) == {"a 9s", "a 7d", "p"}
    with pytest.raises(IllegalAction, match="throw-in"):
        act(s, "0:a Ks")
    act(s, "0:a 9s")
    assert [str(a) for a, _ in s.view(1).table] == ["7♥", "9♠"]


def test_bout_limit_six_stops_the_seventh_card():
    table = [("6h", "7h"), ("6d", "7d"), ("6c", "7c"), ("7s", "8s"), ("8h", "9h"), ("8d", "9d")]
    s = pos(hands=["9c 9s", "Ah Ad Ac As 10h 10d"], trump="s", attacker=0, table=table,
            stock="", turnup="Js")
    # 6 attack cards covered: the limit is reached, the bout is already over (beaten off)
    assert s.limit == 6
    s2 = pos(hands=["9c 9s", "Ah Ad Ac As 10h 10d"], trump="s", attacker=0, table=table[:5],
             stock="", turnup="Js")
    assert texts(s2, 0) == {"a 9c", "a 9s", "p"}
    act(s2, "0:a 9c")
    assert texts(s2, 0) == set()  # 6 on the table: nothing more, no pass needed
    assert s2.waiting_on() == (1,)


def test_limit_is_the_defenders_hand_when_the_bout_began():
    # defender holds 2 cards: a 3-card lead is refused and only leads of <= 2 are offered
    s = pos(hands=["7h 7d 7c Ks", "Ah Ad"], trump="s", attacker=0, stock=STOCK)
    assert s.limit == 2
    leads = texts(s, 0)
    assert "a 7h 7d" in leads and not any(len(t.split()) > 3 for t in leads)
    with pytest.raises(IllegalAction, match="limit"):
        act(s, "0:a 7h 7d 7c")
    act(s, "0:a 7h")
    act(s, "1:c 7h Ah")
    act(s, "0:a 7d")
    assert texts(s, 0) == set()  # two attack cards = the defender's two cards


def test_first_bout_limit_is_five_then_six():
    hands = ["7h 7d 7c 7s 8h 8d", "Ah Ad Ac As Kh Kd"]
    first = pos(hands=hands, trump="s", attacker=0, stock=STOCK, first_bout=True)
    assert first.limit == 5
    later = pos(hands=hands, trump="s", attacker=0, stock=STOCK, first_bout=False)
    assert later.limit == 6
    nolimit = pos(hands=hands, trump="s", attacker=0, stock=STOCK, first_bout=True,
                  rules={"first_bout_limit": "none"})
    assert nolimit.limit == 6


def test_first_bout_limit_stays_after_a_transfer():
    s = pos("perevodnoy", hands=["7h", "7d Ah", "Ac Ad Kc Kd Qc Qd 9h"], trump="s",
            attacker=0, defender=1, table=[("7c", None), ("7s", None), ("7h.0", None)][:2],
            stock=STOCK, first_bout=True)
    act(s, "1:r 7d")
    assert s.defender == 2 and s.attacker == 1
    assert s.limit == 5


def test_others_join_only_after_the_first_cover():
    s = pos(hands=["9h", "7c Kh", "7s 9d"], trump="s", attacker=0, defender=1,
            table=[("7h", None)], stock=STOCK)
    assert texts(s, 2) == set()  # nothing covered yet: only the principal attacker may add
    with pytest.raises(IllegalAction, match="others_join_after_first_beat"):
        act(s, "2:a 7s")
    act(s, "1:c 7h Kh")
    assert "a 7s" in texts(s, 2)
    free = pos(hands=["9h", "7c Kh", "7s 9d"], trump="s", attacker=0, defender=1,
               table=[("7h", None)], stock=STOCK,
               rules={"others_join_after_first_beat": "false"})
    assert "a 7s" in texts(free, 2)


@pytest.mark.parametrize("mode, adders", [
    ("none", set()), ("principal", {0}), ("neighbours", {0, 2}), ("all", {0, 2, 3}),
])
def test_throw_in_modes_say_who_may_add(mode, adders):
    # seat 1 defends against seat 0; seat 2 is the defender's left neighbour, 3 is across
    s = pos(hands=["7d 2c", "Ah Ac As", "7c 3c", "7s 4c"], trump="s", attacker=0, defender=1,
            table=[("7h", "8h")], rules={"throw_in": mode, "deck": 52}, stock="")
    assert {seat for seat in range(4) if any(a.kind == "a" for a in s.legal_actions(seat))} \
        == adders


def test_a_pass_stands_until_a_new_cover_then_is_cleared():
    s = pos(hands=["7d 9c", "Ah Ac Kd", "7c 2c"], trump="s", attacker=0, defender=1,
            table=[("7h", "8h")], rules={"deck": 52}, stock="")
    act(s, "0:p")
    assert s.waiting_on() == (2,)
    act(s, "2:a 7c")  # seat 0's pass still stands while the new card is uncovered
    assert s.waiting_on() == (1,) and s.passed & 1
    assert "a 7d" in texts(s, 0)  # but seat 0 may still add (withdrawing the pass)
    act(s, "1:c 7c Ac")  # a new cover clears every pass
    assert s.passed == 0 and set(s.waiting_on()) == {0}
    act(s, "0:p")
    assert s.attacks == [] and s.defender != 1  # everyone passed: beaten off


def test_take_clears_passes_and_attackers_may_still_add_then_defender_picks_up_all():
    s = pos(hands=["7d 9c 2d", "Ah 3c 4c 5c", "7c 2c"], trump="s", attacker=0, defender=1,
            table=[("7h", "8h"), ("8d", None)], rules={"deck": 52}, stock="Qs Ks As")
    act(s, "0:p")
    act(s, "1:t")
    assert s.passed == 0 and s.taking
    with pytest.raises(IllegalAction, match="take is final"):
        act(s, "1:c 8d Ah")
    assert set(s.waiting_on()) == {0, 2}
    act(s, "2:a 7c")
    assert s.passed == 0 and s.taking
    # after 7d nobody can add anything: everyone has passed automatically, picked up
    events = act(s, "0:a 7d")
    assert events[0].kind == "taken" and s.defender != 1
    picked = {"7h", "8h", "8d", "7c", "7d"}
    view = s.view(0)
    assert {c.ascii() for c in view.known[1]} == picked  # everyone saw what was picked up
    assert picked <= {c.ascii() for c in s.view(1).hand}
    assert view.discard.mask == s.discard


def test_take_is_only_while_something_is_uncovered():
    s = pos(hands=["9c", "Ah Kd"], trump="s", attacker=0, table=[("7h", "8h")], stock=STOCK)
    assert "t" not in texts(s, 1)
    with pytest.raises(IllegalAction, match="nothing to take"):
        act(s, "1:t")


def test_bout_ends_beaten_off_when_the_defender_has_no_cards_left():
    s = pos(hands=["7d 9c", "8h", "2c"], trump="s", attacker=0, defender=1,
            table=[("7h", None)], rules={"deck": 52}, stock="", limit=3)
    events = act(s, "1:c 7h 8h")
    assert events[0].kind == "beaten_off"


def test_transfer_needs_uncovered_same_rank_and_a_big_enough_next_hand():
    hands = ["9d", "7d 7s Ah", "Kc Qc Jc"]
    s = pos("perevodnoy", hands=hands, trump="s", attacker=0, defender=1,
            table=[("7h", None), ("7c", None)], rules={"deck": 52}, stock=STOCK)
    # next defender (seat 2) holds 3 cards: a transfer makes 3 attack cards, allowed
    assert {"r 7d", "r 7s"} <= texts(s, 1)
    small = pos("perevodnoy", hands=["9d", "7d 7s Ah", "Kc Qc"], trump="s", attacker=0,
                defender=1, table=[("7h", None), ("7c", None)], rules={"deck": 52},
                stock=STOCK)
    assert not any(t.startswith("r") for t in texts(small, 1))
    with pytest.raises(IllegalAction, match="at least 3"):
        act(small, "1:r 7d")
    mixed = pos("perevodnoy", hands=hands, trump="s", attacker=0, defender=1,
                table=[("7h", None), ("8c", None)], rules={"deck": 52}, stock=STOCK)
    assert not any(t.startswith("r") for t in texts(mixed, 1))
    covered = pos("perevodnoy", hands=["9d", "7d 7s Ah", "Kc Qc Jc"], trump="s", attacker=0,
                  defender=1, table=[("7h", "9h"), ("7c", None)], rules={"deck": 52},
                  stock=STOCK)
    assert not any(t.startswith("r") for t in texts(covered, 1))
    plain = pos(hands=hands, trump="s", attacker=0, defender=1,
                table=[("7h", None), ("7c", None)], rules={"deck": 52}, stock=STOCK)
    with pytest.raises(IllegalAction, match="transfer=none"):
        act(plain, "1:r 7d")


def test_transfer_moves_the_bout_and_the_transferrer_becomes_principal():
    s = pos("perevodnoy", hands=["7s 9d", "7d Ah", "Kc Qc Jc"], trump="s", attacker=0,
            defender=1, table=[("7h", None)], rules={"deck": 52}, stock=STOCK)
    act(s, "1:r 7d")
    assert (s.attacker, s.defender) == (1, 2)
    assert s.waiting_on() == (2,)
    # before the first cover only the new principal (seat 1) may add; it holds no seven
    assert texts(s, 1) == {"p"} or texts(s, 1) == set()
    assert "a 7s" not in texts(s, 0)


def test_transfer_back_in_two_players():
    s = pos("perevodnoy", hands=["7s 9d Kd", "7d Ah"], trump="s", attacker=0, defender=1,
            table=[("7h", None)], rules={"deck": 52}, stock=STOCK)
    act(s, "1:r 7d")
    assert (s.attacker, s.defender) == (1, 0)
    assert "r 7s" not in texts(s, 0)  # seat 1 now holds 1 card: a third card needs 3
    with pytest.raises(IllegalAction, match="at least 3"):
        act(s, "0:r 7s")
    back = pos("perevodnoy", hands=["7s 9d Kd", "7d Ah Ad Ac"], trump="s", attacker=0,
               defender=1, table=[("7h", None)], rules={"deck": 52}, stock=STOCK)
    act(back, "1:r 7d")
    act(back, "0:r 7s")  # transfers go round: back to seat 1, which holds 3 cards
    assert (back.attacker, back.defender) == (0, 1) and len(back.attacks) == 3


def test_show_a_trump_once_per_card_per_bout_and_it_stays_in_hand():
    s = pos("perevodnoy_showing", hands=["9d 2d 3d", "7s Ah", "Kc Qc Jc"], trump="s",
            attacker=0, defender=1, table=[("7h", None)], rules={"deck": 52}, stock=STOCK)
    assert "s 7s" in texts(s, 1)
    act(s, "1:s 7s")
    assert (s.attacker, s.defender) == (1, 2)
    assert len(s.attacks) == 1 and "7s" in s.view(0).known[1].text()
    assert "7s" in s.view(1).hand.text()
    # seat 2 shows nothing; suppose it passes the bout back round to seat 1 later: the same
    # trump cannot be shown again in this bout, but may still be played to transfer
    back = pos("perevodnoy_showing", hands=["9d 2d 3d", "7s Ah", "Kc Qc Jc"], trump="s",
               attacker=0, defender=1, table=[("7h", None)], rules={"deck": 52},
               stock=STOCK, shown="7s")
    assert "s 7s" not in texts(back, 1)
    assert "r 7s" in texts(back, 1)
    with pytest.raises(IllegalAction, match="once per bout"):
        act(back, "1:s 7s")
    nonshow = pos("perevodnoy", hands=["9d", "7s Ah", "Kc Qc Jc"], trump="s", attacker=0,
                  defender=1, table=[("7h", None)], rules={"deck": 52}, stock=STOCK)
    assert "s 7s" not in texts(nonshow, 1)


def test_show_needs_the_trump_of_that_rank():
    s = pos("perevodnoy_showing", hands=["9d", "7d Ah", "Kc Qc Jc"], trump="s", attacker=0,
            defender=1, table=[("7h", None)], rules={"deck": 52}, stock=STOCK)
    assert not any(t.startswith("s") for t in texts(s, 1))
    with pytest.raises(IllegalAction, match="show the trump"):
        act(s, "1:s 7d")


def test_replenish_order_principal_then_clockwise_defender_last():
    # 4 players; attacker 2 defends against... principal 1, defender 2. Stock has 3 cards.
    s = pos(hands=["2c 3c 4c 5c 6c", "7c 8c 9c 10c 7h", "8h Ah Kc Qc Jc 2d", "3d 4d 5d 6d 7d"],
            trump="s", attacker=1, defender=2, table=[], rules={"deck": 52},
            stock="2s 3s 4s")
    act(s, "1:a 7h")
    act(s, "2:c 7h 8h")
    for seat in (1, 3, 0):
        if seat in s.waiting_on():
            act(s, f"{seat}:p")
    # bout beaten off: principal 1 draws first (needs 2: 2s 3s), then seat 3 (needs 1: 4s),
    # then seat 0 and the defender 2 get nothing
    assert {"2s", "3s"} <= set(s.view(1).hand.text().split())
    assert "4s" in s.view(3).hand.text().split()
    assert len(s.view(0).hand) == 5 and len(s.view(2).hand) == 5


def test_next_attacker_after_take_is_left_of_the_defender():
    s = pos(hands=["9c 9d", "Ah", "2d 3d", "4d 5d"], trump="s", attacker=0, defender=1,
            table=[("7h", None)], rules={"deck": 52}, stock=STOCK)
    act(s, "1:t")
    assert s.waiting_on() == ()  or s.attacker == 2  # nobody holds a 7: picked up at once
    assert (s.attacker, s.defender) == (2, 3)


def test_next_attacker_after_beaten_off_is_the_defender():
    s = pos(hands=["9c 2c", "Ah 3c", "2d 3d"], trump="s", attacker=0, defender=1,
            table=[("7h", None)], rules={"deck": 52}, stock=STOCK)
    act(s, "1:c 7h Ah")
    assert (s.attacker, s.defender) == (1, 2)


@pytest.mark.parametrize("mode, expected", [("attack_again", (0, 2)),
                                            ("left_attacks", (2, 3))])
def test_next_attacker_when_the_defender_went_out(mode, expected):
    # seat 1 defends with its last card, stock empty: out. attack_again: the next defender
    # is left of the old defender (2) and its right-hand player in play (0) attacks.
    # left_attacks: the player left of the old defender (2) attacks seat 3.
    s = pos(hands=["9c 2c", "Ah", "2d 3d", "4d 5d"], trump="s", attacker=0, defender=1,
            table=[("7h", None)], rules={"deck": 52, "after_defender_out": mode}, stock="",
            turnup="Ks")
    act(s, "1:c 7h Ah")
    assert not s.in_play[1]
    assert (s.attacker, s.defender) == expected


def test_draw_when_the_last_two_go_out_in_the_same_bout():
    s = pos(hands=["7h", "8h"], trump="s", attacker=0, table=[], stock="", turnup="Ks")
    act(s, "0:a 7h")
    events = act(s, "1:c 7h 8h")
    assert s.is_over and s.outcome.draw and s.outcome.fools == ()
    assert events[-1].kind == "end"


def test_fool_is_the_last_player_holding_cards():
    s = pos(hands=["7h", "8h 9c"], trump="s", attacker=0, table=[], stock="", turnup="Ks")
    act(s, "0:a 7h")
    act(s, "1:c 7h 8h")
    assert s.is_over and s.outcome.fools == (1,) and not s.outcome.draw
    assert s.phase is Phase.OVER and list(s.legal_actions(1)) == []
    with pytest.raises(IllegalAction, match="over"):
        act(s, "1:a 9c")


def test_necktie_and_epaulettes():
    # the fool defended the final bout and the last attack card is a six (lowest rank)
    s = pos(hands=["6c", "Ah Kd"], trump="s", attacker=0, table=[("6h", "7h")],
            stock="", turnup="Ks")
    act(s, "0:a 6c")
    act(s, "1:t")
    assert s.outcome.fools == (1,) and s.outcome.titles == {1: "epaulettes"}
    s = pos(hands=["6c", "Ah Kd"], trump="s", attacker=0, table=[], stock="", turnup="Ks")
    act(s, "0:a 6c")
    act(s, "1:t")
    assert s.outcome.fools == (1,) and s.outcome.titles == {1: "necktie"}
    s = pos(hands=["10c", "Ah Kd"], trump="s", attacker=0, table=[("6h", "10h")],
            stock="", turnup="Ks")
    act(s, "0:a 10c")
    act(s, "1:t")
    assert s.outcome.fools == (1,) and s.outcome.titles == {}


def test_default_actions_for_timeouts():
    s = pos(hands=["9c 6s 7d 7c", "As Kd"], trump="s", attacker=0, table=[], stock=STOCK)
    assert s.default_action(0).text() == "a 7d"  # lowest non-trump single card
    assert s.default_action(1) is None
    act(s, "0:a 7c")
    assert s.default_action(1).text() == "t"
    act(s, "1:c 7c As")
    assert s.default_action(0).text() == "p"

