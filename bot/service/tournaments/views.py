"""A tournament as the screens and the runtime see it: plain frozen data, read in one
transaction (``store.view``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .bracket import KNOCKOUT, NOBODY


@dataclass(frozen=True)
class EntryView:
    slot: int
    user_id: int | None  # None: a computer player
    computer_strength: str | None
    name: str


@dataclass(frozen=True)
class MatchView:
    idx: int
    round: int
    a: int | None
    b: int | None
    status: str  # pending|called|playing|done
    ready: frozenset[int]
    ready_until: datetime | None
    game_id: int | None
    winner: int | None  # a slot; NOBODY; None: not decided, or (done) a drawn deal
    how: str | None  # played|no_show|walkover|lot|draw

    @property
    def sides(self) -> tuple[int, int]:
        assert self.a is not None and self.b is not None
        return self.a, self.b


@dataclass(frozen=True)
class TournamentView:
    id: int
    chat_id: int
    host_id: int | None
    title: str
    format: str
    settings: dict[str, Any]
    status: str  # open|running|finished|cancelled
    join_until: datetime
    winner_slot: int | None
    version: int
    message_id: int | None
    entries: tuple[EntryView, ...]
    matches: tuple[MatchView, ...]

    @property
    def knockout(self) -> bool:
        return self.format == KNOCKOUT

    @property
    def people(self) -> list[EntryView]:
        return [e for e in self.entries if e.user_id is not None]

    def entry(self, slot: int | None) -> EntryView | None:
        return next((e for e in self.entries if e.slot == slot), None)

    def slot_of(self, user_id: int) -> int | None:
        return next((e.slot for e in self.entries if e.user_id == user_id), None)

    def is_computer(self, slot: int | None) -> bool:
        entry = self.entry(slot)
        return entry is not None and entry.user_id is None

    @property
    def current(self) -> MatchView | None:
        """The match called or being played (one at a time: the group has one table)."""
        return next((m for m in self.matches if m.status in ("called", "playing")), None)

    @property
    def winner(self) -> EntryView | None:
        if self.winner_slot is None or self.winner_slot == NOBODY:
            return None
        return self.entry(self.winner_slot)
