"""Forgetting a person on their request (/forget): what they still take part in, and the
one transaction that takes their data out of the database (``bot.storage.forget`` says
what moves where). Leaving their running deals and lobbies first is the runtime's work
(``bot.runtime.forgetting``): those have screens to update.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.games import GameService
from bot.storage import forget as forget_repo
from bot.storage import matchmaking
from bot.storage.database import Database


@dataclass(frozen=True)
class TakingPart:
    """Where the person is now: running deals (game id, chat id), open lobbies, and the
    quick-match queue (their waiting message's id, to take down: None when they do not
    wait or it was not stored). Their place in the queue goes with ``forget``."""

    games: tuple[tuple[int, int], ...]
    lobbies: tuple[int, ...]
    queued: bool = False
    waiting_message_id: int | None = None


class ForgetService:
    def __init__(self, db: Database, games: GameService) -> None:
        self.db = db
        self.games = games

    async def taking_part(self, user_id: int) -> TakingPart:
        async with self.db.read() as s:
            games = await forget_repo.running_games_of(s, user_id)
            lobbies = await forget_repo.open_lobbies_of(s, user_id)
            waiting = await matchmaking.waiter_of(s, user_id)
        return TakingPart(tuple(games), tuple(lobbies), queued=waiting is not None,
                          waiting_message_id=waiting.message_id if waiting else None)

    async def forget(self, user_id: int, games: tuple[int, ...] = ()) -> bool:
        """Replace the person by an anonymous id everywhere and delete their name, language
        and private chat settings, and their quick-match queue place, blocks, reports and
        record (reports about them stay, anonymised); False when nothing of them was
        stored. ``games``: deals whose cached seats must be read again (they named the
        person)."""

        async def work(session: AsyncSession) -> bool:
            # A new id on each run: Database.write may run this twice (group commit).
            return await forget_repo.anonymise(session, user_id,
                                               forget_repo.new_anonymous_id())

        forgotten = await self.db.write(work)
        for game_id in games:
            self.games.seats_changed(game_id)
        return forgotten
