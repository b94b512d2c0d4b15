"""build_application(settings): all wiring, nothing at import time.

The database, services, computer players, the game runtime and the lobby desk are created
here and kept in ``application.bot_data["services"]`` (handlers read them as
``context.services``: ``bot.handlers.context.BotContext``); start-up (post_init) migrates a
SQLite database, registers the command menus and restores running games; shutdown stops
the runtime and closes the database.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

from telegram.ext import Application, ApplicationBuilder

from bot.config import Settings
from bot.handlers import routes
from bot.handlers.context import CONTEXT_TYPES, Services
from bot.handlers.menus import register_commands
from bot.handlers.routes import register
from bot.metrics import Metrics
from bot.runtime.delivery.bot_api import BotApi
from bot.runtime.delivery.messaging import quiet_wrapper_warning
from bot.runtime.delivery.outbox import Budgets, Outbox
from bot.runtime.delivery.telegram_http import AiohttpRequest
from bot.runtime.delivery.webhook_replies import WebhookReplies
from bot.runtime.digests import WeeklyDigests
from bot.runtime.driver import GameRuntime
from bot.runtime.forgetting import Forgetting
from bot.runtime.lobby.desk import LobbyDesk
from bot.runtime.matchmaking import Matchmaking
from bot.runtime.seasons import SeasonEnds
from bot.runtime.tournaments import Tournaments
from bot.runtime.turns.brains import ComputerBrain, make_brain
from bot.service.chats import ChatService
from bot.service.forget import ForgetService
from bot.service.games import GameService
from bot.service.lobby import LobbyService
from bot.service.pages import PagesService
from bot.service.quick import QuickMatchService
from bot.service.stats import StatsService
from bot.service.tournaments import TournamentService
from bot.storage.database import Database
from bot.webapp.boards import Boards
from bot.webapp.hub import LiveHub
from bot.webapp.links import make_links
from bot.webapp.rooms import Rooms
from bot.webapp.server import WebAppServer

log = logging.getLogger(__name__)


def utcnow() -> datetime:
    return datetime.now(UTC)


# The kinds of update the bot asks Telegram for (polling's and the webhook's
# allowed_updates, bot.launch): what its handlers handle.
ALLOWED_UPDATES = routes.ALLOWED_UPDATES


def build_application(settings: Settings, *, clock: Callable[[], datetime] = utcnow,
                      brain: ComputerBrain | None = None,
                      rng: random.Random | None = None) -> Application:
    """The bot, ready for bot.launch.serve (polling or webhook; or initialize/start in
    tests)."""
    # The Bot API over aiohttp (runtime/delivery/telegram_http.py: PTB's httpx/httpcore client was
    # most of the bot's CPU with 200 busy games). 64 connections; a request may wait up to
    # 10 s for a free one. In webhook mode a press's answer may ride on the webhook
    # response instead (runtime/delivery/webhook_replies.py); the request layer hands it over.
    replies = WebhookReplies() if settings.webhook_url else None
    quiet_wrapper_warning()
    # What /metrics shows (bot/metrics.py; served by bot/launch/health.py).
    metrics = Metrics()
    builder = (ApplicationBuilder().token(settings.token)
               .request(AiohttpRequest(64, pool_timeout=10.0, replies=replies,
                                       read_timeout=settings.telegram_timeout,
                                       write_timeout=settings.telegram_timeout,
                                       metrics=metrics))
               .get_updates_request(AiohttpRequest(2))
               .concurrent_updates(64)
               .context_types(CONTEXT_TYPES)
               .post_init(_post_init).post_stop(_post_stop)
               .post_shutdown(_post_shutdown))
    if settings.api_base_url:
        base = settings.api_base_url.rstrip("/")
        builder = builder.base_url(base).base_file_url(base.rsplit("/", 1)[0] + "/file/bot")
    # Every request waits its turn in the outbox (runtime/delivery/outbox.py): priorities,
    # Telegram's budgets per token, group and private chat, coalesced edits, 429s waited out.
    # With several instances on one token each keeps its share of the token's and of
    # each group's budget (any instance may answer in a group: its lobby, commands, the
    # table of a game it draws); a private chat's hands come from the one instance that
    # draws the game (runtime/table/renderers.py), so it keeps the whole private budget.
    share = settings.instances
    outbox = Outbox(Budgets(per_second=settings.overall_rate / share,
                            group_per_minute=settings.group_rate_per_minute / share,
                            private_per_second=settings.private_rate_per_second),
                    retries=settings.rate_limit_retries, metrics=metrics)
    metrics.outbox_waiting.set_function(outbox.queued)
    # (ignore: the builder's generics fix the limiter's per-call arguments at None)
    builder = builder.rate_limiter(outbox)  # type: ignore[arg-type]
    app = builder.build()
    db = Database(settings.database_url)
    db.timing = metrics.db_timing
    games, chats, lobbies = GameService(db, clock=clock), ChatService(db), LobbyService(db)
    api = BotApi()  # every Bot API request of the runtime goes through it
    runtime = GameRuntime(games=games, chats=chats, api=api,
                          brain=brain or make_brain(settings.computer_budget, settings.ai_workers),
                          settings=settings, clock=clock, rng=rng, metrics=metrics)
    desk = LobbyDesk(lobbies=lobbies, games=games, chats=chats, api=api, runtime=runtime,
                     private_chat_wait=settings.private_chat_wait,
                     edit_interval=settings.lobby_edit_interval)
    matchmaking = Matchmaking(quick=QuickMatchService(db, clock=clock), games=games,
                              chats=chats, api=api, runtime=runtime,
                              sweep_every=settings.quick_sweep,
                              lonely_after=settings.quick_lonely_after,
                              waiting_grace=settings.quick_waiting_grace)
    stats = StatsService(db)
    seasons = SeasonEnds(stats=stats, chats=chats, api=api, clock=clock, tasks=runtime.tasks,
                         every=settings.notice_check)
    digests = WeeklyDigests(stats=stats, chats=chats, api=api, clock=clock,
                            tasks=runtime.tasks, every=settings.notice_check)
    tournaments = Tournaments(
        service=TournamentService(db, clock, ready_wait=timedelta(
            seconds=settings.tournament_ready_wait)),
        games=games, chats=chats, api=api, runtime=runtime, tasks=runtime.tasks,
        every=settings.tournament_check, shared=settings.instances > 1)
    app.bot_data["services"] = Services(settings=settings, db=db, lobbies=lobbies, games=games,
                                        chats=chats, stats=stats, api=api, seasons=seasons,
                                        digests=digests, tournaments=tournaments,
                                        runtime=runtime, desk=desk, metrics=metrics,
                                        matchmaking=matchmaking,
                                        forgetting=Forgetting(
                                            service=ForgetService(db, games),
                                            runtime=runtime, desk=desk,
                                            tournaments=tournaments))
    app.bot_data["webhook_replies"] = replies  # for the webhook server (bot/launch/serve.py)
    app.bot_data["webapp"] = _webapp(settings, app, runtime, clock, metrics, desk, matchmaking)
    register(app)
    return app


def _webapp(settings: Settings, app: Application, runtime: GameRuntime,
            clock: Callable[[], datetime], metrics: Metrics, desk: LobbyDesk,
            matchmaking: Matchmaking) -> WebAppServer | None:
    """The Mini App (bot/webapp) when the operator gives its public URL: its live hub on the
    runtime, its links on every deal, its routes for the server bot/launch/serve.py runs."""
    if not settings.webapp_url:
        return None
    hub = LiveHub(runtime, clock)
    metrics.webapp_pages.set_function(hub.pages)
    runtime.displays.links = make_links(settings.webapp_url, settings.webapp_name,
                                        lambda: _username(app))
    rooms = Rooms(runtime=runtime, desk=desk, matchmaking=matchmaking,
                  bot_username=lambda: _username(app))
    boards = Boards(token=settings.token, pages=PagesService(runtime.games.db),
                    chats=runtime.chats, is_member=runtime.api.is_group_member, clock=clock)
    return WebAppServer(token=settings.token, runtime=runtime, hub=hub, rooms=rooms,
                        boards=boards,
                        base_path=urlsplit(settings.webapp_url).path or "/webapp")


def _username(app: Application) -> str | None:
    try:
        return app.bot.username
    except RuntimeError:  # before getMe (initialize): no links in groups yet
        return None


async def _post_init(app: Application) -> None:
    svc: Services = app.bot_data["services"]
    if svc.db.is_sqlite and svc.settings.migrate_sqlite:
        from bot.storage.migrate import upgrade

        await upgrade(svc.db)
    await register_commands(app.bot)
    await svc.runtime.start(app.bot)
    svc.matchmaking.start()
    svc.seasons.start()
    svc.digests.start()
    svc.tournaments.start()


async def _post_stop(app: Application) -> None:
    """After the handlers finished, before the HTTP client closes: the runtime stops its
    loops and draws its pending edits (a SIGTERM loses no final table)."""
    svc: Services = app.bot_data["services"]
    await svc.runtime.drain()
    await svc.tournaments.stop()


async def _post_shutdown(app: Application) -> None:
    svc: Services = app.bot_data["services"]
    await svc.runtime.stop()
    await svc.runtime.brain.close()
    await svc.db.dispose()
