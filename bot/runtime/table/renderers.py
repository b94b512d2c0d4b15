"""Several instances (``DURAK_INSTANCES`` > 1, PostgreSQL): one instance draws each game.

Any instance may take any update (a press, a command), apply it and answer it; but if two
instances drew the same game, their edits would race (an older hand landing over a newer
one, a keyboard that keeps failing) and each would spend the same chats' budgets. So each
running game has a renderer, the instance holding its lease (``game_renderers``):
- the instance that starts a deal takes its lease; a result another instance produced
  (a move, a timer) is handed to the renderer with PostgreSQL's NOTIFY, a ``Told`` as
  JSON (the game; a seat whose hand to redraw, after a refused press or a changed card
  choice screen, and that screen, a ``Picking``; the moves applied, for the table's last
  move), and the renderer draws the game as the database has it;
- a lease lasts ``LEASE_S`` and is renewed every ``LEASE_S / 3`` (while the game runs
  and for ``ENDED_TAKEOVER_S`` after it ended); a game whose lease ran out, or whose
  instance is gone (its connection that LISTENs, named after it, closed: a killed
  process's connections close with it), is taken over by the next instance that touches
  it or looks (every ``LEASE_S / 3``), which draws it at once and moves its computer
  players; so is a deal that ended in the last ``ENDED_TAKEOVER_S`` (its end drawn, with
  "Play again");
- a notification can be lost (its sender killed between its commit and its NOTIFY): the
  renewal reads each held game's version, and a game the database has ahead of what this
  instance drew, at two renewals in a row, is drawn again from the database;
- with one instance (or SQLite) every game is this instance's and nothing is stored.

The Mini App's pages (``bot.webapp.hub``) may be served by any instance: every instance
hears every notification (``on_heard``), and the instance that draws a game publishes what
its pages need after each change (``publish``: a ``Told`` with ``page``), so a page stays
live whichever instance holds its WebSocket.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.engine import make_url

from bot.render.phrases import MENU_TOKEN, PHRASES
from bot.storage import renderers as repo
from bot.storage.database import Database

from ..faults import Backoff, log_failure
from ..tasks import Tasks

log = logging.getLogger(__name__)

LEASE_S = 6.0  # a killed instance's games are drawn by another within about this
NOT_MINE_S = 1.0  # a game another instance draws is asked about again after this
TAKEOVER_PAUSE_S = 3.0  # a private chat's budget refills in about this (see ``cooling``)
# A deal that ended this recently on an instance that is gone is drawn by another: its
# last table ("Game over", "Play again") may have been waiting for the group's budget
# when that instance died, and nobody would draw it otherwise.
ENDED_TAKEOVER_S = 120.0


# (seat, action, cause, version) of a move applied by an instance that does not draw
# the game (runtime.after's bookkeeping, repeated where the game is drawn)
Move = tuple[int, str, str, int]


@dataclass(frozen=True)
class Picking:
    """A hand's card-choice screen (``Display.picking``), told to the instance that draws
    the game: the card whose meaning its person is choosing (``card``), or the poker
    swap's cards chosen so far (``swap``, maybe none yet), or the phrase menu (``menu``);
    none: the screen closed. ``said``: the newest phrase the person said (a key of
    ``render.phrases.PHRASES``), shown in the others' hands. In a ``Told``'s JSON:
    ``{"card": 12}``, ``{"swap": [3, 7]}``, ``{"menu": true}``, ``{}``, each maybe with
    ``"said": "gg"``."""

    card: int | None = None
    swap: tuple[int, ...] | None = None
    menu: bool = False
    said: str | None = None

    @classmethod
    def of(cls, shown: int | tuple | str | None, said: str | None = None) -> Picking:
        """The screen a display's ``picking`` entry shows (None: no choice open)."""
        if isinstance(shown, tuple):
            return cls(swap=tuple(int(c) for c in shown), said=said)
        if isinstance(shown, str):
            return cls(menu=shown == MENU_TOKEN, said=said)
        return cls(card=shown, said=said)

    def shown(self) -> int | tuple | str | None:
        """What ``Display.picking`` holds for it (None: remove the entry)."""
        if self.menu:
            return MENU_TOKEN
        return self.swap if self.swap is not None else self.card

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.swap is not None:
            data["swap"] = list(self.swap)
        elif self.menu:
            data["menu"] = True
        elif self.card is not None:
            data["card"] = self.card
        if self.said is not None:
            data["said"] = self.said
        return data

    @classmethod
    def from_json(cls, data: Any) -> Picking | None:
        """The screen ``to_json`` wrote; None when ``data`` is not one (nothing to show)."""
        if not isinstance(data, dict):
            return None
        card, swap, said = data.get("card"), data.get("swap"), data.get("said")
        if said is not None and said not in PHRASES:
            return None
        if swap is not None:
            if not isinstance(swap, list) or not all(_is_int(c) for c in swap):
                return None
            return cls(swap=tuple(swap), said=said)
        if data.get("menu") is True:
            return cls(menu=True, said=said)
        if card is not None and not _is_int(card):
            return None
        return cls(card=card, said=said)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Told:
    """What an instance told the one that draws a game (``Renderers.tell``). Written by
    ``to_json`` and read by ``parse``, here only."""

    game_id: int
    seat: int | None = None
    # The seat's card-choice screen as it is now (None: no choice told). An instance
    # older than this field wrote a string code under "choice": it is not read, so that
    # hand is only redrawn as it is (its person opens the choice again).
    picking: Picking | None = None
    moves: tuple[Move, ...] = ()
    # Published by the instance that draws the game for the pages other instances serve
    # (``publish``): the game's version, series, last move, ready check, end of the deal.
    page: dict | None = None
    # The instance that just took the game from another one that was still alive (it ended
    # the deal there): the one that drew it stops at once (its queued edits are dropped).
    taken: str | None = None

    @classmethod
    def parse(cls, payload: str) -> Told:
        data = json.loads(payload)
        seat = data.get("seat")
        page = data.get("page")
        taken = data.get("taken")
        return cls(int(data["g"]), None if seat is None else int(seat),
                   Picking.from_json(data.get("picking")),
                   tuple((int(s), str(a), str(c), int(v))
                         for s, a, c, v in data.get("moves") or ()),
                   page if isinstance(page, dict) else None,
                   taken if isinstance(taken, str) else None)

    def to_json(self) -> str:
        data: dict[str, Any] = {"g": self.game_id}
        if self.seat is not None:
            data["seat"] = self.seat
        if self.picking is not None:
            data["picking"] = self.picking.to_json()
        if self.moves:
            data["moves"] = [list(m) for m in self.moves]
        if self.page is not None:
            data["page"] = self.page
        if self.taken is not None:
            data["taken"] = self.taken
        return json.dumps(data)


