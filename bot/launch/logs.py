"""Logging for ``durak-bot``: one setting (DURAK_LOG_LEVEL) for the bot's own lines, and
libraries kept to warnings and errors (no alembic INFO, no per-request lines), unless the
level is DEBUG, which shows everything.

Two formats (DURAK_LOG_FORMAT): plain text lines, the default, for a person reading a
terminal or ``journalctl``; or one JSON object per line for a log system (Loki,
Elasticsearch, a PaaS's log drain), with the game, chat and update a line is about as
fields of their own (``bot.runtime.log_context``). Either way every line passes the
secret filter (``redaction``), and Python's warnings (an unclosed session, ...) are log
lines too, so they are masked and formatted like the rest.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

from bot.launch.redaction import RedactingFilter, Redactor
from bot.runtime import log_context

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class ContextFilter(logging.Filter):
    """Copies the ids the line is about (game, chat, update) onto the record."""

    def filter(self, record: logging.LogRecord) -> bool:
        for name, value in log_context.current().items():
            if not hasattr(record, name):  # an explicit extra= wins
                setattr(record, name, value)
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message, the ids
    the line is about where known, and the traceback as ``exception``."""

    IDS = ("game_id", "chat_id", "update_id")

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in self.IDS:
            value = getattr(record, name, None)
            if value is not None:
                line[name] = value
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            line["exception"] = record.exc_text
        if record.stack_info:
            line["stack"] = record.stack_info
        return json.dumps(line, ensure_ascii=False, default=str)


def configure_logging(level: str, *, log_format: str = "plain",
                      redactor: Redactor | None = None) -> None:
    """``level``: DEBUG, INFO, WARNING or ERROR; ``log_format``: plain or json (both
    checked by bot.config); ``redactor``: the secrets to mask in every line."""
    everything = level == "DEBUG"
    logging.basicConfig(format=FORMAT, level=logging.DEBUG if everything else logging.WARNING,
                        force=True)
    logging.getLogger("bot").setLevel(level)
    logging.captureWarnings(True)
    for handler in logging.getLogger().handlers:
        handler.addFilter(ContextFilter())
        if redactor is not None:
            handler.addFilter(RedactingFilter(redactor))
        if log_format == "json":
            handler.setFormatter(JsonFormatter())
