"""Seat changes that keep the version: leaving, a computer taking a seat Telegram cannot
reach and handing it back, a turn deadline moved on for a late hand; and the host's
cancel."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.engine import RuleSet
from bot.service.errors import Code, NotAllowed, StaleVersion
from bot.service.events import GameCancelled, GameSnapshot
from bot.service.positions import GameFacts, build_snapshot, seat_name
from bot.service.results import record_deal_end
from bot.storage import games as game_repo
from bot.storage.models import Series

from .core import GameCore, aware

if TYPE_CHECKING:
    pass


class SeatChanges(GameCore):
    """Who plays a seat, and the host's cancel."""

    async def push_deadline(self, game_id: int, deadline: datetime,
                            seconds: float) -> datetime | None:
        """The turn whose deadline is ``deadline`` reached its player ``seconds`` late
        (Telegram held the hand back): that deadline moves on by as much. Returns the new
        deadline; None when the turn's clock changed meanwhile (a move gave a new task, a
        timeout: the new turn has its own deadline)."""
        async with self.db.transaction() as s:
            game = await game_repo.load_game(s, game_id, lock=True)
            if game is None or game.status != "running" or game.turn_deadline is None \
                    or aware(game.turn_deadline) != deadline:
                return None
            later = deadline + timedelta(seconds=seconds)
            await game_repo.set_deadline(s, game_id, later)
        cached = self._cache.get(game_id)
        if cached is not None and cached.deadline == deadline:  # kept by the next step
            self._cache.put(replace(cached, deadline=later))
        return later

    async def hand_over(self, game_id: int, seat: int) -> GameSnapshot:
        """Telegram refused to deliver the seat's hand (403: blocked, never started): a
        computer plays the seat at once, as after two timeouts; the person takes it back
        with any move of theirs."""
        async with self.db.transaction() as s:
            _game, seats = await self._load_running(s, game_id, lock=True)
            target = next((x for x in seats if x.seat == seat), None)
            if target is None or target.user_id is None:
                raise NotAllowed(Code.NO_SUCH_SEAT)
            if not target.taken_over:
                await game_repo.mark_taken_over(s, game_id, seat)
        self.seats_changed(game_id)
        return await self.snapshot(game_id)

    async def hand_back(self, game_id: int, seat: int) -> GameSnapshot:
        """The person Telegram could not reach is back: their seat is theirs again (not a
        seat they left)."""
        async with self.db.transaction() as s:
            _game, seats = await self._load_running(s, game_id, lock=True)
            target = next((x for x in seats if x.seat == seat), None)
            if target is None or target.user_id is None or target.left:
                raise NotAllowed(Code.NO_SUCH_SEAT)
            await game_repo.mark_taken_over(s, game_id, seat, taken_over=False)
        self.seats_changed(game_id)
        return await self.snapshot(game_id)

    async def leave(self, game_id: int, user_id: int) -> GameSnapshot:
        """The person leaves the running deal (/leave): a computer plays their seat from
        now on (it never hands it back) and the deal counts as their loss (``results``: a
        forfeit). Refused when they do not play in it or left already."""
        async with self.db.transaction() as s:
            _game, seats = await self._load_running(s, game_id, lock=True)
            mine = next((x for x in seats if x.user_id == user_id), None)
            if mine is None:
                raise NotAllowed(Code.NOT_PLAYING)
            if mine.left:
                raise NotAllowed(Code.LEFT_GAME)
            await game_repo.mark_left(s, game_id, mine.seat)
        self.seats_changed(game_id)
        return await self.snapshot(game_id)

    async def cancel(self, game_id: int, user_id: int) -> GameCancelled:
        """Cancel a running deal (the host only); the event carries the cancelled game."""
        async with self.db.transaction() as s:
            game, seats = await self._load_running(s, game_id)
            if game.host_id != user_id:
                raise NotAllowed(Code.HOST_ONLY, "only the host can cancel the game")
            now = self.clock()
            ok = await game_repo.save_state(s, game_id, expected_version=game.version,
                                            status="cancelled", turn_deadline=None,
                                            finished_at=now, updated_at=now)
            if not ok:
                raise StaleVersion(Code.GAME_MOVED_ON, "the game changed meanwhile; try again")
            names = await self._names(s, GameFacts.of(game), seats)
            if any(x.left for x in seats):
                # Leaving is a loss that stands: a cancel undoes the deal for those who
                # stayed, not for whoever left it (results.py: they lose it by forfeit).
                await record_deal_end(s, GameFacts.of(game), seats,
                                      {x.seat: seat_name(x, names) for x in seats}, None,
                                      RuleSet.from_dict(game.rules), now)
            if game.series_id is not None:
                series = await s.get(Series, game.series_id, with_for_update=True)
                if series is not None and series.status == "running":
                    series.status = "finished"
                    series.finished_at = now
        snapshot = build_snapshot(GameFacts.of(game), version=game.version, status="cancelled",
                                  state=self._decoded(game), seats=seats, names=names,
                                  turn_deadline=None)
        self._cache.forget(game_id)
        return GameCancelled(game_id=game_id, by_user_id=user_id, reason="cancelled",
                             snapshot=snapshot)
