"""Shared by the quick-match tests: a service with a settable clock, and a game two people
sat in together (for blocks and reports)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from playhelp import new_game

from bot.service.games import GameService
from bot.service.lobby import LobbyService
from bot.service.quick import QuickMatchService, QuickRequest
from bot.storage import matchmaking, stats

START = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def tick(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def quick_service(db, clock: Clock | None = None) -> QuickMatchService:
    return QuickMatchService(db, clock=clock or Clock())


async def set_rating(db, user_id: int, mu: float, sigma: float = 0.0) -> None:
    """The person's rating ordinal becomes ``mu - 3 sigma``."""
    async with db.transaction() as s:
        await stats.load_ratings_for_update(s, {f"u{user_id}": user_id}, mu, sigma)
        await stats.store_rating(s, f"u{user_id}", mu, sigma, START)


async def game_together(db, chat_id: int, *user_ids: int, running: bool = False) -> int:
    """A game (group venue) these people sat in, over (cancelled) unless ``running``."""
    lobbies, games = LobbyService(db), GameService(db)
    started = await new_game(lobbies, games, chat_id, user_ids[0], people=user_ids[1:],
                             computers=())
    if not running:
        await games.cancel(started.game_id, user_ids[0])
    return started.game_id



async def waiting_row(db, user_id: int, rating: float, at: datetime,
                      request: QuickRequest) -> None:
    """A person in the queue as a racing instance would have left them: waiting, unmatched
    (written straight to storage, no matching)."""
    async with db.transaction() as s:
        await matchmaking.add_waiter(s, {
            "user_id": user_id, "game_key": request.key, "preset": request.preset,
            "players": request.players, "rules": request.rules, "rating": rating,
            "first_name": f"p{user_id}", "language": None, "queued_at": at,
            "message_id": None})
