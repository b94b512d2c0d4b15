"""`durak play`: a game in the terminal against simple computer players.

Reads one command per line from `inp` and writes to `out`, so a pipe (or a test) can
drive it. You are seat 0; the others are the bot's computer players (`bot.ai.choose_action`,
strength `easy`, `normal` or `hard` as in Telegram, default `normal`). Computer moves are
printed as they happen; whenever the game waits on you, the screen shows your hand
(numbered, sorted by suit and rank, trumps last), the table, the trump and stock, every
opponent's card count and role, and every move you may make as a `[command]`.

Turn order at the terminal (the engine accepts moves in any order; a terminal needs one):
the computers the game waits on move first, then you. Optional moves the game does not
wait on (throwing in while cards are still uncovered) are not offered.
"""

from __future__ import annotations

import random
import sys
from typing import TextIO

from bot.ai import DEFAULT_BUDGET_S, STRENGTHS, choose_action
from bot.engine import (
    Action,
    ActionKind,
    Card,
    Event,
    EventKind,
    GameState,
    IllegalAction,
    Outcome,
    RuleSet,
)

ATTACK, COVER, TAKE, PASS = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS
TRANSFER, SHOW = ActionKind.TRANSFER, ActionKind.SHOW
EXCHANGE, KEEP = ActionKind.EXCHANGE, ActionKind.KEEP
DONE = ActionKind.DONE  # Warsaw: close the lead being built; pagat: stop covering

HUMAN = 0
SUITS = "♠♥♦♣"  # suit numbers 0..3 in the engine's card ids (bot/engine/README.md)
COMPUTER_NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zoya", "Ilya", "Kira")
PROMPT = "your move> "
AGAIN_PROMPT = "another deal? [y/n]> "

HELP = """\
Commands:
  3          play card number 3 (lead, throw in, or cover when it fits only one card)
  10h / 10♥  the same by name (also Th); several cards of one rank: 3 4  or  9s 9d
  3 on 7d    cover the table card 7♦ with your card 3
  take       pick up the table (defender)          pass   nothing more from me (attacker)
  t 3        transfer with card 3 (perevodnoy)     s 3    transfer by showing trump 3
  swap/keep  exchange the lowest trump for the turn-up, or not
  done / d   Warsaw: close the lead you built card by card (pagat: stop covering)
  look       show the table again      help   this text      quit   leave the game
"""


class Quit(Exception):
    """The player asked to stop (quit, end of input)."""


class _Console:
    def __init__(self, inp: TextIO, out: TextIO):
        self.inp, self.out = inp, out

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

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


def card_text(card: int, ascii: bool = False) -> str:
    return Card(card).ascii() if ascii else str(Card(card))


def parse_card(text: str) -> int:
    return int(Card.parse(text))


def _name(seat: int) -> str:
    return "You" if seat == HUMAN else COMPUTER_NAMES[(seat - 1) % len(COMPUTER_NAMES)]


def _verb(seat: int, plain: str, third: str) -> str:
    return f"{_name(seat)} {plain if seat == HUMAN else third}"


def _cards(cards) -> str:
    return " ".join(card_text(c) for c in cards)


def sorted_hand(hand, trump: int | None) -> list[int]:
    """By suit (♠ ♥ ♦ ♣, the trump suit last), then by rank."""
    def key(card: int) -> tuple[int, int, int]:
        suit = (card >> 4) & 3
        return (4 if suit == trump else suit, card & 15, card)
    return sorted((int(c) for c in hand), key=key)


# ---------------------------------------------------------------------------- describing
def describe_action(action: Action, table_before, lead_open: bool = False,
                    warsaw: bool = False) -> str:
    """One line for a move; `table_before` is the table (view.table) before it;
    `lead_open`: a Warsaw lead is being built card by card; `warsaw`: a Warsaw deal."""
    seat, kind, cards = action
    if kind is TAKE and warsaw:
        return f"{_verb(seat, 'give', 'gives')} up"
    if kind is DONE:
        return f"{_verb(seat, 'close', 'closes')} the lead" if lead_open else \
            f"{_verb(seat, 'stop', 'stops')} covering"
    if kind is ATTACK:
        if lead_open:
            return f"{_verb(seat, 'add', 'adds')} {_cards(cards)} to the lead"
        if not table_before:
            return f"{_verb(seat, 'lead', 'leads')} {_cards(cards)}"
        return f"{_verb(seat, 'throw', 'throws')} in {_cards(cards)}"
    if kind is COVER:
        return f"{_verb(seat, 'cover', 'covers')} {card_text(cards[0])} with {card_text(cards[1])}"
    if kind is TAKE:
        return f"{_verb(seat, 'take', 'takes')} (will pick up)"
    if kind is PASS:
        return f"{_verb(seat, 'pass', 'passes')}"
    if kind is TRANSFER:
        return f"{_verb(seat, 'transfer', 'transfers')} with {card_text(cards[0])}"
    if kind is SHOW:
        return f"{_verb(seat, 'show', 'shows')} {card_text(cards[0])} to transfer"
    if kind is EXCHANGE:
        return f"{_verb(seat, 'swap', 'swaps')} the lowest trump for the turn-up"
    if kind is KEEP:
        return f"{_verb(seat, 'keep', 'keeps')} the lowest trump"
    return f"{_name(seat)}: {action.text()}"


