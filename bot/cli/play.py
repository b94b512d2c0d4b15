"""``durak play``: a game in the terminal against the bot's computer players.

Reads one command per line from the input and writes to the output, so a pipe (or a test)
can drive it. You are seat 0; the others are the bot's computer players
(``bot.ai.choose_action``, strength ``easy``, ``normal`` or ``hard`` as in Telegram,
default ``normal``). Computer moves are printed as they happen; whenever the game waits on
you, the screen (``play_screen``) shows your hand numbered in Telegram's order, the table,
the trump and stock, every opponent's card count and role, and every move you may make as
a ``[command]`` (``play_input``).

Turn order at the terminal (the engine accepts moves in any order; a terminal needs one):
the computers the game waits on move first, then you. Optional moves the game does not
wait on (throwing in while cards are still uncovered) are not offered.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import textwrap
from typing import Any, TextIO

from bot.ai import DEFAULT_BUDGET_S, STRENGTHS, choose_action
from bot.cli.args import add_game_options, non_negative_int
from bot.cli.narration import describe_event, describe_move, label, result_text
from bot.cli.play_input import (
    HELP,
    HUMAN,
    BadCommand,
    HandNumbers,
    legal_options,
    parse_command,
)
from bot.cli.play_layout import WIDTH
from bot.cli.play_screen import name_of, render_screen, verb
from bot.cli.rulesets import build_rules
from bot.cli.streams import Streams
from bot.engine import (
    Action,
    EventKind,
    GameState,
    Outcome,
    Recorder,
    RuleSet,
    new_deal,
    next_deal,
)
from bot.render.card_letters import RANK_LETTERS
from bot.render.cards import sort_hand

PROMPT = "your move> "
AGAIN_PROMPT = "another deal? [y/n]> "

DESCRIPTION = """\
Play Durak in the terminal against the Telegram bot's computer players: you are seat 0,
the computers take the other seats. When it is your move the screen shows your hand
(numbered), the table, the trump, the stock and every move you may make as [command];
type `help` at the prompt for the commands. Deals follow each other (the fool of one
deal decides who attacks in the next) until you answer n or type quit.

example: durak play --preset perevodnoy --players 3 --strength hard"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "play", help="a game in the terminal against the computer players",
        description=DESCRIPTION)
    add_game_options(parser)
    parser.add_argument("--strength", choices=("easy", "normal", "hard"), default="normal",
                        help="the computer players' strength, as in Telegram "
                             "(default: %(default)s)")
    parser.add_argument("--seed", type=non_negative_int, default=None, metavar="S",
                        help="seed of the first deal, to play the same deals again "
                             "(default: random)")
    parser.add_argument("--letters", choices=tuple(["en", *RANK_LETTERS]), default="en",
                        help="court letters on the cards: en J Q K A, ru/uk В Д К Т, pl W D "
                             "K A, de B D K A; such a card may be typed with them too "
                             "(Дh, Д♥; default: %(default)s)")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace, streams: Streams) -> int:
    rules = build_rules(args.preset, args.players, dict(args.rule))
    return play_session(rules, seed=args.seed, inp=streams.inp, out=streams.out,
                        strength=args.strength, letters=args.letters)


class Quit(Exception):
    """The player asked to stop (quit, end of input)."""


class _Console:
    def __init__(self, inp: TextIO, out: TextIO):
        self.inp, self.out = inp, out

    @property
    def width(self) -> int:
        """WIDTH, or a narrower terminal's width, read again for every screen (a window
        may be resized mid-game): the terminal would otherwise break lines wherever they
        reach its edge, in the middle of a card."""
        if not self._interactive():
            return WIDTH
        return max(40, min(WIDTH, shutil.get_terminal_size().columns))

    def say(self, text: str = "") -> None:
        """``text``, a line that is still too wide broken at spaces (never inside a card,
        whose label has none), continued two columns further in."""
        lines = []
        for line in text.split("\n"):
            if len(line) <= self.width:
                lines.append(line)
                continue
            indent = " " * (len(line) - len(line.lstrip()) + 2)
            lines += textwrap.wrap(line, self.width, subsequent_indent=indent,
                                   break_long_words=False, break_on_hyphens=False)
        self.out.write("\n".join(lines) + "\n")

    def ask(self, prompt: str) -> str:
        if self._interactive():  # input() gives a person line editing and history
            try:
                return input(prompt).strip()
            except EOFError:
                self.out.write("\n")
                raise Quit from None
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:  # end of input: leave quietly
            self.out.write("\n")
            raise Quit
        return line.strip()

    def _interactive(self) -> bool:
        return (self.inp is sys.stdin and self.out is sys.stdout
                and sys.stdin.isatty() and sys.stdout.isatty())


