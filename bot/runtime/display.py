"""What the driver remembers about one running deal's messages (memory only; everything
needed to continue after a restart is in the database and is rebuilt by ``restore``)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from bot.render.screen import Screen
from bot.render.table import LastMove, TableNotes


@dataclass
class Display:
    game_id: int
    chat_id: int
    solo_seat: int | None  # the person's seat when table and hand share one message
    group_title: str
    locale: str  # the table's language (the group's, or the solo player's)
    seats: tuple = ()
    seat_locale: dict[int, str] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    table_msg: int | None = None
    hand_msgs: dict[int, int] = field(default_factory=dict)
    shown: dict[object, Screen] = field(default_factory=dict)  # "table" or seat -> on screen
    signature: dict[int, Screen] = field(default_factory=dict)  # hand drawn at version 0
    rendered_version: dict[int, int] = field(default_factory=dict)
    # seat -> the card whose meaning is being chosen, or a tuple: the poker swap's choice
    picking: dict[int, int | tuple] = field(default_factory=dict)
    notes: TableNotes = field(default_factory=TableNotes)
    last: LastMove | None = None
    ended: object = None
    known_version: int = 0
    timer_on: bool = True
    hints: bool = False
    dirty: bool = False
    render_task: asyncio.Task | None = None
    # The group table's own schedule (driver._request_table): when it is due (loop time,
    # None: nothing pending), its task, and when it was last edited.
    table_due: float | None = None
    table_task: asyncio.Task | None = None
    table_edited_at: float = float("-inf")
    table_key: tuple | None = None  # (version, blocked, taken over) last asked of the table
    # seat -> when its deferred quiet hand edit is due (loop time; driver._quiet), and the
    # task that wakes the render loop then.
    quiet_due: dict[int, float] = field(default_factory=dict)
    quiet_task: asyncio.Task | None = None
    computer_task: asyncio.Task | None = None
    computer_again: bool = False
    # The engine state as of ``state_version``, advanced by the moves the service reports,
    # so a redraw needs no database read; None when it may be behind (then the DB is read).
    state: object = None
    state_version: int = -1
    deadline: object = None
    deal_number: int = 1
    series_id: int | None = None

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def humans(self) -> list[int]:
        return [s.seat for s in self.seats if s.user_id is not None]