def describe_event(event: Event, hand_drawn: list[int] | None = None,
                   warsaw: bool = False) -> str | None:
    kind, seat = event.kind, event.seat
    if kind is EventKind.TAKEN and warsaw:  # the covers go back, the led cards lie in front
        return (f"  {_cards(event.cards)} now lie face up in front of "
                f"{'you' if seat == HUMAN else _name(seat)}.")
    if kind is EventKind.BEATEN_OFF:
        return f"  Beaten off: {event.count} cards to the discard."
    if kind is EventKind.TAKEN:
        return f"  {_verb(seat, 'pick', 'picks')} up {event.count}: {_cards(event.cards)}."
    if kind is EventKind.TRANSFERRED:
        return f"  Now {'you defend' if seat == HUMAN else _name(seat) + ' defends'}."
    if kind is EventKind.DREW:
        if seat == HUMAN and hand_drawn:
            return f"  You draw {_cards(hand_drawn)}."
        return f"  {_verb(seat, 'draw', 'draws')} {event.count}."
    if kind is EventKind.OUT:
        return f"  {_name(seat)} {'are' if seat == HUMAN else 'is'} out!"
    if kind is EventKind.NEW_BOUT:
        return None  # the next lead says it
    if kind is EventKind.EXCHANGED:
        return f"  The turn-up is now {card_text(event.cards[0])}."
    if kind is EventKind.PICKED_UP:  # Warsaw: the cards lying in front go back to the hand
        return f"  {_verb(seat, 'pick', 'picks')} up the cards in front: {_cards(event.cards)}."
    if kind is EventKind.NEW_PHASE:
        return (f"  Phase {event.count}: lead cards of the ranks the defender covered with, "
                f"{_name(seat)} first.")
    return None


def _role(view, seat: int) -> str:
    if view.is_over or seat not in view.in_play:
        return "out" if seat not in view.in_play else "-"
    if seat == view.defender:
        return "defending, taking" if view.taking else "defending"
    if getattr(view, "front", None) is not None and seat != view.attacker:  # Warsaw
        return "leading now" if seat == view.leader else "waiting"
    if seat == view.attacker:
        role = "attacking"
    elif seat in view.attackers:
        role = "may throw in"
    else:
        return "waiting"
    if seat in view.passed:
        role += ", passed"
    return role


def render_screen(state: GameState, options: list[tuple[str, str, Action]]) -> str:
    """What the player sees when it is their move; built from their view only."""
    view = state.view(HUMAN)
    lines = []
    trump = view.trump_suit
    if view.turnup is not None:
        where = "under the stock" if view.turnup_in_stock else "drawn"
        trump_text = f"trump {SUITS[trump]} (turn-up {card_text(view.turnup)}, {where})"
    else:
        trump_text = "no trump"
    limit = f", limit {view.limit}" if view.table or view.limit < 6 else ""
    lines.append(f"--- {trump_text} · stock {view.stock_count} · discard "
                 f"{len(view.discard)}{limit}")
    for seat in range(len(view.hand_counts)):
        if seat == HUMAN:
            continue
        count = view.hand_counts[seat]
        known = view.known[seat]
        seen = f"  (known: {_cards(sorted_hand(known, trump))})" if known else ""
        lines.append(f"  {_name(seat):<6} {count:>2} card{'s' if count != 1 else ' '}  "
                     f"{_role(view, seat)}{seen}")
    lines.append(f"  You: {_role(view, HUMAN)}")
    if view.table:
        pairs = [f"{card_text(a)}/{card_text(c) if c is not None else '?'}"
                 for a, c in view.table]
        lines.append("Table: " + "  ".join(pairs) + "   (attack/cover, ? = not covered)")
    else:
        lines.append("Table: empty")
    lines += _warsaw_lines(view)
    hand = sorted_hand(view.hand, trump)
    lines.append("Your hand: " + "  ".join(f"{i}:{card_text(c)}"
                                           for i, c in enumerate(hand, 1)))
    lines.append("You may:")
    groups: dict[str, list[str]] = {}
    for command, label, _ in options:
        heading, _, text = label.partition("|")
        groups.setdefault(heading, []).append(f"[{command}] {text}".rstrip())
    width = max(len(h) + 1 for h in groups) if any(groups) else 0
    for heading, items in groups.items():
        label = f"{heading + ':' if heading else '':<{width}}  " if width else ""
        lines.append("  " + label + "  ".join(items))
    return "\n".join(lines)


