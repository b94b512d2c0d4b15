"""Command handlers: check where the command was sent, call one service function, reply.

A command sent in the wrong place gets a clear answer (e.g. /join in a private chat:
"This command works in a group chat."); a refusal is answered with its message
(``bot.render.refusals``).
"""

from __future__ import annotations

import logging

from telegram import ReplyParameters, Update

from bot.i18n import LOCALES, t, tn
from bot.render.callback import encode_preference
from bot.render.help import help_text
from bot.render.lobby import link_joined_screen
from bot.render.quick import QUEUE_DATA
from bot.render.refusals import refusal_text
from bot.render.results import achievement_names, rating_points
from bot.render.rules import rules_text
from bot.render.screen import Screen
from bot.render.top import season_name
from bot.render.tournament import medals_line
from bot.runtime.turns.nudges import PREFERENCE as NUDGE_PREFERENCE
from bot.service.chats import PHRASES as PHRASES_PREFERENCE
from bot.service.errors import Code, LobbyError, ServiceError
from bot.service.seasons import season_of
from bot.service.venues import VenueKind
from bot.webapp.links import stats_link

from .context import (
    BotContext,
    chat_locale,
    display_name,
    is_private,
    person,
    start_link,
)
from .menus import GROUP_MENU, PRIVATE_MENU

log = logging.getLogger(__name__)


async def reply(update: Update, text: str = "", screen: Screen | None = None) -> int | None:
    message = update.effective_message
    assert message is not None
    sent = await message.reply_text(screen.text if screen else text,
                                    reply_markup=screen.markup() if screen else None)
    return sent.message_id


async def refuse(update: Update, context: BotContext, refusal: ServiceError) -> None:
    await reply(update, refusal_text(await chat_locale(update, context), refusal))


async def _in_group(update: Update, context: BotContext) -> bool:
    if is_private(update):
        await reply(update, t(await chat_locale(update, context), "err.group_only"))
        return False
    return True


def _chat_id(update: Update) -> int:
    assert update.effective_chat is not None
    return update.effective_chat.id


def _user_id(update: Update) -> int:
    assert update.effective_user is not None
    return update.effective_user.id


async def start(update: Update, context: BotContext) -> None:
    """/start, and the deep link t.me/<bot>?start=j<invite> that completes a join."""
    if not is_private(update):
        await help_command(update, context)
        return
    svc, who = context.services, person(update)
    await svc.chats.remember_user(who.id, who.name, who.language)
    svc.runtime.person_returned(who.id)
    payload = (context.args or [""])[0]
    if not payload.startswith("j"):
        locale = await chat_locale(update, context)
        await reply(update, "", Screen(t(locale, "start.welcome"),
                                       (((t(locale, "btn.quick"), QUEUE_DATA),),)))
        return
    try:
        group, lobby = await svc.desk.join_by_link(payload[1:], who)
    except ServiceError as exc:
        await refuse(update, context, exc)
        return
    locale = await chat_locale(update, context)
    if lobby.place.kind is VenueKind.LINK:
        await reply(update, "", link_joined_screen(locale, lobby, group))
        return
    await reply(update, t(locale, "lobby.joined_from_private", group=group))


async def newgame(update: Update, context: BotContext) -> None:
    """/newgame (/new): open a lobby in the group; in a private chat, a table by link
    (its lobby here, with the link to send to anyone)."""
    if is_private(update):
        try:
            await context.services.desk.open_link(person(update),
                                                  lambda screen: reply(update, screen=screen))
        except ServiceError as exc:
            await refuse(update, context, exc)
        return
    try:
        if await context.services.tournaments.service.in_chat(_chat_id(update)) is not None:
            raise LobbyError(Code.NO_TOURNAMENT_NOW)
        await context.services.desk.open_group(_chat_id(update), person(update),
                                               lambda screen: reply(update, screen=screen))
    except ServiceError as exc:
        if exc.code is Code.LOBBY_EXISTS and await _point_to_open_lobby(update, context):
            return
        await refuse(update, context, exc)


async def _point_to_open_lobby(update: Update, context: BotContext) -> bool:
    """Answer /newgame with a reply to the lobby already gathering (a tap on the quote
    scrolls there); False when it has no message to point to."""
    svc = context.services
    lobby_id = await svc.chats.open_lobby(_chat_id(update))
    if lobby_id is None:
        return False
    lobby = await svc.lobbies.get(lobby_id)
    if lobby.message_id is None:
        return False
    await svc.api.bot.send_message(
        _chat_id(update), t(await chat_locale(update, context), "lobby.already_open"),
        reply_parameters=ReplyParameters(lobby.message_id, allow_sending_without_reply=True))
    return True


