"""A game told line by line in English, for ``durak play`` (as it happens, to the person at
seat 0) and ``durak replay`` (afterwards, about everyone by name).

Moves are worded by the project's one action describer (``bot.render.actions``, the
Telegram table's words, plain card style); the events after a move (beaten off, picked
up, drawn, out), which Telegram shows as a changed table instead, are worded here.
``name(seat)`` names a seat; the seat ``you`` (if any) is spoken to: "You take".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine import Action, Event, EventKind, Outcome
from bot.render.actions import describe_action
from bot.render.cards import card_label, cards_text

LOCALE = "en"  # the command line speaks English
Names = Callable[[int], str]
TITLES = {"necktie": " wearing a necktie", "epaulettes": " with epaulettes"}


def label(card: int, letters: str = LOCALE) -> str:
    """A card in plain style with ``letters``'s court letters (``render.card_letters``)."""
    return card_label(card, "plain", letters)


def labels(cards: Any, letters: str = LOCALE) -> str:
    return cards_text(list(cards), style="plain", sort=False, letters=letters)


def _verb(name: Names, you: int | None, seat: int, plain: str, third: str) -> str:
    return f"{name(seat)} {plain if seat == you else third}"


def describe_move(action: Action, before: Any, rules: Any, name: Names,
                  you: int | None = None, letters: str = LOCALE) -> str:
    """One line for a move; ``before`` is a view of the game before it was made. A card
    added to a Warsaw lead still being built is part of the lead, not a throw-in."""
    lead = not before.table or bool(getattr(before, "lead_open", False))
    if action.player == you:
        return describe_action(LOCALE, action, lead=lead, rules=rules, style="plain",
                               you=True, letters=letters)
    phrase = describe_action(LOCALE, action, lead=lead, rules=rules, style="plain",
                             letters=letters)
    return f"{name(action.player)} {phrase}"


def describe_event(event: Event, name: Names, you: int | None = None, *,
                   hand_drawn: list[int] | None = None, warsaw: bool = False,
                   letters: str = LOCALE) -> str | None:
    """What an event shows, or None when the next move says it (a new bout).
    ``hand_drawn``: the cards ``you`` drew, which only they may see."""
    kind, seat = event.kind, event.seat

    def verb(plain: str, third: str) -> str:
        return _verb(name, you, seat, plain, third)

    if kind is EventKind.TAKEN and warsaw:  # the covers go back, the led cards lie in front
        whom = "you" if seat == you else name(seat)
        return f"{labels(event.cards, letters)} now lie face up in front of {whom}."
    if kind is EventKind.BEATEN_OFF:
        return f"Beaten off: {event.count} cards to the discard."
    if kind is EventKind.TAKEN:
        return f"{verb('pick', 'picks')} up {event.count}: {labels(event.cards, letters)}."
    if kind is EventKind.TRANSFERRED:
        return f"Now {'you defend' if seat == you else name(seat) + ' defends'}."
    if kind is EventKind.DREW:
        if seat == you and hand_drawn:
            return f"You draw {labels(hand_drawn, letters)}."
        return f"{verb('draw', 'draws')} {event.count}."
    if kind is EventKind.OUT:
        return f"{name(seat)} {'are' if seat == you else 'is'} out!"
    if kind is EventKind.EXCHANGED:
        return f"The turn-up is now {label(event.cards[0], letters)}."
    if kind is EventKind.PICKED_UP:  # Warsaw: the cards lying in front go back to the hand
        return f"{verb('pick', 'picks')} up the cards in front: {labels(event.cards, letters)}."
    if kind is EventKind.NEW_PHASE:
        return (f"Phase {event.count}: lead cards of the ranks the defender covered with, "
                f"{name(seat)} first.")
    return None  # NEW_BOUT: the next lead says it


def result_text(outcome: Outcome, name: Names, you: int | None = None) -> str:
    """Who is the fool (with a title), the Warsaw stakes, or the draw."""
    if outcome.stakes is not None:  # Warsaw: every player left with cards pays per card
        if outcome.draw:
            return "Draw: nobody pays."
        paid = ", ".join(f"{name(s)} {v:+}" if isinstance(v, int) else f"{name(s)} +{v}"
                         for s, v in sorted(outcome.stakes.items()))
        return f"Stakes (one per card held, shared by the winners): {paid}."
    if outcome.draw:
        return "Draw: the last players went out together. Nobody is the fool."
    parts = []
    for seat in outcome.fools:
        extra = TITLES.get(outcome.titles.get(seat) or "", "")
        who = "You are" if seat == you else f"{name(seat)} is"
        parts.append(f"{who} the fool (durak){extra}!")
    return " ".join(parts)
