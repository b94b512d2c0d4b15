"""What every handler gets: a typed context (``BotContext``: PTB's ``CallbackContext`` with
``context.services``, registered through ``CONTEXT_TYPES``), and small readers of the
update (who asks, in which language to answer)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from telegram import Update, User
from telegram.ext import CallbackContext, ContextTypes, ExtBot

from bot.config import Settings
from bot.metrics import Metrics
from bot.runtime.delivery.bot_api import BotApi
from bot.runtime.digests import WeeklyDigests
from bot.runtime.driver import GameRuntime
from bot.runtime.forgetting import Forgetting
from bot.runtime.lobby.desk import LobbyDesk, Person
from bot.runtime.matchmaking import Matchmaking
from bot.runtime.seasons import SeasonEnds
from bot.runtime.tournaments import Tournaments
from bot.service.chats import ChatService
from bot.service.games import GameService
from bot.service.lobby import LobbyService
from bot.service.stats import StatsService
from bot.storage.database import Database


@dataclass
class Services:
    """The process's services, built once by ``bot.app.build_application``."""

    settings: Settings
    db: Database
    lobbies: LobbyService
    games: GameService
    chats: ChatService
    stats: StatsService
    api: BotApi  # every Bot API request of the runtime (sends, edits, membership questions)
    runtime: GameRuntime  # running deals: messages, computer players, timers, presses
    desk: LobbyDesk  # lobbies: joining, settings, starting (and their in-memory state)
    forgetting: Forgetting  # /forget: leave what the person takes part in, delete their data
    matchmaking: Matchmaking  # /quick: the shared queue, tables of strangers, their safety
    seasons: SeasonEnds  # a season's end told to the groups that played in it
    digests: WeeklyDigests  # the week's digest sent to the groups that asked for it
    tournaments: Tournaments  # a group's tournaments: entries, matches, the standings
    metrics: Metrics | None = None  # what /metrics shows (bot.metrics); None: not measured


class BotContext(CallbackContext[ExtBot[None], dict[Any, Any], dict[Any, Any], dict[Any, Any]]):
    """The context every handler receives (``ApplicationBuilder.context_types``)."""

    @property
    def services(self) -> Services:
        return self.bot_data["services"]


CONTEXT_TYPES = ContextTypes(context=BotContext)


def display_name(user: User) -> str:
    return (user.full_name or user.username or str(user.id))[:128]


def first_name(user: User) -> str:
    """What strangers may see of a person: the first name Telegram shows, nothing more."""
    return (user.first_name or "?")[:64]


def person(update: Update) -> Person:
    """Who sent the update, as the services take it."""
    user = update.effective_user
    assert user is not None
    return Person(user.id, display_name(user), user.language_code)


def is_private(update: Update) -> bool:
    return update.effective_chat is not None and update.effective_chat.type == "private"


def start_link(context: BotContext, payload: str) -> str:
    return f"https://t.me/{context.bot.username}?start={payload}"


async def chat_locale(update: Update, context: BotContext) -> str:
    """The language to answer in this chat (a command's reply)."""
    chat, user = update.effective_chat, update.effective_user
    return await context.services.chats.locale(
        chat_id=chat.id if chat else None, user_id=user.id if user else None,
        reported=user.language_code if user else None)


async def person_locale(update: Update, context: BotContext) -> str:
    """The language to answer the person who pressed (a button's answer is theirs alone)."""
    user = update.effective_user
    return await context.services.chats.locale(
        user_id=user.id if user else None, reported=user.language_code if user else None)
