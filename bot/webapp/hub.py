"""The open pages, per deal and seat, and what keeps them live: the presenter calls
``changed(display)`` after every change of a deal (a move, a choice screen, a note), and
each page of that deal gets its seat's new state, drawn once per page and coalesced: while
a send is in flight further changes only mark the page dirty, so a burst is one message.

While a person has a page open, the presenter leaves their hand message alone and no
"your turn" nudge is sent (``has_page``): the page shows both, and each move then costs
no private request. When their
last page closes, the hand message is brought up to date at once (``presenter.show``).

A series deals again under a new game id: when a deal starts whose series has pages open
on an earlier deal, those pages are told ``{"type": "next", "game": <id>}`` and reconnect
to it (the page follows the series without being opened again).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from aiohttp import web

from bot.runtime.driver import GameRuntime
from bot.runtime.table.display import Display

from .page_state import page_state
from .shared import SharedPages

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Page:
    """One open page: a WebSocket of a person at a seat of a deal."""

    ws: web.WebSocketResponse
    game_id: int
    seat: int
    user_id: int
    dirty: bool = False
    task: asyncio.Task | None = None
    sent: int = 0  # states sent (the benchmark reads it)
    last: dict | None = None  # the state sent last: the same again is not sent
    series: int | None = None  # the deal's series: a later deal of it is followed
    followed: int = 0  # the later deal this page was sent to


class LiveHub:
    def __init__(self, runtime: GameRuntime, clock: Callable[[], datetime]) -> None:
        self.runtime = runtime
        self.clock = clock
        self._pages: dict[int, set[Page]] = {}
        self._series: dict[int, set[int]] = {}  # series -> its games with pages open
        self._sending: set[asyncio.Task] = set()
        runtime.presenter.listeners.append(self.changed)
        runtime.presenter.page_open = self.has_page
        runtime.nudges.page_open = self.has_page
        # Several instances: pages of games other instances draw (``shared``).
        self.shared = SharedPages(self, runtime) if runtime.renderers.enabled else None

    def pages_of(self, game_id: int) -> set[Page]:
        return self._pages.get(game_id, set())

    def has_page(self, game_id: int, seat: int) -> bool:
        return any(p.seat == seat for p in self._pages.get(game_id, ()))

    def pages(self) -> int:
        return sum(len(group) for group in self._pages.values())

    def join(self, page: Page) -> None:
        self._pages.setdefault(page.game_id, set()).add(page)
        if page.series is not None:
            self._series.setdefault(page.series, set()).add(page.game_id)

    def leave(self, page: Page) -> None:
        group = self._pages.get(page.game_id)
        if group is None:
            return
        group.discard(page)
        if not group:
            del self._pages[page.game_id]
            games = self._series.get(page.series) if page.series is not None else None
            if games is not None:
                games.discard(page.game_id)
                if not games:
                    del self._series[page.series]  # type: ignore[arg-type]
        if page.task is not None and not page.task.done():
            page.task.cancel()
        display = self.runtime.displays.get(page.game_id)
        if display is not None and not self.has_page(page.game_id, page.seat):
            # The hand message was left alone while the page was open: redraw it now.
            display.signature.pop(page.seat, None)
            self.runtime.presenter.show(display)

    def changed(self, display: Display) -> None:
        for page in self._pages.get(display.game_id, ()):
            self.push(page, display)
        series = display.snap.series_id
        if series in self._series:
            self.follow(series, display.game_id, {s.user_id for s in display.seats})

    def follow(self, series: int, game_id: int, people: set[int | None] | None) -> None:
        """Deal ``game_id`` of ``series`` started (or changed): the pages open on an
        earlier deal of the series, of people seated in it (None: as another instance
        said; a series deals again to the same seats), go on to it."""
        for earlier in [g for g in self._series.get(series, ()) if g < game_id]:
            for page in self._pages.get(earlier, ()):
                if page.followed < game_id and not page.ws.closed and (
                        people is None or page.user_id in people):
                    page.followed = game_id
                    task = asyncio.get_running_loop().create_task(
                        self._send_next(page, game_id))
                    self._sending.add(task)
                    task.add_done_callback(self._sending.discard)

    @staticmethod
    async def _send_next(page: Page, game_id: int) -> None:
        try:
            await page.ws.send_json({"type": "next", "game": game_id})
        except (ConnectionError, RuntimeError):
            pass  # the page went away

    def push(self, page: Page, display: Display) -> None:
        page.dirty = True
        if page.task is None or page.task.done():
            page.task = asyncio.get_running_loop().create_task(self._send_loop(page, display))

    async def _send_loop(self, page: Page, display: Display) -> None:
        while page.dirty and not page.ws.closed:
            page.dirty = False
            try:
                state = page_state(display, display.snap, page.seat, self.clock())
                if state == page.last:
                    # Nothing the page shows changed (a redraw of a hand message, a
                    # retry): a page redrawn for nothing can lose a tap.
                    continue
                await page.ws.send_json(state)
                page.last = state
            except (ConnectionError, RuntimeError):
                return  # the page went away; its handler cleans up
            except Exception:
                log.exception("sending game %s to a page", page.game_id)
                return
            page.sent += 1
