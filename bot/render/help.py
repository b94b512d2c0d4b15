"""``/help``: how to play here, then every command of the chat's menu with its description
(the same ``cmd.*`` texts Telegram's command menu shows, in the same language)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import t


def help_text(locale: str, commands: Iterable[str], *, private: bool) -> str:
    lines = [t(locale, "help.private" if private else "help.group"), "",
             t(locale, "help.commands")]
    lines += [f"/{name} — {t(locale, f'cmd.{name}')}" for name in commands]
    return "\n".join(lines)
