"""`durak play` driven through its input by a scripted player who reads the screen.

The scripted player answers only with commands the screen offers (`[command]`), with
invalid inputs mixed in that must be refused with a message and the prompt again.
"""

from __future__ import annotations

import io
import os
import random
import re
import select
import subprocess
import sys

import pytest
from cli_helpers import REPO, run_cli

from bot.cli.play import AGAIN_PROMPT, PROMPT
from bot.cli.play_input import parse_command
from bot.engine import ActionKind, RuleSet, deal_from_position
from bot.render.cards import sort_hand

COMMAND = re.compile(r"\[([^\]]+)\]")
INVALID = ["zzz", "99", "0", "3 on", "on 7h", "s", "pass pass", "Xq", "a", "1 1"]


class ScriptedPlayer:
    """Acts as the game's stdin: each readline() looks at what the game printed since
    the last answer and replies like a person at the keyboard would."""

    def __init__(self, screen: io.StringIO, seed: int, deals: int = 2):
        self.screen, self.rng, self.deals_left = screen, random.Random(seed), deals
        self.read_upto = 0
        self.moves = self.refusals_expected = self.refusals_seen = 0
        self.pending_invalid = False
        self.commands_seen: set[str] = set()

    def readline(self) -> str:
        new = self.screen.getvalue()[self.read_upto:]
        self.read_upto += len(new)
        if self.pending_invalid:
            assert "  ! " in new, f"invalid input was not refused:\n{new}"
            self.refusals_seen += 1
            self.pending_invalid = False
        elif self.moves:
            assert "  ! " not in new, f"an offered command was refused:\n{new}"
        if new.endswith(AGAIN_PROMPT):
            self.deals_left -= 1
            return "y\n" if self.deals_left > 0 else "n\n"
        assert new.endswith(PROMPT), f"unexpected prompt: {new[-80:]!r}"
        if self.rng.random() < 0.25:
            self.pending_invalid = True
            self.refusals_expected += 1
            return self.rng.choice(INVALID) + "\n"
        screen = self.screen.getvalue()
        offers = screen[screen.rindex("You may:"):]
        commands = COMMAND.findall(offers)
        assert commands, offers
        command = self.rng.choice(commands)
        self.commands_seen.add(command.split()[0] if not command[0].isdigit() else "card")
        self.moves += 1
        return command + "\n"


def _play(preset: str, players: int, seed: int, deals: int = 2,
          extra: tuple[str, ...] = ()) -> tuple[int, str, ScriptedPlayer]:
    screen = io.StringIO()
    player = ScriptedPlayer(screen, seed, deals)
    from bot.cli import main

    code = main(["play", "--preset", preset, "--players", str(players), "--seed", str(seed),
                 *extra], stdin=player, stdout=screen, stderr=io.StringIO())  # type: ignore[arg-type]
    return code, screen.getvalue(), player


@pytest.mark.parametrize("preset, players, seed", [
    ("podkidnoy", 2, 1), ("perevodnoy", 3, 2), ("perevodnoy_showing", 4, 3),
    ("prostoy_transfer", 3, 4), ("single_card", 2, 5), ("vietnamese", 3, 6),
    ("two_player_24", 2, 7), ("large_deck", 5, 8), ("prostoy_classic", 6, 9),
])
def test_scripted_player_plays_whole_deals_to_the_result(preset, players, seed):
    code, out, player = _play(preset, players, seed)
    assert code == 0
    results = re.findall(r"\*\*\* (.*?) \*\*\*", out, re.S)  # a long one is wrapped
    assert len(results) == 2  # it accepted one more deal, then declined
    assert all("the fool (durak)" in r or r.startswith("Draw") for r in results)
    assert out.rstrip().endswith("Thanks for playing.")
    assert "=== Deal 2" in out
    assert player.moves > 5
    assert player.refusals_seen == player.refusals_expected > 0
    assert "Matchsticks:" in out


def test_over_many_games_every_kind_of_move_was_offered_and_played():
    seen: set[str] = set()
    for seed in range(6):
        _, _, player = _play("perevodnoy_showing", 3, seed, deals=1)
        seen |= player.commands_seen
    assert {"card", "take", "pass"} <= seen
    assert seen & {"t", "s"}  # a transfer was offered and played


def test_lowest_trump_exchange_is_offered_and_played():
    seen: set[str] = set()
    for seed in range(8):
        code, out, player = _play("podkidnoy", 2, seed, deals=1,
                                  extra=("--rule", "trump_exchange=lowest_before_play"))
        assert code == 0 and ("the fool" in out or "Draw" in out)
        seen |= player.commands_seen
    assert seen & {"swap", "keep"}


