"""python-telegram-bot handlers: parse the update, call the service, render."""

from __future__ import annotations

from telegram.ext import Application, CallbackQueryHandler, ChatMemberHandler, CommandHandler

from . import buttons, commands
from .errors import on_error


def register(app: Application) -> None:
    for names, callback in (
        ("start", commands.start),
        (["newgame", "new"], commands.newgame),
        ("play", commands.play),
        ("join", commands.join),
        ("leave", commands.leave),
        (["startgame", "go"], commands.startgame),
        ("settings", commands.settings),
        ("cancel", commands.cancel),
        ("rules", commands.rules),
        ("top", commands.top),
        ("stats", commands.stats),
        ("language", commands.language),
        ("help", commands.help_command),
    ):
        app.add_handler(CommandHandler(names, callback))
    app.add_handler(CallbackQueryHandler(buttons.press))
    app.add_handler(ChatMemberHandler(commands.on_blocked, ChatMemberHandler.MY_CHAT_MEMBER))
    app.add_error_handler(on_error)