async def play(update: Update, context: BotContext) -> None:
    """/play: a solo game against 1-5 computer players, set up and played in one message."""
    if not is_private(update):
        await reply(update, t(await chat_locale(update, context), "err.private_only"))
        return
    try:
        await context.services.desk.open_solo(_chat_id(update), person(update),
                                              lambda screen: reply(update, screen=screen))
    except ServiceError as exc:
        await refuse(update, context, exc)


async def join(update: Update, context: BotContext) -> None:
    """/join: take a seat in the group's open lobby."""
    if not await _in_group(update, context):
        return
    desk = context.services.desk
    try:
        invite = await desk.join(await desk.lobby_in(_chat_id(update)), person(update))
    except ServiceError as exc:
        await refuse(update, context, exc)
        return
    if invite:
        await reply(update, t(await chat_locale(update, context), "err.open_private_first",
                              link=start_link(context, f"j{invite}")))


async def leave(update: Update, context: BotContext) -> None:
    """/leave: give up a seat in the lobby; in a running deal, leave it (a computer plays
    the seat on and the deal counts as a loss). In a private chat: the person's table that
    lives outside a group (by link, quick, inline)."""
    svc = context.services
    if is_private(update):
        await _leave_away(update, context)
        return
    try:
        game_id = await svc.chats.running_game(_chat_id(update))
        if game_id is not None:
            await svc.runtime.leave(game_id, _user_id(update))
            await reply(update, t(await chat_locale(update, context), "game.you_left"))
            return
        await svc.desk.leave(await svc.desk.lobby_in(_chat_id(update)), _user_id(update))
    except ServiceError as exc:
        await refuse(update, context, exc)


async def _leave_away(update: Update, context: BotContext) -> None:
    svc, user_id = context.services, _user_id(update)
    locale = await chat_locale(update, context)
    try:
        game_id = await svc.chats.table_of(user_id)
        if game_id is not None:
            await svc.runtime.leave(game_id, user_id)
            await reply(update, t(locale, "game.you_left"))
            return
        lobby_id = await svc.chats.lobby_of(user_id)
        if lobby_id is None:
            await reply(update, t(locale, "err.nothing_to_leave"))
            return
        await svc.desk.leave(lobby_id, user_id)
    except ServiceError as exc:
        await refuse(update, context, exc)
        return
    await reply(update, t(locale, "link.left"))


async def startgame(update: Update, context: BotContext) -> None:
    """/startgame (/go): the host starts the game."""
    if not await _in_group(update, context):
        return
    chat = update.effective_chat
    try:
        await context.services.desk.start_in_chat(_chat_id(update), _user_id(update),
                                                  (chat.title if chat else None) or "")
    except ServiceError as exc:
        await refuse(update, context, exc)


async def settings(update: Update, context: BotContext) -> None:
    """/settings: open the settings menu on the lobby message (host and admins)."""
    if not await _in_group(update, context):
        return
    desk = context.services.desk
    try:
        await desk.show_menu(await desk.lobby_in(_chat_id(update)), _user_id(update),
                             "settings")
    except ServiceError as exc:
        await refuse(update, context, exc)


async def cancel(update: Update, context: BotContext) -> None:
    """/cancel: the host or a chat admin cancels the running game or the open lobby."""
    try:
        game_cancelled = await context.services.desk.cancel_in_chat(
            _chat_id(update), _user_id(update), private=is_private(update))
    except ServiceError as exc:
        await refuse(update, context, exc)
        return
    if game_cancelled:
        assert update.effective_user is not None
        await reply(update, t(await chat_locale(update, context), "lobby.cancelled",
                              name=display_name(update.effective_user)))


async def rules(update: Update, context: BotContext) -> None:
    """/rules: the rules this chat plays, in words (its lobby's, its running game's, else
    what its next /newgame starts with)."""
    locale = await chat_locale(update, context)
    settings_ = await context.services.lobbies.settings_in_chat(_chat_id(update))
    await reply(update, rules_text(locale, settings_))


