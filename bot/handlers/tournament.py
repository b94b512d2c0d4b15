"""/tournament in a group and the buttons of its standings message.

    /tournament [knockout|league] [minutes]        open one (entries close after minutes,
                                                  10 by default, 1-60)
    /tournament                                   while one is on: its message again, at
                                                  the bottom of the chat
    /tournament cancel                            the host or an admin ends it
"""

from __future__ import annotations

from datetime import timedelta

from telegram import Update

from bot.i18n import t
from bot.render.refusals import refusal_text
from bot.service.errors import Code, LobbyError, NotAllowed, NotFound, ServiceError
from bot.service.tournaments import KNOCKOUT, ROUND_ROBIN

from .buttons import answered
from .context import BotContext, chat_locale, display_name, is_private

FORMAT_WORDS = {"knockout": KNOCKOUT, "ko": KNOCKOUT, "league": ROUND_ROBIN,
                "roundrobin": ROUND_ROBIN, "round-robin": ROUND_ROBIN, "rr": ROUND_ROBIN}
JOIN_MINUTES, MOST_MINUTES = 10, 60


async def command(update: Update, context: BotContext) -> None:
    svc = context.services
    locale = await chat_locale(update, context)
    message, chat, user = update.effective_message, update.effective_chat, update.effective_user
    assert message is not None and chat is not None and user is not None
    if is_private(update):
        await message.reply_text(t(locale, "tour.only_groups"))
        return
    words = [w.lower() for w in (context.args or [])]
    try:
        current = await svc.tournaments.service.in_chat(chat.id)
        if words == ["cancel"]:
            if current is None:
                raise NotFound(Code.NO_TOURNAMENT)
            await svc.tournaments.cancel(current, user.id)
            return
        if current is not None:
            await svc.tournaments.show_again(current.id)
            return
        parsed = _parse(words)
        if parsed is None:
            await message.reply_text(t(locale, "tour.usage", most=MOST_MINUTES))
            return
        fmt, minutes = parsed
        if await svc.chats.running_game(chat.id) is not None:
            raise LobbyError(Code.GAME_RUNNING)
        if await svc.chats.open_lobby(chat.id) is not None:
            raise LobbyError(Code.LOBBY_EXISTS)
        if not await svc.api.can_message(user.id):
            raise NotAllowed(Code.NEED_PRIVATE_CHAT, names=display_name(user))
        settings = await svc.lobbies.settings_in_chat(chat.id)
        view = await svc.tournaments.service.create(
            chat.id, chat.title or "", user.id, display_name(user), fmt, settings,
            timedelta(minutes=minutes))
        svc.tournaments.redraw(view.id)
    except ServiceError as exc:
        await message.reply_text(refusal_text(locale, exc))


def _parse(words: list[str]) -> tuple[str, int] | None:
    """(format, minutes to join) from the command's words; None when they say neither."""
    fmt, minutes = KNOCKOUT, JOIN_MINUTES
    for word in words[:2]:
        if word in FORMAT_WORDS:
            fmt = FORMAT_WORDS[word]
        elif word.isdigit() and len(word) <= 3 and 1 <= int(word) <= MOST_MINUTES:
            minutes = int(word)
        else:
            return None
    return (fmt, minutes) if len(words) <= 2 else None


async def button(update: Update, context: BotContext) -> None:
    """Join, Leave, the format, Start (the host's or an admin's), Ready (the called
    match's people)."""
    await answered(update, context, _press(update, context))


async def _press(update: Update, context: BotContext) -> None:
    query, user, message = update.callback_query, update.effective_user, update.effective_message
    assert query is not None and query.data is not None and user is not None
    if message is None or is_private(update):
        raise NotAllowed(Code.WRONG_CHAT)
    ident, action = query.data[2:].split(":", 1)
    await context.services.tournaments.press(int(ident), action, user.id,
                                             display_name(user), message.chat.id)
