"""`durak play` with a big hand: every line fits 100 columns and breaks only between cards
and moves, never inside one; leads of several same-rank cards are shown once per rank
(`[3 5] two 9s`), not every combination, and every combination is still accepted."""

from __future__ import annotations

import re

from test_cli_play import _play

from bot.cli.play_input import HandNumbers, legal_options, parse_command
from bot.cli.play_layout import WIDTH, wrap_items
from bot.cli.play_screen import render_screen
from bot.engine import ActionKind, RuleSet, deal_from_position
from bot.render.cards import sort_hand

# The 20 cards of `durak play --seed 11 --preset perevodnoy --players 4` late in a deal
# where the person took every bout: four 7s, 8s and aces, three 6s and kings, two 9s.
BIG = ("6h 7h 8h 9h Kh Ah 6c 7c 8c 9c Ac 6d 7d 8d Kd Ad 7s 8s Ks As")
ITEM = re.compile(r"\[([^\]]+)\] (\S+(?: \S+s)?)")


def _big_hand_lead():
    rules = RuleSet.preset("perevodnoy").with_overrides({"players": 2})
    return deal_from_position(rules, hands=[BIG, "9s 10s Js Qs"], trump="s", attacker=0,
                              defender=1, table=[], stock="")


def _moves(screen: str) -> list[str]:
    return screen[screen.index("You may:"):].split("\n")[1:]


def test_a_big_hand_fits_100_columns_and_no_card_is_split():
    state = _big_hand_lead()
    options = legal_options(state)
    screen = render_screen(state, options)
    lines = screen.split("\n")
    assert max(len(line) for line in lines) <= WIDTH
    assert len(lines) < 20
    # Every move is whole on one line: its command in brackets, then its card(s).
    for line in _moves(screen):
        assert not line.rstrip().endswith("]"), line
        assert not re.match(r"\s*[♥♣♦♠]", line), line
    # The hand wraps between cards too: all 20 are there, each as number:card.
    hand = screen[screen.index("Your hand: "):screen.index("You may:")]
    assert len(re.findall(r"(?<!\S)\d+:\S+[♥♣♦♠]", hand)) == 20


def test_same_rank_leads_are_one_per_rank_and_any_of_them_is_still_accepted():
    state = _big_hand_lead()
    options = legal_options(state)
    assert len(options) > 60  # every combination is legal (singles, and 4 + 11 + ... sets)
    screen = render_screen(state, options)
    shown = dict(ITEM.findall("\n".join(_moves(screen))))
    singles = [cmd for cmd in shown if " " not in cmd]
    several = {text: cmd for cmd, text in shown.items() if " " in cmd}
    assert len(singles) == 20
    assert set(several) == {"two 9s", "three 6s", "three Ks", "four 7s", "four 8s", "four As"}
    numbers = HandNumbers(sort_hand(state.view(0).hand, state.view(0).trump_suit))
    for cmd in several.values():  # the command plays all those cards
        action = parse_command(cmd, state, numbers=numbers)
        assert action.kind is ActionKind.ATTACK and len(action.cards) == len(cmd.split())
    assert "type their numbers together" in screen
    # Two of the four 7s: not on the screen, still a lead.
    sevens = several["four 7s"].split()[:2]
    assert " ".join(sevens) not in shown
    assert len(parse_command(" ".join(sevens), state, numbers=numbers).cards) == 2


def test_a_pair_is_named_by_its_rank_without_the_hint():
    rules = RuleSet.preset("podkidnoy").with_overrides({"players": 2})
    state = deal_from_position(rules, hands=["9c 9h 6d", "7s 8s 10s"], trump="s",
                               attacker=0, defender=1, table=[], stock="")
    screen = render_screen(state, legal_options(state))
    assert re.search(r"\[\d \d\] two 9s", screen)
    assert "9♣ 9♥" not in screen and "type their numbers" not in screen


def test_a_narrower_width_is_kept_too():
    state = _big_hand_lead()
    screen = render_screen(state, legal_options(state), width=60)
    assert max(len(line) for line in screen.split("\n")) <= 60
    assert re.search(r"\[\d+ \d+ \d+ \d+\] four As", screen) and screen.endswith("`)")


def test_items_are_wrapped_whole():
    lines = wrap_items("lead:  ", ["[1] 9♣", "[2] 10♣", "[17] K♦", "[3 4 5 6] four 8s"],
                       width=22)
    assert lines == ["lead:  [1] 9♣  [2] 10♣", "       [17] K♦",
                     "       [3 4 5 6] four 8s"]
    # an item wider than the line gets a line of its own, unbroken
    assert wrap_items("x: ", ["a" * 30, "b"], width=10) == ["x: " + "a" * 30, "   b"]


def test_whole_games_with_big_hands_stay_within_100_columns():
    """The issue's game, played by the scripted player (who takes whatever it is offered
    at random, so hands grow), and a six-player deal of 52 cards."""
    for preset, players, seed in [("perevodnoy", 4, 11), ("podkidnoy", 6, 3)]:
        code, out, player = _play(preset, players, seed)
        assert code == 0 and player.refusals_seen == player.refusals_expected
        widest = max(out.split("\n"), key=len)
        assert len(widest) <= WIDTH, widest
