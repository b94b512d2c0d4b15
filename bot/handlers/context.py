"""What every handler reaches through ``context.bot_data["services"]``: the services, the
driver, and the little lobby state that lives only in memory (which menu a lobby message
shows, who still has to open a private chat)."""

from __future__ import annotations

from dataclasses import dataclass, field

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot.i18n import is_plural, locale_for, t, tn
from bot.i18n.reasons import translate_reason


@dataclass
class Services:
    settings: object
    db: object
    lobbies: object
    games: object
    chats: object
    stats: object
    runtime: object
    lobby_mode: dict[int, str] = field(default_factory=dict)
    # (lobby id, user id) of people who joined but cannot receive private messages yet.
    pending: set[tuple[int, int]] = field(default_factory=set)
    # Lobbies whose ``pending`` entries are known in this process. The set lives in memory
    # only: after a restart a lobby is re-derived (every member probed once) the first time
    # it is drawn or started (lobby_actions.pending_of), so no schema change is needed.
    pending_known: set[int] = field(default_factory=set)


def services(context: ContextTypes.DEFAULT_TYPE) -> Services:
    return context.bot_data["services"]


def display_name(user) -> str:
    return (user.full_name or user.username or str(user.id))[:128]


def is_private(update: Update) -> bool:
    return update.effective_chat is not None and update.effective_chat.type == "private"


async def chat_locale(context, update: Update) -> str:
    """The group's language (set with /language, else its creator's); in a private chat
    the user's."""
    svc = services(context)
    chat, user = update.effective_chat, update.effective_user
    if chat is None:
        return locale_for(user.language_code if user else None)
    stored = await svc.chats.language(chat.id)
    if stored:
        return locale_for(stored)
    return locale_for(user.language_code if user else None)


async def user_locale(context, user) -> str:
    svc = services(context)
    found = await svc.chats.user_languages([user.id])
    return locale_for(found.get(user.id) or user.language_code)


async def is_admin(context, chat_id: int, user_id: int) -> bool:
    try:
        member = await context.bot.get_chat_member(chat_id, user_id)
    except TelegramError:
        return False
    return member.status in ("creator", "administrator")


def start_link(context, payload: str) -> str:
    return f"https://t.me/{context.bot.username}?start={payload}"


def say(locale: str, key: str, **params) -> str:
    """A catalogue text whether or not the key has plural forms (``n`` picks the form).
    A ``reason`` (the engine's or service's English) is translated where it is known."""
    params["reason"] = translate_reason(locale, str(params.get("reason") or ""))
    if is_plural(key):
        return tn(locale, key, int(params.pop("n", 1)), **params)
    return t(locale, key, **params)
