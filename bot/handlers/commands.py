"""Command handlers: thin: check where the command was sent, call the service, render.

A command sent in the wrong place gets a clear answer (e.g. /join in a private chat:
"This command works in a group chat.").
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.i18n import LOCALES, locale_for, t, tn
from bot.render.callback import encode_preference
from bot.render.help import help_text
from bot.render.results import rating_points
from bot.render.rules import rules_text
from bot.render.screen import Screen
from bot.service.errors import ServiceError
from bot.service.lobby import INVITE
from bot.service.settings import default_settings

from . import lobby_actions
from .context import (
    chat_locale,
    display_name,
    is_admin,
    is_private,
    say,
    services,
    start_link,
)
from .menus import GROUP_MENU, PRIVATE_MENU


async def reply(update: Update, text: str, screen: Screen | None = None) -> int | None:
    message = await update.effective_message.reply_text(
        screen.text if screen else text, reply_markup=screen.markup() if screen else None)
    return message.message_id


async def _group_only(update: Update, context) -> bool:
    if is_private(update):
        await reply(update, t(await chat_locale(context, update), "err.group_only"))
        return False
    return True


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/start, and the deep link t.me/<bot>?start=j<invite> that completes a join."""
    svc = services(context)
    user = update.effective_user
    if not is_private(update):
        await help_command(update, context)
        return
    await svc.chats.remember_user(user.id, display_name(user), user.language_code)
    svc.runtime.user_returned(user.id)
    locale = await chat_locale(context, update)
    payload = (context.args or [""])[0]
    if payload.startswith("j"):
        await _join_by_link(update, context, locale, payload[1:])
        return
    await reply(update, t(locale, "start.welcome"))


async def _join_by_link(update: Update, context, locale: str, invite: str) -> None:
    """The link is not a credential (anyone can forward it): it finds the lobby, and only
    someone who may join it joins — a member of the group, or someone who already pressed
    Join there and was sent here to open the private chat."""
    svc = services(context)
    user = update.effective_user
    if not INVITE.fullmatch(invite):
        await reply(update, t(locale, "lobby.invite_invalid"))
        return
    try:
        lobby = await svc.lobbies.find_by_invite(invite)
    except ServiceError:
        await reply(update, t(locale, "lobby.invite_invalid"))
        return
    title = await _title(context, lobby.chat_id)
    if not await lobby_actions.may_join_by_link(context, lobby, user.id):
        await reply(update, t(locale, "lobby.not_group_member", group=title))
        return
    svc.pending.discard((lobby.lobby_id, user.id))
    refusal, _ = await lobby_actions.join(context, lobby.lobby_id, user)
    if refusal == "lobby.already_joined":
        await lobby_actions.redraw(context, lobby.lobby_id)  # the pending mark is gone
    if refusal is None or refusal == "lobby.already_joined":
        await reply(update, t(locale, "lobby.joined_from_private", group=title))
    else:
        await reply(update, say(locale, refusal))


async def _title(context, chat_id: int) -> str:
    try:
        return (await context.bot.get_chat(chat_id)).title or ""
    except Exception:
        return ""


