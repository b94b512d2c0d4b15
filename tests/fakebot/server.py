"""FakeBotServer: a Bot API over real HTTP on 127.0.0.1, and the users a test acts as.

    server = FakeBotServer()
    await server.start()                       # picks a free port
    app = ApplicationBuilder().token(server.token).base_url(server.base_url).build()
    alice = server.add_user("Alice")
    await server.user_sends(alice, server.private_chat(alice), "/start")
    reply = await server.wait_for_message(alice_chat)
    query = await server.user_presses(alice, reply, "Join")
    answer = await server.wait_for_answer(query)

Users can only do what a Telegram client lets them do: write where they are members, press
buttons on messages they can see, and only buttons the message currently shows. A forged
press (``data=``) is the one deliberate exception, for testing the bot's distrust.

Inline mode (inline.py, inline_results.py, inline_methods.py, inline_users.py) lets the bot
play in chats it is not in: a chat between two users (``user_chat(alice, bob)``, which the
bot cannot name: "chat not found") or a group without it (``add_group(...,
bot_member=False)``: 403 "bot is not a member of the ... chat").

    query = await server.user_types_inline(alice, server.user_chat(alice, bob), "durak")
    answer = await server.wait_for_inline_answer(query)      # answerInlineQuery's results
    sent = await server.user_chooses_inline(alice, query, answer.result_ids[0])
    table = server.inline_message(sent.inline_message_id)   # as edits leave it
    press = await server.user_presses(bob, table, "Join")  # inline_message_id, no message

As on Telegram: the query update carries id, from, query, offset and chat_type ("sender"
in the bot's own chat); none is sent while ``inline_mode`` is off (getMe's
supports_inline_queries). answerInlineQuery is refused after ``inline_query_ttl`` (15 s of
the World's clock) or a second time, and checks results as Telegram does (at most 50, ids
of 1-64 bytes and unique, known types, article text and keyboard). A chosen result is
posted by the user with ``via_bot``; it gets an inline_message_id only when it has an inline
keyboard, and ``chosen_inline_result`` is sent while ``inline_feedback`` is on. Where the
bot is (its own chat, a group it is in) the message also reaches it as a ``message``.
Edits by inline_message_id return True and count against the flood limits of the chat
the message is in; an id that does not decode is "invalid inline message identifier
specified", one that names no message MESSAGE_ID_INVALID. A press on an inline message
works for anyone in its chat and carries inline_message_id and chat_instance, no message.
savePreparedInlineMessage's records are in ``inline.prepared`` (``user_sends_prepared``).
"""

from __future__ import annotations

import asyncio
import copy
import itertools
from collections.abc import Callable
from typing import Any, TypeVar

from aiohttp import web

from . import inline_methods  # noqa: F401  (registers the inline-mode methods in METHODS)
from .errors import ApiError
from .formatting import command_entities
from .inline import InlineAnswer, InlineQueryRecord
from .inline_users import InlineUsers
from .methods import METHODS
from .model import ApiCall, CallbackQueryRecord, FakeChat, FakeUser, StoredMessage
from .params import allowed_updates, as_int, read_params
from .webhook import WebhookDelivery
from .world import MEMBER_STATUSES, InjectedFault

T = TypeVar("T")

CONFLICT_POLL = ("Conflict: terminated by other getUpdates request; make sure that only one "
                 "bot instance is running")
CONFLICT_WEBHOOK = ("Conflict: can't use getUpdates method while webhook is active; use "
                    "deleteWebhook to delete the webhook first")


