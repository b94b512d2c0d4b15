"""python -m bot / durak-bot: run the Telegram bot (polling, or a webhook if configured)."""

from __future__ import annotations

import logging
import sys

from bot.config import ConfigError, Settings


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
        path = settings.token.split(":")[0]
        app.run_webhook(listen="0.0.0.0", port=settings.port, url_path=path,
                        webhook_url=settings.webhook_url.rstrip("/") + "/" + path)
    else:
        app.run_polling()
    return 0


if __name__ == "__main__":
    sys.exit(main())
