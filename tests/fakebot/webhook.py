"""Webhook delivery: while the bot has a webhook set, updates are POSTed to it, not polled.

Like Telegram: updates wait in ``world.updates`` until the bot's server answers 2xx, then
they are confirmed (``delivered_update_ids``). Delivery is one update at a time, in order;
a refused connection or a non-2xx answer is retried after a short pause (the bot's webhook
server may not be listening yet: PTB calls setWebhook before it serves). The secret token
given to setWebhook goes in ``X-Telegram-Bot-Api-Secret-Token``.

Tests never reach the internet: only http(s) URLs on 127.0.0.1 / localhost are POSTed to.
Updates for any other webhook URL stay pending (visible in getWebhookInfo), and getUpdates
answers 409 while any webhook is set, as Telegram does.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import aiohttp

if TYPE_CHECKING:
    from .world import World

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost"})
RETRY_PAUSE = 0.05  # seconds between attempts; doubles up to MAX_RETRY_PAUSE
MAX_RETRY_PAUSE = 0.5


@dataclass(frozen=True)
class WebhookAttempt:
    """One POST of an update to the bot: the HTTP status, or the connection error."""

    update_id: int
    url: str
    status: int | None
    error: str | None = None

    @property
    def delivered(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


def is_local_url(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("http", "https") and parts.hostname in LOCAL_HOSTS


class WebhookDelivery:
    """The single worker that pushes pending updates to the world's webhook URL."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.attempts: list[WebhookAttempt] = []
        self._task: asyncio.Task | None = None
        self._session: aiohttp.ClientSession | None = None

    def kick(self) -> None:
        """Something changed (a new update, a webhook set): make sure the worker runs."""
        if self._task is None or self._task.done():
            if self._deliverable():
                self._task = asyncio.get_running_loop().create_task(self._run())

    @property
    def idle(self) -> bool:
        return self._task is None or self._task.done()

    async def stop(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        if self._session is not None:
            await self._session.close()
            self._session = None

    def _deliverable(self) -> bool:
        return bool(self.world.updates) and is_local_url(self.world.webhook_url)

    async def _run(self) -> None:
        if self._session is None:
            self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10))
        pause = RETRY_PAUSE
        while self._deliverable():
            update = self.world.updates[0]
            if await self._post(update):
                # The webhook may have been deleted (and updates dropped) meanwhile.
                if self.world.updates and self.world.updates[0] is update:
                    self.world.updates.pop(0)
                self.world.delivered_update_ids.add(update["update_id"])
                self.world.changed()
                pause = RETRY_PAUSE
            else:
                await asyncio.sleep(pause)
                pause = min(MAX_RETRY_PAUSE, pause * 2)

    async def _post(self, update: dict) -> bool:
        url, secret = self.world.webhook_url, self.world.webhook_secret
        headers = {"Content-Type": "application/json"}
        if secret:
            headers[SECRET_HEADER] = secret
        assert self._session is not None
        try:
            async with self._session.post(url, data=json.dumps(update),
                                          headers=headers) as response:
                await response.read()
                attempt = WebhookAttempt(update["update_id"], url, response.status)
        except (aiohttp.ClientError, TimeoutError) as exc:
            attempt = WebhookAttempt(update["update_id"], url, None, repr(exc))
        self.attempts.append(attempt)
        return attempt.delivered
