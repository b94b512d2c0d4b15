"""What the quick-match service answers: still waiting, seated together, where one waits."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from .requests import QuickRequest


@dataclass(frozen=True)
class QuickSeat:
    """A person taken from the queue, with what ``requeue`` needs to give their place back."""

    user_id: int
    first_name: str
    language: str | None
    rating: float
    queued_at: datetime
    message_id: int | None  # their "waiting..." message, to edit or delete


@dataclass(frozen=True)
class Matched:
    """People seated together, taken out of the queue. The caller must create their game
    now; if that fails it gives them back their places with ``requeue(matched)``."""

    match_id: str  # names this match in logs (the game does not exist yet)
    request: QuickRequest
    seats: tuple[QuickSeat, ...]  # in queue order, longest waiting first

    @property
    def people(self) -> list[tuple[int, str, str | None]]:
        """(user id, first name, language) per seat: strangers see first names only."""
        return [(s.user_id, s.first_name, s.language) for s in self.seats]


@dataclass(frozen=True)
class Queued:
    """The person waits; ``waiting`` people (them included) wait for this game now."""

    request: QuickRequest
    waiting: int


@dataclass(frozen=True)
class Waiting:
    """Where a person waits: for which game, since when, their waiting message."""

    request: QuickRequest
    since: datetime
    message_id: int | None
