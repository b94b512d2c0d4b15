"""Every inline button lands here: decode the callback data with distrust, route by kind,
and always answer the query (with a short reason when the press changes nothing)."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.ext import ContextTypes

from bot.i18n import LOCALES, locale_for, t
from bot.render.callback import CallbackDataError, CallbackKind, decode
from bot.service.errors import ServiceError

from . import lobby_actions
from .context import is_admin, is_private, say, services, start_link, user_locale

log = logging.getLogger(__name__)


async def press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Route a button press by its callback data; forged data gets a polite refusal."""
    query = update.callback_query
    try:
        data = decode(query.data)
    except CallbackDataError:
        await query.answer(t(await user_locale(context, query.from_user), "err.stale_button"))
        return
    if data.kind is CallbackKind.LOBBY:
        await _lobby(update, context, data)
    elif data.kind is CallbackKind.SETTINGS:
        await _setting(update, context, data)
    elif data.is_move:
        await _move(update, context, data)
    elif data.kind is CallbackKind.GAME_UI:
        await _game_ui(update, context, data)
    else:
        await _preference(update, context, data)


async def _answer(update: Update, context, key: str | None, **params) -> None:
    query = update.callback_query
    if key is None:
        await query.answer()
        return
    locale = await user_locale(context, query.from_user)
    await query.answer(say(locale, key, **params)[:200])


async def _lobby(update: Update, context, data) -> None:
    svc = services(context)
    query, user = update.callback_query, update.effective_user
    try:
        lobby = await svc.lobbies.get(data.game_id)
    except Exception:
        await _answer(update, context, "err.unknown_lobby")
        return
    if lobby.chat_id != query.message.chat.id:
        await _answer(update, context, "err.wrong_chat")
        return
    action = data.payload
    if action == "join":
        refusal, needs_private = await lobby_actions.join(context, lobby.lobby_id, user)
        if refusal is None and needs_private:
            # One tap: the link opens the private chat and its /start completes the join.
            await query.answer(url=start_link(context, f"j{lobby.invite}"))
            return
        await _answer(update, context, refusal)
    elif action == "leave":
        await _answer(update, context, await lobby_actions.leave(context, lobby.lobby_id, user.id))
    elif action == "start":
        refusal, params = await lobby_actions.start(context, lobby.lobby_id, user.id,
                                                    query.message.chat.title or "")
        await _answer(update, context, refusal, **params)
    elif action == "cancel":
        await _answer(update, context, await lobby_actions.cancel(context, lobby.lobby_id,
                                                                  user.id))
    else:  # add_ai, settings, back: menus for the host and admins only
        if not await lobby_actions.may_manage(context, lobby, user.id):
            await _answer(update, context, "err.host_or_admin")
            return
        svc.lobby_mode[lobby.lobby_id] = {"add_ai": "add_ai", "settings": "settings"}.get(
            action, "main")
        await lobby_actions.redraw(context, lobby.lobby_id)
        await _answer(update, context, None)


async def _setting(update: Update, context, data) -> None:
    refusal = await lobby_actions.change_setting(context, data.game_id, data.version,
                                                 data.payload, update.effective_user.id)
    key, params = refusal if isinstance(refusal, tuple) else (refusal, {})
    await _answer(update, context, key, **params)


async def _move(update: Update, context, data) -> None:
    svc = services(context)
    refusal = await svc.runtime.press(data.game_id, data.version, data.payload,
                                      update.effective_user.id)
    await _answer(update, context, refusal)


async def _game_ui(update: Update, context, data) -> None:
    svc = services(context)
    query, user = update.callback_query, update.effective_user
    token = data.payload
    try:
        if token == "hint":
            refusal, text = await svc.runtime.hint(data.game_id, user.id)
            if refusal is None:
                await query.answer(text[:200], show_alert=True)
                return
        elif token == "next":
            refusal = await svc.runtime.next_deal(data.game_id, user.id)
        elif token == "back":
            refusal = await svc.runtime.pick(data.game_id, user.id, None)
        elif token == "swap":
            refusal = await svc.runtime.swap_choice(data.game_id, user.id, None)
        elif token.startswith("sw") and token[2:].isdigit() and len(token) <= 6:
            refusal = await svc.runtime.swap_choice(data.game_id, user.id, int(token[2:]))
        elif token.startswith("pick") and token[4:].isdigit():
            refusal = await svc.runtime.pick(data.game_id, user.id, int(token[4:]))
        else:
            refusal = "err.stale_button"
    except ServiceError:  # no such game (a forged id), or it changed under the press
        refusal = "err.stale_button"
    except Exception:
        log.exception("game button %r failed", query.data)
        refusal = "err.stale_button"
    await _answer(update, context, refusal)


async def _preference(update: Update, context, data) -> None:
    svc = services(context)
    query, chat = update.callback_query, update.effective_chat
    name, _, value = data.payload.partition("=")
    if name != "lang" or value not in LOCALES:
        await _answer(update, context, "err.stale_button")
        return
    if not is_private(update) and not await is_admin(context, chat.id, update.effective_user.id):
        await _answer(update, context, "err.host_or_admin")
        return
    await svc.chats.set_language(chat.id, value)
    locale = locale_for(value)
    await query.answer(t(locale, "lang.set"))
    try:
        await query.edit_message_text(t(locale, "lang.set"))
    except Exception:
        log.info("could not edit the language message in chat %s", chat.id)
