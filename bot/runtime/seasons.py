"""A season's end, told to each group that played in it (bot/service/seasons.py).

One loop asks every ``every`` seconds whether the season before the present one still has
groups to tell; each is claimed in the database before its message goes (``chat_notices``),
so with several instances or after a restart a group hears it once. The message goes at
the outbox's lowest priority: nobody waits for it, and a game's table must not wait behind
it. A group whose admins said ``/season off`` is marked told and gets nothing; so is a
group that removed the bot (Telegram refuses the message).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from bot.render.screen import Screen
from bot.render.top import season_end_text
from bot.service.chats import ChatService
from bot.service.seasons import previous_season, season_of, season_start
from bot.service.stats import StatsService
from bot.storage.seasons import SEASON_END

from .delivery.bot_api import BotApi
from .delivery.messaging import Unreachable
from .delivery.outbox import Priority
from .faults import Backoff
from .tasks import Tasks

log = logging.getLogger(__name__)

SEASON_END_PREFERENCE = "season_end"  # a group's preference: False = no message
# A season that ended longer ago than this is not announced any more (a bot started again
# after a long stop does not tell groups of a month long gone).
TELL_WITHIN = timedelta(days=7)


class SeasonEnds:
    def __init__(self, *, stats: StatsService, chats: ChatService, api: BotApi,
                 clock: Callable[[], datetime], tasks: Tasks, every: float) -> None:
        self.stats = stats
        self.chats = chats
        self.api = api
        self.clock = clock
        self.tasks = tasks
        self.every = every

    def start(self) -> None:
        self.tasks.spawn(self._loop())

    async def _loop(self) -> None:
        backoff = Backoff("telling groups of a season's end", log)
        while True:
            try:
                await self.tell_due()
            except Exception as exc:
                await asyncio.sleep(backoff.failed(exc))
                continue
            backoff.succeeded()
            await asyncio.sleep(self.every)

    async def tell_due(self) -> int:
        """Tell every group not yet told that the last season ended; how many were sent."""
        now = self.clock()
        season = season_of(now)
        if now - season_start(season) > TELL_WITHIN:
            return 0
        ended = previous_season(season)
        sent = 0
        for chat_id in await self.stats.groups_to_tell(ended):
            if not await self.stats.claim_notice(SEASON_END, ended, chat_id, now):
                continue  # another instance has it
            if (await self.chats.preferences(chat_id)).get(SEASON_END_PREFERENCE) is False:
                continue
            sent += await self._tell(chat_id, ended, season)
        return sent

    async def _tell(self, chat_id: int, ended: str, season: str) -> int:
        podium = await self.stats.season_board(ended, chat_id, limit=3)
        fool = await self.stats.season_fool(ended, chat_id)
        locale = await self.chats.locale(chat_id=chat_id)
        text = season_end_text(locale, ended, season, podium, fool)
        try:
            sent = await self.api.send(chat_id, Screen(text), priority=Priority.BACKGROUND)
        except Unreachable:
            log.info("the season's end not told in chat %s: the bot is not there", chat_id)
            return 0
        return int(sent is not None)
