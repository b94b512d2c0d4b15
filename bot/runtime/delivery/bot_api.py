"""Every Bot API request the runtime makes goes through ``BotApi``: sending and editing
screens (game and lobby messages), and the few questions it asks Telegram (may the bot
write to this person, is this person an admin or a member of the group, the group's
title).

Pacing against Telegram's flood limits happens below it, in the outbox (``outbox.Outbox``,
the Application's rate limiter, which every request passes, handlers' replies and answers
included); callers here say how urgent a screen is (``Priority``) and, for an edit that
may wait, how to draw its newest content when its turn comes (``refresh``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from telegram import Bot, InlineQueryResult
from telegram.error import TelegramError

from bot.render.screen import Screen

from ..faults import log_failure
from . import messaging
from .messaging import Throttled, TryLater, Unreachable
from .outbox import Priority

log = logging.getLogger(__name__)

# getChatMember statuses of people in the group ("restricted" ones only with is_member).
GROUP_MEMBER_STATUSES = frozenset({"creator", "administrator", "member"})
ADMIN_STATUSES = frozenset({"creator", "administrator"})

__all__ = ["BotApi", "Priority", "Throttled", "TryLater", "Unreachable"]


class BotApi:
    def __init__(self) -> None:
        self._bot: Bot | None = None

    def attach(self, bot: Bot) -> None:
        """The Application's bot (known once it is initialised: post_init)."""
        self._bot = bot

    @property
    def bot(self) -> Bot:
        if self._bot is None:
            raise RuntimeError("BotApi used before the application started")
        return self._bot

    async def tell(self, user_id: int, text: str, *,
                   priority: Priority = Priority.HAND) -> bool:
        """A new private message to a person about their game (an edit would not notify
        them): True when sent. Nothing waits on it, so nothing is raised: a person who
        blocked the bot (403) is not told, and a failure is one log line."""
        try:
            return await self.send(user_id, Screen(text), priority=priority) is not None
        except Unreachable:
            return False
        except Exception as exc:
            log_failure(log, exc, "a message to %s", user_id)
            return False

    async def send(self, chat_id: int, screen: Screen, *, throttled: bool = False,
                   priority: Priority = Priority.OTHER,
                   still_true: Callable[[], bool | Awaitable[bool]] | None = None) -> int | None:
        """The new message's id; None when sending failed (logged) or, with
        ``still_true``, when it answered False at the message's turn (not sent);
        Unreachable on 403. A 429 or a failure that may pass (``TryLater``) is raised for
        a caller that draws again later (``throttled``), else one log line and None."""
        try:
            return await messaging.send(self.bot, chat_id, screen, priority, still_true)
        except TryLater as exc:
            if throttled:
                raise
            if isinstance(exc, Throttled):  # (a failure was logged where it happened)
                log.warning("sendMessage to chat %s: Telegram's flood control (%s)",
                            chat_id, exc)
            return None

    async def edit(self, chat_id: int, message_id: int | str, screen: Screen, *,
                   throttled: bool = False, priority: Priority = Priority.OTHER,
                   refresh: messaging.Refresh | None = None,
                   still_true: Callable[[], bool] | None = None) -> bool:
        """True when the message shows ``screen`` afterwards (with ``refresh``: what it
        returned last); False also when a newer edit of the message replaced this one,
        or when ``still_true`` said at its turn in the outbox that it should not go;
        Unreachable on 403; a 429 as for ``send``. ``message_id`` may be an inline
        message's id (a string), ``chat_id`` then its venue's (``messaging.edit``)."""
        try:
            return await messaging.edit(self.bot, chat_id, message_id, screen, priority,
                                        refresh, still_true)
        except TryLater as exc:
            if throttled:
                raise
            if isinstance(exc, Throttled):
                log.warning("editMessageText %s/%s: Telegram's flood control (%s)", chat_id,
                            message_id, exc)
            return False

    async def delete(self, chat_id: int, message_id: int) -> bool:
        """Delete a message the bot sent; False when Telegram refused (too old, gone)."""
        try:
            return bool(await self.bot.delete_message(chat_id, message_id))
        except TelegramError as exc:
            log.info("could not delete message %s/%s: %s", chat_id, message_id, exc)
            return False

    async def can_message(self, user_id: int) -> bool:
        """Whether the person opened a private chat with the bot (a chat action is
        invisible to them)."""
        try:
            await self.bot.send_chat_action(user_id, "typing")
        except Exception:
            return False
        return True

    async def prepare_inline_message(self, user_id: int, result: InlineQueryResult) -> str:
        """Bot API 8.0's savePreparedInlineMessage: a message the person may send from the
        Mini App into any chat they pick (a person, a group, a channel) through Telegram's
        share sheet; its id for the page. TelegramError when Telegram refuses."""
        prepared = await self.bot.save_prepared_inline_message(
            user_id=user_id, result=result, allow_user_chats=True, allow_group_chats=True,
            allow_channel_chats=True)
        return prepared.id

    async def member_status(self, chat_id: int, user_id: int) -> tuple[str, bool] | None:
        """(getChatMember status, is_member) of the person in the chat; None when Telegram
        cannot tell."""
        try:
            member = await self.bot.get_chat_member(chat_id, user_id)
        except TelegramError:
            log.info("could not read %s's membership of chat %s", user_id, chat_id)
            return None
        return member.status, bool(getattr(member, "is_member", False))

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        found = await self.member_status(chat_id, user_id)
        return found is not None and found[0] in ADMIN_STATUSES

    async def is_group_member(self, chat_id: int, user_id: int) -> bool:
        """A member of the group as Telegram says now; no when Telegram cannot tell."""
        found = await self.member_status(chat_id, user_id)
        if found is None:
            return False
        status, is_member = found
        return status in GROUP_MEMBER_STATUSES or (status == "restricted" and is_member)

    async def chat_title(self, chat_id: int) -> str:
        try:
            chat = await self.bot.get_chat(chat_id)
        except Exception:
            log.warning("could not read the title of chat %s", chat_id)
            return ""
        return chat.title or ""
