"""Quick match with strangers: the queue every instance shares, and the safety around it.
``QuickMatchService`` owns the workflow; the Telegram side (handlers, the game's creation
and its messages) calls it and renders what it answers.

    requests.py   what /quick asks for (preset, players, overrides), checked by the engine,
                  as one canonical key per game
    matching.py   THE rule that seats waiting people together (pure): around the longest
                  waiter, closest ratings first, never two people who block each other
    queueing.py   queue, sweep, requeue, leave_queue, where, waiting: one transaction each,
                  rows claimed with FOR UPDATE SKIP LOCKED (no in-process queue)
    cooldowns.py  record_finish: quick games left or timed out in a row, growing cooldowns
    safety.py     block, unblock, report (tablemates only), reports for the operator
    ladder.py     ladder_top: the quick games' global ladder (QUICK_LADDER tallies)
    outcomes.py   Queued, Matched, QuickSeat, Waiting

A person's quick data (place in the queue, blocks and reports they made, their record)
goes with /forget (storage/safety.forget, called from storage/forget.anonymise).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from bot.storage.database import Database

from .cooldowns import COOLDOWN_MINUTES, STREAK, Cooldown, Cooldowns
from .ladder import Ladder
from .outcomes import Matched, Queued, QuickSeat, Waiting
from .queueing import Queueing
from .requests import QuickRequest
from .safety import REPORT_REASONS, Report, Safety

__all__ = ["COOLDOWN_MINUTES", "REPORT_REASONS", "STREAK", "Cooldown", "Matched", "Queued",
           "QuickMatchService", "QuickRequest", "QuickSeat", "Report", "Waiting"]


def utcnow() -> datetime:
    return datetime.now(UTC)


class QuickMatchService(Queueing, Cooldowns, Safety, Ladder):
    """Every quick-match intent, over one database (any number of instances share it)."""

    def __init__(self, db: Database, *, clock: Callable[[], datetime] = utcnow) -> None:
        self.db = db
        self.clock = clock
