"""What the service tells the presentation layer: typed, immutable descriptions of what
changed, each with the game as it is afterwards (``GameSnapshot``).

The service owns the live state of a game; the runtime draws from the snapshots it is
handed and never applies a move or reads a game row itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from bot.service.venues import Venue

_E = TypeVar("_E")  # an event class, for ActResult.of

@dataclass(frozen=True)
class MemberInfo:
    position: int
    user_id: int | None
    name: str
    computer_strength: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class LobbyUpdated:
    lobby_id: int
    chat_id: int
    version: int
    status: str  # open | started | closed
    host_id: int | None
    members: tuple[MemberInfo, ...]
    settings: dict[str, Any]
    message_id: int | None
    reason: str = ""  # why it changed, e.g. "host left; host passed to Anna"
    invite: str = ""  # the join link's token (t.me/<bot>?start=j<invite>); not a secret
    venue: Venue | None = None  # where it lives (None: read from chat_id, as before venues)

    @property
    def place(self) -> Venue:
        """Where the lobby lives (service/venues.py)."""
        return self.venue if self.venue is not None else Venue.of(None, self.chat_id)


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    user_id: int | None
    name: str
    computer_strength: str | None
    team: int | None
    taken_over: bool = False
    left: bool = False  # left the deal: a computer plays the seat, the deal is their loss
    # taken over because its person let their turn time out (not: not ready for the deal,
    # or Telegram cannot reach them)
    timed_out: bool = False


@dataclass(frozen=True)
class GameSnapshot:
    """A game as the service knows it now: what the renderer and the computer players read.

    ``state`` is the engine's state (``bot.engine.GameState`` or another deal class) and is
    read only: a snapshot that comes with a move shares it with the service's position
    cache (``GameService.snapshot()`` hands out a state of the caller's own)."""

    game_id: int
    chat_id: int
    series_id: int | None
    deal_number: int
    version: int
    status: str  # running | finished | cancelled
    state: Any
    seats: tuple[SeatInfo, ...]
    turn_deadline: datetime | None
    venue: Venue | None = None  # where it lives (None: read from chat_id, as before venues)

    @property
    def place(self) -> Venue:
        """Where the game lives (service/venues.py)."""
        return self.venue if self.venue is not None else Venue.of(None, self.chat_id)

    def seat_of(self, user_id: int) -> int | None:
        return next((x.seat for x in self.seats if x.user_id == user_id), None)


@dataclass(frozen=True)
class GameMessages:
    """The ids of a deal's Telegram messages as stored (the runtime's bookkeeping)."""

    table_message_id: int | None
    hand_message_ids: dict[int, int]


@dataclass(frozen=True)
class GameStarted:
    game_id: int
    chat_id: int
    series_id: int
    deal_number: int
    version: int
    seats: tuple[SeatInfo, ...]
    turn_deadline: datetime | None
    snapshot: GameSnapshot
    lobby_id: int | None = None


@dataclass(frozen=True)
class MoveApplied:
    """One accepted action. ``version`` is the state version after it."""

    game_id: int
    version: int
    seat: int
    action: str
    cause: str  # player | computer | timeout
    engine_events: tuple[Any, ...]
    hands_changed: frozenset[int]
    turn_deadline: datetime | None


@dataclass(frozen=True)
class SeatTakenOver:
    """A player timed out too often in a row; a computer player now plays their seat."""

    game_id: int
    seat: int
    user_id: int | None


@dataclass(frozen=True)
class DealEnded:
    game_id: int
    series_id: int | None
    draw: bool
    fools: tuple[int, ...]
    titles: dict[int, str]  # seat -> necktie | epaulettes
    stakes: dict[int, int]  # seat -> net stakes (Warsaw)
    matchsticks: dict[int, int]  # seat -> series total after this deal
    ratings: dict[int, tuple[float, float]]  # seat -> (before, after) ordinal
    series_over: bool = False
    series_loser: int | None = None
    # seat -> the achievements this deal earned its person, new to them (achievements.py)
    achievements: dict[int, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class GameCancelled:
    game_id: int
    by_user_id: int | None
    reason: str = ""
    snapshot: GameSnapshot | None = None  # the game as cancelled


@dataclass(frozen=True)
class ActResult:
    """Everything one service call changed, in order, and the game after it."""

    game_id: int
    version: int
    snapshot: GameSnapshot
    events: tuple[Any, ...] = field(default_factory=tuple)

    def of(self, kind: type[_E]) -> list[_E]:
        return [e for e in self.events if isinstance(e, kind)]
