"""Quick match with strangers, on the Telegram side: /quick, the waiting message's buttons
and the start screen's, and the safety buttons under a finished quick deal. The workflow
is ``runtime/matchmaking.py``'s; the queue is the database's (``service/quick``)."""

from __future__ import annotations

from telegram import Update

from bot.i18n import t
from bot.render.quick import COMPUTER_DATA, LEAVE_DATA
from bot.render.refusals import refusal_text
from bot.service.errors import ServiceError
from bot.service.quick import QuickRequest
from bot.service.quick.requests import DEFAULT_PLAYERS, DEFAULT_PRESET

from .buttons import answer, answered, button_ids, decoded
from .commands import refuse, reply
from .context import BotContext, chat_locale, first_name, is_private, person, person_locale


async def command(update: Update, context: BotContext) -> None:
    """/quick [GAME] [PLAYERS]: wait for strangers to play (two-player podkidnoy unless
    said), in the private chat."""
    if not is_private(update):
        await reply(update, t(await chat_locale(update, context), "err.private_only"))
        return
    request = quick_request(context.args or [])
    if request is None:
        await reply(update, t(await chat_locale(update, context), "quick.usage"))
        return
    await queue_quick(update, context, request)


async def queue_quick(update: Update, context: BotContext, request: QuickRequest) -> None:
    user = update.effective_user
    assert user is not None
    svc, who = context.services, person(update)
    await svc.chats.remember_user(who.id, who.name, who.language)
    try:
        await svc.matchmaking.queue(who, first_name(user), request)
    except ServiceError as exc:
        await refuse(update, context, exc)


def quick_request(words: list[str]) -> QuickRequest | None:
    """What /quick's words ask for: a game (a preset's name) and a player count, in any
    order; None when they are not that (the engine judges the game itself)."""
    preset, players = DEFAULT_PRESET, DEFAULT_PLAYERS
    if len(words) > 2:
        return None
    for word in words:
        if word.isdigit() and len(word) <= 3:
            players = int(word)
        elif word.replace("_", "").isalpha() and len(word) <= 40:
            preset = word.lower()
        else:
            return None
    return QuickRequest(preset, players)


async def button(update: Update, context: BotContext) -> None:
    """The quick match's buttons: "Stop waiting", "Play a computer instead", and the start
    screen's quick game."""
    query = update.callback_query
    assert query is not None
    svc, who = context.services, person(update)
    locale = await person_locale(update, context)
    if query.data == LEAVE_DATA:
        try:
            await svc.matchmaking.leave(who.id)
        except ServiceError:
            await answer(query, t(locale, "quick.not_waiting"))
            return
        await answer(query)
    elif query.data == COMPUTER_DATA:
        try:
            await svc.matchmaking.computer_instead(who, lambda: svc.desk.open_solo(
                who.id, who, lambda screen: svc.api.send(who.id, screen)))
        except ServiceError as exc:
            await answer(query, refusal_text(locale, exc))
            return
        await answer(query)
    else:  # QUEUE_DATA: two-player podkidnoy, as /quick alone
        await answer(query)
        await queue_quick(update, context, QuickRequest())


async def safety(update: Update, context: BotContext) -> None:
    """Under a finished quick deal: "Not with X again" (blk<seat>) or "Report X"
    (rep<seat>)."""
    if (data := await decoded(update, context)) is not None:
        await answered(update, context, context.services.matchmaking.safety(
            button_ids(data)[0], person(update).id, int(data.payload[3:]), data.payload[:3]))
