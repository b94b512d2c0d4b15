"""``durak play``'s input: the moves a player may type, and what a typed line means.

A card is typed by its number on the screen, or by name in the engine's text (``10h``,
``10♥``, ``Th``; a court card also by the letter the screen shows, ``Д♥`` or ``Dh`` with
``--letters``). Numbers are ``HandNumbers``: a card keeps its number while it stays in
the hand, a drawn or picked-up card gets the next unused one, and no number is given to
two cards in one deal, so a number read from an older screen plays that very card or is
refused; it never plays another card (positions in the sorted hand would shift after
every move). Refusals are the catalogue's words (``move.*``, as the bot's), never a
rule id.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.cli.narration import LOCALE, label, labels
from bot.engine import Action, ActionKind, Card, GameState, IllegalAction
from bot.render.card_letters import letters_rank
from bot.render.cards import card_ascii, sort_hand
from bot.render.refusals import move_refusal_text

HUMAN = 0  # the seat of the person at the terminal
ATTACK, COVER, TAKE, PASS = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS
TRANSFER, SHOW = ActionKind.TRANSFER, ActionKind.SHOW
EXCHANGE, KEEP = ActionKind.EXCHANGE, ActionKind.KEEP
DONE = ActionKind.DONE  # Warsaw: close the lead being built; pagat: stop covering

HELP = """\
Commands:
  3          play card number 3 (lead, throw in, or cover when it fits only one card);
             a card keeps its number all deal, new cards get new numbers
  10h / 10♥  the same by name (also Th); several cards of one rank: 3 4  or  9s 9d
  3 on 7d    cover the table card 7♦ with your card 3
  take       pick up the table (defender)          pass   nothing more from me (attacker)
  t 3        transfer with card 3 (perevodnoy)     s 3    transfer by showing trump 3
  swap/keep  exchange the lowest trump for the turn-up, or not
  done / d   Warsaw: close the lead you built card by card (pagat: stop covering)
  look       show the table again      help   this text      quit   leave the game