def _warsaw_lines(view) -> list[str]:
    """Warsaw (duren_piatkowy) extras: the cards lying face up in front of players and
    what may be led now. Empty for other games (their views have no ``front``)."""
    front = getattr(view, "front", None)
    if front is None:
        return []
    lines = [f"  In front of {_name(seat)}: {_cards(sorted_hand(cards, view.trump_suit))}"
             for seat, cards in enumerate(front) if cards]
    if view.is_over:
        return lines
    if view.lead_open:
        if not view.table:
            state = "pairs; an odd count is pairs plus one card"
        elif view.lead_complete:
            state = "a legal lead: add more or close it"
        else:
            state = "not a legal lead yet"
        lines.append(f"  Phase 1: {_verb(view.attacker, 'build', 'builds')} the lead card by "
                     f"card, at most {view.limit} ({state})")
    elif view.stage == "add" and view.leader is not None:
        ranks = " ".join(Card(r).ascii()[:-1] for r in view.lead_ranks)
        lines.append(f"  Phase {view.warsaw_phase}: {_name(view.leader)} may lead ranks "
                     f"{ranks}, at most {view.limit} cards in this phase")
    elif view.stage == "defend":
        lines.append(f"  Phase {view.warsaw_phase}: {_verb(view.defender, 'cover', 'covers')} "
                     "every card or gives up (take)")
    return lines


# ---------------------------------------------------------------------------- commands
def legal_options(state: GameState, seat: int = HUMAN) -> list[tuple[str, str, Action]]:
    """(command, 'heading|label', action) for every legal action of `seat`."""
    view = state.view(seat)
    hand = sorted_hand(view.hand, view.trump_suit)
    number = {c: str(i) for i, c in enumerate(hand, 1)}
    legal = list(state.legal_actions(seat))
    covers_of: dict[int, int] = {}
    for a in legal:
        if a.kind is COVER:
            covers_of[a.cards[1]] = covers_of.get(a.cards[1], 0) + 1
    leading = not view.table or getattr(view, "stage", None) in ("lead", "add")  # Warsaw
    out = []
    for a in legal:
        kind, cards = a.kind, a.cards
        if kind is ATTACK:
            mine = sorted(cards, key=lambda c: int(number[c]))
            command = " ".join(number[c] for c in mine)
            out.append((command, f"{'lead' if leading else 'throw in'}|{_cards(mine)}", a))
        elif kind is COVER:
            target, card = cards
            command = number[card]
            if covers_of[card] > 1:
                command += f" on {card_text(target, ascii=True)}"
            out.append((command, f"cover {card_text(target)}|{card_text(card)}", a))
        elif kind is TRANSFER:
            out.append((f"t {number[cards[0]]}", f"transfer|{card_text(cards[0])}", a))
        elif kind is SHOW:
            out.append((f"s {number[cards[0]]}", f"transfer by showing|{card_text(cards[0])}", a))
        elif kind is TAKE:
            out.append(("take", "|pick up the table", a))
        elif kind is PASS:
            out.append(("pass", "|nothing more from me", a))
        elif kind is EXCHANGE:
            out.append(("swap", "|exchange your lowest trump for the turn-up", a))
        elif kind is KEEP:
            out.append(("keep", "|keep your lowest trump", a))
        elif kind is DONE:
            closing = getattr(view, "lead_open", False)
            out.append(("done", "|close the lead" if closing else "|stop covering", a))
        else:
            out.append((a.text(), f"|{a.text()}", a))
    # Shown grouped by kind, each group in hand order (the engine's order is by card id).
    order = {k: i for i, k in enumerate((EXCHANGE, KEEP, ATTACK, COVER, TRANSFER, SHOW,
                                         TAKE, PASS, DONE))}
    table_pos = {attack: i for i, (attack, _) in enumerate(view.table)}
    position = {c: i for i, c in enumerate(hand)}

    def key(option: tuple[str, str, Action]) -> tuple:
        a = option[2]
        if a.kind is COVER:
            return (order[a.kind], table_pos.get(a.cards[0], 0), position[a.cards[1]])
        return (order.get(a.kind, 99), len(a.cards), [position.get(c, 0) for c in a.cards])

    return sorted(out, key=key)


