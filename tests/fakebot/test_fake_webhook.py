"""The fake's webhook delivery: updates POSTed (with the secret) instead of polled, retried
until the bot's server answers, 409 for getUpdates meanwhile, never sent off 127.0.0.1."""

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
        self.received.append((await request.json(),
                              request.headers.get("X-Telegram-Bot-Api-Secret-Token")))
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
