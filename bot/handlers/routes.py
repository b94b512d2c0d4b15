"""Every handler the bot has, registered in one place: commands by name, buttons by the
pattern of their callback data (one handler per kind of button)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Coroutine
from typing import Any

from telegram import Update
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    ChatMemberHandler,
    ChosenInlineResultHandler,
    CommandHandler,
    InlineQueryHandler,
    TypeHandler,
)

from bot.render.callback import CallbackKind, pattern, ui_pattern
from bot.render.inline import PLACEHOLDER_DATA
from bot.render.tournament import DATA as TOURNAMENT_DATA
from bot.runtime import log_context

from . import buttons, commands, inline, quick, top, tournament
from .context import BotContext
from .errors import on_error

Button = Callable[[Update, BotContext], Coroutine[Any, Any, None]]

COMMANDS = (
    ("start", commands.start),
    (["newgame", "new"], commands.newgame),
    ("play", commands.play),
    ("join", commands.join),
    ("leave", commands.leave),
    (["startgame", "go"], commands.startgame),
    ("settings", commands.settings),
    ("cancel", commands.cancel),
    ("rules", commands.rules),
    ("top", top.top),
    ("season", top.season),
    ("digest", top.digest),
    ("tournament", tournament.command),
    ("stats", commands.stats),
    ("language", commands.language),
    ("notify", commands.notify),
    ("phrases", commands.phrases),
    ("quick", quick.command),
    ("forget", commands.forget),
    ("help", commands.help_command),
)

BUTTONS = (
    (buttons.move, pattern(CallbackKind.MOVE, CallbackKind.MOVE_TEXT)),
    (buttons.pick, ui_pattern(r"back|pick\d+")),
    (buttons.swap, ui_pattern(r"swap|sw\d{1,4}")),
    (buttons.hint, ui_pattern("hint")),
    (buttons.say, ui_pattern(r"say\d?")),
    (quick.safety, ui_pattern(r"(?:blk|rep)\d{1,2}")),
    (quick.button, re.compile(r"^q:(?:leave|ai|go)$")),
    (buttons.next_deal, ui_pattern("next|nextnow")),
    (buttons.chat_top, ui_pattern("top")),
    (buttons.lobby, pattern(CallbackKind.LOBBY)),
    (buttons.setting, pattern(CallbackKind.SETTINGS)),
    (buttons.forget, re.compile(r"^pforget=(yes|no)$")),  # before the other preferences
    (top.top_button, re.compile(top.TOP_DATA)),
    (tournament.button, re.compile(TOURNAMENT_DATA)),
    (buttons.preference, pattern(CallbackKind.PREFERENCE)),
    (inline.placeholder, re.compile(rf"^{PLACEHOLDER_DATA}$")),
)

# The kinds of update the bot asks Telegram for (polling's and the webhook's
# allowed_updates): what the handlers below handle, and nothing else.
ALLOWED_UPDATES = ("message", "callback_query", "inline_query", "chosen_inline_result",
                   "my_chat_member")


async def note_update(update: Update, _context: object) -> None:
    """Every log line written while handling ``update`` names it and its chat (each update
    runs in its own task, so this holds for that update alone)."""
    log_context.update_id.set(update.update_id)
    if update.effective_chat is not None:
        log_context.chat_id.set(update.effective_chat.id)


def timed(button: Button) -> Button:
    """``button``, with the time from its start until it handled and answered the press
    measured (``durak_press_answer_seconds``, by the handler's name: a fixed set)."""
    name = button.__name__

    async def handler(update: Update, context: BotContext) -> None:
        started = time.perf_counter()
        try:
            await button(update, context)
        finally:
            metrics = context.services.metrics
            if metrics is not None:
                metrics.press_answer.labels(name).observe(time.perf_counter() - started)

    handler.__name__ = handler.__qualname__ = name
    handler.__doc__ = button.__doc__
    return handler


def register(app: Application) -> None:
    # Group -1 runs first, for every update, and lets the other groups run after it.
    app.add_handler(TypeHandler(Update, note_update), group=-1)
    for names, command in COMMANDS:
        app.add_handler(CommandHandler(names, command))
    for button, data_pattern in BUTTONS:
        app.add_handler(CallbackQueryHandler(timed(button), pattern=data_pattern))
    # forged or outdated data
    app.add_handler(CallbackQueryHandler(timed(buttons.unknown)))
    app.add_handler(InlineQueryHandler(inline.inline_query))
    app.add_handler(ChosenInlineResultHandler(inline.chosen_inline_result))
    app.add_handler(ChatMemberHandler(commands.on_blocked, ChatMemberHandler.MY_CHAT_MEMBER))
    app.add_error_handler(on_error)
