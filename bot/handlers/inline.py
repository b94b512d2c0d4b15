"""Inline mode: a game in any chat, the bot not a member (``@<bot>`` typed in a chat).

Telegram's order of events: the person types (``inline_query``: we answer with the games
to offer), chooses one (Telegram posts its message in that chat, ``via_bot`` us), and tells
us which (``chosen_inline_result``, with the message's ``inline_message_id``; BotFather's
inline feedback must be on: docs/operators.md). Only then does the lobby exist: the
posted message carries a placeholder Join until the lobby is drawn into it. From then on
the message is the lobby and later the game's table (``runtime/lobby/desk.py``,
``runtime/table/``), edited by its ``inline_message_id``: the bot can send nothing else
into a chat it is not in.
"""

from __future__ import annotations

import logging

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    Update,
)
from telegram.error import TelegramError

from bot.i18n import t
from bot.render.inline import offers, posted_screen, settings_of
from bot.runtime.lobby.desk import Person
from bot.service.errors import ServiceError

from .buttons import answer
from .context import BotContext, display_name, person_locale

log = logging.getLogger(__name__)

MAX_RESULTS = 50  # Telegram's limit for one answer


async def inline_query(update: Update, context: BotContext) -> None:
    """Someone typed ``@<bot> words`` in a chat: offer the games (their last one first)."""
    query = update.inline_query
    assert query is not None
    locale = await person_locale(update, context)
    last = await context.services.lobbies.last_settings_of(query.from_user.id)
    results = []
    for offer in offers(locale, query.query, last)[:MAX_RESULTS]:
        screen = posted_screen(locale, offer)
        keyboard = InlineKeyboardMarkup([[InlineKeyboardButton(label, callback_data=data)
                                          for label, data in row] for row in screen.rows])
        results.append(InlineQueryResultArticle(
            id=offer.id, title=offer.title, description=offer.description,
            input_message_content=InputTextMessageContent(screen.text),
            reply_markup=keyboard))
    try:
        # Personal (the first offer is this person's last game) and never cached: the
        # choice must come back to us as chosen_inline_result.
        await query.answer(results, cache_time=0, is_personal=True)
    except TelegramError as exc:  # too late (15 s) or refused: nothing else to do
        log.info("could not answer an inline query: %s", exc)


async def chosen_inline_result(update: Update, context: BotContext) -> None:
    """A game was chosen: its message is posted; make it the lobby."""
    chosen = update.chosen_inline_result
    assert chosen is not None
    if chosen.inline_message_id is None:  # no keyboard, no message to edit: not ours
        return
    user = chosen.from_user
    last = await context.services.lobbies.last_settings_of(user.id)
    settings = settings_of(chosen.result_id, last)
    if settings is None:
        log.info("chosen inline result %r is none of ours", chosen.result_id)
        return
    who = Person(user.id, display_name(user), user.language_code)
    try:
        await context.services.desk.open_inline(chosen.inline_message_id, who, settings)
    except ServiceError as exc:
        log.info("could not open the inline game: %s", exc)


async def placeholder(update: Update, context: BotContext) -> None:
    """Join pressed on a message whose lobby is not drawn yet (the choice is still on its
    way to us): say so; the press changes nothing."""
    query = update.callback_query
    assert query is not None
    await answer(query, t(await person_locale(update, context), "inline.not_ready"))
