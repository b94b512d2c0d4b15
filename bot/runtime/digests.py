"""The weekly digest, sent to each group that asked for it (bot/service/digests.py).

One loop looks every ``every`` seconds; in the day after a week's end (Sunday, 18:00 UTC)
it takes each group that asked for the digest (``/digest on``) and was not told of that
week, claims it in the database (``chat_notices``, so one instance sends it, once), and
sends its week at the outbox's lowest priority, unless nobody played there that week. A
group that removed the bot gets nothing (Telegram refuses the message)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from bot.render.digest import digest_text
from bot.render.screen import Screen
from bot.service.chats import ChatService
from bot.service.digests import week_end, week_name
from bot.service.stats import StatsService
from bot.storage.digests import DIGEST

from .delivery.bot_api import BotApi
from .delivery.messaging import Unreachable
from .delivery.outbox import Priority
from .faults import Backoff
from .tasks import Tasks

log = logging.getLogger(__name__)

DIGEST_PREFERENCE = DIGEST  # a group's preference: True = send the digest
TELL_WITHIN = timedelta(days=1)  # a bot down longer than this skips that week


class WeeklyDigests:
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
        backoff = Backoff("sending the weekly digests", log)
        while True:
            try:
                await self.send_due()
            except Exception as exc:
                await asyncio.sleep(backoff.failed(exc))
                continue
            backoff.succeeded()
            await asyncio.sleep(self.every)

    async def send_due(self) -> int:
        """Send the week that just ended to every group due; how many were sent."""
        now = self.clock()
        end = week_end(now)
        if now - end > TELL_WITHIN:
            return 0
        week, sent = week_name(end), 0
        for chat_id in await self.stats.digest_chats(week):
            if not await self.stats.claim_notice(DIGEST, week, chat_id, now):
                continue  # another instance has it
            digest = await self.stats.week_digest(chat_id, end - timedelta(days=7), end)
            if digest is None:
                continue  # nobody played there this week
            locale = await self.chats.locale(chat_id=chat_id)
            try:
                done = await self.api.send(chat_id, Screen(digest_text(locale, digest)),
                                           priority=Priority.BACKGROUND)
            except Unreachable:
                log.info("no weekly digest in chat %s: the bot is not there", chat_id)
                continue
            sent += int(done is not None)
        return sent
