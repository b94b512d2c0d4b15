"""Actions, events and the error for illegal moves.

An ``Action`` is a plain tuple ``(player, kind, cards)`` (a NamedTuple): cheap to create,
hashable, compares by value. Short text, the same in callback data and the move log:

    a 10h 10d    attack: lead or throw in (a lead may hold several cards of one rank)
    c 7h 9h      cover the attack card 7h with 9h
    t            take
    p            pass (nothing more from me for now)
    r 7s         transfer by playing 7s (perevodnoy)
    s 7d         transfer by showing the trump 7d (it stays in hand)
    e            exchange the lowest trump for the turn-up (trump_exchange)
    k            keep: decline the exchange

``action.text()`` has no seat (the seat comes from who pressed); ``action.log_text()`` and
``str(action)`` prefix it: ``2:a 10h``. ``Action.parse`` reads both.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .cards import card_text, parse_card


class ActionKind(StrEnum):
    ATTACK = "a"
    COVER = "c"
    TAKE = "t"
    PASS = "p"
    TRANSFER = "r"
    SHOW = "s"
    EXCHANGE = "e"
    KEEP = "k"

    def __str__(self) -> str:
        return self.value


_KIND_BY_TEXT = {k.value: k for k in ActionKind}
_CARD_COUNT = {ActionKind.COVER: (2, 2), ActionKind.TRANSFER: (1, 1), ActionKind.SHOW: (1, 1),
               ActionKind.TAKE: (0, 0), ActionKind.PASS: (0, 0), ActionKind.EXCHANGE: (0, 0),
               ActionKind.KEEP: (0, 0), ActionKind.ATTACK: (1, 99)}


class IllegalAction(ValueError):
    """An action the rules forbid; the message names the rule."""


class Action(NamedTuple):
    player: int
    kind: ActionKind
    cards: tuple[int, ...] = ()

    def text(self) -> str:
        if not self.cards:
            return self.kind.value
        return self.kind.value + " " + " ".join(card_text(c, ascii=True) for c in self.cards)

    def log_text(self) -> str:
        return f"{self.player}:{self.text()}"

    def __str__(self) -> str:
        return self.log_text()

    @classmethod
    def parse(cls, text: str, player: int | None = None) -> Action:
        """``"a 10h"`` with ``player=``, or ``"2:a 10h"``; raises ValueError on bad text."""
        t = text.strip()
        head, sep, rest = t.partition(":")
        if sep and head.strip().isdigit():
            seat = int(head)
            if player is not None and player != seat:
                raise ValueError(f"action {text!r} is for seat {seat}, not {player}")
            player, t = seat, rest.strip()
        if player is None:
            raise ValueError(f"action {text!r} names no seat")
        parts = t.split()
        if not parts or parts[0].lower() not in _KIND_BY_TEXT:
            raise ValueError(f"unknown action {text!r}; kinds: {', '.join(_KIND_BY_TEXT)}")
        kind = _KIND_BY_TEXT[parts[0].lower()]
        cards = tuple(parse_card(c) for c in parts[1:])
        lo, hi = _CARD_COUNT[kind]
        if not lo <= len(cards) <= hi:
            raise ValueError(f"action {kind.value!r} takes {lo}-{hi} cards, got {len(cards)}")
        if len(set(cards)) != len(cards):
            raise ValueError(f"action {text!r} names a card twice")
        return cls(player, kind, cards)

    def to_json(self) -> str:
        return self.log_text()

    @classmethod
    def from_json(cls, data: str) -> Action:
        return cls.parse(data)


class EventKind(StrEnum):
    BEATEN_OFF = "beaten_off"
    TAKEN = "taken"
    TRANSFERRED = "transferred"
    DREW = "drew"          # seat drew `count` cards (which ones is private)
    OUT = "out"            # seat went out
    NEW_BOUT = "new_bout"  # seat = the principal attacker of the new bout
    EXCHANGED = "exchanged"
    END = "end"


class Event(NamedTuple):
    kind: EventKind
    seat: int = -1
    count: int = 0  # type: ignore[assignment]  # shadows tuple.count on purpose
    cards: tuple[int, ...] = ()  # only public cards (table cards taken, the shown turn-up)