class BadCommand(ValueError):
    """Input that is not a legal move; the message tells the player why."""


_WORDS = {"take": TAKE, "pass": PASS, "p": PASS, "swap": EXCHANGE, "exchange": EXCHANGE,
          "e": EXCHANGE, "keep": KEEP, "k": KEEP, "done": DONE, "d": DONE}


def parse_command(text: str, state: GameState, seat: int = HUMAN) -> Action:
    """The legal action `text` means, or BadCommand with a reason a person understands."""
    view = state.view(seat)
    hand = sorted_hand(view.hand, view.trump_suit)
    legal = list(state.legal_actions(seat))
    words = text.lower().replace(",", " ").split()
    if not words:
        raise BadCommand("type a move (see `You may`), or `help`")
    head = words[0]
    if len(words) == 1 and (head in _WORDS or head == "t"):
        wanted = TAKE if head == "t" else _WORDS[head]
        for a in legal:
            if a.kind is wanted:
                return a
        raise BadCommand(f"you cannot {head} now")

    def card_of(token: str, where: str = "hand") -> int:
        if where == "hand" and token.isdigit():
            i = int(token)
            if not 1 <= i <= len(hand):
                raise BadCommand(f"no card number {i}: your cards are 1-{len(hand)}")
            return hand[i - 1]
        try:
            card = parse_card(token)
        except ValueError:
            raise BadCommand(f"{token!r} is not a card number or a card like 10h") from None
        if where == "hand" and card not in view.hand:
            raise BadCommand(f"you do not hold {card_text(card)}")
        return card

    kind: ActionKind | None = None
    if head in ("t", "r", "transfer"):
        kind, words = TRANSFER, words[1:]
    elif head in ("s", "show"):
        kind, words = SHOW, words[1:]
    elif head in ("a", "c") and len(words) > 1 and not words[1].isdigit():
        try:  # the engine's own short text ("a 10h", "c 7h 9h") also works
            action = Action.parse(text, player=seat)
        except ValueError as exc:
            raise BadCommand(str(exc)) from None
        return _must_be_legal(action, legal, state)
    if kind is not None:
        if len(words) != 1:
            raise BadCommand(f"say which one card, e.g. `{head} 3`")
        return _must_be_legal(Action(seat, kind, (card_of(words[0]),)), legal, state)

    target = None
    if "on" in words:
        i = words.index("on")
        if i + 2 != len(words):
            raise BadCommand("write it as `3 on 7d`: your card, `on`, the table card")
        target = card_of(words[i + 1], where="table")
        if target not in [a for a, c in view.table if c is None]:
            raise BadCommand(f"{card_text(target)} is not an uncovered card on the table")
        words = words[:i]
    cards = tuple(card_of(w) for w in words)
    if len(set(cards)) != len(cards):
        raise BadCommand("you named the same card twice")
    if seat == view.defender and view.table and not view.taking:
        if len(cards) != 1:
            raise BadCommand("cover one card at a time")
        card = cards[0]
        matches = [a for a in legal if a.kind is COVER and a.cards[1] == card
                   and (target is None or a.cards[0] == target)]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            where = " or ".join(card_text(a.cards[0]) for a in matches)
            raise BadCommand(f"{card_text(card)} can cover {where}: say which, "
                             f"e.g. `{words[0]} on {card_text(matches[0].cards[0], True)}`")
        uncovered = [a for a, c in view.table if c is None]
        if target is None and len(uncovered) == 1:
            target = uncovered[0]
        if target is None:
            raise BadCommand(f"{card_text(card)} cannot cover any card on the table")
        return _must_be_legal(Action(seat, COVER, (target, card)), legal, state)
    if target is not None:
        raise BadCommand("`on` is for covering, and you are not defending now")
    return _must_be_legal(Action(seat, ATTACK, tuple(sorted(cards))), legal, state)


def _must_be_legal(action: Action, legal: list[Action], state: GameState) -> Action:
    if action in legal:
        return action
    if action.kind is ATTACK:  # the same cards in another order
        for a in legal:
            if a.kind is ATTACK and sorted(a.cards) == sorted(action.cards):
                return a
    try:  # the engine names the rule broken
        state.clone().apply(action)
    except IllegalAction as exc:
        raise BadCommand(str(exc)) from None
    except (ValueError, IndexError) as exc:
        raise BadCommand(f"not a move now ({exc})") from None
    raise BadCommand("that is not one of your moves now")


