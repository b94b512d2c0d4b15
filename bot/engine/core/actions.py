"""Actions and events.

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
    d            done (pagat): the defender stops covering and takes the unbeaten cards
    x 6h         swap the trump six for the turn-up (trump_exchange=six_any_time)
    p 7h 9c      poker: swap one or two cards with the top of the stock before leading
                 (``p`` alone is a pass; the kind is ``pk``, its text ``p`` + cards)
    a 6d>s       weli: the 6♦ played as the 6 of the named suit (also ``c 7s 6d>s``)

A weli named suit ``s`` is carried in the action's cards as the virtual id
``WELI_AS + s`` (192..195, beyond every real card id) in place of the 6♦.

``action.text()`` has no seat (the seat comes from who pressed); ``action.log_text()`` and
``str(action)`` prefix it: ``2:a 10h``. ``Action.parse`` reads both.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .cards import card_text, parse_card
from .codes import Code
from .errors import InvalidAction, InvalidCard


class ActionKind(StrEnum):
    ATTACK = "a"
    COVER = "c"
    TAKE = "t"
    PASS = "p"
    TRANSFER = "r"
    SHOW = "s"
    EXCHANGE = "e"
    KEEP = "k"
    DONE = "d"
    SWAP_SIX = "x"
    POKER = "pk"

    def __str__(self) -> str:
        return self.value


_KIND_BY_TEXT = {k.value: k for k in ActionKind}
_CARD_COUNT = {ActionKind.COVER: (2, 2), ActionKind.TRANSFER: (1, 1), ActionKind.SHOW: (1, 1),
               ActionKind.TAKE: (0, 0), ActionKind.PASS: (0, 0), ActionKind.EXCHANGE: (0, 0),
               ActionKind.KEEP: (0, 0), ActionKind.ATTACK: (1, 99), ActionKind.DONE: (0, 0),
               ActionKind.SWAP_SIX: (1, 1), ActionKind.POKER: (1, 2)}
WELI_AS = 192  # WELI_AS + suit: the weli (6♦) played as the 6 of that suit
_WELI_TEXT = "6d>"


def action_card_text(card: int) -> str:
    """A card of an action: its ascii text, or ``6d>s`` for the weli named spades."""
    if card >= WELI_AS:
        return _WELI_TEXT + "shdc"[card - WELI_AS]
    return card_text(card, ascii=True)


def parse_action_card(token: str) -> int:
    head, sep, suit = token.partition(">")
    if sep:
        if parse_card(head) != parse_card("6d") or suit.lower() not in ("s", "h", "d", "c"):
            raise InvalidAction(Code.WELI_SUIT_TEXT, text=token)
        return WELI_AS + "shdc".index(suit.lower())
    return parse_card(token)


class Action(NamedTuple):
    player: int
    kind: ActionKind
    cards: tuple[int, ...] = ()

    def text(self) -> str:
        if not self.cards:
            return self.kind.value
        head = "p" if self.kind is ActionKind.POKER else self.kind.value
        return head + " " + " ".join(action_card_text(c) for c in self.cards)

    def log_text(self) -> str:
        return f"{self.player}:{self.text()}"

    def __str__(self) -> str:
        return self.log_text()

    @classmethod
    def parse(cls, text: str, player: int | None = None) -> Action:
        """``"a 10h"`` with ``player=``, or ``"2:a 10h"``. Text that is not an action raises
        InvalidAction (a ValueError, never an IllegalAction: no rule was asked yet)."""
        t = text.strip()
        head, sep, rest = t.partition(":")
        if sep and head.strip().isdigit():
            seat = int(head)
            if player is not None and player != seat:
                raise InvalidAction(Code.ACTION_OTHER_SEAT, text=text, seat=seat, player=player)
            player, t = seat, rest.strip()
        if player is None:
            raise InvalidAction(Code.ACTION_NO_SEAT, text=text)
        parts = t.split()
        if not parts or parts[0].lower() not in _KIND_BY_TEXT:
            raise InvalidAction(Code.UNKNOWN_ACTION_TEXT, text=text, kinds=", ".join(_KIND_BY_TEXT))
        kind = _KIND_BY_TEXT[parts[0].lower()]
        if kind is ActionKind.PASS and len(parts) > 1:
            kind = ActionKind.POKER  # "p 7h 9c": a poker swap; "p" alone: a pass
        try:
            cards = tuple(parse_action_card(c) for c in parts[1:])
        except InvalidCard as exc:  # a bad card makes the whole text no action
            raise InvalidAction(exc.reason) from None
        lo, hi = _CARD_COUNT[kind]
        if not lo <= len(cards) <= hi:
            raise InvalidAction(Code.ACTION_CARD_COUNT, kind=kind.value, low=lo, high=hi,
                                count=len(cards))
        if len(set(cards)) != len(cards):
            raise InvalidAction(Code.ACTION_CARD_TWICE, text=text)
        if kind is ActionKind.SWAP_SIX and cards[0] & 15 != 6:
            raise InvalidAction(Code.SWAP_NEEDS_SIX, text=text)
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
    EXCHANGED = "exchanged"  # lowest trump / trump six for the turn-up; poker swap (count)
    TRUMP_CHANGED = "trump_changed"  # changeable_trump: cards = (the revealed card,)
    END = "end"
    PICKED_UP = "picked_up"  # Warsaw: seat lifted the cards lying in front of them (public)
    NEW_PHASE = "new_phase"  # Warsaw: count = the number of the phase that starts


class Event(NamedTuple):
    kind: EventKind
    seat: int = -1
    count: int = 0  # type: ignore[assignment]  # shadows tuple.count on purpose
    cards: tuple[int, ...] = ()  # only public cards (table cards taken, the shown turn-up)