class FakeBotServer(InlineUsers):
    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.port: int | None = None
        self._runner: web.AppRunner | None = None
        self._closing = False
        self._poll_generation = itertools.count(1)
        self._current_poll = 0
        self.last_request_at = 0.0
        self.webhook = WebhookDelivery(self, self._webhook_reply)

    # -- lifecycle -------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        app = web.Application()
        app.router.add_route("*", "/{token}/{method}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        self._closing = True
        self.changed()  # wakes long polls so they answer before the runner closes
        await self.webhook.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def base_url(self) -> str:
        """For ApplicationBuilder().base_url(...): PTB appends the token."""
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    # -- HTTP --------------------------------------------------------------------------------
    async def _handle(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != "bot" + self.token:
            return web.json_response(
                {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
            )
        method = request.match_info["method"]
        self.last_request_at = asyncio.get_running_loop().time()
        params: dict[str, Any] = {}
        try:
            params = await read_params(request)
            fault = self.take_fault(method.lower(), _chat_id_of(params))
            if fault is not None:
                return await self._meet(fault, request)
            if method.lower() == "getupdates":
                return web.json_response({"ok": True, "result": await self._get_updates(params)})
            result = await self.perform(method, params, self.calls)
        except ApiError as error:
            return web.json_response(error.to_api(), status=error.code)
        else:
            return web.json_response({"ok": True, "result": result})
        finally:
            self.changed()

    async def _meet(self, fault: InjectedFault, request: web.Request) -> web.Response:
        """A transport fault: the call is not performed; the connection is closed with no
        answer, at once (``drop``) or after ``seconds`` (``hang``: the client gives up
        first)."""
        if fault.kind == "hang":
            await asyncio.sleep(fault.seconds)
        if request.transport is not None:
            request.transport.close()
        return web.Response(status=500)  # never reaches the closed connection

    async def perform(self, method: str, params: dict[str, Any], log: list[ApiCall]) -> Any:
        """One Bot API call, however it came (an HTTP request, or a webhook response's
        "method"): the same checks and injected errors, recorded in ``log``."""
        self.last_request_at = asyncio.get_running_loop().time()
        impl = METHODS.get(method.lower())
        try:
            if impl is None:
                raise ApiError(404, "Not Found")
            injected = self.take_injected(method.lower(), _chat_id_of(params))
            if injected is not None:
                raise injected
            self.check_token_rate(method.lower())
            result = await impl(self, params)
        except ApiError as error:
            if impl is not None:
                log.append(self._record(method, params, error))
            raise
        log.append(self._record(method, params, None))
        return result

    async def _webhook_reply(self, method: str, params: dict[str, Any]) -> None:
        """The bot answered a webhook POST with a call: Telegram performs it and tells the
        bot nothing (an error is only recorded)."""
        try:
            await self.perform(method, params, self.webhook_replies)
        except ApiError:
            pass
        finally:
            self.changed()

    def _record(self, method: str, params: dict[str, Any],
                error: ApiError | None) -> ApiCall:
        return ApiCall(
            method=method,
            params=params,
            chat_id=_chat_id_of(params),
            ok=error is None,
            error_code=error.code if error else None,
            description=error.description if error else None,
            at=self.clock(),
        )

    async def _get_updates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        """Long polling: confirm below ``offset``, then wait up to ``timeout`` for news."""
        if self.webhook_url:
            raise ApiError(409, CONFLICT_WEBHOOK)
        self.poll_count += 1
        generation = self._current_poll = next(self._poll_generation)
        asked = allowed_updates(params)
        if asked is not None:
            self.allowed_updates = asked
        offset = as_int(params, "offset", required=False)
        limit = max(1, min(100, as_int(params, "limit", required=False) or 100))
        timeout = float(params.get("timeout") or 0)
        if offset is not None and offset > 0:
            self.updates = [u for u in self.updates if u["update_id"] >= offset]
        elif offset is not None and offset < 0:
            self.updates = self.updates[offset:]
        self.changed()
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            if self._current_poll != generation:
                raise ApiError(409, CONFLICT_POLL)
            batch = self.updates[:limit]
            if batch or self._closing:
                break
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                break
            await self.next_change(remaining)
        for update in batch:
            self.delivered_update_ids.add(update["update_id"])
        return copy.deepcopy(batch)

    def push_updates(self) -> None:
        self.webhook.kick()

    def webhook_posts(self) -> list:
        """Every POST of an update to the bot's webhook (WebhookAttempt), oldest first."""
        return list(self.webhook.attempts)

    # -- users acting -----------------------------------------------------------------------
    async def user_sends(self, user: FakeUser, chat: FakeChat | int, text: str) -> StoredMessage:
        """The user writes ``text`` in the chat; commands get bot_command entities. Only
        where the bot is (not a chat between users, not a group without it) does the
        message reach the bot."""
        chat = self._chat_for_user(user, chat, joining=True)
        if chat.is_private and not chat.between_users:
            user.started_bot, user.blocked_bot = True, False
        message = self.new_message(chat, user, text, entities=command_entities(text))
        if self.bot_sees(chat):
            self.enqueue("message", self.message_to_api(message))
        return message

    async def user_starts_bot(self, user: FakeUser, payload: str | None = None) -> StoredMessage:
        """What tapping t.me/<bot>?start=<payload> (or the Start button) sends."""
        text = f"/start {payload}" if payload else "/start"
        return await self.user_sends(user, self.private_chat(user), text)

    async def user_presses(
        self,
        user: FakeUser,
        message: StoredMessage,
        button: str | None = None,
        *,
        data: str | None = None,
    ) -> CallbackQueryRecord:
        """The user taps a button (by its text or callback_data) on the message as it is now.

        ``data=`` sends arbitrary callback data instead: a forged or stale press.
        """
        current = self.stored.get((message.chat_id, message.message_id))
        if current is None or current.deleted:
            raise LookupError(f"message {message.message_id} no longer exists")
        if current.inline_message_id is not None:
            chat = self.chats[current.chat_id]
            if not self.is_member(user, chat):
                raise PermissionError(f"{user.first_name} cannot see chat {chat.id}")
        else:
            chat = self._chat_for_user(user, message.chat_id, joining=False)
        if data is None:
            if button is None:
                raise ValueError("say which button (text or callback_data) or pass data=")
            found = current.find_button(button)
            if found is None:
                raise LookupError(f"no button {button!r}; the message shows "
                                  f"{current.button_texts()}")
            if "callback_data" not in found:
                raise ValueError(f"button {button!r} is not a callback button: {found}")
            data = found["callback_data"]
        record = CallbackQueryRecord(
            id=self.new_query_id(), user_id=user.id, chat_id=chat.id,
            message_id=current.message_id, data=data, created_at=self.clock(),
            inline_message_id=current.inline_message_id,
        )
        self.callback_queries[record.id] = record
        # A press on an inline message names it by inline_message_id, never by a message
        # (telegram-bot-api's JsonInlineCallbackQuery): the bot may not be in that chat.
        where = ({"inline_message_id": current.inline_message_id}
                 if current.inline_message_id is not None
                 else {"message": self.message_to_api(current)})
        record.update_id = self.enqueue("callback_query", {
            "id": record.id,
            "from": user.to_api(),
            **where,
            "chat_instance": self.chat_instance(chat),
            "data": data,
        })
        return record

    async def user_blocks_bot(self, user: FakeUser) -> None:
        """The user blocks the bot: sends to them now fail with 403, the bot is told."""
        user.blocked_bot = True
        chat = self.private_chat(user)
        bot = self.bot.to_api()
        self.enqueue("my_chat_member", {
            "chat": chat.to_api(self.users), "from": user.to_api(), "date": self.now_date(),
            "old_chat_member": {"status": "member", "user": bot},
            "new_chat_member": {"status": "kicked", "user": bot, "until_date": 0},
        })

    def _chat_for_user(self, user: FakeUser, chat: FakeChat | int, *, joining: bool) -> FakeChat:
        chat_id = chat.id if isinstance(chat, FakeChat) else chat
        if chat_id == user.id:
            return self.private_chat(user)
        found = self.chats.get(chat_id)
        if found is not None and found.between_users and self.is_member(user, found):
            return found
        if found is None or found.is_private:
            raise PermissionError(f"{user.first_name} cannot see chat {chat_id}")
        if found.members.get(user.id) not in MEMBER_STATUSES:
            if not joining:
                raise PermissionError(f"{user.first_name} is not in {found.title}")
            found.members[user.id] = "member"
        return found

    # -- waiting -------------------------------------------------------------------------------
    async def wait_for(self, predicate: Callable[[], T], timeout: float = 5.0,
                       what: str = "condition") -> T:
        """Return the predicate's first truthy value; fail the test after ``timeout`` s."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                recent = [(c.method, c.chat_id, c.ok, c.description) for c in self.calls[-8:]]
                raise AssertionError(f"timed out after {timeout}s waiting for {what}; "
                                     f"last calls: {recent}")
            # Also poll: the predicate may read state outside the fake (e.g. a handler's list).
            await self.next_change(min(remaining, 0.02))

    async def wait_for_answer(self, query: CallbackQueryRecord,
                              timeout: float = 5.0) -> dict[str, Any]:
        """The bot's answerCallbackQuery for this press."""
        await self.wait_for(lambda: query.answered, timeout, f"answer to query {query.data!r}")
        assert query.answer is not None
        return query.answer

    async def wait_for_inline_answer(self, query: InlineQueryRecord,
                                     timeout: float = 5.0) -> InlineAnswer:
        """The bot's answerInlineQuery for this query."""
        await self.wait_for(lambda: query.answered, timeout,
                            f"an answer to inline query {query.query!r}")
        assert query.answer is not None
        return query.answer

    async def wait_for_message(
        self,
        chat: FakeChat | int,
        predicate: Callable[[StoredMessage], bool] = lambda m: True,
        timeout: float = 5.0,
        *,
        after: int = 0,
    ) -> StoredMessage:
        """The first bot message in the chat with id > ``after`` that satisfies predicate."""
        def find() -> StoredMessage | None:
            for message in self.bot_messages(chat):
                if message.message_id > after and predicate(message):
                    return message
            return None
        chat_id = chat.id if isinstance(chat, FakeChat) else chat
        return await self.wait_for(find, timeout, f"a bot message in chat {chat_id}")

    async def settle(self, quiet: float = 0.05, timeout: float = 5.0) -> None:
        """Wait until the bot fetched every update and made no call for ``quiet`` s."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        await self.wait_for(
            lambda: all(u["update_id"] in self.delivered_update_ids for u in self.updates),
            timeout, "the bot to fetch all updates",
        )
        while loop.time() - self.last_request_at < quiet:
            if loop.time() > deadline:
                raise AssertionError("the bot kept calling the API; never settled")
            await asyncio.sleep(quiet / 2)


def _chat_id_of(params: dict[str, Any]) -> int | None:
    chat_id = params.get("chat_id")
    if chat_id is None:
        return None
    try:
        return int(chat_id)
    except (TypeError, ValueError):
        return None

