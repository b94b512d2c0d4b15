"""Inline buttons, one handler per kind of button (routed by callback-data pattern in
``routes.py``): decode the data with distrust, call one function, and always answer the
query, with the refusal's message when the press changes nothing."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from datetime import timedelta

from telegram import CallbackQuery, Update
from telegram.error import BadRequest, NetworkError, RetryAfter, TelegramError

from bot.i18n import LOCALES, t
from bot.render.callback import CallbackData, CallbackDataError, decode
from bot.render.refusals import refusal_text
from bot.render.top import top_alert
from bot.service.errors import Code, NotAllowed, ServiceError
from bot.service.languages import choose_locale
from bot.service.venues import inline_chat_id

from .context import BotContext, is_private, person, person_locale, start_link

log = logging.getLogger(__name__)


async def decoded(update: Update, context: BotContext) -> CallbackData | None:
    """The press's callback data; None (answered "out of date") when it is not ours."""
    query = update.callback_query
    assert query is not None
    try:
        return decode(query.data)
    except CallbackDataError:
        await _refuse(update, context, Code.STALE_BUTTON)
        return None


# A press's answer that Telegram did not take (5xx, timeout, a dropped connection) is tried
# once more after this pause: the press's spinner is still turning, and Telegram accepts
# an answer for some seconds.
ANSWER_RETRY_PAUSE = 0.3
# A 429 on an answer (answers skip the outbox, so nothing else waits it out) is waited out
# and tried once more when Telegram asks for at most this many seconds; a longer wait
# would answer a press the person has given up on: the hand's next edit shows it instead.
ANSWER_RETRY_LONGEST = 2.0


async def answer(query: CallbackQuery, text: str | None = None, *, show_alert: bool = False,
                 url: str | None = None) -> None:
    """Answer the press with ``text``, once more if Telegram did not take it (a 429 waited
    out when short); a failure after that is one warning line. No failure of Telegram's
    reaches the error handler from here: the press did what it did, and a move that was
    applied must not be answered "try again" (the hand's next edit shows it done)."""
    for attempt in (1, 2):
        try:
            await query.answer(text[:200] if text else None, show_alert=show_alert, url=url)
            return
        except BadRequest as exc:  # "query is too old": nothing left to answer
            log.info("could not answer a press: %s", exc)
            return
        except RetryAfter as exc:
            pause = _retry_seconds(exc)
            if attempt == 2 or pause > ANSWER_RETRY_LONGEST:
                log.warning("could not answer a press (flood control: %s); it was handled",
                            exc)
                return
        except TelegramError as exc:  # 5xx, timeouts, drops (NetworkError); 403...
            if attempt == 2 or not isinstance(exc, NetworkError):
                log.warning("could not answer a press (%s); it was handled", exc)
                return
            pause = ANSWER_RETRY_PAUSE
        await asyncio.sleep(pause)


def _retry_seconds(exc: RetryAfter) -> float:
    value = exc.retry_after  # int, or a timedelta with PTB_TIMEDELTA
    return float(value.total_seconds() if isinstance(value, timedelta) else value)


async def _refuse(update: Update, context: BotContext, refusal: ServiceError | Code) -> None:
    query = update.callback_query
    assert query is not None
    await answer(query, refusal_text(await person_locale(update, context), refusal))


async def answered(update: Update, context: BotContext, work: Awaitable[object]) -> None:
    """Do ``work``; answer the press (with the refusal when there is one, else with the
    text ``work`` returned, if any)."""
    try:
        done = await work
    except ServiceError as exc:
        await _refuse(update, context, exc)
        return
    assert update.callback_query is not None
    await answer(update.callback_query, done if isinstance(done, str) and done else None)


def button_ids(data: CallbackData) -> tuple[int, int]:
    """(game or lobby id, version) of a versioned button (``decode`` checked both)."""
    assert data.game_id is not None and data.version is not None
    return data.game_id, data.version


def _user_id(update: Update) -> int:
    assert update.effective_user is not None
    return update.effective_user.id


async def move(update: Update, context: BotContext) -> None:
    """A move button of a hand (or the solo message): play it."""
    if (data := await decoded(update, context)) is not None:
        await answered(update, context, context.services.runtime.presses.press(
            *button_ids(data), data.payload, _user_id(update)))


async def pick(update: Update, context: BotContext) -> None:
    """A card with several meanings ("pick<card>") opens their choice; "back" closes it."""
    if (data := await decoded(update, context)) is not None:
        card = None if data.payload == "back" else int(data.payload[4:])
        await answered(update, context, context.services.runtime.presses.pick(
            button_ids(data)[0], _user_id(update), card))


async def swap(update: Update, context: BotContext) -> None:
    """The poker swap screen: "swap" opens it, "sw<card>" toggles a card."""
    if (data := await decoded(update, context)) is not None:
        card = None if data.payload == "swap" else int(data.payload[2:])
        await answered(update, context, context.services.runtime.presses.swap_choice(
            button_ids(data)[0], _user_id(update), card))