def test_screen_shows_hand_sorted_trumps_last_table_and_opponents():
    code, out, _ = _play("podkidnoy", 3, 11, deals=1)
    assert code == 0
    screen = out[:out.index(PROMPT)]
    trump_suit = re.search(r"trump (.)", screen).group(1)
    hand = re.search(r"Your hand: (.*)", screen).group(1).split()
    assert [h.split(":")[0] for h in hand] == [str(i) for i in range(1, len(hand) + 1)]
    suits = [h[-1] for h in hand]
    trumps = [s == trump_suit for s in suits]
    assert trumps == sorted(trumps)  # trumps last
    assert re.search(r"stock \d+", screen)
    assert re.search(r"Table: ", screen)
    assert len(re.findall(r"^  (Anna|Boris) +\d+ cards? ", screen, re.M)) == 2


def test_computer_moves_are_printed():
    _, out, _ = _play("podkidnoy", 3, 12, deals=1)
    assert re.search(r"^(Anna|Boris) (leads|beats|throws in|takes|passes)", out, re.M)


@pytest.mark.parametrize("stdin", ["", "quit\n", "help\nlook\n"])
def test_end_of_input_or_quit_leaves_cleanly(stdin):
    r = run_cli("play", "--seed", "3", stdin=stdin)
    assert r.code == 0
    assert "Bye." in r.out
    assert r.err == ""


def test_invalid_setup_is_refused_before_playing():
    r = run_cli("play", "--preset", "vietnamese", "--players", "5")
    assert r.code == 2 and "vietnamese takes 2-4 players, not 5" in r.err


def test_commands_by_card_name_and_transfer():
    rules = RuleSet.preset("perevodnoy", players=3)
    state = deal_from_position(rules, hands=["6c 8c", "7c 8h 10h 9d", "6d 7d 8d"],
                                    trump="s", attacker=1, defender=0,
                                    table=[("6h", None)], stock="6s 9s")
    with pytest.raises(ValueError, match="8♣ does not beat 6♥"):
        parse_command("8c", state)
    state = deal_from_position(rules, hands=["7c 8h 10h 9d", "6c 8c", "6d 7d 8d 9c"],
                                    trump="s", attacker=1, defender=0,
                                    table=[("7h", None)], stock="6s 9s")
    hand = sort_hand(state.view(0).hand, 0)
    assert parse_command("8h", state).text() == "c 7h 8h"
    assert parse_command("10♥", state).text() == "c 7h 10h"
    assert parse_command(str(hand.index(parse_card_id("8h")) + 1), state).text() == "c 7h 8h"
    assert parse_command("t 7c", state).text() == "r 7c"
    assert parse_command("take", state).kind is ActionKind.TAKE
    with pytest.raises(ValueError, match="do not hold"):
        parse_command("Ah", state)
    with pytest.raises(ValueError, match="`pass` is not one of your moves now"):
        parse_command("pass", state)


def parse_card_id(text: str) -> int:
    from bot.engine import Card

    return int(Card.parse(text))


def _read_until(proc: subprocess.Popen, endings: tuple[str, ...], timeout: float = 20) -> str:
    buf = b""
    fd = proc.stdout.fileno()  # type: ignore[union-attr]
    while True:
        ready, _, _ = select.select([fd], [], [], timeout)
        assert ready, f"no prompt within {timeout}s: {buf[-300:]!r}"
        chunk = os.read(fd, 65536)
        if not chunk:
            return buf.decode("utf-8")
        buf += chunk
        text = buf.decode("utf-8", errors="ignore")
        if text.endswith(endings):
            return text


def test_subprocess_game_through_a_pipe():
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "play", "--players", "3",
                             "--seed", "21"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=REPO, env=env)
    rng = random.Random(21)
    try:
        transcript = ""
        for _ in range(2000):
            text = _read_until(proc, (PROMPT, AGAIN_PROMPT))
            transcript += text
            if text.endswith(AGAIN_PROMPT):
                answer = "n"
            else:
                answer = rng.choice(COMMAND.findall(text[text.rindex("You may:"):]))
            proc.stdin.write((answer + "\n").encode())  # type: ignore[union-attr]
            proc.stdin.flush()  # type: ignore[union-attr]
            if answer == "n":
                break
        transcript += _read_until(proc, ("\n",))
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert re.search(r"\*\*\* .*(the fool|Draw).* \*\*\*", transcript)
    assert "Thanks for playing." in transcript + proc.stdout.read().decode()  # type: ignore[union-attr]


