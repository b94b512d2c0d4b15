"""Secrets never reach a log line, an error or a start-up message.

The Bot API puts the token in every request URL (``.../bot<token>/getMe``), so any error
about a request (a malformed ``TELEGRAM_API_BASE_URL``, a refused connection, a library's
traceback) can carry it. Rather than trust every library to leave it out, the one place
text leaves the process is masked: a filter on every log handler rewrites each record
(message, arguments, traceback) before it is formatted, and ``durak-bot``'s last line goes
through the same ``mask``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

MASK = "***"
# A secret this short is masked only as part of the whole token: masking three letters
# everywhere would garble ordinary words (tests use tokens like ``1:abc``).
SHORTEST_ALONE = 8


class Redactor:
    """Replaces each secret by ``***``; the bot's id (the token's part before the colon)
    stays readable, as it is in the webhook's path."""

    def __init__(self, token: str, others: Iterable[str] = ()) -> None:
        bot_id, _, secret = token.partition(":")
        pairs = [(token, f"{bot_id}:{MASK}")] if secret else []
        for value in (secret, *others):
            if len(value) >= SHORTEST_ALONE:
                pairs.append((value, MASK))
        # Longest first, so a secret inside another is not masked half-way.
        self._pairs = sorted(pairs, key=lambda pair: -len(pair[0]))

    def mask(self, text: str) -> str:
        for secret, shown in self._pairs:
            if secret in text:
                text = text.replace(secret, shown)
        return text


class RedactingFilter(logging.Filter):
    """A handler filter: the record's message and traceback, masked (the record is
    rewritten in place, so every handler and formatter after it sees the masked text)."""

    def __init__(self, redactor: Redactor) -> None:
        super().__init__()
        self.redactor = redactor

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        record.msg, record.args = self.redactor.mask(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redactor.mask(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redactor.mask(record.stack_info)
        return True
