"""Safety with strangers: blocks and reports after a quick game, and the operator's list.

Only people who sat in a game together may block or report each other over it (checked
against the game's seats: a forged button names no one else). A block is kept and works
both ways: the matcher never seats the two together, whoever blocked whom.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.errors import Code, NotAllowed
from bot.storage import safety
from bot.storage.database import Database

# Why a stranger is reported (stored as given; the buttons offer these).
REPORT_REASONS = ("offensive_name", "stalling", "other")
MAX_REPORTS = 500


@dataclass(frozen=True)
class Report:
    created_at: datetime
    game_id: int
    reporter: int
    reported: int
    reason: str


class Safety:
    db: Database
    clock: Callable[[], datetime]

    async def _check_tablemates(self, s: AsyncSession, game_id: int, me: int,
                                other: int) -> None:
        if not await safety.sat_together(s, game_id, me, other):
            raise NotAllowed(Code.NOT_TABLEMATES)

    async def block(self, blocker: int, blocked: int, game_id: int) -> None:
        """"Don't match me with X again" after ``game_id``; blocking twice is one block."""

        async def work(s: AsyncSession) -> None:
            await self._check_tablemates(s, game_id, blocker, blocked)
            await safety.add_block(s, blocker, blocked, self.clock())

        await self.db.write(work)

    async def unblock(self, blocker: int, blocked: int) -> bool:
        """Lift a block the person made; False when there was none."""

        async def work(s: AsyncSession) -> bool:
            return await safety.remove_block(s, blocker, blocked)

        return await self.db.write(work)

    async def blocked_by(self, blocker: int) -> list[int]:
        async with self.db.read() as s:
            return await safety.blocks_by(s, blocker)

    async def report(self, reporter: int, reported: int, game_id: int, reason: str) -> None:
        """Store a report for the operator (``durak reports``), with the game's id."""
        if reason not in REPORT_REASONS:
            raise NotAllowed(Code.BAD_REPORT_REASON, reason=str(reason)[:32])

        async def work(s: AsyncSession) -> None:
            await self._check_tablemates(s, game_id, reporter, reported)
            await safety.add_report(s, reporter, reported, game_id, reason, self.clock())

        await self.db.write(work)

    async def reports(self, limit: int = 50) -> list[Report]:
        """The newest reports first."""
        limit = max(1, min(int(limit), MAX_REPORTS))
        async with self.db.read() as s:
            rows = await safety.latest_reports(s, limit)
        return [Report(r.created_at, int(r.game_id), int(r.reporter), int(r.reported),
                       r.reason) for r in rows]
