"""The open pages, per deal and seat, and what keeps them live: the presenter calls
``changed(display)`` after every change of a deal (a move, a choice screen, a note), and
each page of that deal gets its seat's new state, drawn once per page and coalesced: while
a send is in flight further changes only mark the page dirty, so a burst is one message.

While a person has a page open, the presenter leaves their hand message alone and no
"your turn" nudge is sent (``has_page``): the page shows both, and each move then costs
no private request. When their
last page closes, the hand message is brought up to date at once (``presenter.show``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from aiohttp import web

from bot.runtime.display import Display
from bot.runtime.driver import GameRuntime

from .page_state import page_state

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


class LiveHub:
    def __init__(self, runtime: GameRuntime, clock: Callable[[], datetime]) -> None:
        self.runtime = runtime
        self.clock = clock
        self._pages: dict[int, set[Page]] = {}
        runtime.presenter.listeners.append(self.changed)
        runtime.presenter.page_open = self.has_page
        runtime.nudges.page_open = self.has_page

    def has_page(self, game_id: int, seat: int) -> bool:
        return any(p.seat == seat for p in self._pages.get(game_id, ()))

    def pages(self) -> int:
        return sum(len(group) for group in self._pages.values())

    def join(self, page: Page) -> None:
        self._pages.setdefault(page.game_id, set()).add(page)

    def leave(self, page: Page) -> None:
        group = self._pages.get(page.game_id)
        if group is None:
            return
        group.discard(page)
        if not group:
            del self._pages[page.game_id]
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
