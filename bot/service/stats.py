"""Leaderboards and a player's own statistics (read-only)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.service.achievements import ACHIEVEMENTS
from bot.service.digests import Digest, digest_of
from bot.service.ratings import Skill
from bot.service.venues import GROUP_CHAT_IDS
from bot.storage import achievements as achievement_store
from bot.storage import notices, stats
from bot.storage import seasons as season_store
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
    # This season's counters in the chat (global in a private chat; None: no deal in it
    # yet) and rating, as an ordinal like ``rating`` (None: no deal this season).
    season_tally: dict[str, int] | None = None
    season_rating: float | None = None
    achievements: tuple[str, ...] = ()  # earned, in ``achievements.ACHIEVEMENTS``' order


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

    async def player(self, user_id: int, chat_id: int | None = None,
                     season: str | None = None) -> PlayerStats:
        """The person's tallies (all-time; in ``chat_id`` too) and rating, and with
        ``season`` their standing in it (in ``chat_id``, else global)."""
        key = user_key(user_id)
        season_tally, season_mu = None, None
        async with self.db.read() as s:
            tallies = await stats.player_tallies(s, key)
            rating = await stats.rating_of(s, key)
            earned = await achievement_store.earned_by(s, key)
            if season is not None:
                season_tally, season_mu = await season_store.standing(
                    s, season, GLOBAL_CHAT if chat_id is None else chat_id, key)
        empty = dict.fromkeys(stats.TALLY_COUNTERS, 0)
        return PlayerStats(
            user_id=user_id, global_tally=tallies.get(GLOBAL_CHAT, empty),
            chat_tally=None if chat_id is None else tallies.get(chat_id, empty),
            rating=Skill(rating.mu, rating.sigma).ordinal if rating else None,
            rated_games=rating.games if rating else 0, season_tally=season_tally,
            season_rating=None if season_mu is None else Skill(season_mu).ordinal,
            achievements=tuple(k for k in ACHIEVEMENTS if k in earned))

    async def season_board(self, season: str, chat_id: int | None = None,
                           limit: int = 10) -> list[dict[str, Any]]:
        """The season's board of a chat (global when ``chat_id`` is None), ranked as the
        all-time one (fewest matchsticks a game): one read of the season's standings."""
        limit = max(1, min(int(limit), 50))
        async with self.db.read() as s:
            return await season_store.leaderboard(
                s, season, GLOBAL_CHAT if chat_id is None else chat_id, limit=limit)

    async def season_fool(self, season: str, chat_id: int) -> dict[str, Any] | None:
        """Who lost the most deals in the chat this season (None: nobody lost one)."""
        async with self.db.read() as s:
            return await season_store.most_fools(s, season, chat_id)

    async def groups_to_tell(self, season: str) -> list[int]:
        """The groups that played in the season and were not yet told of its end."""
        async with self.db.read() as s:
            return await season_store.untold_chats(s, season, GROUP_CHAT_IDS)

    async def claim_notice(self, kind: str, period: str, chat_id: int,
                           now: datetime) -> bool:
        """Mark the chat told of ``kind`` (a season's end, a digest) for ``period``, once
        (False: it already was)."""
        async with self.db.transaction() as s:
            return await notices.claim(s, kind, period, chat_id, now)

    async def digest_chats(self, week: str) -> list[int]:
        """The groups that asked for the weekly digest and were not told of ``week``."""
        async with self.db.read() as s:
            return await notices.chats_to_tell(s, week, GROUP_CHAT_IDS)

    async def week_digest(self, chat_id: int, since: datetime,
                          until: datetime) -> Digest | None:
        """The chat's digest of [since, until); None when nobody played in it."""
        async with self.db.read() as s:
            results = await notices.week_results(s, chat_id, since, until)
            names = await notices.names_in(s, chat_id, {r["player"] for r in results})
        return digest_of(results, names)

    async def award_season(self, season: str, chat_id: int, podium: list[dict[str, Any]],
                           now: datetime) -> dict[int, tuple[str, ...]]:
        """The season's podium in a group earns its people "on the podium" (and the first,
        "season champion"): per user id, the achievements new to them."""
        rows = [{"player": row["player"], "key": key, "user_id": row["user_id"],
                 "chat_id": chat_id, "game_id": None, "earned_at": now}
                for place, row in enumerate(podium) if row["user_id"] is not None
                for key in (("season_podium", "season_first") if place == 0
                            else ("season_podium",))]
        async with self.db.transaction() as s:
            new = await achievement_store.award(s, rows)
        found: dict[int, tuple[str, ...]] = {}
        for row in podium:
            keys = tuple(k for k in ACHIEVEMENTS if (row["player"], k) in new)
            if keys and row["user_id"] is not None:
                found[int(row["user_id"])] = keys
        return found