class Renderers:
    def __init__(self, *, db: Database, enabled: bool, clock: Callable[[], datetime],
                 tasks: Tasks) -> None:
        self.db = db
        self.enabled = enabled and not db.is_sqlite
        self.clock = clock
        self.tasks = tasks
        self.me = uuid.uuid4().hex
        self.mine: set[int] = set()
        self._not_mine: dict[int, float] = {}  # game id -> loop time asked
        self._cooling: dict[int, float] = {}  # game id -> taken over: draw after (loop)
        self._listener: Any = None  # asyncpg's connection that LISTENs
        # What to do with a game this instance now draws, or was told changed: the
        # runtime's catch-up (draw it from the database; the seat: redraw that hand).
        self.on_change: Callable[[Told], Coroutine[Any, Any, None]] | None = None
        # Every notification any instance sent, this one's included (the Mini App's hub:
        # its pages follow games other instances change and draw).
        self.on_heard: Callable[[Told], None] | None = None
        # The version of a game as this instance last drew it (None: it shows none): the
        # runtime's displays. A game behind the database is drawn again (``_behind``).
        self.shown_version: Callable[[int], int | None] = lambda game_id: None
        self._behind_once: set[int] = set()

    # -- is it mine --------------------------------------------------------------------
    def holds(self, game_id: int) -> bool:
        """Whether this instance is known to draw the game (no database asked)."""
        return not self.enabled or game_id in self.mine

    async def draws(self, game_id: int) -> bool:
        """Whether this instance draws the game (taking its lease if nobody holds it)."""
        if self.holds(game_id):
            return True
        loop = asyncio.get_running_loop()
        if loop.time() - self._not_mine.get(game_id, float("-inf")) < NOT_MINE_S:
            return False
        if await self._claim(game_id):
            return True
        self._not_mine[game_id] = loop.time()
        return False

    async def take(self, game_id: int) -> None:
        """This instance draws the game from now on (it started the deal, or ended it)."""
        if self.enabled:
            await self._claim(game_id, force=True)

    async def _claim(self, game_id: int, *, force: bool = False) -> bool:
        now = self.clock()
        async with self.db.transaction() as s:
            held, before = await repo.claim(s, game_id, self.me, now,
                                            now + timedelta(seconds=LEASE_S), force=force)
        if held:
            self.mine.add(game_id)
            self._not_mine.pop(game_id, None)
            if before not in (None, self.me) and not force:  # taken over from a lost one
                self._cooling[game_id] = asyncio.get_running_loop().time() + TAKEOVER_PAUSE_S
            elif before not in (None, self.me):  # taken from one that may still draw it
                await self._notify(Told(game_id, taken=self.me), "telling game %s's "
                                   "instance it was taken", game_id)
        return held

    def cooling(self, game_id: int) -> float:
        """Seconds to wait before drawing a game just taken over: the instance that drew
        it may have spent its players' private chats' budgets a moment ago (Telegram
        refills them at about one message a second), and nothing here knows how much."""
        until = self._cooling.get(game_id)
        if until is None:
            return 0.0
        left = until - asyncio.get_running_loop().time()
        if left <= 0:
            del self._cooling[game_id]
        return max(0.0, left)

    async def _notify(self, told: Told, what: str, *args: object) -> None:
        """NOTIFY every instance (this one too) of ``told``; a failure is one log line
        (``what`` the %-format naming it)."""
        try:
            async with self.db.transaction() as s:
                await repo.notify(s, told.to_json())
        except Exception as exc:
            log_failure(log, exc, what, *args)

    async def tell(self, game_id: int, seat: int | None = None,
                   picking: Picking | None = None, moves: tuple[Move, ...] = ()) -> None:
        """The game changed here but another instance draws it: tell that one (``seat``:
        redraw that hand; ``picking``: the choice screen that hand shows now; ``moves``:
        the moves applied here, for the table's last move and the hands their players
        just used)."""
        await self._notify(Told(game_id, seat, picking, moves),
                           "telling the instance that draws game %s", game_id)

    async def publish(self, game_id: int, page: dict) -> None:
        """The game changed where it is drawn: tell the instances serving its pages."""
        await self._notify(Told(game_id, page=page), "telling the pages of game %s",
                           game_id)

    # -- running -----------------------------------------------------------------------
    async def start(self) -> None:
        if not self.enabled:
            return
        import asyncpg  # the PostgreSQL driver the bot uses (DATABASE_URL's +asyncpg)

        url = make_url(self.db.url).set(drivername="postgresql")
        listener = await asyncpg.connect(
            url.render_as_string(hide_password=False),
            server_settings={"application_name": repo.APPLICATION_PREFIX + self.me})
        await listener.add_listener(repo.CHANNEL, self._heard)
        self._listener = listener
        self.tasks.spawn(self._leases())

    async def stop(self) -> None:
        if self._listener is not None:
            await self._listener.close()
            self._listener = None

    def _heard(self, _connection, _pid, _channel, payload: str) -> None:
        try:
            told = Told.parse(payload)
        except (ValueError, TypeError, KeyError):
            log.warning("ignoring a notification that is not ours: %.80s", payload)
            return
        if told.taken is not None:
            if told.taken != self.me:  # another instance draws it from now on
                self.mine.discard(told.game_id)
            return
        if self.on_heard is not None:
            self.on_heard(told)
        if told.page is None and told.game_id in self.mine and self.on_change is not None:
            self.tasks.spawn(self.on_change(told))

    def _behind(self, held: dict[int, int]) -> list[int]:
        """The games this instance draws whose database version is ahead of what it drew
        at two looks in a row: a move another instance applied whose notification never
        came (it died between its commit and its NOTIFY). One look is not enough: a move
        applied here is in the database a moment before it is drawn."""
        behind = {game_id for game_id, version in held.items()
                  if (shown := self.shown_version(game_id)) is not None and version > shown}
        due = sorted(behind & self._behind_once)
        self._behind_once = behind - set(due)
        return due

    async def _leases(self) -> None:
        """Renew this instance's leases; take over the games nobody holds any more."""
        backoff = Backoff("renewing the games this instance draws", log)
        while True:
            try:
                now = self.clock()
                async with self.db.transaction() as s:
                    ended_since = now - timedelta(seconds=ENDED_TAKEOVER_S)
                    held = await repo.renew(s, self.me, now + timedelta(seconds=LEASE_S),
                                            ended_since)
                    orphans = await repo.orphans(s, now, ended_since=ended_since)
                # another instance took some (it ended their deal), or they ended long ago
                self.mine &= held.keys()
                for game_id in self._behind(held):
                    log.info("drawing game %s again: the database is ahead of what this "
                             "instance drew (a notification was lost)", game_id)
                    if self.on_change is not None:
                        await self.on_change(Told(game_id))
                for game_id in orphans:
                    if await self._claim(game_id) and self.on_change is not None:
                        log.info("drawing game %s from now on (its instance stopped)",
                                 game_id)
                        await self.on_change(Told(game_id))
            except Exception as exc:
                await asyncio.sleep(backoff.failed(exc))
                continue
            backoff.succeeded()
            await asyncio.sleep(LEASE_S / 3)
