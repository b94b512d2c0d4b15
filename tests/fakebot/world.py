"""The fake Telegram's state: who exists, which chats, which messages, what the bot asked.

``World`` is plain data plus the access rules every method shares (may the bot write to
this chat? does this message exist?). The HTTP layer (server.py) and the Bot API methods
(methods.py) work on it; tests read it through the inspection helpers at the bottom.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import BLOCKED, CANT_INITIATE, ApiError, bad_request, forbidden
from .inline import InlineRegistry, chat_instance
from .model import JSON, ApiCall, CallbackQueryRecord, FakeChat, FakeUser, StoredMessage
from .ratelimit import TELEGRAM_LIMITS, FloodControl, RateRule

# Update kinds Telegram sends only when the bot names them in allowed_updates.
NOT_BY_DEFAULT = frozenset({"chat_member", "message_reaction", "message_reaction_count"})
# About 20 new messages a minute to one group (Telegram's published guidance).
GROUP_RATE = RateRule(20, 60.0)
EDIT_METHODS = frozenset({"editmessagetext", "editmessagereplymarkup"})
MEMBER_STATUSES = ("creator", "administrator", "member")


@dataclass
class InjectedError:
    """A failure a test wants the next matching call(s) to get."""

    method: str | None  # lower-case method name, None = any method
    chat_id: int | None  # None = any chat
    error: ApiError
    times: int


@dataclass
class InjectedFault:
    """A transport failure a test wants the next matching call(s) to meet, before the call
    is performed (Telegram never saw it): ``"drop"`` closes the connection without an
    answer, ``"hang"`` answers nothing for ``seconds`` (the client's timeout ends it)."""

    method: str | None
    chat_id: int | None
    kind: str  # "drop" or "hang"
    seconds: float
    times: int


Injected = TypeVar("Injected", InjectedError, InjectedFault)


def _take_next(pending: list[Injected], method: str, chat_id: int | None) -> Injected | None:
    """The first of ``pending`` that matches this call (its method and chat, None: any),
    counted once; dropped when its ``times`` are used up."""
    for item in pending:
        if item.method not in (None, method):
            continue
        if item.chat_id is not None and item.chat_id != chat_id:
            continue
        item.times -= 1
        if item.times <= 0:
            pending.remove(item)
        return item
    return None


class World:
    def __init__(
        self,
        *,
        bot_id: int = 5_000_000_001,
        bot_username: str = "durak_test_bot",
        group_rate: RateRule | None = GROUP_RATE,
        private_rate: RateRule | None = None,
        token_rate: RateRule | None = None,
        telegram_limits: bool = False,
        callback_query_ttl: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        inline_mode: bool = True,
        inline_feedback: bool = True,
        inline_query_ttl: float = 15.0,
        prepared_message_ttl: int = 24 * 3600,
    ) -> None:
        self.bot = FakeUser(bot_id, "Durak Test Bot", username=bot_username, is_bot=True)
        self.token = f"{bot_id}:FAKE-test-token"
        self.clock = clock
        self.callback_query_ttl = callback_query_ttl
        # Inline mode (server.py's docstring): on in @BotFather (/setinline), inline
        # feedback (/setinlinefeedback) on, and how long an inline query can be answered.
        self.inline_mode = inline_mode
        self.inline_feedback = inline_feedback
        self.inline_query_ttl = inline_query_ttl
        self.prepared_message_ttl = prepared_message_ttl
        self.inline = InlineRegistry(bot_id)
        self.telegram_limits = telegram_limits
        if telegram_limits:  # Telegram's own numbers (ratelimit.TELEGRAM_LIMITS)
            group_rate, private_rate, token_rate = (
                TELEGRAM_LIMITS.group, TELEGRAM_LIMITS.private, TELEGRAM_LIMITS.token)
        self.flood = FloodControl(group_rate, private_rate, token_rate)
        self.users: dict[int, FakeUser] = {self.bot.id: self.bot}
        self.chats: dict[int, FakeChat] = {}
        self.stored: dict[tuple[int, int], StoredMessage] = {}
        self.updates: list[JSON] = []  # not yet confirmed by a getUpdates offset
        self.delivered_update_ids: set[int] = set()
        self.calls: list[ApiCall] = []  # the bot's HTTP requests
        # Calls the bot made in its webhook responses ({"method": ...}), performed as Telegram
        # does: with the same checks, the result never told to the bot.
        self.webhook_replies: list[ApiCall] = []
        self.poll_count = 0
        self.callback_queries: dict[str, CallbackQueryRecord] = {}
        self.commands: dict[tuple[str, str], list[JSON]] = {}
        self.bot_profile: dict[str, str] = {}
        self.webhook_url = ""
        # The kinds of update the bot asked for (getUpdates' or setWebhook's
        # allowed_updates; Telegram keeps the last list given). None: Telegram's default,
        # every kind but chat_member and the reactions.
        self.allowed_updates: list[str] | None = None
        self.webhook_secret = ""  # sent back in X-Telegram-Bot-Api-Secret-Token
        self.webhook_max_connections = 40  # POSTs in flight at once (setWebhook's parameter)
        self.injected: list[InjectedError] = []
        self.faults: list[InjectedFault] = []
        self.faults_met: list[tuple[str, str, int | None]] = []  # (kind, method, chat)
        self._scheduled: tuple[int, tuple[int | str, ...]] | None = None
        self._calls_seen = 0
        self._update_ids = itertools.count(700_000_001)
        self._user_ids = itertools.count(1_000_001)
        self._group_ids = itertools.count(1)
        # Chats between two users have no id the bot could learn; the fake needs one to
        # keep their messages, from a range no user or group id comes from.
        self._user_chat_ids = itertools.count(9_100_000_000_001)
        self._query_ids = itertools.count(4_242_000_000_001)
        self._changed = asyncio.Event()

    # -- change notification (wait helpers and long polling sleep on this) ---------------
    def changed(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def next_change(self, timeout: float) -> bool:
        """Sleep until something changes; False when the timeout came first."""
        event = self._changed
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            return False
        return True

    def now_date(self) -> int:
        return int(time.time())

    # -- creating the people and places a test needs -------------------------------------
    def add_user(
        self,
        first_name: str,
        *,
        username: str | None = None,
        language_code: str | None = "en",
        user_id: int | None = None,
    ) -> FakeUser:
        user = FakeUser(
            user_id if user_id is not None else next(self._user_ids),
            first_name,
            username=username,
            language_code=language_code,
        )
        self.users[user.id] = user
        return user

    def add_group(
        self,
        title: str,
        members: list[FakeUser] = (),  # type: ignore[assignment]
        *,
        creator: FakeUser | None = None,
        admins: list[FakeUser] = (),  # type: ignore[assignment]
        supergroup: bool = True,
        bot_is_admin: bool = False,
        bot_member: bool = True,
    ) -> FakeChat:
        """A group of these users; ``bot_member=False``: the bot is not in it (its status
        is "left"), so it can reach the group only through inline messages."""
        number = next(self._group_ids)
        chat_id = -1_001_000_000_000 - number if supergroup else -1000 - number
        chat = FakeChat(chat_id, "supergroup" if supergroup else "group", title=title)
        for user in members:
            chat.members[user.id] = "member"
        for user in admins:
            chat.members[user.id] = "administrator"
        if creator is not None:
            chat.members[creator.id] = "creator"
        chat.bot_status = "administrator" if bot_is_admin else "member"
        if not bot_member:
            chat.bot_status = "left"
        self.chats[chat.id] = chat
        return chat

    def user_chat(self, first: FakeUser, second: FakeUser) -> FakeChat:
        """The private chat between two users (the same one whichever comes first). The
        bot never sees it: no updates from it, "chat not found" for every method."""
        for chat in self.chats.values():
            if chat.peer_ids is not None and set(chat.peer_ids) == {first.id, second.id}:
                return chat
        chat = FakeChat(next(self._user_chat_ids), "private", bot_status="none",
                        peer_ids=(first.id, second.id),
                        members={first.id: "member", second.id: "member"})
        self.chats[chat.id] = chat
        return chat

    def is_member(self, user: FakeUser, chat: FakeChat) -> bool:
        """Whether the user is in the chat (sees its messages, may press their buttons)."""
        if chat.peer_ids is not None:
            return user.id in chat.peer_ids
        if chat.is_private:
            return chat.id == user.id
        return chat.members.get(user.id) in MEMBER_STATUSES

    def bot_sees(self, chat: FakeChat) -> bool:
        """Whether messages in the chat reach the bot: its own chats and groups it is in."""
        if chat.between_users:
            return False
        return chat.is_private or chat.bot_status in ("member", "administrator")

    def chat_instance(self, chat: FakeChat | int) -> str:
        """The chat's ``chat_instance`` for this bot (callback queries carry it)."""
        return chat_instance(self.bot.id, chat.id if isinstance(chat, FakeChat) else chat)
    def private_chat(self, user: FakeUser) -> FakeChat:
        chat = self.chats.get(user.id)
        if chat is None:
            chat = FakeChat(user.id, "private", members={user.id: "member"})
            self.chats[user.id] = chat
        return chat

    def inject_error(
        self,
        method: str | None,
        code: int,
        description: str,
        *,
        chat_id: int | None = None,
        retry_after: int | None = None,
        times: int = 1,
    ) -> None:
        """Make the next ``times`` matching calls fail with this error."""
        params = {"retry_after": retry_after} if retry_after else None
        self.injected.append(
            InjectedError(method.lower() if method else None, chat_id,
                          ApiError(code, description, params), times)
        )

    def inject_fault(self, method: str | None, kind: str, *, chat_id: int | None = None,
                     times: int = 1, seconds: float = 30.0) -> None:
        """Make the next ``times`` matching calls meet a dropped connection (``"drop"``)
        or no answer for ``seconds`` (``"hang"``), without being performed."""
        if kind not in ("drop", "hang"):
            raise ValueError(f"unknown fault {kind!r}")
        self.faults.append(InjectedFault(method.lower() if method else None, chat_id, kind,
                                         seconds, times))

    def fail_every(self, every: int, kinds: tuple[int | str, ...]) -> None:
        """From now on every ``every``-th Bot API call (getUpdates aside) fails, in turn
        with each of ``kinds``: an HTTP status (500, 502, ...) or a transport fault
        ("drop", "hang"). ``every=0`` stops it."""
        self._scheduled = (every, tuple(kinds)) if every else None
        self._calls_seen = 0

    def _schedule_failure(self, method: str, chat_id: int | None) -> None:
        """Turn the schedule's next failure, when this call is due one, into an injected
        error or fault for this very call."""
        if self._scheduled is None or method == "getupdates":
            return
        every, kinds = self._scheduled
        self._calls_seen += 1
        if self._calls_seen % every:
            return
        kind = kinds[(self._calls_seen // every - 1) % len(kinds)]
        if isinstance(kind, str):
            self.faults.insert(0, InjectedFault(method, chat_id, kind, 1.0, 1))
        else:
            text = {500: "Internal Server Error", 502: "Bad Gateway"}.get(kind, "Error")
            self.injected.insert(0, InjectedError(method, chat_id, ApiError(kind, text), 1))

    def take_fault(self, method: str, chat_id: int | None) -> InjectedFault | None:
        self._schedule_failure(method, chat_id)
        fault = _take_next(self.faults, method, chat_id)
        if fault is not None:
            self.faults_met.append((fault.kind, method, chat_id))
        return fault

    def take_injected(self, method: str, chat_id: int | None) -> ApiError | None:
        injected = _take_next(self.injected, method, chat_id)
        return injected.error if injected is not None else None

    # -- access rules shared by the methods ----------------------------------------------
    def chat(self, chat_id: Any) -> FakeChat:
        if isinstance(chat_id, str) and chat_id.startswith("@"):
            for chat in self.chats.values():
                user = self.users.get(chat.id) if chat.is_private else None
                if user and user.username and "@" + user.username == chat_id:
                    return chat
            raise bad_request("chat not found")
        try:
            chat = self.chats.get(int(chat_id))
        except (TypeError, ValueError):
            chat = None
        if chat is not None and chat.bot_status == "none":
            chat = None  # a chat between users: the bot cannot name it
        if chat is None:
            user = self.users.get(int(chat_id)) if str(chat_id).lstrip("-").isdigit() else None
            if user is not None and not user.is_bot:
                # A known user who never wrote to the bot: Telegram knows the chat exists.
                raise forbidden(CANT_INITIATE)
            raise bad_request("chat not found")
        return chat

    def writable_chat(self, chat_id: Any) -> FakeChat:
        """The chat, or the 403 Telegram gives when the bot may not write there."""
        chat = self.chat(chat_id)
        if chat.is_private:
            user = self.users[chat.id]
            if user.blocked_bot:
                raise forbidden(BLOCKED)
            if not user.started_bot:
                raise forbidden(CANT_INITIATE)
        else:
            self.check_group_access(chat)
        return chat

    def check_group_access(self, chat: FakeChat) -> None:
        """The 403 Telegram gives a bot that was removed from a group or left it, worded
        by the chat's type (telegram-bot-api's Client::check_chat_access)."""
        kind = "group chat" if chat.type == "group" else "supergroup chat"
        if chat.bot_status == "kicked":
            raise forbidden(f"bot was kicked from the {kind}")
        if chat.bot_status == "left":
            raise forbidden(f"bot is not a member of the {kind}")

    def check_token_rate(self, method: str) -> None:
        retry_after = self.flood.check_token(method, self.clock())
        if retry_after is not None:
            raise ApiError(429, f"Too Many Requests: retry after {retry_after}",
                           {"retry_after": retry_after})

    def check_flood(self, chat: FakeChat, method: str) -> None:
        retry_after = self.flood.check(
            chat.id, "group" if chat.is_group else "private", method in EDIT_METHODS, self.clock()
        )
        if retry_after is not None:
            raise ApiError(429, f"Too Many Requests: retry after {retry_after}",
                           {"retry_after": retry_after})

    def new_message(
        self, chat: FakeChat, sender: FakeUser, text: str, **fields: Any
    ) -> StoredMessage:
        message = StoredMessage(
            chat_id=chat.id,
            message_id=chat.next_message_id,
            from_id=sender.id,
            date=self.now_date(),
            text=text,
            from_bot=sender.is_bot,
            **fields,
        )
        chat.next_message_id += 1
        self.stored[(chat.id, message.message_id)] = message
        return message

    def find_message(self, chat: FakeChat, message_id: Any, missing: str) -> StoredMessage:
        try:
            key = (chat.id, int(message_id))
        except (TypeError, ValueError) as exc:
            raise bad_request(missing) from exc
        message = self.stored.get(key)
        if message is None or message.deleted:
            raise bad_request(missing)
        return message

    def inline_target(self, inline_message_id: Any) -> tuple[FakeChat, StoredMessage]:
        """The chat and message an inline_message_id names, or Telegram's 400."""
        chat_id, message_id = self.inline.message_key(str(inline_message_id))
        message = self.stored[(chat_id, message_id)]
        if message.deleted:
            raise bad_request("MESSAGE_ID_INVALID")
        return self.chats[chat_id], message

    def message_to_api(self, message: StoredMessage) -> JSON:
        return message.to_api(self.chats, self.users)

    def enqueue(self, kind: str, payload: JSON) -> int:
        """A new update of ``kind``; Telegram keeps none of a kind the bot did not ask for
        (``allowed_updates``): the id is then -1."""
        wanted = self.allowed_updates
        if (wanted and kind not in wanted) or (not wanted and kind in NOT_BY_DEFAULT):
            return -1
        update_id = next(self._update_ids)
        self.updates.append({"update_id": update_id, kind: payload})
        self.changed()
        self.push_updates()
        return update_id

    def push_updates(self) -> None:
        """Hook: the HTTP server POSTs pending updates to the bot while a webhook is set."""

    def new_query_id(self) -> str:
        return str(next(self._query_ids))

    # -- inspection for tests ------------------------------------------------------------
    def messages(
        self, chat: FakeChat | int, *, include_deleted: bool = False
    ) -> list[StoredMessage]:
        """Every message of the chat (users' and bot's), oldest first, as they are now."""
        chat_id = chat.id if isinstance(chat, FakeChat) else chat
        found = [m for (cid, _), m in self.stored.items() if cid == chat_id]
        found.sort(key=lambda m: m.message_id)
        return [m for m in found if include_deleted or not m.deleted]

    def bot_messages(self, chat: FakeChat | int) -> list[StoredMessage]:
        return [m for m in self.messages(chat) if m.from_bot]

    def last_bot_message(self, chat: FakeChat | int) -> StoredMessage | None:
        mine = self.bot_messages(chat)
        return mine[-1] if mine else None

    def inline_message(self, inline_message_id: str) -> StoredMessage:
        """The inline-mode message with this id, as it is now (for tests)."""
        return self.inline_target(inline_message_id)[1]

    def inline_messages(self, chat: FakeChat | int) -> list[StoredMessage]:
        """Messages users sent via the bot in the chat, oldest first."""
        return [m for m in self.messages(chat) if m.via_bot_id == self.bot.id]

    def requests(
        self,
        method: str | None = None,
        chat: FakeChat | int | None = None,
        *,
        ok: bool | None = None,
    ) -> list[ApiCall]:
        """The bot's calls (getUpdates excluded), filtered by method, chat and success."""
        chat_id = chat.id if isinstance(chat, FakeChat) else chat
        return [
            call for call in self.calls
            if (method is None or call.method.lower() == method.lower())
            and (chat_id is None or call.chat_id == chat_id)
            and (ok is None or call.ok == ok)
        ]

    def replies(self, method: str | None = None, *, ok: bool | None = None) -> list[ApiCall]:
        """The calls the bot made in webhook responses, filtered like ``requests``."""
        return [call for call in self.webhook_replies
                if (method is None or call.method.lower() == method.lower())
                and (ok is None or call.ok == ok)]

    def send_count(self, chat: FakeChat | int | None = None) -> int:
        """Successful new messages (sendMessage) the bot sent, in one chat or everywhere."""
        return len(self.requests("sendMessage", chat, ok=True))

    def edit_count(self, chat: FakeChat | int | None = None) -> int:
        """Successful edits (text or keyboard), in one chat or everywhere."""
        return sum(len(self.requests(m, chat, ok=True))
                   for m in ("editMessageText", "editMessageReplyMarkup"))

    def commands_for(self, scope: JSON | None = None, language_code: str = "") -> list[JSON] | None:
        return self.commands.get((scope_key(scope), language_code or ""))

    @property
    def pending_updates(self) -> int:
        return len(self.updates)


def scope_key(scope: Any) -> str:
    """A canonical key for a BotCommandScope (default scope when absent)."""
    if not isinstance(scope, dict) or not scope:
        scope = {"type": "default"}
    return ",".join(f"{k}={scope[k]}" for k in sorted(scope))
