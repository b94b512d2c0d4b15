"""Which commands the bot lists in Telegram's menu, per scope, with localised descriptions.

Pure data for set_my_commands (the handler layer turns the pairs into BotCommand objects).
Aliases (/new, /go) work but are not listed: the menu stays short.
"""

from __future__ import annotations

from . import t

GROUP_COMMANDS = (
    "newgame", "join", "leave", "startgame", "settings", "cancel", "rules", "top", "stats",
    "language", "help",
)
PRIVATE_COMMANDS = ("start", "newgame", "rules", "stats", "language", "help")


def command_menu(locale: str, names: tuple[str, ...]) -> list[tuple[str, str]]:
    """[(command, description)] in ``locale`` for the given command names."""
    return [(name, t(locale, f"cmd.{name}")) for name in names]
