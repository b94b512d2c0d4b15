"""The error handler: log every failure with its context; the process never dies of one.

A known failure (the database or Telegram not answering: ``runtime.faults``) is one
warning line and the press is told the game is briefly unavailable; anything else is a bug,
logged with its traceback."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.ext import ContextTypes

from bot.i18n import t
from bot.runtime.faults import known_failure
from bot.service.languages import choose_locale

log = logging.getLogger("bot.errors")


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log with the update's chat, user and payload; answer a pending button press."""
    where = {}
    if isinstance(update, Update):
        where = {"chat": update.effective_chat.id if update.effective_chat else None,
                 "user": update.effective_user.id if update.effective_user else None,
                 "data": update.callback_query.data if update.callback_query else None,
                 "text": (update.effective_message.text if update.effective_message
                          and not update.callback_query else None)}
    known = known_failure(context.error) if context.error is not None else None
    if known is None:
        log.error("error while handling %s: %r", where, context.error, exc_info=context.error)
    else:
        log.warning("could not handle %s: %s", where, known)
    if isinstance(update, Update) and update.callback_query is not None:
        try:
            user = update.callback_query.from_user
            # Only what the update says: the failure may be the database itself.
            locale = choose_locale(reported=user.language_code if user else None)
            await update.callback_query.answer(
                t(locale, "err.internal" if known is None else "err.unavailable"))
        except Exception:
            pass  # already answered, or Telegram is unreachable: the log has it
