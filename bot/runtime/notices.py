"""What a group is told once per period, by whichever instance looks first: the loop that
the season's end (``seasons.py``) and the weekly digest (``digests.py``) share. Each looks
every ``every`` seconds; a failure (the database away) is retried with backoff."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime

from bot.render.screen import Screen
from bot.service.chats import ChatService
from bot.service.stats import StatsService

from .delivery.bot_api import BotApi
from .delivery.messaging import Unreachable
from .delivery.outbox import Priority
from .faults import Backoff
from .tasks import Tasks

log = logging.getLogger(__name__)


class GroupNotices:
    what = "telling groups"  # the loop's name in the log

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
        backoff = Backoff(self.what, log)
        while True:
            try:
                await self.tell_due()
            except Exception as exc:
                await asyncio.sleep(backoff.failed(exc))
                continue
            backoff.succeeded()
            await asyncio.sleep(self.every)

    async def tell_due(self) -> int:
        """Tell every group that is due; how many messages went."""
        raise NotImplementedError

    async def send(self, chat_id: int, text: str) -> bool:
        """The message, at the outbox's lowest priority (nobody waits for it, and a game's
        table must not wait behind it); False when it did not go (the bot is not in the
        group any more, or Telegram refused it)."""
        try:
            sent = await self.api.send(chat_id, Screen(text), priority=Priority.BACKGROUND)
        except Unreachable:
            log.info("%s: chat %s no longer has the bot", self.what, chat_id)
            return False
        return sent is not None