async def next_deal(update: Update, context: BotContext) -> None:
    """"Play again" under a finished deal ("nextnow": the host's "Start now"); solo: the
    next deal at once."""
    if (data := await decoded(update, context)) is None:
        return
    try:
        started = await context.services.runtime.play_again.press(
            button_ids(data)[0], _user_id(update), now=data.payload == "nextnow")
    except ServiceError as exc:
        await _refuse(update, context, exc)
        return
    query = update.callback_query
    assert query is not None
    await answer(query, None if started
                 else t(await person_locale(update, context), "game.ready_you"))


async def chat_top(update: Update, context: BotContext) -> None:
    """"🏆 This chat's best" under a finished deal of an inline message: the chat's
    leaderboard as an alert (nobody there can send the bot /top: it is not in the chat).
    Only for a press from that chat: the game id in the button is no secret, the chat a
    press comes from is Telegram's word (``chat_instance``)."""
    if (data := await decoded(update, context)) is None:
        return
    query = update.callback_query
    assert query is not None
    svc = context.services
    try:
        place = (await svc.games.snapshot(button_ids(data)[0])).place
    except ServiceError as exc:
        await _refuse(update, context, exc)
        return
    if not place.top_on_table or not query.chat_instance or \
            inline_chat_id(query.chat_instance) != place.chat_id:
        await _refuse(update, context, Code.STALE_BUTTON)
        return
    rows = await svc.stats.leaderboard("fewest_matchsticks", place.chat_id, limit=10)
    await answer(query, top_alert(await person_locale(update, context), rows),
                 show_alert=True)


async def say(update: Update, context: BotContext) -> None:
    """💬 under a hand: open the phrase menu, or say one of its phrases ("say<k>")."""
    if (data := await decoded(update, context)) is not None:
        index = None if data.payload == "say" else int(data.payload[3:])
        await answered(update, context, context.services.runtime.presses.say(
            button_ids(data)[0], _user_id(update), index))


async def hint(update: Update, context: BotContext) -> None:
    """The computer's advice, shown as an alert."""
    if (data := await decoded(update, context)) is None:
        return
    try:
        text = await context.services.runtime.presses.hint(button_ids(data)[0], _user_id(update))
    except ServiceError as exc:
        await _refuse(update, context, exc)
        return
    assert update.callback_query is not None
    await answer(update.callback_query, text, show_alert=True)


async def lobby(update: Update, context: BotContext) -> None:
    """A lobby button (join, leave, start, cancel, the host's menus)."""
    if (data := await decoded(update, context)) is None:
        return
    query = update.callback_query
    assert query is not None
    # A press on an inline message (a chat the bot is not in) has no message, only the
    # message's id and Telegram's name for its chat.
    chat = query.message.chat if query.message is not None else None
    try:
        invite = await context.services.desk.press(
            button_ids(data)[0], chat.id if chat else 0, data.payload, person(update),
            (chat.title if chat else None) or "", inline_message_id=query.inline_message_id,
            chat_instance=query.chat_instance if chat is None else None)
    except ServiceError as exc:
        await _refuse(update, context, exc)
        return
    if invite:
        # One tap: the link opens the private chat and its /start completes the join; the
        # words say why, for a client that shows them before (or instead of) opening it.
        await answer(query, t(await person_locale(update, context), "lobby.join_open_private"),
                     url=start_link(context, f"j{invite}"))
    else:
        await answer(query)


async def setting(update: Update, context: BotContext) -> None:
    """A settings button of the lobby (``name=value``, or a menu)."""
    if (data := await decoded(update, context)) is not None:
        await answered(update, context, context.services.desk.change_setting(
            *button_ids(data), data.payload, _user_id(update)))


async def preference(update: Update, context: BotContext) -> None:
    """A chat preference button: the language (private chat, or a group's admins)."""
    if (data := await decoded(update, context)) is None:
        return
    name, _, value = data.payload.partition("=")
    if name != "lang" or value not in LOCALES:
        await _refuse(update, context, Code.STALE_BUTTON)
        return
    query, chat, svc = update.callback_query, update.effective_chat, context.services
    assert query is not None and chat is not None
    if not is_private(update) and not await svc.api.is_admin(chat.id, _user_id(update)):
        await _refuse(update, context, NotAllowed(Code.HOST_OR_ADMIN))
        return
    await svc.chats.set_language(chat.id, value)
    locale = choose_locale(chat=value)
    await answer(query, t(locale, "lang.set"))
    try:
        await query.edit_message_text(t(locale, "lang.set"))
    except Exception:
        log.info("could not edit the language message in chat %s", chat.id)


async def forget(update: Update, context: BotContext) -> None:
    """The answer to /forget's question: delete the person's data, or keep it."""
    query = update.callback_query
    assert query is not None
    # Their language before it is deleted: the last message is still in it.
    locale = await person_locale(update, context)
    await answer(query)
    if query.data != "pforget=yes":
        await query.edit_message_text(t(locale, "forget.kept"))
        return
    await context.services.forgetting.forget(_user_id(update))
    await query.edit_message_text(t(locale, "forget.done"))


async def unknown(update: Update, context: BotContext) -> None:
    """Anything else (an old button of a kind that no longer exists, forged data)."""
    await _refuse(update, context, Code.STALE_BUTTON)
