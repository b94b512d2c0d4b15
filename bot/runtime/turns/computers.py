"""Computer players (and seats taken over after repeated timeouts) move after a natural
pause, one move at a time, on the snapshot the service last handed over."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable

from bot.config import Settings
from bot.metrics import Metrics
from bot.service.errors import GameOver, IllegalMove, NotAllowed, NotFound, StaleVersion
from bot.service.events import ActResult
from bot.service.games import GameService

from ..faults import Backoff
from ..table.display import Display
from ..tasks import Tasks
from .brains import ComputerBrain

log = logging.getLogger(__name__)


class ComputerTurns:
    def __init__(self, *, games: GameService, brain: ComputerBrain, settings: Settings,
                 rng: random.Random, tasks: Tasks,
                 after: Callable[[Display, ActResult], None],
                 metrics: Metrics | None = None) -> None:
        self.games = games
        self.metrics = metrics
        self.brain = brain
        self.settings = settings
        self.rng = rng
        self.tasks = tasks
        self.after = after  # where each computer move's result goes (the runtime)

    def schedule(self, display: Display) -> None:
        """Let the deal's computers move if it waits on one (once: a running turn loop is
        told to look again)."""
        if not display.has_computers():
            return
        if display.computer_task is not None and not display.computer_task.done():
            display.computer_again = True
            return
        display.computer_task = self.tasks.spawn(self._turns(display), game=display.game_id,
                                                chat=display.chat_id)

    def _movers(self, display: Display) -> list[int]:
        snap = display.snap
        if snap.status != "running":
            return []
        computers = {s.seat for s in snap.seats if s.user_id is None or s.taken_over}
        return [seat for seat in snap.state.waiting_on() if seat in computers]

    async def _turns(self, display: Display) -> None:
        low, high = self.settings.computer_pause
        backoff = Backoff(f"computer player of game {display.game_id}", log)
        while True:
            display.computer_again = False
            if display.snap.status != "running":
                return
            if not self._movers(display):
                if display.computer_again:
                    continue
                return
            # A natural pause: people see each computer move arrive, never a burst.
            before = display.version
            await asyncio.sleep(self.rng.uniform(low, high) if high > 0 else 0)
            if display.version != before:
                # A person moved during the pause (a throw-in, a cover): the pause runs
                # from that move, so the reply never lands in the same instant.
                continue
            await self._give_the_person_time(display)
            movers = self._movers(display)
            if display.snap.status != "running":
                return
            if not movers:
                continue
            if not await self._move(display, movers[0], backoff):
                return

    async def _give_the_person_time(self, display: Display) -> None:
        """Before moving for a person's seat (taken over), wait until their hand has
        shown this turn for ``takeover_pause`` seconds: a person who came back presses
        first and has their seat back (``GameService.act``)."""
        while True:
            movers = self._movers(display)
            people = {s.seat for s in display.snap.seats if s.user_id is not None}
            if not movers or movers[0] not in people:
                return
            wait = display.seen_at + self.settings.takeover_pause - time.monotonic()
            if wait <= 0:
                return
            await asyncio.sleep(wait)

    async def _look_again(self, display: Display) -> bool:
        """Hold the game as the service has it now; False when it is gone."""
        try:
            display.adopt(await self.games.snapshot(display.game_id))
        except NotFound:
            return False
        return True

    async def _move(self, display: Display, seat: int, backoff: Backoff) -> bool:
        """Play ``seat``'s move; False when the deal is gone."""
        snap = display.snap
        strength = next((s.computer_strength for s in snap.seats if s.seat == seat), None)
        log.debug("computer seat %s moves in game %s at v%s", seat, snap.game_id, snap.version)
        try:
            started = time.perf_counter()
            # Hard reads the whole deal: its log, replayed in the search's worker.
            history = (await self.games.deal_log(snap.game_id, snap.version)
                       if strength == "hard" else None)
            action = await self.brain.choose(snap.state, seat, strength or "normal",
                                             self.rng.getrandbits(32), history)
            if self.metrics is not None:
                self.metrics.computer_moved(strength or "normal", time.perf_counter() - started)
            result = await self.games.act(snap.game_id, action, expected_version=snap.version,
                                          seat=seat, cause="computer")
        except (StaleVersion, NotAllowed):
            # Someone moved first (or the person took their seat back): look again at the
            # game as the service has it now.
            return await self._look_again(display)
        except IllegalMove as exc:
            # Judged against a game that moved on since the snapshot the move was chosen
            # on, a move may have become impossible ("nothing to add" once the defender
            # took): the same race as above. At the snapshot's own version it is a fault.
            if not await self._look_again(display):
                return False
            if display.version > snap.version:
                return True
            await asyncio.sleep(backoff.failed(exc))
            return True
        except (GameOver, NotFound):
            return False
        except Exception as exc:  # the database or a worker failed: try again, slower
            await asyncio.sleep(backoff.failed(exc))
            return True
        backoff.succeeded()
        self.after(display, result)
        return True