def play_deal(state: GameState, con: _Console, strength: str = "normal",
              seed: int = 0, letters: str = "en") -> GameState:
    """Play one deal to its end; raises Quit when the player leaves. Computer moves are
    seeded by ``seed`` and the game's version, so a seeded session replays exactly
    (``hard`` stops on wall-clock time, so its moves may differ between machines)."""
    numbers = HandNumbers()  # for this deal: a number never changes its card
    recorder = Recorder(state)  # the deal's public history: hard reads it, as in Telegram
    while not state.is_over:
        waiting = state.waiting_on()
        computers = [s for s in waiting if s != HUMAN]
        if computers:
            seat = computers[0]
            action = choose_action(state, seat, strength,
                                   seed=(seed * 7919 + state.version) & 0x7FFFFFFF,
                                   budget_s=DEFAULT_BUDGET_S[strength],
                                   history=recorder.history)
        elif HUMAN in waiting:
            action = _ask_human(state, con, numbers, letters)
        else:  # cannot happen by the engine's invariants; never spin silently
            raise RuntimeError(f"the game waits on nobody: {state!r}")
        _apply_and_report(recorder, action, con, letters)
    return state


def _ask_human(state: GameState, con: _Console, numbers: HandNumbers,
               letters: str = "en") -> Action:
    options = legal_options(state, numbers=numbers, letters=letters)
    con.say()
    con.say(render_screen(state, options, numbers, letters, con.width))
    while True:
        text = con.ask(PROMPT)
        word = text.lower()
        if word in ("quit", "exit", "q"):
            raise Quit
        if word in ("help", "?", "h"):
            con.say(HELP)
            continue
        if word in ("look", "l", ""):
            con.say(render_screen(state, options, numbers, letters, con.width))
            continue
        try:
            return parse_command(text, state, numbers=numbers, letters=letters)
        except BadCommand as exc:
            con.say(f"  ! {sentence(str(exc))} (`help` lists the commands)")


def _apply_and_report(recorder: Recorder, action: Action, con: _Console,
                      letters: str = "en") -> None:
    state = recorder.state
    before = state.view(HUMAN)
    warsaw = getattr(before, "front", None) is not None
    line = describe_move(action, before, state.rules, name_of, HUMAN, letters)
    events = recorder.apply(action)
    con.say(line + ".")
    after = state.view(HUMAN)
    drawn = sort_hand(after.hand - before.hand, after.trump_suit)
    for event in events:
        text = describe_event(event, name_of, HUMAN, warsaw=warsaw,
                              hand_drawn=drawn if event.kind is EventKind.DREW else None,
                              letters=letters)
        if text:
            con.say("  " + text)


def play_session(rules: RuleSet, seed: int | None, inp: TextIO, out: TextIO,
                 strength: str = "normal", letters: str = "en") -> int:
    """Deals until the player declines another one or leaves; returns the exit code."""
    if strength not in STRENGTHS:
        raise ValueError(f"unknown strength {strength!r}; known: {', '.join(STRENGTHS)}")
    con = _Console(inp, out)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    sticks = [0] * rules.players
    con.say(f"Durak: {rules.preset_name}, {rules.players} players "
            f"({rules.describe()}). You are seat 0; the others are {strength} computer players.")
    con.say("Type `help` for the commands.")
    deal_no = 0
    previous: tuple[Outcome, int] | None = None  # last deal's outcome and dealer
    try:
        while True:
            deal_seed = seed + deal_no
            if previous is None:
                state = new_deal(rules, deal_seed)
            else:
                state = next_deal(rules, *previous, deal_seed)
            deal_no += 1
            con.say()
            view = state.view(HUMAN)
            trump = label(view.turnup, letters) if view.turnup is not None else "none"
            con.say(f"=== Deal {deal_no} (seed {deal_seed}). {verb(view.dealer, 'deal', 'deals')}"
                    f"; the turn-up is {trump}. {verb(view.attacker, 'attack', 'attacks')} "
                    f"first. ===")
            play_deal(state, con, strength, deal_seed, letters)
            outcome = state.outcome
            assert outcome is not None  # play_deal returns only when the deal is over
            previous = (outcome, view.dealer)
            con.say()
            con.say("*** " + result_text(outcome, name_of, HUMAN) + " ***")
            for seat, count in outcome.matchsticks().items():
                sticks[seat] += count
            con.say("Matchsticks: " + ", ".join(f"{name_of(s)} {n}"
                                                for s, n in enumerate(sticks)))
            if not _yes(con):
                con.say("Thanks for playing.")
                return 0
    except Quit:
        con.say("Bye.")
        return 0
    except KeyboardInterrupt:
        con.say("\nBye.")
        return 130


def sentence(text: str) -> str:
    """A refusal as a sentence: capital first letter, closing full stop."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _yes(con: _Console) -> bool:
    while True:
        answer = con.ask(AGAIN_PROMPT).lower()
        if answer in ("y", "yes", "д", "да"):
            return True
        if answer in ("n", "no", "q", "quit", "н", "нет"):
            return False
        con.say("  ! answer y or n")
