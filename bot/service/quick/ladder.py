"""The quick games' global ladder: tallies kept under ``QUICK_LADDER`` (the results code
adds every quick deal there: ``Venue.tally_chats``), ranked as /top ranks a chat."""

from __future__ import annotations

from typing import Any

from bot.service.stats import StatsService
from bot.service.venues import QUICK_LADDER
from bot.storage.database import Database

LADDER_KIND = "fewest_matchsticks"  # /top's order: matchsticks per game, then more games


class Ladder:
    db: Database

    async def ladder_top(self, limit: int = 10, kind: str = LADDER_KIND) -> list[dict[str, Any]]:
        """The ladder's best, as /top's rows (player, name, games, per_game, rating...)."""
        return await StatsService(self.db).leaderboard(kind, QUICK_LADDER, limit=limit)