class _InterruptingInput:
    """Stands in for a person pressing Ctrl-C at the second prompt."""

    def __init__(self):
        self.calls = 0

    def readline(self) -> str:
        self.calls += 1
        if self.calls == 2:
            raise KeyboardInterrupt
        return "help\n"


def test_ctrl_c_leaves_cleanly():
    from bot.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = main(["play", "--seed", "4"], stdin=_InterruptingInput(), stdout=out,  # type: ignore[arg-type]
                stderr=err)
    assert code == 130
    assert out.getvalue().rstrip().endswith("Bye.")
    assert "Traceback" not in out.getvalue() + err.getvalue()


def test_result_names_the_fool_with_titles_or_the_draw():
    from bot.cli.narration import result_text
    from bot.cli.play_screen import name_of
    from bot.engine import Outcome

    def said(outcome: Outcome) -> str:
        return result_text(outcome, name_of, you=0)

    assert said(Outcome(fools=(0,))) == "You are the fool (durak)!"
    assert said(Outcome(fools=(2,), titles={2: "epaulettes"})) == (
        "Boris is the fool (durak) with epaulettes!")
    assert "necktie" in said(Outcome(fools=(1,), titles={1: "necktie"}))
    assert said(Outcome(draw=True)).startswith("Draw")


def test_a_number_from_an_older_screen_never_plays_another_card():
    from bot.cli.play_input import HandNumbers

    rules = RuleSet.preset("podkidnoy", players=2)
    state = deal_from_position(rules, hands=["6c 8c 9h", "7c 8h 10h"], trump="s",
                               attacker=0, stock="6s 9s 10s Js Qs Ks As 7s 8s 6h")
    numbers = HandNumbers()
    before = {parse_command(n, state, numbers=numbers).cards[0]: n for n in ("1", "2", "3")}
    six = parse_card_id("6c")
    state.apply(parse_command(before[six], state, numbers=numbers))  # lead 6♣ by number
    state.apply(parse_command("take", state, seat=1))
    # After the deal moved on (and cards were drawn), the old numbers mean the same cards.
    for card, number in before.items():
        if card == six:
            with pytest.raises(ValueError, match=f"card {number} \\(6♣\\) is no longer in "):
                parse_command(number, state, numbers=numbers)
        else:
            assert parse_command(number, state, numbers=numbers).cards == (card,)
    drawn = sorted(set(state.view(0).hand) - set(before))
    assert drawn and {numbers.number(c) for c in drawn} == set(range(4, 4 + len(drawn)))


def test_refusals_are_words_not_rule_ids():
    rules = RuleSet.preset("podkidnoy", players=2, lead="single")
    state = deal_from_position(rules, hands=["6c 6h 9h", "7c 8h 10h"], trump="s",
                               attacker=0, stock="6s 9s 10s Js Qs")
    with pytest.raises(ValueError) as refused:
        parse_command("6c 6h", state)
    assert str(refused.value) == "Lead with one card." and "=" not in str(refused.value)


def test_a_refusal_is_printed_as_one_sentence():
    r = run_cli("play", "--seed", "3", stdin="dance\npass\n99\n1 1\nquit\n")
    refusals = [line.split("> ", 1)[-1] for line in r.out.splitlines() if "  ! " in line]
    assert refusals and all(re.match(r"  ! [A-Z`'\d].*[.!?] \(`help` lists", line)
                            for line in refusals), refusals
    assert not any(re.search(r"\w=\w+:", line) for line in refusals), refusals
    assert len(refusals) == 4 and "cannot done" not in r.out
    assert ".." not in "\n".join(refusals) and "`pass` is not one of your moves" in r.out


def test_court_letters_of_a_language_on_screen_and_typed():
    english = run_cli("play", "--seed", "3", stdin="quit\n").out
    russian = run_cli("play", "--seed", "3", "--letters", "ru", stdin="Дs\nquit\n").out
    assert "Your hand: 1:7♠  2:Q♠  3:A♣" in english
    assert "Your hand: 1:7♠  2:Д♠  3:Т♣" in russian
    assert "You beat 8♠ with Д♠." in russian  # typed as Дs: the queen of spades
    assert "Your hand: 1:7♠  3:Т♣" in russian  # and the numbers stay with their cards
    german = run_cli("play", "--seed", "3", "--letters", "de", stdin="Ds\nquit\n").out
    assert "You beat 8♠ with D♠." in german
