"""Settings read from the environment (once, at start-up; nothing reads os.environ later).

``ENVIRONMENT`` lists every variable with its default and meaning: ``durak-bot --help``
prints it and docs/operators.md explains it. The tunables of ``Settings`` that have no
variable (pauses, tick, rate-limit details) exist so tests and the benchmarks can run the
real Application fast; production uses the defaults.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import SplitResult, urlsplit

from bot.storage.settings import DEFAULT_DATABASE_URL, DatabaseUrlError, checked_database_url

# What Telegram accepts as setWebhook's secret_token.
WEBHOOK_SECRET = re.compile(r"^[A-Za-z0-9_-]{1,256}$")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
LOG_FORMATS = ("plain", "json")
# A bot token as @BotFather hands it out: the bot's id, a colon, the secret part.
TOKEN = re.compile(r"^\d+:[A-Za-z0-9_-]+$")
# What the README and --help show where the token goes; copied as it is, it would pass a
# mere "has a colon" check and the bot would retry Telegram for a minute.
TOKEN_PLACEHOLDER = "123456:ABC..."
# Hosts a webhook may use plain http for: a Bot API server on the same machine (tests, a
# local telegram-bot-api); Telegram itself posts only to https.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


@dataclass(frozen=True)
class EnvSetting:
    name: str
    default: str  # empty: required
    meaning: str

    @property
    def heading(self) -> str:
        """``NAME  (default: ...)`` or ``NAME  (required)``, as --help lists it."""
        return f"{self.name}  ({'default: ' + self.default if self.default else 'required'})"


ENVIRONMENT = (
    EnvSetting("BOT_TOKEN", "",
               "the bot's token from @BotFather, 123456:ABC..."),
    EnvSetting("DATABASE_URL", DEFAULT_DATABASE_URL,
               "where games are stored: a SQLite file (created and migrated at start-up) or "
               "PostgreSQL, postgresql://user:password@host:5432/name (migrated by "
               "`durak migrate` before start, the Procfile's release step)"),
    EnvSetting("TELEGRAM_API_BASE_URL", "https://api.telegram.org/bot",
               "the Bot API server; set it for a local one, e.g. http://127.0.0.1:8081/bot"),
    EnvSetting("DURAK_WEBHOOK_URL", "unset: long polling",
               "public https URL for webhook mode; Telegram POSTs to <URL>/<bot id> and the "
               "bot's own server answers there"),
    EnvSetting("PORT", "8443", "webhook mode: the port the bot's server listens on"),
    EnvSetting("DURAK_WEBHOOK_SECRET", "derived from BOT_TOKEN",
               "webhook mode: the secret Telegram sends with every POST (A-Z a-z 0-9 _ -, "
               "up to 256)"),
    EnvSetting("DURAK_WEBAPP_URL", "unset: no Mini App",
               "public https URL of the game table page (the Mini App), e.g. "
               "https://durak.example.org/webapp/; webhook mode serves it on PORT beside the "
               "webhook, polling mode on DURAK_WEBAPP_PORT behind your HTTPS proxy"),
    EnvSetting("DURAK_WEBAPP_PORT", "8080",
               "long polling mode: the port the Mini App's own server listens on"),
    EnvSetting("DURAK_WEBAPP_NAME", "unset: no link in groups",
               "the Mini App's short name from @BotFather's /newapp; groups then get a "
               "t.me/<bot>/<name> link to the table (web_app buttons work in private chats "
               "only)"),
    EnvSetting("DURAK_TELEGRAM_RATE", "30",
               "Bot API requests per second across all chats (0: no overall limit, rely "
               "on Telegram's retry_after); per-group limits always apply"),
    EnvSetting("DURAK_INSTANCES", "1",
               "how many bot processes serve this token at once (webhook mode behind one "
               "URL, one PostgreSQL): each takes that share of Telegram's budgets, and what "
               "each person was shown is kept in the database for all of them"),
    EnvSetting("DURAK_AI_WORKERS", "one per core",
               "processes that search for the computer players' moves"),
    EnvSetting("DURAK_LOG_LEVEL", "INFO",
               "DEBUG, INFO, WARNING or ERROR for the bot's own log lines; libraries log "
               "warnings and errors only, except at DEBUG"),
    EnvSetting("DURAK_LOG_FORMAT", "plain",
               "plain: one line of text per event; json: one JSON object per line (time, "
               "level, logger, message, and game_id, chat_id, update_id where known) for a "
               "log system"),
    EnvSetting("DURAK_METRICS_PORT", "unset: none in polling mode",
               "long polling mode: the port of a small server with /healthz, /readyz and "
               "/metrics (Prometheus); webhook mode serves them on PORT"),
    EnvSetting("DURAK_STARTUP_WAIT", "60",
               "seconds to keep retrying an unreachable Telegram or database at start-up "
               "before giving up (0: try once)"),
    EnvSetting("HTTPS_PROXY", "none",
               "a proxy for the Bot API (also HTTP_PROXY, ALL_PROXY; NO_PROXY exempts hosts)"),
)


def derived_secret(token: str) -> str:
    """A stable secret from the bot token: restarts keep it, nobody without the token has it."""
    return hashlib.sha256(("durak-webhook:" + token).encode()).hexdigest()


class ConfigError(Exception):
    """A setting is missing or wrong; the message says what to do."""


@dataclass(frozen=True)
class Settings:
    token: str
    database_url: str = DEFAULT_DATABASE_URL
    api_base_url: str | None = None
    webhook_url: str | None = None
    port: int = 8443
    # Empty: derived from the token (__post_init__), so webhook mode is never
    # unauthenticated, however the Settings were made.
    webhook_secret: str = ""
    # Migrate the SQLite database at start-up (PostgreSQL: the Procfile's release step).
    migrate_sqlite: bool = True
    # A computer player waits this long (seconds, uniform) before moving: people can follow.
    computer_pause: tuple[float, float] = (0.9, 1.8)
    # A computer playing a person's seat (after timeouts, a deal started without them)
    # moves for them no sooner than this long after the game reached that turn: their hand
    # shows the move ~0.3 s later, and a person who is back needs a couple of seconds to
    # press (the press takes the seat back). The game's own computer players do not wait.
    takeover_pause: float = 4.0
    # How often the turn-timer loop looks for games whose deadline (in the DB) has passed.
    timer_tick: float = 1.0
    # A table edit waits this long for more moves to arrive, so a burst becomes one edit.
    edit_coalesce: float = 0.25
    # The group table is edited this long after the last move (0: with the hands), and at
    # most once per table_min_interval seconds: a group takes ~20 messages a minute, and
    # 6 s (10 a minute) leaves room for the lobby, results and command replies in the same
    # group, and for other games on the token; the players act from their hands, which
    # show the table and what they act on at once.
    table_debounce: float = 0.8
    table_min_interval: float = 6.0
    # A lobby message is edited at most once per this many seconds (the first change of a
    # quiet spell at once): a host cycling the settings costs the group a few edits.
    lobby_edit_interval: float = 1.5
    # A hand edit that gives no buttons and takes none away (cards drawn or picked up while
    # the player waits), or only takes away buttons its person already used while they
    # wait for others (runtime/table/pacing.py), waits up to this long to be merged with the
    # next edit of that hand, usually the one that gives it buttons (0: at once).
    quiet_hand_delay: float = 4.0
    # The outbox's budgets (runtime/delivery/outbox.py; 0 = no limit of that kind): requests a
    # second per token, messages (sends and edits) a minute per group, messages a second
    # per private chat (after a burst of 3).
    overall_rate: float = 30.0
    group_rate_per_minute: float = 20.0
    private_rate_per_second: float = 1.0
    rate_limit_retries: int = 3
    # Seconds to wait for Telegram's answer to one request before counting it as failed
    # (a failed hand or table is drawn again, runtime/table/presenter.py): Telegram answers in
    # well under a second; a request that hangs must not hold a game for long.
    telegram_timeout: float = 5.0
    # A hand with someone's move that Telegram has not taken for this long (it keeps
    # failing, and is retried with backoff) is named on the group table, so the others
    # know why the game waits.
    undelivered_note_after: float = 5.0
    # Bot processes serving this token at once (docs/operators.md, "Two instances"): each
    # takes 1/instances of every Telegram budget (the token's, a group's, a private
    # chat's), so together they stay inside them; with more than one, what each hand
    # showed is recorded in the database, so a press judged by another instance than the
    # one that drew it means what the person saw.
    instances: int = 1
    # Per-move thinking budget for computer players (seconds).
    computer_budget: float = 0.5
    # Search processes for the computer players (None: one per core, bot.ai.pool).
    ai_workers: int | None = None
    # The bot's own log level (bot.launch.logs); libraries stay at WARNING unless DEBUG.
    log_level: str = "INFO"
    # "plain" text lines or "json" objects, one per line (bot.launch.logs).
    log_format: str = "plain"
    # Polling mode: the port of the health and metrics server (None: not served); webhook
    # mode serves them on ``port`` (bot.launch.health).
    metrics_port: int | None = None
    # Seconds to keep retrying Telegram and the database at start-up (bot.launch).
    startup_wait: float = 60.0
    # A lobby member who has not opened the private chat with the bot (where the cards go)
    # is dropped from the lobby after this many seconds, so the others are never stuck.
    private_chat_wait: float = 180.0
    # A person whose turn began and who has not acted after this many seconds gets a short
    # private message (Telegram notifies new messages, not edits; runtime/turns/nudges.py).
    turn_nudge_delay: float = 5.0
    # Quick match (runtime/matchmaking.py): how often every instance seats whom the shared
    # queue can seat, and after how many seconds alone a waiting person is told again that
    # a computer can play them now.
    quick_sweep: float = 1.0
    quick_lonely_after: float = 20.0
    # Quick match: the waiting message goes this long after /quick if nobody came by then
    # (under load most tables form within a tenth of a second, and the cards are the
    # answer; a message already untrue when it arrives costs two requests: it and its
    # "Table found" edit).
    quick_waiting_grace: float = 0.3
    # How often every instance looks whether a season ended or a week's digest is due and
    # a group still waits for it (runtime/seasons.py, runtime/digests.py; each group is
    # told once, whichever instance looks).
    notice_check: float = 300.0
    # Tournaments (runtime/tournaments.py): how often every instance looks for a due step
    # (the join deadline, a no-show, the next match), and how long the people of a called
    # match have to press Ready.
    tournament_check: float = 2.0
    tournament_ready_wait: float = 180.0
    # The Mini App (bot.webapp): the page's public URL (None: not served), the port of its
    # own server in polling mode, and its short name for links in groups.
    webapp_url: str | None = None
    webapp_port: int = 8080
    webapp_name: str | None = None

    def __post_init__(self) -> None:
        if not self.webhook_secret:
            object.__setattr__(self, "webhook_secret", derived_secret(self.token))

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Settings:
        env = os.environ if environ is None else environ
        token = (env.get("BOT_TOKEN") or "").strip()
        if not token:
            raise ConfigError(
                "BOT_TOKEN is not set. Create a bot with @BotFather in Telegram, then run: "
                "BOT_TOKEN=123456:ABC... durak-bot   (to play without a token: durak play)")
        if token == TOKEN_PLACEHOLDER or token.endswith("..."):
            raise ConfigError("BOT_TOKEN is the placeholder from the instructions "
                              f"({TOKEN_PLACEHOLDER}): put the token @BotFather gave you "
                              "there (/mybots, API Token)")
        if not TOKEN.match(token):
            raise ConfigError("BOT_TOKEN does not look like a bot token (expected the bot's "
                              "number, a colon and letters, digits, _ or -, as @BotFather "
                              "gives it)")
        port_text = (env.get("PORT") or "8443").strip()
        try:
            port = int(port_text)
        except ValueError:
            raise ConfigError(f"PORT must be a number, got {port_text!r}") from None
        secret = (env.get("DURAK_WEBHOOK_SECRET") or "").strip()
        if secret and not WEBHOOK_SECRET.match(secret):
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
        instances_text = (env.get("DURAK_INSTANCES") or "1").strip()
        if not instances_text.isdigit() or not 1 <= int(instances_text) <= 30:
            raise ConfigError("DURAK_INSTANCES must be the number of bot processes serving "
                              f"this token, 1 to 30, got {instances_text!r}")
        level = (env.get("DURAK_LOG_LEVEL") or "INFO").strip().upper()
        if level not in LOG_LEVELS or not isinstance(logging.getLevelName(level), int):
            raise ConfigError(f"DURAK_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got "
                              f"{env.get('DURAK_LOG_LEVEL')!r}")
        wait_text = (env.get("DURAK_STARTUP_WAIT") or "60").strip()
        try:
            wait = float(wait_text)
        except ValueError:
            wait = -1.0
        if not 0 <= wait < float("inf"):
            raise ConfigError("DURAK_STARTUP_WAIT must be a number of seconds, 0 or more, "
                              f"got {wait_text!r}")
        webapp_port_text = (env.get("DURAK_WEBAPP_PORT") or "8080").strip()
        if not webapp_port_text.isdigit() or not 0 < int(webapp_port_text) < 65536:
            raise ConfigError(f"DURAK_WEBAPP_PORT must be a port number, got "
                              f"{webapp_port_text!r}")
        webapp_url = (env.get("DURAK_WEBAPP_URL") or "").strip() or None
        if webapp_url and not webapp_url.startswith(("https://", "http://")):
            raise ConfigError("DURAK_WEBAPP_URL must be the page's https:// URL (Telegram "
                              f"opens only https pages), got {webapp_url!r}")
        log_format = (env.get("DURAK_LOG_FORMAT") or "plain").strip().lower()
        if log_format not in LOG_FORMATS:
            raise ConfigError(f"DURAK_LOG_FORMAT must be plain or json, got "
                              f"{env.get('DURAK_LOG_FORMAT')!r}")
        metrics_text = (env.get("DURAK_METRICS_PORT") or "").strip()
        if metrics_text and (not metrics_text.isdigit() or not 0 < int(metrics_text) < 65536):
            raise ConfigError(f"DURAK_METRICS_PORT must be a port number, got {metrics_text!r}")
        return cls(token=token, database_url=_database_url(env), webhook_secret=secret,
                   webapp_url=webapp_url, webapp_port=int(webapp_port_text),
                   webapp_name=(env.get("DURAK_WEBAPP_NAME") or "").strip() or None,
                   overall_rate=rate, ai_workers=workers, log_level=level, startup_wait=wait,
                   log_format=log_format,
                   metrics_port=int(metrics_text) if metrics_text else None,
                   instances=int(instances_text), api_base_url=_api_base_url(env),
                   webhook_url=_webhook_url(env), port=port)


def _split(url: str) -> SplitResult | None:
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 (a port that is not a number raises here)
    except ValueError:
        return None
    return parts


def _api_base_url(env: Mapping[str, str]) -> str | None:
    """TELEGRAM_API_BASE_URL, when it is an http(s) URL with a host: the token is appended
    to it, so anything else (a typo, a missing scheme) would send requests nowhere, with the
    token in every error, and be retried as "unreachable"."""
    url = (env.get("TELEGRAM_API_BASE_URL") or "").strip() or None
    if url is None:
        return None
    parts = _split(url)
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError("TELEGRAM_API_BASE_URL must be the Bot API server's http(s) URL "
                          f"ending in /bot, e.g. http://127.0.0.1:8081/bot, got {url!r}")
    return url


def _webhook_url(env: Mapping[str, str]) -> str | None:
    """DURAK_WEBHOOK_URL, when Telegram can post to it: https (http only for a Bot API server
    on this machine)."""
    url = (env.get("DURAK_WEBHOOK_URL") or "").strip() or None
    if url is None:
        return None
    parts = _split(url)
    local = parts is not None and parts.scheme == "http" and parts.hostname in LOCAL_HOSTS
    if parts is None or not parts.hostname or not (parts.scheme == "https" or local):
        raise ConfigError("DURAK_WEBHOOK_URL must be a public https:// URL (Telegram posts "
                          f"only to https), got {url!r}")
    return url


def _database_url(env: Mapping[str, str]) -> str:
    """DATABASE_URL with the async driver, or ConfigError when it is not one we can use."""
    try:
        return checked_database_url(dict(env))
    except DatabaseUrlError as exc:
        raise ConfigError(str(exc)) from None
