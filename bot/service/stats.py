"""Leaderboards and a player's own statistics (read-only)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.service.ratings import Skill
from bot.storage import stats
from bot.storage.database import Database
from bot.storage.models import GLOBAL_CHAT, user_key

LEADERBOARDS = stats.LEADERBOARDS


@dataclass(frozen=True)
class PlayerStats:
    user_id: int
    global_tally: dict[str, int]
    chat_tally: dict[str, int] | None
    rating: float | None  # ordinal mu - 3 sigma
    rated_games: int


class StatsService:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def leaderboard(self, kind: str, chat_id: int | None = None, limit: int = 10,
                          min_games: int = 1) -> list[dict[str, Any]]:
        """Per chat when ``chat_id`` is given, else global. Kinds: fewest_matchsticks
        (per game), most_games, most_fools, best_rating."""
        limit = max(1, min(int(limit), 50))
        async with self.db.read() as s:
            return await stats.leaderboard(s, kind, GLOBAL_CHAT if chat_id is None else chat_id,
                                           limit=limit, min_games=min_games)

    async def player(self, user_id: int, chat_id: int | None = None) -> PlayerStats:
        key = user_key(user_id)
        async with self.db.read() as s:
            tallies = await stats.player_tallies(s, key)
            rating = await stats.rating_of(s, key)
        empty = dict.fromkeys(stats.TALLY_COUNTERS, 0)
        return PlayerStats(
            user_id=user_id, global_tally=tallies.get(GLOBAL_CHAT, empty),
            chat_tally=None if chat_id is None else tallies.get(chat_id, empty),
            rating=Skill(rating.mu, rating.sigma).ordinal if rating else None,
            rated_games=rating.games if rating else 0)
