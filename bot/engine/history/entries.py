"""``PublicHistory``: what everyone at the table has seen of a deal, in order, per bout.

A flat tuple of ``Entry`` records (one small tuple each: cheap to copy, hashable, compares
by value) rather than nested bouts, so one step appends and the JSON form is a list of
rows. ``bouts()`` groups them for readers. Only public facts are in it: a card appears
only when everyone saw it (played, covered, picked up, shown, turned up, exchanged for the
turn-up); a poker swap and a draw carry a count, never the private cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from ..core.actions import action_card_text, parse_action_card
from ..core.codes import Code
from ..core.errors import InvalidState


class HistoryKind(StrEnum):
    BOUT = "bout"                # a bout starts: seat attacks, target defends
    ATTACK = "attack"            # seat led (count 0) or threw in (count = cards already led)
    COVER = "cover"              # cards = (attack card, the card that covered it)
    TRANSFER = "transfer"        # seat passed the attack on to target by playing cards[0]
    SHOW = "show"                # seat passed the attack on by showing the trump cards[0]
    TAKE = "take"                # seat (the defender) said it takes
    DONE = "done"                # pagat: seat stops covering
    PASS = "pass"                # seat passed while `ranks` lay there with `room` left
    #                              (throw-in family: legal only with a card of them to add)
    DECLINED = "declined"        # the bout ended, seat added nothing: count 1 its pass stood,
    #                              0 the engine passed for it (with room: none of `ranks`)
    TAKEN = "taken"              # seat picked up cards (the table)
    BEATEN_OFF = "beaten_off"    # cards went to the discard (seat: the defender)
    DREW = "drew"                # seat drew count cards; cards: those everyone saw (turn-up)
    EXCHANGED = "exchanged"      # cards = (given, got) when public; poker: count only
    KEEP = "keep"                # the lowest trump's holder kept it (no exchange)
    TRUMP_CHANGED = "trump_changed"  # changeable_trump: cards = (the new turn-up,)
    OUT = "out"                  # seat went out
    PICKED_UP = "picked_up"      # Warsaw: seat lifted the cards in front of it
    PHASE = "phase"              # Warsaw: phase count of the attack starts (seat leads)
    END = "end"                  # the deal is over (seat: as the engine's END event)


class Entry(NamedTuple):
    bout: int          # 0 for the first bout of the deal
    kind: HistoryKind
    seat: int = -1
    cards: tuple[int, ...] = ()  # card ids; a weli played as a suit keeps its virtual id
    count: int = 0  # type: ignore[assignment]  # shadows tuple.count on purpose (as Event)
    target: int = -1   # the defender of a new bout or of a transfer
    ranks: int = 0     # PASS / DECLINED: bit r set for each rank lying on the table
    room: int = 0      # PASS / DECLINED: cards the bout could still take then
    stock: int = 0     # cards in the stock when it happened

    def rank_list(self) -> list[int]:
        return [r for r in range(2, 16) if (self.ranks >> r) & 1]

    def to_row(self) -> list[Any]:
        return [self.bout, self.kind.value, self.seat,
                " ".join(action_card_text(c) for c in self.cards),
                self.count, self.target, self.ranks, self.room, self.stock]

    @classmethod
    def from_row(cls, row: list[Any]) -> Entry:
        bout, kind, seat, cards, count, target, ranks, room, stock = row
        return cls(int(bout), HistoryKind(kind), int(seat),
                   tuple(parse_action_card(t) for t in str(cards).split()),
                   int(count), int(target), int(ranks), int(room), int(stock))


FORMAT = 1  # the JSON form's version: a reader refuses another


@dataclass(frozen=True)
class PublicHistory:
    """A deal's public history. Immutable: ``extended`` returns a new one."""

    players: int
    entries: tuple[Entry, ...] = ()

    def extended(self, more: tuple[Entry, ...]) -> PublicHistory:
        return PublicHistory(self.players, self.entries + more) if more else self

    @property
    def bout(self) -> int:
        """The number of the bout in progress (0 for the first)."""
        return self.entries[-1].bout if self.entries else 0

    def bouts(self) -> list[tuple[Entry, ...]]:
        """The entries bout by bout, in order (the last may be in progress)."""
        out: list[list[Entry]] = []
        for e in self.entries:
            while len(out) <= e.bout:
                out.append([])
            out[e.bout].append(e)
        return [tuple(b) for b in out]

    def of_kind(self, *kinds: HistoryKind, seat: int | None = None) -> list[Entry]:
        return [e for e in self.entries
                if e.kind in kinds and (seat is None or e.seat == seat)]

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "players": self.players,
                "entries": [e.to_row() for e in self.entries]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PublicHistory:
        """The history of ``to_dict``; InvalidState when ``data`` is not one."""
        try:
            if data["format"] != FORMAT:
                raise ValueError(f"format {data['format']!r}")
            return cls(int(data["players"]),
                       tuple(Entry.from_row(r) for r in data["entries"]))
        except (KeyError, TypeError, ValueError) as exc:  # InvalidCard is a ValueError
            raise InvalidState(Code.HISTORY_FORMAT, detail=str(exc)) from None
