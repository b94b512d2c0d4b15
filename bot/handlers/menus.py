"""The command menus Telegram shows, per scope (groups, private chats) and language: the
one definition of which commands are listed. Aliases (/new, /go) work but are not
listed, so the menu stays short."""

from __future__ import annotations

import logging

from telegram import Bot, BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats

from bot.i18n import LOCALES, t

log = logging.getLogger(__name__)
GROUP_MENU = ("newgame", "join", "leave", "startgame", "settings", "cancel", "rules", "top",
              "season", "digest", "tournament", "stats", "language", "help")
PRIVATE_MENU = ("start", "quick", "play", "newgame", "leave", "rules", "stats", "top",
                "language", "notify", "phrases", "forget", "help")


def menu_entries(locale: str, names: tuple[str, ...]) -> list[tuple[str, str]]:
    """[(command, description)] in ``locale``, as set_my_commands lists them."""
    return [(name, t(locale, f"cmd.{name}")) for name in names]


async def register_commands(bot: Bot) -> None:
    """set_my_commands for both scopes in every language (English also as the default)."""
    for scope, names in ((BotCommandScopeAllGroupChats(), GROUP_MENU),
                         (BotCommandScopeAllPrivateChats(), PRIVATE_MENU)):
        for locale in (None, *LOCALES):
            commands = [BotCommand(name, text)
                        for name, text in menu_entries(locale or "en", names)]
            try:
                await bot.set_my_commands(commands, scope=scope, language_code=locale)
            except Exception:
                log.exception("set_my_commands failed (%s, %s)", scope.type, locale)
