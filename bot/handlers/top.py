"""The leaderboards' commands: /top (this season's board, the all-time one a button away)
and its buttons; /season (the running season; a group's admins turn its end's message on
or off) and /digest (a group's admins turn the weekly digest on or off)."""

from __future__ import annotations

import logging

from telegram import Update

from bot.i18n import t
from bot.render.refusals import refusal_text
from bot.render.screen import Screen
from bot.render.top import BOARDS, season_name, top_screen
from bot.runtime.digests import DIGEST_PREFERENCE
from bot.runtime.seasons import SEASON_END_PREFERENCE
from bot.service.errors import Code, NotAllowed
from bot.service.seasons import season_of
from bot.service.venues import QUICK_LADDER
from bot.webapp.links import standings_link

from .buttons import answer
from .context import BotContext, chat_locale, is_private, person_locale

log = logging.getLogger(__name__)

TOP_DATA = r"^ptop=[cgq][sa]$"  # the buttons' data (``render.top.top_screen``)


async def board_screen(context: BotContext, locale: str, board: str, chat_id: int,
                       this_season: bool) -> Screen:
    """The board ``board`` ("c" the chat ``chat_id``'s, "g" global, "q" the quick
    games' ladder), this season's or all time."""
    svc = context.services
    key = {"c": chat_id, "g": None, "q": QUICK_LADDER}[board]
    title = t(locale, "quick.ladder_title" if board == "q" else "top.title")
    if this_season:
        season = season_of(svc.runtime.clock())
        rows = await svc.stats.season_board(season, key, limit=10)
        screen = top_screen(locale, board, title, season, rows)
    else:
        rows = await svc.stats.leaderboard("fewest_matchsticks", key, limit=10)
        screen = top_screen(locale, board, title, None, rows)
    link = standings_link(svc.settings.webapp_url, svc.settings.webapp_name,
                          context.bot.username, chat_id) if board == "c" else None
    if link is None:  # no Mini App: the text is the whole board
        return screen
    return Screen(screen.text, (*screen.rows, ((t(locale, "btn.open_standings"), link),)))


async def top(update: Update, context: BotContext) -> None:
    """/top: this season's board of the chat; in a private chat the quick games' ladder
    ("/top all": every game's)."""
    locale = await chat_locale(update, context)
    chat = update.effective_chat
    message = update.effective_message
    assert chat is not None and message is not None
    if is_private(update):
        board = "g" if (context.args or [""])[0].lower() == "all" else "q"
    else:
        board = "c"
    screen = await board_screen(context, locale, board, chat.id, this_season=True)
    await message.reply_text(screen.text, reply_markup=screen.markup())


async def top_button(update: Update, context: BotContext) -> None:
    """"All time" / "This season" under /top's answer: the other view, in place. The
    chat's board only in that group (the chat is Telegram's word, not the button's)."""
    query = update.callback_query
    assert query is not None and query.data is not None
    board, view = query.data[5], query.data[6]
    message = query.message
    if board not in BOARDS or message is None or (board == "c") == is_private(update):
        await answer(query, refusal_text(await person_locale(update, context),
                                         Code.STALE_BUTTON))
        return
    locale = await chat_locale(update, context)  # the board's words are the chat's
    screen = await board_screen(context, locale, board, message.chat.id,
                                this_season=view == "s")
    await answer(query)
    try:
        await query.edit_message_text(screen.text, reply_markup=screen.markup())
    except Exception as exc:  # "not modified" (pressed twice), or the message is gone
        log.info("could not show the other board in chat %s: %s", message.chat.id, exc)


async def _switch(update: Update, context: BotContext, preference: str,
                  default: bool, usage: str, only_groups: str) -> tuple[str, bool] | None:
    """A group preference switched by ``/<command> on|off`` (admins; no argument: as it
    is): (the chat's locale, whether it is on now); None when answered already (a private
    chat, a wrong argument, not an admin)."""
    svc = context.services
    locale = await chat_locale(update, context)
    chat, message = update.effective_chat, update.effective_message
    assert chat is not None and message is not None and update.effective_user is not None
    if is_private(update):
        await message.reply_text(t(locale, only_groups))
        return None
    wanted = (context.args or [""])[0].lower()
    if wanted not in ("", "on", "off"):
        await message.reply_text(t(locale, usage))
        return None
    if wanted:
        if not await svc.api.is_admin(chat.id, update.effective_user.id):
            await message.reply_text(refusal_text(locale, NotAllowed(Code.HOST_OR_ADMIN)))
            return None
        await svc.chats.set_preference(chat.id, preference, wanted == "on")
    value = (await svc.chats.preferences(chat.id)).get(preference)
    return locale, default if value is None else value is True


async def season(update: Update, context: BotContext) -> None:
    """/season in a group: the running season and whether its end gets a message;
    ``/season on|off`` (admins) turns that message on or off (on by default)."""
    switched = await _switch(update, context, SEASON_END_PREFERENCE, True, "season.usage",
                             "season.only_groups")
    if switched is None:
        return
    locale, on = switched
    name = season_name(locale, season_of(context.services.runtime.clock()))
    assert update.effective_message is not None
    await update.effective_message.reply_text(
        t(locale, "season.status_on" if on else "season.status_off", season=name))


async def digest(update: Update, context: BotContext) -> None:
    """/digest in a group: whether the weekly digest is on; ``/digest on|off`` (admins)
    turns it on or off (off by default)."""
    switched = await _switch(update, context, DIGEST_PREFERENCE, False, "digest.usage",
                             "digest.only_groups")
    if switched is None:
        return
    locale, on = switched
    assert update.effective_message is not None
    await update.effective_message.reply_text(t(locale, "digest.on" if on else "digest.off"))
