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

import asyncio
import logging

from telegram import (
    InlineQueryResultArticle,
    InputTextMessageContent,
    Update,
)
from telegram.error import RetryAfter, TelegramError

from bot.i18n import t
from bot.render.inline import invitation_article, offers, posted_screen, settings_of
from bot.runtime.lobby.desk import Person
from bot.service.errors import ServiceError
from bot.service.lobby import INVITE
from bot.service.venues import VenueKind

from .buttons import answer
from .context import BotContext, display_name, person_locale

log = logging.getLogger(__name__)

MAX_RESULTS = 50  # Telegram's limit for one answer
INLINE_RETRY_LIMIT = 5.0  # the longest 429 waited out (a query lives 15 s)


async def inline_query(update: Update, context: BotContext) -> None:
    """Someone typed ``@<bot> words`` in a chat: offer the games (their last one first)."""
    query = update.inline_query
    assert query is not None
    locale = await person_locale(update, context)
    results = await _invitation(context, locale, query.query.strip(), query.from_user.id)
    last = await context.services.lobbies.last_settings_of(query.from_user.id)
    for offer in offers(locale, query.query, last)[:MAX_RESULTS - len(results)]:
        screen = posted_screen(locale, offer)
        results.append(InlineQueryResultArticle(
            id=offer.id, title=offer.title, description=offer.description,
            input_message_content=InputTextMessageContent(screen.text),
            reply_markup=screen.markup()))
    # Personal (the first offer is this person's last game) and never cached: the choice
    # must come back to us as chosen_inline_result. Answers skip the outbox's budget, so a
    # busy token may refuse one with a 429: waited out once while the query still lives
    # (Telegram takes an answer for 15 s), else the person types @bot again to no list.
    for attempt in (1, 2):
        try:
            await query.answer(results, cache_time=0, is_personal=True)
            return
        except RetryAfter as exc:
            wait = exc.retry_after if isinstance(exc.retry_after, (int, float)) \
                else exc.retry_after.total_seconds()
            if attempt == 2 or wait > INLINE_RETRY_LIMIT:
                log.info("could not answer an inline query: %s", exc)
                return
            await asyncio.sleep(wait)
        except TelegramError as exc:  # too late (15 s) or refused: nothing else to do
            log.info("could not answer an inline query: %s", exc)
            return


async def _invitation(context: BotContext, locale: str, text: str,
                      user_id: int) -> list[InlineQueryResultArticle]:
    """A table by link's Share button types ``j<invite>``: offer the invitation to it
    (to its players only: nobody else learns of a table by typing its code)."""
    if not (text.startswith("j") and INVITE.fullmatch(text[1:])):
        return []
    svc = context.services
    try:
        lobby = await svc.lobbies.find_by_invite(text[1:])
    except ServiceError:
        return []
    if lobby.place.kind is not VenueKind.LINK or \
            not any(m.user_id == user_id for m in lobby.members):
        return []
    return [invitation_article(locale, lobby, svc.desk.join_link(lobby) or "")]


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
