"""The webhook server (aiohttp.web): Telegram POSTs updates here in webhook mode.

Why our own and not PTB's ``run_webhook``: PTB's tornado handler answers 200 before the
update is handled, so its response can carry nothing. Ours waits briefly for a button
press's answer and sends it back as the response body (runtime/delivery/webhook_replies.py), which
Telegram performs as an answerCallbackQuery: one HTTP request less per press.

What it keeps from PTB's: one path (the URL's path + bot id, with or without a trailing
slash; 404 elsewhere, 405 for other methods), the secret token checked on every POST (403
when missing or wrong, so guessing the path forges nothing), updates parsed with
``Update.de_json`` and put on ``application.update_queue`` (PTB's concurrency, handlers and
error handler unchanged); a body that is not an update is a 400.

How long a press waits (``ANSWER_WAIT``): a move's handler takes ~8 ms (p50; p99 ~0.12 s
with 200 busy games in scripts/bench_bot.py, where no answer missed the wait), so the
wait almost never runs out. While it waits, the POST
holds one of the connections Telegram opens to the bot (setWebhook's max_connections, 40),
so a slow handler (a busy database) must not keep it long: after 1 s the server answers an
empty 200 and the handler's answer goes over HTTP when it comes.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
from collections.abc import Callable

from aiohttp import web
from telegram import Update
from telegram.ext import Application, ExtBot

from .webhook_replies import WebhookReplies

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
ANSWER_WAIT = 1.0  # seconds a press's POST waits for its answer (see the module docstring)


class WebhookServer:
    """``await server.start(host, port)`` ... ``await server.stop()``."""

    def __init__(self, application: Application, *, path: str, secret_token: str | None,
                 replies: WebhookReplies | None, answer_wait: float = ANSWER_WAIT,
                 extra_routes: Callable[[web.Application], None] | None = None) -> None:
        self.application = application
        self.path = "/" + path.strip("/")
        self.secret_token = secret_token
        self.replies = replies
        self.answer_wait = answer_wait
        self._runner: web.AppRunner | None = None
        self.extra_routes = extra_routes  # the Mini App's page and socket (bot/webapp)

    async def start(self, host: str, port: int) -> None:
        app = web.Application()
        app.router.add_post(self.path, self._post)
        app.router.add_post(self.path + "/", self._post)
        if self.extra_routes is not None:
            self.extra_routes(app)
        # A POST in flight waits at most answer_wait: stopping lets those finish.
        self._runner = web.AppRunner(app, access_log=None,
                                     shutdown_timeout=self.answer_wait + 1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port).start()
        log.info("webhook server listening on %s:%s%s", host, port, self.path)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def _authorized(self, request: web.Request) -> bool:
        if not self.secret_token:
            return True
        given = request.headers.get(SECRET_HEADER, "")
        return hmac.compare_digest(given.encode(), self.secret_token.encode())

    async def _post(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            log.debug("webhook POST without the right secret token refused")
            return web.Response(status=403)
        bot = self.application.bot
        try:
            data = json.loads(await request.read())
            update = Update.de_json(data, bot)
        except Exception:
            log.warning("webhook POST that is not an update refused", exc_info=True)
            return web.Response(status=400, text="Update could not be processed")
        if update is None:
            return web.Response(status=400, text="Update could not be processed")
        if isinstance(bot, ExtBot):
            bot.insert_callback_data(update)  # what PTB's handler does (arbitrary callback data)
        query = update.callback_query
        if query is None or self.replies is None:
            await self.application.update_queue.put(update)
            return web.Response()
        # The slot is open before the handler can run, so its answer cannot miss it.
        slot = self.replies.open(query.id)
        try:
            await self.application.update_queue.put(update)
            await asyncio.wait({slot}, timeout=self.answer_wait)
        finally:
            # No await between the check and the close: an answer offered after this goes
            # over HTTP, one offered before is in ``reply``.
            reply = self.replies.close(query.id)
        if reply is None:
            return web.Response()
        return web.json_response(reply)
