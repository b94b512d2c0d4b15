"""Tournaments live (bot/service/tournaments/): the presses on the standings message, the
clock's steps, the matches' deals, the message itself.

- Every instance looks every ``every`` seconds at the open and running tournaments
  (``advance``: join deadline, no-shows, the next match) and at any whose message is
  behind; a deal's end on this instance looks at once (``deal_ended``), so the next match
  is called as the table shows the result.
- The message is drawn by one instance at a time (``claim_draw``: a lease in the row; a
  crash mid-draw is redrawn once it lapses; a lone instance waits for no lease, which can
  only be a stopped process's) and one draw at a time in an instance: a new message when
  a match is called or the tournament ends (it notifies the group and lands where people
  look; the old one is deleted), an edit otherwise. The people of a called match are
  told in private too: a new message notifies them, an edit in the group does not.
- A match's deal starts when both sides pressed Ready (a computer is ready at once):
  ``GameService.start_match`` records it in the deal's own transaction, so two presses on
  two instances start one deal; it is then a group game like any other (``launch``).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from bot.render.tournament import match_called_text, medal_text, names, tournament_screen
from bot.service.chats import ChatService
from bot.service.errors import AlreadyPlayed, Code, NotAllowed, ServiceError
from bot.service.events import DealEnded
from bot.service.games import GameService
from bot.service.tournaments import (
    KNOCKOUT,
    ROUND_ROBIN,
    MatchView,
    TournamentService,
    TournamentView,
)
from bot.service.tournaments.service import TOLD_WINNER
from bot.service.venues import Venue

from .delivery.bot_api import BotApi
from .delivery.messaging import TryLater, Unreachable
from .delivery.outbox import Priority
from .driver import GameRuntime
from .faults import Backoff, log_failure
from .table.display import Display
from .tasks import Tasks

log = logging.getLogger(__name__)

DRAW_LEASE = timedelta(seconds=30)  # a draw that takes longer is taken as crashed


class Tournaments:
    def __init__(self, *, service: TournamentService, games: GameService, chats: ChatService,
                 api: BotApi, runtime: GameRuntime, tasks: Tasks, every: float,
                 shared: bool = False) -> None:
        self.service = service
        self.games = games
        self.chats = chats
        self.api = api
        self.runtime = runtime
        self.tasks = tasks
        self.every = every
        self.shared = shared  # other instances run (their draw leases are waited for)
        self._busy: set[int] = set()  # tournaments this instance is stepping now
        self._drawing: set[int] = set()  # whose draw lease this instance holds

    def start(self) -> None:
        self.runtime.deal_ended.append(self._deal_ended)
        self.tasks.spawn(self._loop())

    async def _loop(self) -> None:
        backoff = Backoff("tournaments", log)
        while True:
            try:
                stepped = await self.service.active()
                for tournament_id in stepped:
                    await self.step(tournament_id)  # (which draws it too)
                for tournament_id in set(await self.service.undrawn()) - set(stepped):
                    await self.draw(tournament_id)  # one that ended or was cancelled
            except Exception as exc:
                await asyncio.sleep(backoff.failed(exc))
                continue
            backoff.succeeded()
            await asyncio.sleep(self.every)

    def _deal_ended(self, display: Display, _ended: DealEnded) -> None:
        self.tasks.spawn(self.look_in(display.snap.chat_id))

    async def look_in(self, chat_id: int) -> None:
        """A deal ended in this chat: if it was a tournament's, go on at once."""
        try:
            view = await self.service.in_chat(chat_id)
            if view is not None:
                await self.step(view.id)
        except Exception as exc:
            log_failure(log, exc, "the tournament of chat %s", chat_id)

    async def step(self, tournament_id: int) -> None:
        if tournament_id in self._busy:
            return
        self._busy.add(tournament_id)
        try:
            view = await self.service.advance(tournament_id)
            if view is not None:
                await self._start_if_ready(view)
            await self.draw(tournament_id)
        finally:
            self._busy.discard(tournament_id)

    # -- presses ----------------------------------------------------------------------------
    async def press(self, tournament_id: int, action: str, user_id: int, name: str,
                    chat_id: int) -> None:
        """A button of the standings message (``render.tournament.DATA``), pressed in
        ``chat_id``; refusals are raised (``ServiceError``) for the handler to word."""
        view = await self.service.get(tournament_id)
        if view.chat_id != chat_id:
            raise NotAllowed(Code.WRONG_CHAT)
        if action == "j":
            if not await self.api.can_message(user_id):
                raise NotAllowed(Code.NEED_PRIVATE_CHAT, names=name)
            await self.service.join(tournament_id, user_id, name)
        elif action == "l":
            await self.service.leave(tournament_id, user_id)
        elif action in ("fk", "fr", "s"):
            if not await self.may_manage(view, user_id):
                raise NotAllowed(Code.HOST_OR_ADMIN)
            if action == "s":
                view = await self.service.start(tournament_id)
                await self._start_if_ready(view)
            else:
                await self.service.set_format(
                    tournament_id, KNOCKOUT if action == "fk" else ROUND_ROBIN)
        else:  # r<match>
            view = await self.service.ready(tournament_id, int(action[1:]), user_id)
            await self._start_if_ready(view)
        self.redraw(tournament_id)

    async def show_again(self, tournament_id: int) -> None:
        """/tournament while one is on: its message anew, at the bottom of the chat."""
        await self.service.bump(tournament_id, repost=True)
        self.redraw(tournament_id)

    async def may_manage(self, view: TournamentView, user_id: int) -> bool:
        return view.host_id == user_id or await self.api.is_admin(view.chat_id, user_id)

    async def cancel(self, view: TournamentView, user_id: int) -> None:
        if not await self.may_manage(view, user_id):
            raise NotAllowed(Code.HOST_OR_ADMIN)
        _view, playing = await self.service.cancel(view.id)
        if playing is not None:
            try:
                await self.runtime.cancel(playing, view.host_id or user_id)
            except ServiceError as exc:  # it ended meanwhile
                log.info("tournament %s: its deal %s: %s", view.id, playing, exc)
        self.redraw(view.id)

    # -- a match's deal -------------------------------------------------------------------
    async def _start_if_ready(self, view: TournamentView) -> None:
        match = view.current
        if match is None or match.status != "called" or \
                not set(match.sides) <= match.ready:
            return
        if await self.chats.running_game(view.chat_id) is not None:
            return  # another game holds the table (begun before): the next look starts it
        entries = [view.entry(slot) for slot in match.sides]
        seats = [(e.user_id, e.computer_strength) for e in entries if e is not None]
        try:
            started = await self.games.start_match(
                Venue.of(None, view.chat_id), view.settings, seats, view.host_id,
                lambda s, game_id: self.service.start_game(s, view.id, match.idx, game_id))
        except AlreadyPlayed:
            return  # another press or instance started it
        await self.runtime.launch(started, group_title=view.title)

    # -- the message ------------------------------------------------------------------------
    def redraw(self, tournament_id: int) -> None:
        """Draw the message beside the caller (a press is answered without waiting for the
        group's message budget); a failure is logged, and the next look draws it."""
        self.tasks.spawn(self._draw_logged(tournament_id))

    async def _draw_logged(self, tournament_id: int) -> None:
        try:
            await self.draw(tournament_id)
        except Exception as exc:
            log_failure(log, exc, "drawing tournament %s", tournament_id)

    async def draw(self, tournament_id: int) -> None:
        if tournament_id in self._drawing:
            return  # this instance draws it now; what is newer, the next look draws
        self._drawing.add(tournament_id)
        try:
            claim = await self.service.claim_draw(tournament_id, DRAW_LEASE,
                                                  shared=self.shared)
        except BaseException:
            self._drawing.discard(tournament_id)
            raise
        if claim is None:
            self._drawing.discard(tournament_id)
            return
        view, repost, tell = claim
        message_id = view.message_id
        told = None
        try:
            locale = await self.chats.locale(chat_id=view.chat_id)
            screen = tournament_screen(locale, view)
            if repost or message_id is None:
                sent = await self.api.send(view.chat_id, screen, throttled=True)
                if sent is None:
                    raise TryLater(1.0, "the standings message did not go")
                if message_id is not None:
                    await self.api.delete(view.chat_id, message_id)
                message_id = sent
            else:
                await self.api.edit(view.chat_id, message_id, screen, throttled=True)
            if tell is not None:
                await self._tell(view, tell)
                told = tell
        except Unreachable:
            log.info("tournament %s: its group no longer has the bot", tournament_id)
        except BaseException:
            # Not drawn (Telegram's flood control, a failure): the next look draws it.
            await self.service.release_draw(tournament_id)
            self._drawing.discard(tournament_id)
            raise
        await self.service.drawn(tournament_id, view.version, message_id, told)
        self._drawing.discard(tournament_id)

    async def stop(self) -> None:
        """After the runtime's tasks were cancelled (a stop): the draw leases this instance
        still holds are let go, so the instance that comes next draws at once instead of
        waiting for them to lapse (a crash still waits: ``DRAW_LEASE``)."""
        for tournament_id in sorted(self._drawing):
            try:
                await self.service.release_draw(tournament_id)
            except Exception as exc:
                log_failure(log, exc, "letting go of tournament %s", tournament_id)
        self._drawing.clear()

    async def _tell(self, view: TournamentView, tell: int) -> None:
        """The people of the called match, or the winner, in private."""
        if tell == TOLD_WINNER:
            winner = view.winner
            if winner is not None and winner.user_id is not None:
                mine = await self.chats.locale(user_id=winner.user_id)
                medals = await self.service.medals(winner.user_id)
                await self.api.tell(winner.user_id, medal_text(mine, view, medals),
                                    priority=Priority.BACKGROUND)
            return
        match: MatchView = next(m for m in view.matches if m.idx == tell)
        for me, other in (match.sides, tuple(reversed(match.sides))):
            entry = view.entry(me)
            if entry is None or entry.user_id is None:
                continue
            mine = await self.chats.locale(user_id=entry.user_id)
            await self.api.tell(entry.user_id, match_called_text(
                mine, view, match, names(mine, view)[other]))

