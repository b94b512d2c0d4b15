"""/forget's workflow: the person leaves what they take part in, then the database forgets
them (``bot.service.forget``).

Leaving comes first and goes the way /leave goes, so every screen stays true: a running
group deal is left (a computer plays the seat on, the deal counts as the person's loss,
the table says so); a solo deal, which has no one else to play on for, is cancelled; an
open lobby is left (the host's role passes on, a lobby left empty closes). Only then are
the person's rows replaced by an anonymous id (a tournament still taking entrants drops
them; its message, and a running one's, is drawn again without their name).
"""

from __future__ import annotations

import logging

from bot.service.errors import ServiceError
from bot.service.forget import ForgetService

from .driver import GameRuntime
from .lobby.desk import LobbyDesk
from .tournaments import Tournaments

log = logging.getLogger(__name__)


class Forgetting:
    def __init__(self, *, service: ForgetService, runtime: GameRuntime,
                 desk: LobbyDesk, tournaments: Tournaments) -> None:
        self.service = service
        self.runtime = runtime
        self.desk = desk
        self.tournaments = tournaments

    async def forget(self, user_id: int) -> bool:
        """Leave every running deal and open lobby of ``user_id``, then delete their data;
        False when the bot had nothing of them stored."""
        taking_part = await self.service.taking_part(user_id)
        for game_id, chat_id in taking_part.games:
            try:
                if chat_id == user_id:  # a solo deal, in the person's private chat
                    await self.runtime.cancel(game_id, user_id)
                else:
                    await self.runtime.leave(game_id, user_id)
            except ServiceError as exc:  # it ended meanwhile
                log.info("forget: game %s not left (%s)", game_id, exc.code)
        for lobby_id in taking_part.lobbies:
            try:
                await self.desk.leave(lobby_id, user_id)
            except ServiceError as exc:  # it started or closed meanwhile
                log.info("forget: lobby %s not left (%s)", lobby_id, exc.code)
        entered = await self.tournaments.service.entered(user_id)
        games = tuple(game_id for game_id, _chat in taking_part.games)
        forgotten = await self.service.forget(user_id, games)
        for tournament_id in entered:  # its message named them: drawn again without
            await self.tournaments.service.bump(tournament_id, repost=False)
            self.tournaments.redraw(tournament_id)
        log.info("a person's data was deleted on request (/forget)")
        return forgotten
