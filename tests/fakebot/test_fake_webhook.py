"""The fake's webhook delivery: updates POSTed (with the secret) instead of polled, retried
until the bot's server answers, 409 for getUpdates meanwhile, never sent off 127.0.0.1;
up to max_connections POSTs at once; a call in the bot's reply is performed and recorded."""

from __future__ import annotations

import asyncio
import socket

import pytest
from aiohttp import web
from telegram.error import BadRequest, Conflict


class Receiver:
    """A stand-in for the bot's webhook server on 127.0.0.1: records bodies and headers."""

    def __init__(self, status: int = 200) -> None:
        self.status = status
        self.received: list[tuple[dict, str | None]] = []
        self.reply = None  # update -> JSON body of the answer (None: an empty body)
        self.gate: asyncio.Event | None = None  # when set up, answers wait for it
        self.in_flight = 0
        self.runner: web.AppRunner | None = None
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hook"

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/hook", self.handle)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", self.port).start()

    async def handle(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.received.append((body, request.headers.get("X-Telegram-Bot-Api-Secret-Token")))
        if self.gate is not None:
            self.in_flight += 1
            try:
                await self.gate.wait()
            finally:
                self.in_flight -= 1
        reply = self.reply(body) if self.reply else None
        if reply is not None:
            return web.json_response(reply, status=self.status)
        return web.Response(status=self.status)

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()


@pytest.fixture
async def receiver():
    made: list[Receiver] = []

    def make(status: int = 200) -> Receiver:
        made.append(Receiver(status))
        return made[-1]

    yield make
    for one in made:
        await one.stop()


async def test_updates_are_posted_with_the_secret_and_get_updates_conflicts(
        fakebot, fake_api_bot, receiver):
    hook = receiver()
    await hook.start()
    assert await fake_api_bot.set_webhook(hook.url, secret_token="s3cret_-X")
    alice = fakebot.add_user("Alice")
    await fakebot.user_sends(alice, fakebot.private_chat(alice), "hello")
    await fakebot.user_sends(alice, fakebot.private_chat(alice), "again")
    await fakebot.settle()
    assert [(body["message"]["text"], secret) for body, secret in hook.received] == [
        ("hello", "s3cret_-X"), ("again", "s3cret_-X")]
    assert fakebot.pending_updates == 0
    with pytest.raises(Conflict, match="webhook is active"):
        await fake_api_bot.get_updates(timeout=0)
    assert fakebot.poll_count == 0


async def test_delivery_waits_for_the_server_and_retries_refusals(fakebot, fake_api_bot,
                                                                 receiver):
    hook = receiver(status=500)
    await fake_api_bot.set_webhook(hook.url)  # nobody listens yet: connection refused
    alice = fakebot.add_user("Alice")
    await fakebot.user_sends(alice, fakebot.private_chat(alice), "first")
    await fakebot.wait_for(lambda: len(fakebot.webhook_posts()) >= 2, 5, "retries")
    assert fakebot.pending_updates == 1 and not any(p.delivered for p in fakebot.webhook_posts())
    await hook.start()
    await fakebot.wait_for(lambda: len(hook.received) >= 2, 5, "refused POSTs retried")
    assert fakebot.pending_updates == 1
    hook.status = 200
    await fakebot.wait_for(lambda: fakebot.pending_updates == 0, 5, "delivery")
    assert {body["message"]["text"] for body, _ in hook.received} == {"first"}
    assert hook.received[-1][1] is None  # no secret set, no header


async def test_webhook_rules_and_delete_returns_to_polling(fakebot, fake_api_bot):
    with pytest.raises(BadRequest, match="(?i)https url must be provided"):
        await fake_api_bot.set_webhook("http://example.com/hook")
    with pytest.raises(BadRequest, match="(?i)secret token"):
        await fake_api_bot.set_webhook("https://example.com/hook", secret_token="no spaces")
    # A real https URL is accepted but never contacted: its updates simply wait.
    await fake_api_bot.set_webhook("https://example.com/hook")
    alice = fakebot.add_user("Alice")
    await fakebot.user_sends(alice, fakebot.private_chat(alice), "held")
    await asyncio.sleep(0.1)
    assert fakebot.webhook_posts() == [] and fakebot.pending_updates == 1
    info = await fake_api_bot.get_webhook_info()
    assert (info.url, info.pending_update_count) == ("https://example.com/hook", 1)
    await fake_api_bot.delete_webhook()
    updates = await fake_api_bot.get_updates(timeout=0)
    assert [u.message.text for u in updates] == ["held"]


async def test_up_to_max_connections_posts_are_in_flight_at_once(fakebot, fake_api_bot,
                                                                  receiver):
    hook = receiver()
    hook.gate = asyncio.Event()
    await hook.start()
    await fake_api_bot.set_webhook(hook.url, max_connections=3)
    assert (await fake_api_bot.get_webhook_info()).max_connections == 3
    alice = fakebot.add_user("Alice")
    for n in range(5):
        await fakebot.user_sends(alice, fakebot.private_chat(alice), f"m{n}")
    await fakebot.wait_for(lambda: hook.in_flight == 3, 5, "three POSTs waiting at once")
    await asyncio.sleep(0.1)  # a fourth would have arrived by now
    assert hook.in_flight == 3 and len(hook.received) == 3
    assert {body["message"]["text"] for body, _ in hook.received} == {"m0", "m1", "m2"}
    hook.gate.set()
    await fakebot.wait_for(lambda: fakebot.pending_updates == 0, 5, "delivery")
    assert sorted(body["message"]["text"] for body, _ in hook.received) == [
        f"m{n}" for n in range(5)]
    assert fakebot.webhook.most_in_flight == 3


async def test_the_default_is_40_connections(fakebot, fake_api_bot, receiver):
    hook = receiver()
    hook.gate = asyncio.Event()
    await hook.start()
    await fake_api_bot.set_webhook(hook.url)
    assert (await fake_api_bot.get_webhook_info()).max_connections == 40
    alice = fakebot.add_user("Alice")
    for n in range(45):
        await fakebot.user_sends(alice, fakebot.private_chat(alice), f"m{n}")
    await fakebot.wait_for(lambda: hook.in_flight == 40, 5, "forty POSTs at once")
    hook.gate.set()
    await fakebot.wait_for(lambda: fakebot.pending_updates == 0, 5, "delivery")
    assert len(hook.received) == 45 and fakebot.webhook.most_in_flight == 40


async def test_a_call_in_the_reply_is_performed_and_recorded_apart(fakebot, fake_api_bot,
                                                                   receiver):
    hook = receiver()
    hook.reply = lambda update: {"method": "sendMessage",
                                 "chat_id": update["message"]["chat"]["id"],
                                 "text": "echo " + update["message"]["text"]}
    await hook.start()
    await fake_api_bot.set_webhook(hook.url)
    alice = fakebot.add_user("Alice")
    chat = fakebot.private_chat(alice)
    await fakebot.user_sends(alice, chat, "hi")
    echo = await fakebot.wait_for_message(chat, lambda m: m.text == "echo hi")
    assert echo.from_bot
    assert [(c.method, c.ok) for c in fakebot.replies()] == [("sendMessage", True)]
    assert not fakebot.requests("sendMessage")  # no HTTP request: it came in the reply
    assert [p.reply_method for p in fakebot.webhook_posts()] == ["sendMessage"]


async def test_a_reply_call_gets_the_same_checks_and_its_error_is_only_recorded(
        fakebot, fake_api_bot, receiver):
    hook = receiver()
    await hook.start()
    await fake_api_bot.set_webhook(hook.url)
    alice = fakebot.add_user("Alice")
    chat = fakebot.private_chat(alice)
    message = fakebot.new_message(chat, fakebot.bot, "pick",
                                  reply_markup={"inline_keyboard": [[
                                      {"text": "Go", "callback_data": "go"}]]})
    hook.reply = lambda update: {"method": "answerCallbackQuery",
                                 "callback_query_id": update["callback_query"]["id"],
                                 "text": "x" * 201}
    too_long = await fakebot.user_presses(alice, message, "Go")
    await fakebot.wait_for(lambda: fakebot.replies(), 5, "the reply to be performed")
    [call] = fakebot.replies()
    assert (call.method, call.ok) == ("answerCallbackQuery", False)
    assert "MESSAGE_TOO_LONG" in call.description
    assert not too_long.answered and fakebot.pending_updates == 0  # delivered, not retried

    hook.reply = lambda update: {"method": "answerCallbackQuery",
                                 "callback_query_id": update["callback_query"]["id"],
                                 "text": "Done", "show_alert": True}
    fine = await fakebot.user_presses(alice, message, "Go")
    assert await fakebot.wait_for_answer(fine) == {"text": "Done", "show_alert": True,
                                                   "url": None}
    assert not fakebot.requests("answerCallbackQuery")
    assert [c.ok for c in fakebot.replies("answerCallbackQuery")] == [False, True]
