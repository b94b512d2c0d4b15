"""What the runtime remembers about one deal's messages (memory only; everything needed to
continue after a restart is in the database and is loaded again by ``displays.load``).

The game itself is not kept here: ``snap`` is the newest snapshot the service handed over
(with the move that made it, or read through the service), replaced, never changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from bot.render.screen import Screen
from bot.render.table import LastMove, TableNotes
from bot.service.events import DealEnded, GameSnapshot, SeatInfo
from bot.service.hands import BoutKey, bout_key
from bot.service.venues import Venue, VenueKind

# How many recent versions' bouts a display remembers (a press is rarely older than a few)
BOUTS_KEPT = 32
KEYBOARDS_KEPT = 8  # and the keyboards each hand showed
PRESS_WAIT = 0.5  # the longest a hand edit waits for a press being judged (seconds)


@dataclass
class Display:
    snap: GameSnapshot  # the game as last handed over by the service
    solo_seat: int | None  # the person's seat when table and hand share one message
    group_title: str
    locale: str  # the table's language (the group's, or the solo player's)
    seat_locale: dict[int, str] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    table_msg: int | None = None
    hand_msgs: dict[int, int] = field(default_factory=dict)
    shown: dict[object, Screen] = field(default_factory=dict)  # "table" or seat -> on screen
    signature: dict[int, Screen] = field(default_factory=dict)  # hand drawn at version 0
    rendered_version: dict[int, int] = field(default_factory=dict)
    # seat -> the card whose meaning is being chosen, or a tuple: the poker swap's choice
    picking: dict[int, int | tuple | str] = field(default_factory=dict)
    # Quick phrases (render/phrases.py): seat -> the newest phrase its person said, in the
    # order said; and the seats whose person reads none (/phrases off).
    said: dict[int, str] = field(default_factory=dict)
    # seat -> how many phrases it said: a page tells a new phrase from one shown (the same
    # phrase twice is two bubbles)
    said_count: dict[int, int] = field(default_factory=dict)
    muted: set[int] = field(default_factory=set)
    notes: TableNotes = field(default_factory=TableNotes)
    last: LastMove | None = None
    ended: DealEnded | None = None
    timer_on: bool = True
    turn_seconds: int | None = None  # the deal's time per move (hands show it)
    # The Mini App's "Open table" (bot.webapp.links): the hand's web_app URL and the group
    # table's t.me link; "" when the operator serves no page.
    page_url: str = ""
    group_link: str = ""
    hints: bool = False
    dirty: bool = False
    render_task: asyncio.Task | None = None
    # Several instances: ``snap`` was read from the database after the last render began
    # (told of a change elsewhere), so the next render draws it without reading again.
    read_for_render: bool = False
    # The group table's own schedule (presenter's pacing): when it is due (loop time,
    # None: nothing pending), its task, and when it was last edited.
    table_due: float | None = None
    table_task: asyncio.Task | None = None
    table_edited_at: float = float("-inf")
    table_key: tuple | None = None  # (version, blocked, taken over) last asked of the table
    # seat -> when its deferred quiet hand edit is due (loop time), and the task that wakes
    # the render loop then.
    quiet_due: dict[int, float] = field(default_factory=dict)
    quiet_task: asyncio.Task | None = None
    # seat -> the version its person's newest own move made (a keyboard drawn before it
    # is one they have used: ``pacing`` may leave it up while they wait for others)
    acted: dict[int, int] = field(default_factory=dict)
    computer_task: asyncio.Task | None = None
    retry_task: asyncio.Task | None = None  # a redraw after Telegram's 429 or a failure
    retry_due: float = 0.0  # when retry_task redraws (loop time)
    # When this process first held the current version (monotonic; computer pauses).
    seen_at: float = field(default_factory=time.monotonic)
    # seat -> the turn deadline whose buttons its hand already delivered: only the first
    # delivery of a turn's buttons may give late time back (the runtime's on_delivered),
    # never a later redraw (the clock's warning, a pass that kept the clock). A display
    # loaded with its messages already sent counts their hands as delivered.
    clock_delivered: dict[int, datetime] = field(default_factory=dict)
    pushing_deadline: bool = False  # a late delivery's push is on its way to the database
    # The seats after a seat change (a computer took or gave back a seat, someone left) and
    # the version it happened at: a move result of that same version, built a moment
    # before the change, must not bring the old seats back.
    seats_as_of: tuple[int, tuple[SeatInfo, ...]] | None = None
    computer_again: bool = False
    # Failed deliveries (Telegram did not answer, 5xx) in a row, by "table" or seat: the
    # next attempt waits longer each time (presenter._retry_pause), and until
    # ``retry_at`` (loop time) no redraw tries that screen; a delivery resets both.
    delivery_failures: dict[object, int] = field(default_factory=dict)
    retry_at: dict[object, float] = field(default_factory=dict)
    # seat -> since when (monotonic) its hand with buttons keeps failing to be delivered
    undelivered_since: dict[int, float] = field(default_factory=dict)

    # version -> the bout its state was in (``bout_key``), for the last versions held: a
    # press on a hand drawn at one of them may still mean what its person saw (presses)
    bouts: dict[int, BoutKey] = field(default_factory=dict)
    # seat -> version -> the callback data (at version 0) of the buttons its hand showed
    # when drawn at that version, for the last few drawings (a press names its version)
    keyboards: dict[int, dict[int, frozenset[str]]] = field(default_factory=dict)
    # seat -> its person's newest press, set once judged (``pressing``)
    presses_in_flight: dict[int, asyncio.Event] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.notes.note_seats(self.snap.seats)
        self.notes.turn_seconds = self.turn_seconds if self.timer_on else None
        self._note_bout(self.snap)
        if self.snap.turn_deadline is not None:
            self.clock_delivered = dict.fromkeys(self.hand_msgs, self.snap.turn_deadline)

    def pressing(self, seat: int) -> asyncio.Event:
        """A press of the seat's person is being judged: the event is set when it is done
        (accepted and shown, or refused). Hand edits wait for it (``press_done``)."""
        event = asyncio.Event()
        self.presses_in_flight[seat] = event
        return event

    async def press_done(self, seat: int, longest: float = PRESS_WAIT) -> None:
        """Wait (at most ``longest`` seconds) until no press of the seat is being judged."""
        event = self.presses_in_flight.get(seat)
        if event is not None and not event.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), longest)

    def note_drawn(self, seat: int, version: int, signature: Screen) -> None:
        """The seat's hand now shows ``signature`` (its buttons at version 0), drawn at
        ``version``."""
        self.signature[seat] = signature
        self.rendered_version[seat] = version
        drawn = self.keyboards.setdefault(seat, {})
        drawn[version] = frozenset(data for row in signature.rows for _label, data in row)
        _keep_newest(drawn, KEYBOARDS_KEPT)

    def drawn_in(self, seat: int, version: int, data: str) -> BoutKey | None:
        """The bout of the hand ``seat`` was shown at ``version`` when that hand had the
        button ``data`` (at version 0); None when this process does not know."""
        if data not in self.keyboards.get(seat, {}).get(version, ()):
            return None
        return self.bouts.get(version)

    def _note_bout(self, snap: GameSnapshot) -> None:
        if snap.status != "running" or snap.state is None:
            return
        self.bouts[snap.version] = bout_key(snap.state)
        _keep_newest(self.bouts, BOUTS_KEPT)

    @property
    def game_id(self) -> int:
        return self.snap.game_id

    @property
    def chat_id(self) -> int:
        return self.snap.chat_id

    @property
    def venue(self) -> Venue:
        return self.snap.place

    def messages_missing(self) -> bool:
        """Whether the deal stopped before its messages were sent (a restart sends them):
        its table message where the bot sends one, else its hands."""
        if self.venue.has_table_message and self.venue.can_post:
            return self.table_msg is None
        return not self.hand_msgs

    def table_target(self) -> int | str | None:
        """What the table's edits address: the group's table message, or the inline
        message the game lives in (the bot never sends that one: it was the lobby)."""
        if self.venue.kind is VenueKind.INLINE:
            return self.venue.inline_message_id
        return self.table_msg

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self.snap.seats

    @property
    def version(self) -> int:
        return self.snap.version

    def adopt(self, snap: GameSnapshot) -> bool:
        """Hold ``snap`` if it is newer than the one held (results of moves made at the same
        time can arrive in either order; a cancel keeps the version and ends the deal)."""
        if (snap.version, snap.status != "running") < (self.snap.version,
                                                        self.snap.status != "running"):
            return False
        if snap.version != self.snap.version:
            self.seen_at = time.monotonic()
        if snap.turn_deadline != self.snap.turn_deadline:
            self.notes.running_out = False  # a new clock (a step that kept it keeps its words)
        if self.seats_as_of is not None and self.seats_as_of[0] == snap.version:
            snap = replace(snap, seats=self.seats_as_of[1])
        self.snap = snap
        self.notes.note_seats(snap.seats)
        self._note_bout(snap)
        return True

    def seat_of(self, user_id: int) -> int | None:
        return self.snap.seat_of(user_id)

    def user_of(self, seat: int) -> int:
        return next(s.user_id for s in self.seats if s.seat == seat and s.user_id is not None)

    def humans(self) -> list[int]:
        """Seats whose person's hand message is kept up to date (not those who left)."""
        return [s.seat for s in self.seats if s.user_id is not None and not s.left]

    def chat_on(self) -> bool:
        """Whether the hands offer phrases: more than one person at a shared table."""
        return self.venue.is_shared and len(self.humans()) > 1

    def has_computers(self) -> bool:
        return any(s.user_id is None or s.taken_over for s in self.seats)


def _keep_newest(by_version: dict[int, Any], count: int) -> None:
    """Drop all but the ``count`` newest versions of ``by_version``."""
    for version in sorted(by_version)[:-count]:
        del by_version[version]
