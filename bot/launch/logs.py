"""Logging for ``durak-bot``: one setting (DURAK_LOG_LEVEL) for the bot's own lines, and
libraries kept to warnings and errors (no alembic INFO, no per-request lines), unless the
level is DEBUG, which shows everything."""

from __future__ import annotations

import logging

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def configure_logging(level: str) -> None:
    """``level``: DEBUG, INFO, WARNING or ERROR (checked by bot.config)."""
    everything = level == "DEBUG"
    logging.basicConfig(format=FORMAT, level=logging.DEBUG if everything else logging.WARNING,
                        force=True)
    logging.getLogger("bot").setLevel(level)
