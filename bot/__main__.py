"""python -m bot / durak-bot: run the Telegram bot (polling, or a webhook if configured).

Webhook mode runs our own server (runtime/webhook_server.py) rather than PTB's
``run_webhook``, so a button press's answer can ride on the webhook response;
``serve_webhook`` does for it what ``run_webhook`` did: start the Application, register
the webhook, serve until SIGINT/SIGTERM, stop cleanly.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from urllib.parse import urlsplit

from bot.config import ConfigError, Settings, derived_secret

log = logging.getLogger("bot")

# Connections Telegram may open to the webhook at once (its default; 1-100). Presses wait
# on theirs for their answer (runtime/webhook_server.py), so it is said out loud here.
WEBHOOK_MAX_CONNECTIONS = 40


def main() -> int:
    logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s",
                        level=logging.INFO)
    logging.getLogger("httpx").setLevel(logging.WARNING)
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"durak-bot: {exc}", file=sys.stderr)
        return 2
    from bot.app import build_application

    app = build_application(settings)
    if settings.webhook_url:
        asyncio.run(serve_webhook(app, settings))
    else:
        app.run_polling()
    return 0


def webhook_options(settings: Settings) -> dict:
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
                secret_token=settings.webhook_secret or derived_secret(settings.token),
                max_connections=WEBHOOK_MAX_CONNECTIONS)


async def serve_webhook(app, settings: Settings, stop: asyncio.Event | None = None,
                        *, listen: str | None = None) -> None:
    """Run the Application in webhook mode until ``stop`` is set (by default: SIGINT or
    SIGTERM). The order matters: the Application is started and the server listens before
    setWebhook, so Telegram's first POST finds both ready. Teardown is run_webhook's:
    server, Application.stop, post_stop, shutdown, post_shutdown, whatever got started.
    """
    from bot.runtime.webhook_server import WebhookServer

    options = webhook_options(settings)
    if stop is None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
    server = WebhookServer(app, path=options["url_path"], secret_token=options["secret_token"],
                           replies=app.bot_data.get("webhook_replies"))
    try:
        await app.initialize()
        if app.post_init:
            await app.post_init(app)
        await app.start()
        await server.start(listen or options["listen"], options["port"])
        # allowed_updates and drop_pending_updates are not sent, as run_webhook did not:
        # Telegram keeps the previous choice of update kinds and the pending updates.
        await app.bot.set_webhook(url=options["webhook_url"],
                                  secret_token=options["secret_token"],
                                  max_connections=options["max_connections"])
        log.info("webhook set: %s", options["webhook_url"])
        await stop.wait()
    finally:
        await server.stop()
        if app.running:
            await app.stop()
            if app.post_stop:
                await app.post_stop(app)
        await app.shutdown()
        if app.post_shutdown:
            await app.post_shutdown(app)


if __name__ == "__main__":
    sys.exit(main())
