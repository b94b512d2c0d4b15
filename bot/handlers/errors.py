"""The error handler: log every failure with its context; the process never dies of one.

A known failure (the database or Telegram not answering: ``runtime.faults``) is one
warning line; anything else is a bug, logged with its traceback. A pending press is
answered with the reason that is true: the game's storage not answering (the move was
not applied: the service's transaction failed), Telegram not answering (the press's own
answer never comes here: ``buttons.answer`` keeps it, so a move that was applied is never
told "try again"), or something else going wrong."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot.i18n import t
from bot.runtime.faults import known_failure
from bot.service.languages import choose_locale
from bot.storage.failures import database_failure

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
    error = context.error
    known = known_failure(error) if error is not None else None
    if known is None:
        log.error("error while handling %s: %r", where, error, exc_info=error)
    else:
        log.warning("could not handle %s: %s", where, known)
    if isinstance(update, Update) and update.callback_query is not None:
        try:
            user = update.callback_query.from_user
            # Only what the update says: the failure may be the database itself.
            locale = choose_locale(reported=user.language_code if user else None)
            await update.callback_query.answer(t(locale, message_key(error)))
        except Exception:
            pass  # already answered, or Telegram is unreachable: the log has it


def message_key(error: BaseException | None) -> str:
    """The catalogue key of what a press is told when ``error`` stopped it: the storage
    only when the database failed, Telegram when Telegram refused or did not answer."""
    if error is None or known_failure(error) is None:
        return "err.internal"
    if isinstance(error, TelegramError):
        return "err.telegram"
    if database_failure(error) is not None:
        return "err.unavailable"
    return "err.internal"
