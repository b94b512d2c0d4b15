"""Telegram Mini App init data, validated as Telegram documents
(core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):

    secret_key = HMAC_SHA256(key="WebAppData", msg=bot_token)
    hash       = hex(HMAC_SHA256(key=secret_key, msg=data_check_string))

where ``data_check_string`` is every received field but ``hash``, as ``key=value``, sorted
by key, joined by newlines. Only Telegram (and the bot) know the token, so a valid hash
proves Telegram signed exactly these fields for this user; ``auth_date`` older than
``max_age`` is refused so init data copied out of a page stops working (a replay).

Written by hand (about 40 lines of the standard library): python-telegram-bot has no
helper for it and a web framework's plugin would bring a framework.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from dataclasses import dataclass
from urllib.parse import parse_qsl

MAX_AGE = 3600.0  # seconds an init data stays good (a page reconnecting re-sends it)
MAX_LENGTH = 4096  # Telegram's init data is well under 1 KB; more is not Telegram's


class InitDataRefused(Exception):
    """Init data that is not Telegram's for this bot, or too old; the reason is for logs."""


@dataclass(frozen=True)
class WebAppUser:
    user_id: int
    first_name: str
    language_code: str | None
    start_param: str  # the link's ?startapp= value ("" when opened from a button)
    auth_date: int
    full_name: str = ""  # first and last name, as the bot's handlers name a person

    @property
    def name(self) -> str:
        """The person's name as the chat's handlers store it (``display_name``)."""
        return (self.full_name or self.first_name or str(self.user_id))[:128]


def secret_key(token: str) -> bytes:
    return hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()


def sign(fields: dict[str, str], token: str) -> str:
    """The ``hash`` Telegram puts beside ``fields`` (tests and benchmarks sign with it)."""
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    return hmac.new(secret_key(token), check.encode(), hashlib.sha256).hexdigest()


def validate(init_data: str, token: str, *, max_age: float = MAX_AGE,
             now: float | None = None) -> WebAppUser:
    """The user Telegram vouches for in ``init_data``, or ``InitDataRefused``."""
    if not init_data or len(init_data) > MAX_LENGTH:
        raise InitDataRefused("missing or oversized init data")
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise InitDataRefused("init data is not a query string") from None
    fields = dict(pairs)
    if len(fields) != len(pairs):
        raise InitDataRefused("a field appears twice")
    given = fields.pop("hash", "")
    if not hmac.compare_digest(given.encode(), sign(fields, token).encode()):
        raise InitDataRefused("hash does not match")
    try:
        auth_date = int(fields.get("auth_date", ""))
        user = json.loads(fields.get("user", ""))
        user_id = int(user["id"])
    except (ValueError, KeyError, TypeError):
        raise InitDataRefused("signed, but without auth_date or user") from None
    moment = time.time() if now is None else now
    if not moment - max_age <= auth_date <= moment + 60:
        raise InitDataRefused("auth_date is stale")
    language = user.get("language_code")
    first = str(user.get("first_name", ""))
    full = " ".join(part for part in (first, str(user.get("last_name") or "")) if part)
    return WebAppUser(user_id=user_id, first_name=first,
                      language_code=language if isinstance(language, str) else None,
                      start_param=fields.get("start_param", ""), auth_date=auth_date,
                      full_name=full)
