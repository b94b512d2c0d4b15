"""The aiohttp Bot API client (bot/runtime/delivery/telegram_http.py) as PTB's Bot uses it: results,
Telegram's errors mapped by PTB as with its own client, timeouts and refused connections
as PTB's TimedOut/NetworkError, and a client that can be started again after a shutdown."""

from __future__ import annotations

import asyncio
import socket

import pytest
from aiohttp import web
from telegram import Bot
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut

from bot.runtime.delivery.telegram_http import AiohttpRequest


def _bot(fakebot, **options) -> Bot:
    return Bot(fakebot.token, base_url=fakebot.base_url,
               request=AiohttpRequest(4, **options), get_updates_request=AiohttpRequest(1))


async def test_methods_and_telegram_errors_go_through(fakebot):
    alice = fakebot.add_user("Alice")
    await fakebot.user_starts_bot(alice)
    async with _bot(fakebot) as bot:
        assert (await bot.get_me()).username == fakebot.bot.username
        sent = await bot.send_message(alice.id, "héllo ♠", reply_markup=None)
        assert fakebot.last_bot_message(alice.id).text == "héllo ♠"
        await bot.edit_message_text("edited", alice.id, sent.message_id)
        assert fakebot.last_bot_message(alice.id).text == "edited"
        with pytest.raises(BadRequest, match="not modified"):
            await bot.edit_message_text("edited", alice.id, sent.message_id)
        bob = fakebot.add_user("Bob")  # never wrote to the bot
        with pytest.raises(Forbidden):
            await bot.send_message(bob.id, "hi")
        fakebot.inject_error("sendMessage", 429, "Too Many Requests: retry after 7",
                             retry_after=7)
        with pytest.raises(RetryAfter, match="7"):
            await bot.send_message(alice.id, "again")


async def test_refused_connection_is_a_network_error():
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    request = AiohttpRequest(1)
    await request.initialize()
    try:
        with pytest.raises(NetworkError):
            await request.post(f"http://127.0.0.1:{port}/bot1:x/getMe")
    finally:
        await request.shutdown()


async def test_a_network_error_never_carries_the_token():
    async def loop(request):  # a redirect to itself: aiohttp's error names the URL
        raise web.HTTPFound(str(request.url))

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", loop)
    runner = web.AppRunner(app, shutdown_timeout=0.1)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    request = AiohttpRequest(1)
    await request.initialize()
    try:
        with pytest.raises(NetworkError) as error:
            await request.post(f"http://127.0.0.1:{port}/bot123:Secret_token-9/getMe")
    finally:
        await request.shutdown()
        await runner.cleanup()
    assert "TooManyRedirects" in str(error.value) and "/bot<token>/getMe" in str(error.value)
    assert "Secret_token" not in str(error.value)


async def test_a_server_that_does_not_answer_times_out():
    release = asyncio.Event()

    async def hang(_request):
        await release.wait()
        return web.json_response({"ok": True, "result": True})

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", hang)
    runner = web.AppRunner(app, shutdown_timeout=0.1)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    request = AiohttpRequest(1, read_timeout=0.2)
    await request.initialize()
    try:
        with pytest.raises(TimedOut):
            await request.post(f"http://127.0.0.1:{port}/bot1:x/getMe")
    finally:
        release.set()
        await request.shutdown()
        await runner.cleanup()


async def test_can_be_initialized_again_after_shutdown(fakebot):
    bot = _bot(fakebot)
    async with bot:
        await bot.get_me()
    async with bot:  # a restarted Application initializes its Bot again
        assert (await bot.get_me()).id == fakebot.bot.id


async def test_proxies_come_from_the_environment_once(monkeypatch):
    for name in ("http_proxy", "https_proxy", "all_proxy", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.upper(), raising=False)
    monkeypatch.setenv("HTTPS_PROXY", "http://proxy.example:3128")
    monkeypatch.setenv("NO_PROXY", "localhost,127.0.0.1")
    request = AiohttpRequest(1)
    await request.initialize()
    try:
        assert request._proxy("https://api.telegram.org/bot1:x/getMe") == \
            "http://proxy.example:3128"
        assert request._proxy("http://127.0.0.1:8081/bot1:x/getMe") is None
    finally:
        await request.shutdown()
