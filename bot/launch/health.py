"""``/healthz``, ``/readyz`` and ``/metrics``: what a process manager, a load balancer and
Prometheus ask the bot.

- ``GET /healthz``: the process is alive and its event loop turns (the answer is written
  by the loop; a stuck loop answers nothing, and the prober's timeout says so). 200 ``ok``.
- ``GET /readyz``: the bot can do its work: the database answers with its schema at the
  code's head, Telegram has accepted the token (getMe), and the bot is started (polling
  or serving the webhook). 200 ``ready``, else 503 with one line per check that failed,
  so a load balancer sends updates only to instances that can handle them.
- ``GET /metrics``: ``bot.metrics`` in Prometheus' text format; the database counts
  (running deals, open lobbies) are read at each scrape.

Webhook mode adds these routes to its own server on ``PORT`` (beside the webhook and the
Mini App); long polling mode has no web server, so it runs a small one on
``DURAK_METRICS_PORT`` when that is set (``MetricsServer``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from aiohttp import web
from telegram.ext import Application

from bot.metrics import CONTENT_TYPE, Metrics
from bot.storage.counts import running_games_and_open_lobbies
from bot.storage.database import Database
from bot.storage.failures import database_failure
from bot.storage.migrate import current_revision, head_revision

log = logging.getLogger("bot.launch")
App = Application[Any, Any, Any, Any, Any, Any]
CHECK_TIMEOUT = 3.0  # seconds for the database's answer to a probe or a scrape


class Health:
    def __init__(self, app: App, db: Database, metrics: Metrics | None) -> None:
        self.app = app
        self.db = db
        self.metrics = metrics
        self.head = head_revision()
        # Set by serve once polling or the webhook runs: until then the bot takes no
        # updates, whatever the database and Telegram say.
        self.started = False

    def add_routes(self, web_app: web.Application) -> None:
        web_app.router.add_get("/healthz", self.healthz)
        web_app.router.add_get("/readyz", self.readyz)
        web_app.router.add_get("/metrics", self.serve_metrics)

    async def healthz(self, _request: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def readyz(self, _request: web.Request) -> web.Response:
        problems = [p for p in (await self._database(), self._telegram()) if p]
        if not self.started:
            problems.append("starting: not taking updates yet")
        if problems:
            return web.Response(status=503, text="".join(f"{p}\n" for p in problems))
        return web.Response(text="ready\n")

    async def _database(self) -> str | None:
        try:
            revision = await asyncio.wait_for(current_revision(self.db), CHECK_TIMEOUT)
        except TimeoutError:
            return f"database: no answer within {CHECK_TIMEOUT:g} s"
        except Exception as exc:
            failure = database_failure(exc)
            if failure is None:
                log.exception("/readyz: the database check failed")
                return f"database: {type(exc).__name__}"
            return f"database: {failure.reason}"
        if revision != self.head:
            return f"database: schema at {revision or 'nothing'}, this bot needs {self.head}"
        return None

    def _telegram(self) -> str | None:
        try:
            self.app.bot.bot  # noqa: B018 (getMe's answer: raises until it succeeded)
        except RuntimeError:
            return "telegram: not signed in (getMe has not succeeded)"
        if not self.app.running:
            return "telegram: the bot is not running"
        return None

    async def serve_metrics(self, _request: web.Request) -> web.Response:
        if self.metrics is None:
            raise web.HTTPNotFound(text="metrics are off\n")
        try:
            async with asyncio.timeout(CHECK_TIMEOUT):
                async with self.db.read() as session:
                    games, lobbies = await running_games_and_open_lobbies(session)
        except Exception as exc:  # the counts keep their last values; the rest is served
            log.warning("/metrics: could not count games and lobbies (%s)",
                        (database_failure(exc) or exc))
        else:
            self.metrics.games_running.set(games)
            self.metrics.lobbies_open.set(lobbies)
        body = self.metrics.render()  # on the loop: a fraction of a millisecond
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE})


class MetricsServer:
    """Long polling mode's small server for ``Health`` on DURAK_METRICS_PORT."""

    def __init__(self, health: Health) -> None:
        web_app = web.Application()
        health.add_routes(web_app)
        self._runner = web.AppRunner(web_app, access_log=None)

    async def start(self, host: str, port: int) -> None:
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port).start()

    async def stop(self) -> None:
        await self._runner.cleanup()