"""

Option = tuple[str, str, Action]  # (command to type, "heading|label", the action)


class BadCommand(ValueError):
    """Input that is not a legal move; the message tells the player why."""


class HandNumbers:
    """The number each card of the hand is typed by, stable for a deal (module doc)."""

    def __init__(self, hand: Iterable[int] = ()) -> None:
        self._number: dict[int, int] = {}
        self._card: dict[int, int] = {}
        self.update(hand)

    def update(self, hand: Iterable[int]) -> None:
        """Number the cards of ``hand`` (in the order given) that have no number yet."""
        for card in hand:
            if card not in self._number:
                n = len(self._number) + 1
                self._number[card], self._card[n] = n, card

    def number(self, card: int) -> int:
        return self._number[card]

    def card(self, number: int, hand: Iterable[int], letters: str = LOCALE) -> int:
        """The card ``number`` stands for, if it is still in ``hand``; else BadCommand."""
        card = self._card.get(number)
        if card is None:
            raise BadCommand(f"no card has the number {number}: see `Your hand`")
        if card not in set(hand):
            raise BadCommand(f"card {number} ({label(card, letters)}) is no longer in your hand")
        return card


def _numbers_for(state: GameState, seat: int, numbers: HandNumbers | None) -> HandNumbers:
    view = state.view(seat)
    hand = sort_hand(view.hand, view.trump_suit)
    if numbers is None:
        return HandNumbers(hand)
    numbers.update(hand)
    return numbers


def legal_options(state: GameState, seat: int = HUMAN, numbers: HandNumbers | None = None,
                  letters: str = LOCALE) -> list[Option]:
    """(command, 'heading|label', action) for every legal action of ``seat``; cards by
    their ``numbers`` (none given: numbered in hand order)."""
    view = state.view(seat)
    hand = sort_hand(view.hand, view.trump_suit)
    numbers = _numbers_for(state, seat, numbers)
    number = {c: str(numbers.number(c)) for c in hand}
    legal = list(state.legal_actions(seat))
    covers_of: dict[int, int] = {}
    for a in legal:
        if a.kind is COVER:
            covers_of[a.cards[1]] = covers_of.get(a.cards[1], 0) + 1
    leading = not view.table or getattr(view, "stage", None) in ("lead", "add")  # Warsaw
    out: list[Option] = []
    for a in legal:
        kind, cards = a.kind, a.cards
        if kind is ATTACK:
            mine = sorted(cards, key=lambda c: int(number[c]))
            command = " ".join(number[c] for c in mine)
            out.append((command, f"{'lead' if leading else 'throw in'}|{labels(mine, letters)}", a))
        elif kind is COVER:
            target, card = cards
            command = number[card]
            if covers_of[card] > 1:
                command += f" on {card_ascii(target)}"
            out.append((command, f"cover {label(target, letters)}|{label(card, letters)}", a))
        elif kind is TRANSFER:
            out.append((f"t {number[cards[0]]}", f"transfer|{label(cards[0], letters)}", a))
        elif kind is SHOW:
            out.append((f"s {number[cards[0]]}", f"transfer by showing|{label(cards[0], letters)}",
                        a))
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
    table_pos: dict[int, int] = {attack: i for i, (attack, _) in enumerate(view.table)}
    position = {c: i for i, c in enumerate(hand)}

    def key(option: Option) -> tuple[int, int, int | list[int]]:
        a = option[2]
        if a.kind is COVER:
            return (order[a.kind], table_pos.get(a.cards[0], 0), position[a.cards[1]])
        return (order.get(a.kind, 99), len(a.cards), [position.get(c, 0) for c in a.cards])

    return sorted(out, key=key)


_WORDS = {"take": TAKE, "pass": PASS, "p": PASS, "swap": EXCHANGE, "exchange": EXCHANGE,
          "e": EXCHANGE, "keep": KEEP, "k": KEEP, "done": DONE, "d": DONE}


def parse_command(text: str, state: GameState, seat: int = HUMAN,
                  numbers: HandNumbers | None = None, letters: str = LOCALE) -> Action:
    """The legal action ``text`` means, or BadCommand with a reason a person understands;
    a number is a card's in ``numbers`` (none given: its place in the hand order)."""
    view = state.view(seat)
    hand = sort_hand(view.hand, view.trump_suit)
    numbers = _numbers_for(state, seat, numbers)
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
        raise BadCommand(f"`{head}` is not one of your moves now: see `You may`")

    def card_of(token: str, where: str = "hand") -> int:
        if where == "hand" and token.isdigit():
            return numbers.card(int(token), hand, letters)
        try:
            card = int(Card.parse(_engine_letters(token)))
        except ValueError:
            raise BadCommand(f"{token!r} is not a card number or a card like 10h") from None
        if where == "hand" and card not in view.hand:
            raise BadCommand(f"you do not hold {label(card, letters)}")
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
        return _must_be_legal(action, legal, state, letters)
    if kind is not None:
        if len(words) != 1:
            raise BadCommand(f"say which one card, e.g. `{head} 3`")
        return _must_be_legal(Action(seat, kind, (card_of(words[0]),)), legal, state,
                              letters)

    target = None
    if "on" in words:
        i = words.index("on")
        if i + 2 != len(words):
            raise BadCommand("write it as `3 on 7d`: your card, `on`, the table card")
        target = card_of(words[i + 1], where="table")
        if target not in [a for a, c in view.table if c is None]:
            raise BadCommand(f"{label(target, letters)} is not an uncovered card on the table")
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
            where = " or ".join(label(a.cards[0], letters) for a in matches)
            raise BadCommand(f"{label(card, letters)} can cover {where}: say which, "
                             f"e.g. `{words[0]} on {card_ascii(matches[0].cards[0])}`")
        uncovered = [a for a, c in view.table if c is None]
        if target is None and len(uncovered) == 1:
            target = uncovered[0]
        if target is None:
            raise BadCommand(f"{label(card, letters)} cannot cover any card on the table")
        return _must_be_legal(Action(seat, COVER, (target, card)), legal, state, letters)
    if target is not None:
        raise BadCommand("`on` is for covering, and you are not defending now")
    return _must_be_legal(Action(seat, ATTACK, tuple(sorted(cards))), legal, state,
                          letters)


def _must_be_legal(action: Action, legal: list[Action], state: GameState,
                   letters: str = LOCALE) -> Action:
    if action in legal:
        return action
    if action.kind is ATTACK:  # the same cards in another order
        for a in legal:
            if a.kind is ATTACK and sorted(a.cards) == sorted(action.cards):
                return a
    try:  # the engine names the rule broken; the catalogue says it in words
        state.clone().apply(action)
    except IllegalAction as exc:
        raise BadCommand(move_refusal_text(LOCALE, exc.code, exc.params, letters=letters)) \
            from None
    except (ValueError, IndexError) as exc:
        raise BadCommand(f"not a move now ({exc})") from None
    raise BadCommand("that is not one of your moves now")


_ENGINE_COURT = {11: "J", 12: "Q", 13: "K", 14: "A"}


def _engine_letters(token: str) -> str:
    """A card typed with another language's court letter ("Дh", "Д♥", "Bs") in the
    engine's text ("Qh"); anything else unchanged."""
    rank = letters_rank(token[:1]) if len(token) >= 2 else None
    if rank is None or token[:1] in "JQKAjqka":
        return token
    return _ENGINE_COURT[rank] + token[1:]
