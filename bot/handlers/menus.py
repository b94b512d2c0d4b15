"""The command menus Telegram shows, per scope (groups, private chats) and language."""

from __future__ import annotations

import logging

from telegram import BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats

from bot.i18n import LOCALES, t
from bot.i18n.commands import GROUP_COMMANDS

log = logging.getLogger(__name__)
PRIVATE_MENU = ("start", "play", "rules", "stats", "top", "language", "help")


async def register_commands(bot) -> None:
    """set_my_commands for both scopes in every language (English also as the default)."""
    for scope, names in ((BotCommandScopeAllGroupChats(), GROUP_COMMANDS),
                         (BotCommandScopeAllPrivateChats(), PRIVATE_MENU)):
        for locale in (None, *LOCALES):
            commands = [BotCommand(name, t(locale or "en", f"cmd.{name}")) for name in names]
            try:
                await bot.set_my_commands(commands, scope=scope, language_code=locale)
            except Exception:
                log.exception("set_my_commands failed (%s, %s)", scope.type, locale)
