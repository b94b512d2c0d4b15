"""python -m bot / durak-bot: run the Telegram bot (polling, or a webhook if configured)."""

from __future__ import annotations

import logging
import sys
from urllib.parse import urlsplit

from bot.config import ConfigError, Settings, derived_secret


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
        app.run_webhook(**webhook_options(settings))
    else:
        app.run_polling()
    return 0


def webhook_options(settings: Settings) -> dict:
    """run_webhook's arguments: Telegram POSTs to DURAK_WEBHOOK_URL/<bot id>, and the
    server listens on that same path (the URL's own path included, so a URL with a path
    works without a rewriting proxy). Every POST must carry the secret token; the server
    answers 403 to anything else, so nobody who merely guesses the path can forge updates.
    """
    bot_id = settings.token.split(":")[0]
    base_path = urlsplit(settings.webhook_url or "").path.strip("/")
    path = f"{base_path}/{bot_id}" if base_path else bot_id
    return dict(listen="0.0.0.0", port=settings.port, url_path=path,
                webhook_url=(settings.webhook_url or "").rstrip("/") + "/" + bot_id,
                secret_token=settings.webhook_secret or derived_secret(settings.token))


if __name__ == "__main__":
    sys.exit(main())