async def newgame(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/newgame (/new): open a lobby in the group; in a private chat, the solo set-up."""
    if is_private(update):
        await play(update, context)
        return
    svc = services(context)
    chat, user = update.effective_chat, update.effective_user
    locale = locale_for(await svc.chats.default_language(chat.id,
                                                        locale_for(user.language_code)))
    if await svc.chats.running_game(chat.id) is not None:
        await reply(update, t(locale, "lobby.game_running"))
        return
    try:
        lobby = await svc.lobbies.create(chat.id, user.id, display_name(user), user.language_code)
    except ServiceError:
        await reply(update, t(locale, "err.lobby_exists"))
        return
    svc.pending_known.add(lobby.lobby_id)  # probed right here: nothing to derive
    if not await lobby_actions.can_message(context, user.id):
        svc.pending.add((lobby.lobby_id, user.id))
    message_id = await reply(update, "", await lobby_actions.lobby_view(context, lobby))
    await svc.lobbies.set_message(lobby.lobby_id, message_id)


async def play(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/play: a solo game against 1-5 computer players, set up and played in one message."""
    svc = services(context)
    chat, user = update.effective_chat, update.effective_user
    if not is_private(update):
        await reply(update, t(await chat_locale(context, update), "err.private_only"))
        return
    locale = locale_for(await svc.chats.default_language(chat.id, locale_for(user.language_code)))
    if await svc.chats.running_game(chat.id) is not None:
        await reply(update, t(locale, "solo.running"))
        return
    existing = await svc.chats.open_lobby(chat.id)
    if existing is not None:
        await svc.chats.close_lobby(existing)
    lobby = await svc.lobbies.create(chat.id, user.id, display_name(user), user.language_code)
    lobby = await svc.lobbies.add_computer(lobby.lobby_id, user.id, "normal")
    message_id = await reply(update, "", await lobby_actions.lobby_view(context, lobby))
    await svc.lobbies.set_message(lobby.lobby_id, message_id)


async def _open_lobby(update, context) -> int | None:
    svc = services(context)
    lobby_id = await svc.chats.open_lobby(update.effective_chat.id)
    if lobby_id is None:
        await reply(update, t(await chat_locale(context, update), "err.no_lobby"))
    return lobby_id


async def join(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/join: take a seat in the group's open lobby."""
    if not await _group_only(update, context) or (lobby_id := await _open_lobby(update,
                                                                              context)) is None:
        return
    locale = await chat_locale(context, update)
    refusal, needs_private = await lobby_actions.join(context, lobby_id, update.effective_user)
    if refusal:
        await reply(update, say(locale, refusal))
    elif needs_private:
        invite = (await services(context).lobbies.get(lobby_id)).invite
        await reply(update, t(locale, "err.open_private_first",
                              link=start_link(context, f"j{invite}")))


async def leave(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/leave: give up a seat in the lobby."""
    if not await _group_only(update, context) or (lobby_id := await _open_lobby(update,
                                                                              context)) is None:
        return
    refusal = await lobby_actions.leave(context, lobby_id, update.effective_user.id)
    if refusal:
        await reply(update, t(await chat_locale(context, update), refusal))


async def startgame(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/startgame (/go): the host starts the game."""
    if not await _group_only(update, context):
        return
    svc = services(context)
    locale = await chat_locale(context, update)
    if await svc.chats.running_game(update.effective_chat.id) is not None:
        await reply(update, t(locale, "lobby.game_running"))
        return
    if (lobby_id := await _open_lobby(update, context)) is None:
        return
    refusal, params = await lobby_actions.start(context, lobby_id, update.effective_user.id,
                                                update.effective_chat.title or "")
    if refusal:
        await reply(update, say(locale, refusal, **params))


async def settings(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/settings: open the settings menu on the lobby message (host and admins)."""
    if not await _group_only(update, context) or (lobby_id := await _open_lobby(update,
                                                                              context)) is None:
        return
    svc = services(context)
    lobby = await svc.lobbies.get(lobby_id)
    if not await lobby_actions.may_manage(context, lobby, update.effective_user.id):
        await reply(update, t(await chat_locale(context, update), "err.host_or_admin"))
        return
    svc.lobby_mode[lobby_id] = "settings"
    await lobby_actions.redraw(context, lobby_id)


async def cancel(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/cancel: the host or a chat admin cancels the running game or the open lobby."""
    svc = services(context)
    chat, user = update.effective_chat, update.effective_user
    locale = await chat_locale(context, update)
    game_id = await svc.chats.running_game(chat.id)
    if game_id is not None:
        host = await svc.chats.game_host(game_id)
        allowed = user.id == host or (not is_private(update)
                                      and await is_admin(context, chat.id, user.id))
        if not allowed:
            await reply(update, t(locale, "err.host_or_admin"))
            return
        try:
            await svc.runtime.cancel(game_id, host)
        except ServiceError:
            await reply(update, t(locale, "err.game_over"))
            return
        await reply(update, t(locale, "lobby.cancelled", name=display_name(user)))
        return
    lobby_id = await svc.chats.open_lobby(chat.id)
    if lobby_id is None:
        await reply(update, t(locale, "err.no_running_game"))
        return
    refusal = await lobby_actions.cancel(context, lobby_id, user.id)
    if refusal:
        await reply(update, t(locale, refusal))


async def rules(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/rules: the rules this chat plays, in words (the open lobby's, else the defaults)."""
    svc = services(context)
    locale = await chat_locale(context, update)
    lobby_id = await svc.chats.open_lobby(update.effective_chat.id)
    settings_ = ((await svc.lobbies.get(lobby_id)).settings if lobby_id is not None
                 else default_settings(await svc.chats.preferences(update.effective_chat.id)))
    await reply(update, rules_text(locale, settings_))


async def top(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/top: the chat's leaderboard (global in a private chat)."""
    svc = services(context)
    locale = await chat_locale(context, update)
    chat_id = None if is_private(update) else update.effective_chat.id
    rows = await svc.stats.leaderboard("fewest_matchsticks", chat_id, limit=10)
    if not rows:
        await reply(update, t(locale, "top.empty"))
        return
    lines = [t(locale, "top.title")]
    for place, row in enumerate(rows, start=1):
        lines.append(t(locale, "top.row", place=place, name=row["name"],
                       games=tn(locale, "count.games", int(row["games"])),
                       fools=tn(locale, "count.fools", int(row["fools"])),
                       sticks=tn(locale, "count.matchsticks", int(row["matchsticks"]))))
    await reply(update, "\n".join(lines))


async def stats(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/stats: the user's own statistics (this chat's in a group, plus the rating)."""
    svc = services(context)
    locale = await chat_locale(context, update)
    user = update.effective_user
    chat_id = None if is_private(update) else update.effective_chat.id
    found = await svc.stats.player(user.id, chat_id)
    tally = found.chat_tally if chat_id is not None else found.global_tally
    rating = (str(rating_points(found.rating)) if found.rating is not None
              else t(locale, "stats.no_rating"))
    await reply(update, t(locale, "stats.text", name=display_name(user),
                          games=tn(locale, "count.games", int(tally["games"])),
                          fools=tn(locale, "count.fools", int(tally["fools"])),
                          draws=tn(locale, "count.draws", int(tally["draws"])),
                          sticks=tn(locale, "count.matchsticks", int(tally["matchsticks"])),
                          rating=rating))


async def language(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/language: choose the chat's language (each offered in its own name)."""
    locale = await chat_locale(context, update)
    buttons = [(t(code, "lang.name"), encode_preference(f"lang={code}")) for code in LOCALES]
    rows = (tuple(buttons[:3]), tuple(buttons[3:]))
    await reply(update, "", Screen(t(locale, "lang.choose"), rows))


async def help_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/help: how to play here, and the commands of this chat's menu."""
    locale = await chat_locale(context, update)
    private = is_private(update)
    await reply(update, help_text(locale, PRIVATE_MENU if private else GROUP_MENU,
                                  private=private))


async def on_blocked(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A user blocked the bot: nothing to store (the next send fails with 403 and the table
    says so); logged for the operator."""
    member = update.my_chat_member
    if member and member.new_chat_member.status == "kicked":
        import logging

        logging.getLogger(__name__).info("user %s blocked the bot", member.chat.id)