# ---------------------------------------------------------------------------- the game
def play_deal(state: GameState, con: _Console, strength: str = "normal",
              seed: int = 0) -> GameState:
    """Play one deal to its end; raises Quit when the player leaves. Computer moves are
    seeded by ``seed`` and the game's version, so a seeded session replays exactly
    (``hard`` stops on wall-clock time, so its moves may differ between machines)."""
    while not state.is_over:
        waiting = state.waiting_on()
        computers = [s for s in waiting if s != HUMAN]
        if computers:
            seat = computers[0]
            action = choose_action(state, seat, strength,
                                   seed=(seed * 7919 + state.version) & 0x7FFFFFFF,
                                   budget_s=DEFAULT_BUDGET_S[strength])
        elif HUMAN in waiting:
            action = _ask_human(state, con)
        else:  # cannot happen by the engine's invariants; never spin silently
            raise RuntimeError(f"the game waits on nobody: {state!r}")
        _apply_and_report(state, action, con)
    return state


def _ask_human(state: GameState, con: _Console) -> Action:
    options = legal_options(state)
    con.say()
    con.say(render_screen(state, options))
    while True:
        text = con.ask(PROMPT)
        word = text.lower()
        if word in ("quit", "exit", "q"):
            raise Quit
        if word in ("help", "?", "h"):
            con.say(HELP)
            continue
        if word in ("look", "l", ""):
            con.say(render_screen(state, options))
            continue
        try:
            return parse_command(text, state)
        except BadCommand as exc:
            con.say(f"  ! {exc}. (`help` lists the commands)")


def _apply_and_report(state: GameState, action: Action, con: _Console) -> None:
    before = state.view(HUMAN)
    warsaw = getattr(before, "front", None) is not None
    line = describe_action(action, before.table, getattr(before, "lead_open", False), warsaw)
    events = state.apply(action)
    con.say(line + ".")
    after = state.view(HUMAN)
    drawn = sorted_hand(after.hand - before.hand, after.trump_suit)
    for event in events:
        text = describe_event(event, drawn if event.kind is EventKind.DREW else None, warsaw)
        if text:
            con.say(text)


def result_text(outcome: Outcome) -> str:
    if outcome.stakes is not None:  # Warsaw: every player left with cards pays per card
        if outcome.draw:
            return "Draw: nobody pays."
        paid = ", ".join(f"{_name(s)} {v:+}" if isinstance(v, int) else f"{_name(s)} +{v}"
                         for s, v in sorted(outcome.stakes.items()))
        return f"Stakes (one per card held, shared by the winners): {paid}."
    if outcome.draw:
        return "Draw: the last players went out together. Nobody is the fool."
    parts = []
    for seat in outcome.fools:
        title = outcome.titles.get(seat)
        extra = {"necktie": " wearing a necktie", "epaulettes": " with epaulettes"}.get(
            title or "", "")
        who = "You are" if seat == HUMAN else f"{_name(seat)} is"
        parts.append(f"{who} the fool (durak){extra}!")
    return " ".join(parts)


def play_session(rules: RuleSet, seed: int | None, inp: TextIO, out: TextIO,
                 strength: str = "normal") -> int:
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
                state = GameState.new(rules, deal_seed)
            else:
                state = GameState.next_deal(rules, *previous, deal_seed)
            deal_no += 1
            con.say()
            view = state.view(HUMAN)
            trump = card_text(view.turnup) if view.turnup is not None else "none"
            con.say(f"=== Deal {deal_no} (seed {deal_seed}). {_verb(view.dealer, 'deal', 'deals')}"
                    f"; the turn-up is {trump}. {_verb(view.attacker, 'attack', 'attacks')} "
                    f"first. ===")
            play_deal(state, con, strength, deal_seed)
            outcome = state.outcome
            assert outcome is not None  # play_deal returns only when the deal is over
            previous = (outcome, view.dealer)
            con.say()
            con.say("*** " + result_text(outcome) + " ***")
            for seat, count in outcome.matchsticks().items():
                sticks[seat] += count
            con.say("Matchsticks: " + ", ".join(f"{_name(s)} {n}" for s, n in enumerate(sticks)))
            if not _yes(con):
                con.say("Thanks for playing.")
                return 0
    except Quit:
        con.say("Bye.")
        return 0
    except KeyboardInterrupt:
        con.say("\nBye.")
        return 130


def _yes(con: _Console) -> bool:
    while True:
        answer = con.ask(AGAIN_PROMPT).lower()
        if answer in ("y", "yes", "д", "да"):
            return True
        if answer in ("n", "no", "q", "quit", "н", "нет"):
            return False
        con.say("  ! answer y or n")