async def stats(update: Update, context: BotContext) -> None:
    """/stats: the user's own statistics (this chat's in a group, plus the rating), this
    season's when they played in it, and their achievements."""
    locale = await chat_locale(update, context)
    user = update.effective_user
    assert user is not None
    chat_id = None if is_private(update) else _chat_id(update)
    season = season_of(context.services.runtime.clock())
    found = await context.services.stats.player(user.id, chat_id, season)
    tally = found.chat_tally if found.chat_tally is not None else found.global_tally
    rating = (str(rating_points(found.rating)) if found.rating is not None
              else t(locale, "stats.no_rating"))
    lines = [t(locale, "stats.text", name=display_name(user),
               games=tn(locale, "count.games", int(tally["games"])),
               fools=tn(locale, "count.fools", int(tally["fools"])),
               draws=tn(locale, "count.draws", int(tally["draws"])),
               sticks=tn(locale, "count.matchsticks", int(tally["matchsticks"])),
               rating=rating)]
    this = found.season_tally
    if this is not None and found.season_rating is not None:
        lines.append(t(locale, "stats.season", season=season_name(locale, season),
                       games=tn(locale, "count.games", int(this["games"])),
                       fools=tn(locale, "count.fools", int(this["fools"])),
                       sticks=tn(locale, "count.matchsticks", int(this["matchsticks"])),
                       rating=rating_points(found.season_rating)))
    medals = await context.services.tournaments.service.medals(user.id)
    if medals:
        lines.append(medals_line(locale, medals))
    if found.achievements:
        lines.append(t(locale, "stats.achievements",
                       achievements=achievement_names(locale, found.achievements)))
    settings = context.services.settings
    link = stats_link(settings.webapp_url, settings.webapp_name, context.bot.username,
                      private=is_private(update))
    rows = (((t(locale, "btn.open_stats"), link),),) if link else ()
    await reply(update, screen=Screen("\n".join(lines), rows))


async def language(update: Update, context: BotContext) -> None:
    """/language: choose the chat's language (each offered in its own name)."""
    locale = await chat_locale(update, context)
    buttons = [(t(code, "lang.name"), encode_preference(f"lang={code}")) for code in LOCALES]
    rows = (tuple(buttons[:3]), tuple(buttons[3:]))
    await reply(update, "", Screen(t(locale, "lang.choose"), rows))


async def notify(update: Update, context: BotContext) -> None:
    """/notify [on|off]: the person's "your turn" messages (runtime/turns/nudges.py); no argument
    switches them. Stored with their private chat, so it holds in every group."""
    svc, user_id = context.services, _user_id(update)
    locale = await chat_locale(update, context)
    wanted = (context.args or [""])[0].lower()
    if wanted not in ("", "on", "off"):
        await reply(update, t(locale, "notify.usage"))
        return
    now_on = (await svc.chats.preferences(user_id)).get(NUDGE_PREFERENCE) is not False
    on = (not now_on) if wanted == "" else wanted == "on"
    await svc.chats.set_preference(user_id, NUDGE_PREFERENCE, on)
    await reply(update, t(locale, "notify.on" if on else "notify.off"))


async def phrases(update: Update, context: BotContext) -> None:
    """/phrases on|off: whether the person sees what the others at the table say (the
    💬 phrases); stored with their private chat, so it holds at every table."""
    svc, user_id = context.services, _user_id(update)
    locale = await chat_locale(update, context)
    wanted = (context.args or [""])[0].lower()
    if wanted not in ("on", "off"):
        await reply(update, t(locale, "phrases.usage"))
        return
    on = wanted == "on"
    await svc.chats.set_preference(user_id, PHRASES_PREFERENCE, on)
    svc.runtime.phrases_for(user_id, on)
    await reply(update, t(locale, "phrases.on" if on else "phrases.off"))


async def forget(update: Update, context: BotContext) -> None:
    """/forget (private chat): ask before deleting the person's data (``buttons.forget``)."""
    locale = await chat_locale(update, context)
    if not is_private(update):
        await reply(update, t(locale, "err.private_only"))
        return
    await reply(update, "", Screen(t(locale, "forget.confirm"), (
        ((t(locale, "forget.yes"), encode_preference("forget=yes")),
         (t(locale, "forget.no"), encode_preference("forget=no"))),)))


async def help_command(update: Update, context: BotContext) -> None:
    """/help: how to play here, and the commands of this chat's menu."""
    locale = await chat_locale(update, context)
    private = is_private(update)
    await reply(update, help_text(locale, PRIVATE_MENU if private else GROUP_MENU,
                                  private=private))


async def on_blocked(update: Update, context: BotContext) -> None:
    """A user blocked the bot: nothing to store (the next send fails with 403 and the table
    says so); logged for the operator."""
    member = update.my_chat_member
    if member and member.new_chat_member.status == "kicked":
        log.info("user %s blocked the bot", member.chat.id)
