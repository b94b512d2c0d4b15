"""Run the Application until SIGINT or SIGTERM: long polling, or our own webhook server.

Webhook mode runs ``runtime/delivery/webhook_server.py`` rather than PTB's ``run_webhook``, so a
button press's answer can ride on the webhook response, and both modes run here rather
than in PTB's ``run_polling``/``run_webhook`` so that start-up is checked step by step
(``checks``: the database, the token, Telegram) with retries and one-line failures. The
order is PTB's: initialize, post_init, start, then polling or the server and setWebhook
(the Application is ready before Telegram's first POST); teardown stops whatever got
started, and always runs post_shutdown (the computer players' processes, the database).
"""

from __future__ import annotations

import asyncio
import logging
import signal
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

from bot.config import Settings
from bot.launch.checks import (
    App,
    check_database,
    connect_telegram,
    listen,
    set_webhook,
    start_polling,
)
from bot.launch.failures import StartupFailure
from bot.launch.health import Health, MetricsServer
from bot.launch.new_database import NewDatabaseFile
from bot.launch.retry import Stopped
from bot.runtime.delivery.webhook_server import WebhookServer

log = logging.getLogger("bot.launch")

# Connections Telegram may open to the webhook at once (its default; 1-100). Presses wait
# on theirs for their answer (runtime/delivery/webhook_server.py), so it is said out loud here.
WEBHOOK_MAX_CONNECTIONS = 40


def webhook_options(settings: Settings) -> dict[str, Any]:
    """Where the webhook server listens and what Telegram is told: Telegram POSTs to
    DURAK_WEBHOOK_URL/<bot id>, and the server listens on that same path (the URL's own
    path included, so a URL with a path works without a rewriting proxy). Every POST must
    carry the secret token; the server answers 403 to anything else, so nobody who merely
    guesses the path can forge updates.
    """
    bot_id = settings.token.split(":")[0]
    base_path = urlsplit(settings.webhook_url or "").path.strip("/")
    path = f"{base_path}/{bot_id}" if base_path else bot_id
    return dict(listen="0.0.0.0", port=settings.port, url_path=path,
                webhook_url=(settings.webhook_url or "").rstrip("/") + "/" + bot_id,
                secret_token=settings.webhook_secret, max_connections=WEBHOOK_MAX_CONNECTIONS)


def stop_on_signals() -> asyncio.Event:
    """An event SIGINT and SIGTERM set (a platform stops a dyno with SIGTERM)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    return stop


async def serve(app: App, settings: Settings, stop: asyncio.Event | None = None,
                *, listen_on: str | None = None, schema: str | None = None) -> None:
    """Check, start and run ``app`` until ``stop`` is set (by default: SIGINT or SIGTERM).
    Raises StartupFailure for a known reason it cannot start. ``listen_on``: the webhook
    server's address (default all interfaces); ``schema``: tests' PostgreSQL schema."""
    stop = stop if stop is not None else stop_on_signals()
    server: WebhookServer | None = None
    webapp = app.bot_data.get("webapp")
    webapp_alone = False
    services = app.bot_data["services"]
    health = Health(app, services.db, services.metrics)
    metrics_server: MetricsServer | None = None
    new_file = NewDatabaseFile(settings.database_url)
    running = False
    try:
        if settings.metrics_port and not settings.webhook_url:
            # First: a process manager may probe /healthz while the start-up retries.
            metrics_server = MetricsServer(health)
            host = listen_on or "0.0.0.0"
            await _listen_for_metrics(metrics_server, host, settings.metrics_port)
            log.info("health and metrics: http://%s:%d/healthz, /readyz and /metrics "
                     "(DURAK_METRICS_PORT)", host, settings.metrics_port)
        elif not settings.webhook_url:
            log.info("health and metrics: not served (long polling serves /healthz, "
                     "/readyz and /metrics only on DURAK_METRICS_PORT, which is not set)")
        await check_database(settings, stop=stop, schema=schema)
        await connect_telegram(app, settings, stop=stop)
        if app.post_init:
            await app.post_init(app)
        await app.start()
        if settings.webhook_url:
            options = webhook_options(settings)

            def routes(web_app: web.Application) -> None:
                health.add_routes(web_app)
                if webapp is not None:
                    webapp.add_routes(web_app)

            server = WebhookServer(app, path=options["url_path"],
                                   secret_token=options["secret_token"],
                                   replies=app.bot_data.get("webhook_replies"),
                                   extra_routes=routes)
            host = listen_on or options["listen"]
            await listen(server, host, options["port"])
            log.info("listening on %s:%d (PORT): the webhook, /healthz, /readyz and /metrics%s",
                     host, options["port"], ", the Mini App" if webapp is not None else "")
            await set_webhook(app, settings, options, stop=stop)
        else:
            if webapp is not None:  # the page's own server (HTTPS is the operator's proxy)
                await webapp.start(listen_on or "0.0.0.0", settings.webapp_port)
                webapp_alone = True
            await start_polling(app, settings, stop=stop)
        log.info("running (%s)", "webhook" if settings.webhook_url else "long polling")
        running = health.started = True
        await stop.wait()
        log.info("stopping")
    except Stopped:
        log.info("stopped during start-up")
    finally:
        health.started = False
        if webapp_alone:
            await webapp.stop()
        if metrics_server is not None:
            await metrics_server.stop()
        await _teardown(app, server)
        if not running:
            new_file.remove()


async def _listen_for_metrics(server: MetricsServer, host: str, port: int) -> None:
    try:
        await server.start(host, port)
    except OSError as exc:
        raise StartupFailure(f"cannot listen on {host}:{port} for /healthz and /metrics "
                             f"({exc.strerror or exc})", setting="DURAK_METRICS_PORT") from None


async def _teardown(app: App, server: WebhookServer | None) -> None:
    """PTB's order: server or updater, Application.stop, post_stop, shutdown,
    post_shutdown; each only when it is running, except post_shutdown (it releases what
    build_application made)."""
    if server is not None:
        await server.stop()
    if app.updater is not None and app.updater.running:
        await app.updater.stop()
    if app.running:
        await app.stop()
        if app.post_stop:
            await app.post_stop(app)
    await app.shutdown()
    await app.bot.shutdown()  # its HTTP sessions, when getMe failed before the app was up
    if app.post_shutdown:
        await app.post_shutdown(app)
