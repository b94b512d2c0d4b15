"""Webhook delivery: while the bot has a webhook set, updates are POSTed to it, not polled.

Like Telegram: updates wait in ``world.updates`` until the bot's server answers 2xx, then
they are confirmed (``delivered_update_ids``). Up to ``max_connections`` (setWebhook's
parameter, default 40) POSTs are in flight at once, each on its own connection, so a slow
answer to one update does not hold up the others; the oldest update not yet in flight goes
next. A refused connection or a non-2xx answer is retried after a short pause (the bot's
webhook server may not be listening yet). The secret token given to setWebhook goes in
``X-Telegram-Bot-Api-Secret-Token``.

A 2xx answer whose JSON body names a ``method`` is a call the bot makes in its reply
(the Bot API's "Making requests when getting updates"): it is performed like an HTTP call,
with the same checks, and recorded in ``world.webhook_replies``; the bot never learns its
result, so an error is only recorded.

Tests never reach the internet: only http(s) URLs on 127.0.0.1 / localhost are POSTed to.
Updates for any other webhook URL stay pending (visible in getWebhookInfo), and getUpdates
answers 409 while any webhook is set, as Telegram does.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any
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
    """One POST of an update to the bot: the HTTP status, or the connection error, and
    the method the bot called in its reply, if any."""

    update_id: int
    url: str
    status: int | None
    error: str | None = None
    reply_method: str | None = None

    @property
    def delivered(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


def is_local_url(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("http", "https") and parts.hostname in LOCAL_HOSTS


def reply_call(body: bytes, content_type: str) -> tuple[str, dict[str, Any]] | None:
    """(method, parameters) when a webhook answer's body is a Bot API call, else None."""
    if content_type != "application/json" or not body:
        return None
    try:
        data = json.loads(body)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("method"), str):
        return None
    params = {name: value for name, value in data.items() if name != "method"}
    return data["method"], params


class WebhookDelivery:
    """The workers that push pending updates to the world's webhook URL."""

    def __init__(self, world: World,
                 perform: Callable[[str, dict[str, Any]], Awaitable[None]]) -> None:
        self.world = world
        self.perform = perform  # runs a call made in a webhook reply
        self.attempts: list[WebhookAttempt] = []
        self.most_in_flight = 0  # the most POSTs that were in flight at once
        self._in_flight: set[int] = set()  # update ids being POSTed now
        self._workers: set[asyncio.Task] = set()
        self._session: aiohttp.ClientSession | None = None

    def kick(self) -> None:
        """Something changed (a new update, a webhook set): start workers for the updates
        not yet in flight, up to max_connections."""
        if not is_local_url(self.world.webhook_url):
            return
        waiting = sum(1 for u in self.world.updates if u["update_id"] not in self._in_flight)
        room = self.world.webhook_max_connections - len(self._workers)
        for _ in range(min(waiting, room)):
            task = asyncio.get_running_loop().create_task(self._work())
            self._workers.add(task)
            task.add_done_callback(self._workers.discard)

    @property
    def idle(self) -> bool:
        return not self._workers

    async def stop(self) -> None:
        for task in list(self._workers):
            task.cancel()
        for task in list(self._workers):
            try:
                await task
            except asyncio.CancelledError:
                pass
        if self._session is not None:
            await self._session.close()
            self._session = None

    def _next_update(self) -> dict | None:
        """The oldest pending update nobody is POSTing, claimed for the caller."""
        if not is_local_url(self.world.webhook_url):
            return None
        for update in self.world.updates:
            if update["update_id"] not in self._in_flight:
                self._in_flight.add(update["update_id"])
                self.most_in_flight = max(self.most_in_flight, len(self._in_flight))
                return update
        return None

    async def _work(self) -> None:
        if self._session is None:
            # One connection per POST in flight, as Telegram opens up to max_connections.
            self._session = aiohttp.ClientSession(
                timeout=aiohttp.ClientTimeout(total=10),
                connector=aiohttp.TCPConnector(limit=100, limit_per_host=0))
        pause = RETRY_PAUSE
        while len(self._workers) <= self.world.webhook_max_connections:
            update = self._next_update()
            if update is None:
                return
            try:
                delivered = await self._post(update)
            finally:
                self._in_flight.discard(update["update_id"])
            if delivered:
                # The webhook may have been deleted (and updates dropped) meanwhile.
                if update in self.world.updates:
                    self.world.updates.remove(update)
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
        call = None
        try:
            async with self._session.post(url, data=json.dumps(update),
                                          headers=headers) as response:
                body = await response.read()
                attempt = WebhookAttempt(update["update_id"], url, response.status)
                if attempt.delivered:
                    call = reply_call(body, response.content_type)
        except (aiohttp.ClientError, TimeoutError) as exc:
            attempt = WebhookAttempt(update["update_id"], url, None, repr(exc))
        if call is not None:
            attempt = replace(attempt, reply_method=call[0])
            await self.perform(*call)
        self.attempts.append(attempt)
        return attempt.delivered
