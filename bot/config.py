"""Settings read from the environment (once, at start-up; nothing reads os.environ later).

    BOT_TOKEN              required: the token from @BotFather
    DATABASE_URL           default sqlite+aiosqlite:///durak.db (migrated at start-up)
    TELEGRAM_API_BASE_URL  optional: a local Bot API server, e.g. http://127.0.0.1:8081/bot
    DURAK_WEBHOOK_URL      optional: public https URL; webhook mode instead of polling (the
                           bot's own server, bot/runtime/webhook_server.py: a press's answer
                           rides on the webhook response, one request less per press)
    PORT                   webhook listen port (default 8443)
    DURAK_WEBHOOK_SECRET   webhook secret token (A-Z a-z 0-9 _ -, up to 256); default: one
                           derived from BOT_TOKEN, so webhook mode is never unauthenticated
    DURAK_TELEGRAM_RATE    Bot API requests per second across all chats (default 30, Telegram's
                           published bulk limit; callback answers are not counted). A busy bot
                           (hundreds of games: ~2.5 requests per move) may raise it or set 0
                           (off) and rely on the 429 retry_after handling; per-group limits stay
    DURAK_AI_WORKERS       processes that search for the computer players (default: one per
                           core this process may use)

The tunables below the environment ones (pauses, tick, rate limits) exist so tests and the
benchmark can run the real Application fast; production uses the defaults.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field

from bot.storage.settings import database_url

# What Telegram accepts as setWebhook's secret_token.
WEBHOOK_SECRET = re.compile(r"^[A-Za-z0-9_-]{1,256}$")


def derived_secret(token: str) -> str:
    """A stable secret from the bot token: restarts keep it, nobody without the token has it."""
    return hashlib.sha256(("durak-webhook:" + token).encode()).hexdigest()


class ConfigError(Exception):
    """A setting is missing or wrong; the message says what to do."""


@dataclass(frozen=True)
class Settings:
    token: str
    database_url: str = "sqlite+aiosqlite:///durak.db"
    api_base_url: str | None = None
    webhook_url: str | None = None
    port: int = 8443
    webhook_secret: str = ""
    # Migrate the SQLite database at start-up (PostgreSQL: the Procfile's release step).
    migrate_sqlite: bool = True
    # A computer player waits this long (seconds, uniform) before moving: people can follow.
    computer_pause: tuple[float, float] = (0.9, 1.8)
    # How often the turn-timer loop looks for games whose deadline (in the DB) has passed.
    timer_tick: float = 1.0
    # A table edit waits this long for more moves to arrive, so a burst becomes one edit.
    edit_coalesce: float = 0.25
    # The group table is edited this long after the last move (0: with the hands), and at
    # most once per table_min_interval seconds: a group takes ~20 messages a minute, and
    # 4 s (15 a minute) leaves room for the lobby, results and command replies in the same
    # group; the players act from their hands, which show what they act on at once.
    table_debounce: float = 0.8
    table_min_interval: float = 4.0
    # A hand edit that gives no buttons and takes none away (cards drawn or picked up while
    # the player waits) waits up to this long to be merged with the next edit of that hand,
    # usually the one that gives it buttons (0: at once).
    quiet_hand_delay: float = 3.0
    # Rate limiter: overall requests/s and new messages per group per minute (0 = off).
    overall_rate: float = 30.0
    group_rate_per_minute: float = 20.0
    rate_limit_retries: int = 3
    # Per-move thinking budget for computer players (seconds).
    computer_budget: float = 0.5
    # Search processes for the computer players (None: one per core, bot.ai.pool).
    ai_workers: int | None = None
    extra: dict = field(default_factory=dict)

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Settings:
        env = os.environ if environ is None else environ
        token = (env.get("BOT_TOKEN") or "").strip()
        if not token:
            raise ConfigError(
                "BOT_TOKEN is not set. Create a bot with @BotFather in Telegram, then run: "
                "BOT_TOKEN=123456:ABC... durak-bot   (to play without a token: durak play)")
        if ":" not in token:
            raise ConfigError("BOT_TOKEN does not look like a bot token (expected 123456:ABC...)")
        port_text = (env.get("PORT") or "8443").strip()
        try:
            port = int(port_text)
        except ValueError:
            raise ConfigError(f"PORT must be a number, got {port_text!r}") from None
        secret = (env.get("DURAK_WEBHOOK_SECRET") or "").strip() or derived_secret(token)
        if not WEBHOOK_SECRET.match(secret):
            raise ConfigError("DURAK_WEBHOOK_SECRET may use only A-Z, a-z, 0-9, _ and -, "
                              "1 to 256 characters")
        rate_text = (env.get("DURAK_TELEGRAM_RATE") or "30").strip()
        try:
            rate = float(rate_text)
        except ValueError:
            rate = -1.0
        if not rate >= 0 or rate == float("inf"):
            raise ConfigError(f"DURAK_TELEGRAM_RATE must be a number of requests per second "
                              f"(0: no overall limit), got {rate_text!r}")
        workers_text = (env.get("DURAK_AI_WORKERS") or "").strip()
        workers = None
        if workers_text:
            if not workers_text.isdigit() or int(workers_text) < 1:
                raise ConfigError("DURAK_AI_WORKERS must be a whole number of processes, 1 or "
                                  f"more (unset: one per core), got {workers_text!r}")
            workers = int(workers_text)
        return cls(token=token, database_url=database_url(dict(env)), webhook_secret=secret,
                   overall_rate=rate, ai_workers=workers,
                   api_base_url=(env.get("TELEGRAM_API_BASE_URL") or "").strip() or None,
                   webhook_url=(env.get("DURAK_WEBHOOK_URL") or "").strip() or None,
                   port=port)
