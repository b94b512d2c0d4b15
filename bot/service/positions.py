"""The running games a ``GameService`` keeps decoded, and the one place a ``GameSnapshot``
is built.

Each service keeps the running games it last committed or read, keyed by game id and
tagged with their version (LRU). An entry's ``state`` is never mutated: plans apply to a
clone, and the same object is handed to the presentation layer in the snapshot of the
move that made it (read only there too), so a position is decoded once and applied once.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from bot.engine import GameState
from bot.service.events import GameSnapshot, SeatInfo
from bot.service.hands import Hands
from bot.service.venues import Venue


@dataclass(frozen=True)
class GameFacts:
    """What a game's row says that does not change while the deal runs."""

    id: int
    chat_id: int
    series_id: int | None
    deal_number: int
    host_id: int | None
    settings: dict[str, Any]
    rules: dict[str, Any]
    venue: Venue | None = None

    @classmethod
    def of(cls, row: Any) -> GameFacts:
        return cls(row.id, row.chat_id, row.series_id, row.deal_number, row.host_id,
                   row.settings or {}, row.rules,
                   Venue.of(row.venue, row.chat_id, row.inline_message_id))


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int | None
    computer_strength: str | None
    team: int | None
    consecutive_timeouts: int
    taken_over: bool
    left: bool = False  # left the deal (/leave): a computer plays it, the deal is lost

    @classmethod
    def of(cls, row: Any) -> SeatRow:
        return cls(row.seat, row.user_id, row.computer_strength, row.team,
                   row.consecutive_timeouts, bool(row.taken_over), bool(row.left))


FIRST_NAMES = "first_names"  # a quick game's settings: user id (text) -> first name


def names_at_table(facts: GameFacts, names: dict[int, str]) -> dict[int, str]:
    """The names a game shows its players: the stored names (Telegram's full names), or
    with strangers (a quick game) the first names they were matched under, never more."""
    venue = facts.venue or Venue.of(None, facts.chat_id)
    if not venue.strangers:
        return names
    first = facts.settings.get(FIRST_NAMES) or {}
    return {uid: str(first.get(str(uid), "?")) for uid in names}


def updated_seats(seats: tuple[SeatRow, ...],
                  updates: dict[int, dict[str, Any]]) -> tuple[SeatRow, ...]:
    """``seats`` with a plan's counter changes (timeouts, takeovers) applied."""
    if not updates:
        return seats
    return tuple(replace(x, **updates[x.seat]) if x.seat in updates else x for x in seats)


def seat_name(row: SeatRow, names: dict[int, str]) -> str:
    """A person's stored name; a computer is named by its strength (the renderer numbers
    them for display)."""
    if row.user_id is None:
        return f"Computer ({row.computer_strength})"
    return names.get(row.user_id, "")


def seat_infos(seats: tuple[SeatRow, ...], names: dict[int, str]) -> tuple[SeatInfo, ...]:
    """The seats as a snapshot shows them."""
    return tuple(SeatInfo(seat=x.seat, user_id=x.user_id, name=seat_name(x, names),
                          computer_strength=x.computer_strength, team=x.team,
                          taken_over=x.taken_over, left=x.left,
                          timed_out=x.taken_over and x.consecutive_timeouts > 0)
                 for x in seats)


def build_snapshot(facts: GameFacts, *, version: int, status: str, state: GameState,
                   seats: tuple[SeatRow, ...], names: dict[int, str],
                   turn_deadline: datetime | None) -> GameSnapshot:
    """THE snapshot builder: every ``GameSnapshot`` the service hands out is made here."""
    infos = seat_infos(seats, names)
    return GameSnapshot(game_id=facts.id, chat_id=facts.chat_id, series_id=facts.series_id,
                        deal_number=facts.deal_number, version=version, status=status,
                        state=state, seats=infos, turn_deadline=turn_deadline,
                        venue=facts.venue or Venue.of(None, facts.chat_id))


@dataclass(frozen=True)
class CachedGame:
    """A running game at ``version`` as committed or read by this process. ``state`` is
    never mutated (plans apply to a clone); ``hands`` are its seats' hands, or None until
    first needed; ``names``: user id -> stored name, for its snapshots; ``deadline``: its
    turn deadline as stored (a step that leaves every task as it was keeps it)."""

    facts: GameFacts
    version: int
    state: GameState
    seats: tuple[SeatRow, ...]
    names: dict[int, str]
    hands: Hands | None = None
    deadline: datetime | None = None


class PositionCache:
    """LRU of ``CachedGame`` by game id. A put never replaces a newer version with an older
    one (two tasks can finish their commits in either order)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[int, CachedGame] = OrderedDict()

    def get(self, game_id: int) -> CachedGame | None:
        entry = self._entries.get(game_id)
        if entry is not None:
            self._entries.move_to_end(game_id)
        return entry

    def put(self, entry: CachedGame) -> None:
        if self.size <= 0:
            return
        game_id = entry.facts.id
        old = self._entries.get(game_id)
        if old is not None and old.version > entry.version:
            return
        self._entries[game_id] = entry
        self._entries.move_to_end(game_id)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def forget(self, game_id: int) -> None:
        self._entries.pop(game_id, None)

    def __len__(self) -> int:
        return len(self._entries)
