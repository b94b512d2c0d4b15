"""The start-up steps that reach outside the process: the database and Telegram.

Each turns the failures it knows into a ``StartupFailure`` (one line, the setting to
check) and the transient ones into retries (``retry.retrying``); an unknown failure
propagates with its traceback, as a bug should.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, NoReturn

from sqlalchemy import text
from telegram.error import BadRequest, Conflict, InvalidToken, NetworkError, RetryAfter
from telegram.ext import Application

from bot.app import ALLOWED_UPDATES
from bot.config import Settings
from bot.launch.failures import UNREACHABLE, StartupFailure
from bot.launch.retry import GaveUp, Transient, retrying
from bot.runtime.delivery.webhook_server import WebhookServer
from bot.storage.database import Database
from bot.storage.failures import database_failure, place, where
from bot.storage.migrate import current_revision, head_revision, known_revisions
from bot.storage.settings import sqlite_file

log = logging.getLogger("bot.launch")
# The bot's Application, whatever its context types (build_application decides them).
App = Application[Any, Any, Any, Any, Any, Any]
OFFICIAL_API = "https://api.telegram.org/bot"
# `durak migrate`, not `alembic upgrade head`: it runs the migrations the package carries,
# so it works where the bot was installed from a wheel, without the project's alembic.ini.
UPGRADE = "run `durak migrate` with this DATABASE_URL (the Procfile's release step)"


async def check_database(settings: Settings, *, stop: asyncio.Event | None = None,
                         schema: str | None = None) -> None:
    """The database answers and its schema is the code's (or, SQLite, will be migrated
    by post_init); ``schema``: a PostgreSQL search_path (tests' scratch schemas)."""
    url = settings.database_url
    _sqlite_folder_exists(url)
    db = Database(url, schema=schema)
    try:
        revision = await retrying(lambda: _revision(db, url),
                                  what=f"database {where(url)} unreachable",
                                  wait=settings.startup_wait, log=log, stop=stop)
        if revision is not None or db.is_sqlite:
            await retrying(lambda: _writable(db, url, revision),
                           what=f"database {where(url)} unreachable",
                           wait=settings.startup_wait, log=log, stop=stop)
    except GaveUp as exc:
        raise StartupFailure(f"the database at {where(url)} "
                             f"{exc.unreachable(settings.startup_wait)}: {exc}",
                             setting="DATABASE_URL", exit_code=UNREACHABLE) from None
    finally:
        await db.dispose()
    head = head_revision()
    if revision == head:
        log.info("database: %s, schema %s", place(url), head)
    elif revision is not None and revision not in known_revisions():
        raise StartupFailure(f"the database schema is at revision {revision}, which this bot "
                             f"does not know (it needs {head}): is DATABASE_URL a newer "
                             "bot's database?", setting="DATABASE_URL")
    elif db.is_sqlite and settings.migrate_sqlite:
        log.info("database: %s, the schema will be migrated from %s to %s", place(url),
                 revision or "nothing", head)
    elif revision is None:
        raise StartupFailure(f"the database at {where(url)} has no tables yet: {UPGRADE}",
                             setting="DATABASE_URL")
    else:
        raise StartupFailure(f"the database schema is behind (revision {revision}, this bot "
                             f"needs {head}): {UPGRADE}", setting="DATABASE_URL")


def _sqlite_folder_exists(url: str) -> None:
    """SQLite creates a missing file, not a missing folder: say so before trying."""
    path = sqlite_file(url)
    if path is not None and not path.parent.is_dir():
        raise StartupFailure(f"the folder of the SQLite file {path} does not exist",
                             setting="DATABASE_URL")


async def _revision(db: Database, url: str) -> str | None:
    try:
        return await current_revision(db)
    except Exception as exc:
        _refuse(exc, f"the database at {where(url)}")


async def _writable(db: Database, url: str, revision: str | None) -> None:
    """Write a row and roll it back: a database that reads but cannot write (a read-only
    SQLite file or disk, a PostgreSQL standby, a user without rights) would pass every
    read and then fail every update. No tables yet (a new SQLite file): create one."""
    write = ("CREATE TABLE durak_write_check (x INTEGER)" if revision is None else
             "INSERT INTO alembic_version (version_num) VALUES ('write-check')")
    try:
        async with db.engine.connect() as conn:
            transaction = await conn.begin()  # SQLite: BEGIN IMMEDIATE, the write lock
            try:
                await conn.execute(text(write))
            finally:
                await transaction.rollback()
    except Exception as exc:
        _refuse(exc, f"the database at {where(url)} cannot be written")


def _refuse(exc: Exception, what: str) -> NoReturn:
    """A database error during the checks: worth another try (``Transient``), or a
    start-up failure saying ``what`` and why; anything unknown goes on up as it is."""
    failure = database_failure(exc)
    if failure is None:
        raise exc
    if failure.transient:
        raise Transient(failure.reason) from None
    raise StartupFailure(f"{what}: {failure.reason}", setting="DATABASE_URL") from None


def api_address(settings: Settings) -> str:
    return settings.api_base_url or OFFICIAL_API


def _api_setting(settings: Settings) -> str:
    return ("TELEGRAM_API_BASE_URL and the network" if settings.api_base_url
            else "the network, or HTTPS_PROXY if this host needs a proxy")


async def connect_telegram(app: App, settings: Settings, *,
                           stop: asyncio.Event | None = None) -> None:
    """``app.initialize()`` (getMe): the token is accepted and Telegram answers."""

    async def step() -> None:
        try:
            await app.initialize()
        except InvalidToken as exc:  # 401 (token) or 404 (not a Bot API address)
            reason = f"Telegram rejected BOT_TOKEN ({exc.__cause__ or 'Unauthorized'})"
            setting = "BOT_TOKEN"
            if settings.api_base_url:
                reason += f", or {settings.api_base_url} is not a Bot API server"
                setting = "BOT_TOKEN and TELEGRAM_API_BASE_URL"
            raise StartupFailure(reason, setting=setting) from None
        except BadRequest:  # a NetworkError in PTB's classes, but no network failure
            raise
        except (NetworkError, RetryAfter) as exc:  # TimedOut is a NetworkError
            raise Transient(str(exc)) from None

    try:
        await retrying(step, what=f"Telegram unreachable at {api_address(settings)}",
                       wait=settings.startup_wait, log=log, stop=stop)
    except GaveUp as exc:
        raise StartupFailure(f"the Telegram Bot API at {api_address(settings)} "
                             f"{exc.unreachable(settings.startup_wait)}: {exc}",
                             setting=_api_setting(settings),
                             exit_code=UNREACHABLE) from None
    log.info("Telegram: signed in as @%s", app.bot.username)
    if not app.bot.bot.supports_inline_queries:
        # Telegram then never sends inline queries: nobody could start a game in a chat
        # the bot is not in, and nothing would say why.
        log.warning("Telegram: inline mode is off for @%s, so typing @%s in a chat offers "
                    "no game; turn it on with @BotFather's /setinline and /setinlinefeedback "
                    "(docs/operators.md, \"Inline mode\")", app.bot.username, app.bot.username)


async def start_polling(app: App, settings: Settings, *,
                        stop: asyncio.Event | None = None) -> None:
    """Long polling, with every failure while polling logged as one line (PTB retries
    them with backoff)."""
    updater = app.updater
    if updater is None:  # build_application always makes one; say so if that changes
        raise RuntimeError("the Application has no Updater to poll with")

    async def step() -> None:
        try:
            await updater.start_polling(error_callback=_polling_failed,
                                        allowed_updates=list(ALLOWED_UPDATES))
        except BadRequest:
            raise
        except (NetworkError, RetryAfter) as exc:
            raise Transient(str(exc)) from None

    try:
        await retrying(step, what=f"Telegram unreachable at {api_address(settings)}",
                       wait=settings.startup_wait, log=log, stop=stop)
    except GaveUp as exc:
        raise StartupFailure(f"could not start polling {api_address(settings)}: {exc}",
                             setting=_api_setting(settings), exit_code=UNREACHABLE) from None


_conflict_said_at = [float("-inf")]  # when the 409 line was last logged (monotonic)
CONFLICT_REPEAT = 600.0  # say it again at most every 10 minutes while it lasts


def _polling_failed(exc: Exception) -> None:
    if isinstance(exc, Conflict):
        # Another process polls with this token: every getUpdates of ours ends its poll
        # and the other way round, and PTB retries for ever. One line that says what to do.
        now = time.monotonic()
        if now - _conflict_said_at[0] >= CONFLICT_REPEAT:
            _conflict_said_at[0] = now
            log.error("another process is polling Telegram with this BOT_TOKEN (409 "
                      "Conflict): stop the other instance, or run several instances in "
                      "webhook mode (DURAK_WEBHOOK_URL); retrying meanwhile")
        return
    log.warning("getUpdates failed (%s: %s); retrying", type(exc).__name__, exc)


async def listen(server: WebhookServer, host: str, port: int) -> None:
    try:
        await server.start(host, port)
    except OSError as exc:
        raise StartupFailure(f"cannot listen on {host}:{port} ({exc.strerror or exc})",
                             setting="PORT") from None


async def set_webhook(app: App, settings: Settings, options: dict[str, Any], *,
                      stop: asyncio.Event | None = None) -> None:
    """setWebhook with the kinds of update the bot handles (``ALLOWED_UPDATES``: inline
    queries and chosen results included); drop_pending_updates is not sent, as PTB's
    run_webhook did not: Telegram keeps the pending updates."""

    async def step() -> None:
        try:
            await app.bot.set_webhook(url=options["webhook_url"],
                                      secret_token=options["secret_token"],
                                      max_connections=options["max_connections"],
                                      allowed_updates=list(ALLOWED_UPDATES))
        except BadRequest as exc:
            raise StartupFailure(f"Telegram refused the webhook {options['webhook_url']} "
                                 f"({exc.message})", setting="DURAK_WEBHOOK_URL") from None
        except (NetworkError, RetryAfter) as exc:
            raise Transient(str(exc)) from None

    try:
        await retrying(step, what=f"setWebhook at {api_address(settings)} failed",
                       wait=settings.startup_wait, log=log, stop=stop)
    except GaveUp as exc:
        raise StartupFailure(f"could not set the webhook at {api_address(settings)}: {exc}",
                             setting=_api_setting(settings), exit_code=UNREACHABLE) from None
    log.info("webhook set: %s", options["webhook_url"])
