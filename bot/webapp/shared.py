"""Pages on several instances (``DURAK_INSTANCES`` > 1, PostgreSQL): a page's WebSocket may
be held by any instance (the load balancer picks one), while each game is drawn by one
instance (``runtime/table/renderers.py``). So:

- the instance that draws a game publishes, after each change its pages would show (a
  new version, the ready check, the end of the deal, a phrase said), a small notification:
  the version, the series, the last move, the deal's results (``DealEnded``, which only
  that instance holds) and the phrases said (each told to that instance alone);
- an instance serving pages of a game it does not draw hears every notification about
  that game (this one, and what other instances tell the one that draws it), reads the
  game from the database once per burst and pushes it to its pages;
- a new deal of a series published by any instance sends the pages of an earlier deal
  of it here on to the new one (``LiveHub.follow``).

A change made on this instance reaches its own pages at once (``presenter.inform``); one
made elsewhere costs the NOTIFY's round trip and one read.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, Protocol

from bot.render.phrases import PHRASES
from bot.render.table import LastMove
from bot.runtime.faults import log_failure
from bot.runtime.table.display import Display
from bot.runtime.table.renderers import Told
from bot.service.events import DealEnded

if TYPE_CHECKING:
    from bot.runtime.driver import GameRuntime

log = logging.getLogger(__name__)
KEEP_PUBLISHED = 5000  # games whose last published state is remembered


def _ended(data: dict) -> DealEnded:
    """A ``DealEnded`` as published (JSON: seat keys are strings, pairs are lists)."""
    def seats(d: dict) -> dict[int, Any]:
        return {int(k): v for k, v in (d or {}).items()}

    return DealEnded(game_id=int(data["game_id"]), series_id=data.get("series_id"),
                     draw=bool(data["draw"]), fools=tuple(data["fools"]),
                     titles=seats(data["titles"]), stakes=seats(data["stakes"]),
                     matchsticks=seats(data["matchsticks"]),
                     ratings={s: (float(a), float(b))
                              for s, (a, b) in seats(data["ratings"]).items()},
                     series_over=bool(data.get("series_over")),
                     series_loser=data.get("series_loser"))


def _note_said(display: Display, said: Any) -> None:
    """The phrases as the drawing instance holds them (newest last), each seat's count
    with them: a page bubbles a count it has not shown yet. Only known phrases: the
    notification comes through the database, and nothing else may reach a page."""
    display.said.clear()
    for item in said if isinstance(said, list) else ():
        try:
            seat, phrase, count = int(item[0]), str(item[1]), int(item[2])
        except (TypeError, ValueError, IndexError):
            continue
        if phrase in PHRASES:
            display.said[seat] = phrase
            display.said_count[seat] = max(count, display.said_count.get(seat, 0))


class Pages(Protocol):
    """What this needs of the hub (``LiveHub``) that holds the pages."""

    def pages_of(self, game_id: int) -> Iterable[Any]: ...

    def push(self, page: Any, display: Display) -> None: ...

    def follow(self, series: int, game_id: int, people: set[int | None] | None) -> None: ...


class SharedPages:
    def __init__(self, hub: Pages, runtime: GameRuntime) -> None:
        self.hub = hub
        self.runtime = runtime
        self._published: dict[int, tuple] = {}
        self._heard: dict[int, list[Told]] = {}  # game -> heard while its read ran
        self._reading: dict[int, asyncio.Task] = {}
        runtime.renderers.on_heard = self.heard
        runtime.presenter.listeners.append(self.changed)

    # -- where the game is drawn: publish ------------------------------------------------
    def changed(self, display: Display) -> None:
        if not self.runtime.renderers.holds(display.game_id):
            return
        snap, notes = display.snap, display.notes
        said = tuple((seat, phrase, display.said_count.get(seat, 0))
                     for seat, phrase in display.said.items())
        key = (snap.version, snap.status, tuple(sorted(notes.ready or ())),
               notes.next_started, display.ended is not None, said)
        if self._published.get(display.game_id) == key:
            return
        if len(self._published) > KEEP_PUBLISHED:
            self._published.clear()
        self._published[display.game_id] = key
        last = display.last
        page = {"v": snap.version, "s": snap.series_id, "by": self.runtime.renderers.me,
                "last": None if last is None else [last.seat, last.action, last.cause,
                                                   last.version],
                "ready": sorted(notes.ready) if notes.ready else None,
                "next": notes.next_started,
                "ended": None if display.ended is None else asdict(display.ended),
                "said": [list(x) for x in said] or None}
        self.runtime.tasks.spawn(self.runtime.renderers.publish(display.game_id, page))

    # -- where its pages are: follow -----------------------------------------------------
    def heard(self, told: Told) -> None:
        page = told.page
        if page is not None and page.get("s") is not None:
            self.hub.follow(int(page["s"]), told.game_id, None)
        if not self.hub.pages_of(told.game_id):
            return
        if page is None and self.runtime.renderers.holds(told.game_id):
            return  # told to this instance, which draws it: the presenter tells the pages
        if page is not None and page.get("by") == self.runtime.renderers.me:
            return  # this instance's own publishing
        # (Published by another instance: it draws the game now, even if this one drew
        # it until a moment ago and has not yet noticed that its lease went.)
        self._heard.setdefault(told.game_id, []).append(told)
        task = self._reading.get(told.game_id)
        if task is None or task.done():
            self._reading[told.game_id] = self.runtime.tasks.spawn(self._read(told.game_id))

    async def _read(self, game_id: int) -> None:
        """Bring this instance's display of the game up to what was heard, then push it to
        the pages; what is heard meanwhile is one more round."""
        displays = self.runtime.displays
        while self._heard.get(game_id):
            heard = self._heard.pop(game_id)
            display = displays.get(game_id) or displays.finished(game_id)
            if display is None:
                return
            newest = max((t.page["v"] for t in heard if t.page is not None), default=None)
            for told in heard:
                self._note(display, told)
            try:
                if newest is None or newest > display.version or any(
                        t.page is None for t in heard):
                    display.adopt(await self.runtime.games.snapshot(game_id))
            except Exception as exc:
                log_failure(log, exc, "reading game %s for its pages", game_id)
                return
            for page in self.hub.pages_of(game_id):
                self.hub.push(page, display)

    @staticmethod
    def _note(display: Display, told: Told) -> None:
        """What the instance that draws the game knows beyond the database: the last
        move (for "Last move: ..."), the ready check, the deal's results."""
        moves = list(told.moves)
        page = told.page or {}
        if page.get("last"):
            seat, action, cause, version = page["last"]
            moves.append((int(seat), str(action), str(cause), int(version)))
        for seat, action, cause, version in moves:
            if display.last is None or version >= display.last.version:
                display.last = LastMove(seat, action, cause, version)
        if told.page is not None:
            display.notes.ready = set(page["ready"]) if page.get("ready") else None
            display.notes.next_started = bool(page.get("next"))
            if page.get("ended") and display.ended is None:
                display.ended = _ended(page["ended"])
            _note_said(display, page.get("said"))
