"""Webhook mode end to end: ``python -m bot`` with DURAK_WEBHOOK_URL/PORT, as production runs
it, against the fake Bot API, which POSTs updates to the bot instead of answering getUpdates.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
from pathlib import Path

import aiohttp
import pytest

ROOT = Path(__file__).resolve().parents[2]
SECRET = "webhook-test_secret-42"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def port_is_free(port: int) -> bool:
    """Nobody listens there any more (SO_REUSEADDR: closed connections in TIME_WAIT don't count)."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("0.0.0.0", port))
        except OSError:
            return False
        return True


@pytest.fixture
async def webhook_bot(fakebot, tmp_path):
    """The real bot process in webhook mode; stopped (SIGTERM, as a platform does) after."""
    port = free_port()
    env = dict(os.environ, BOT_TOKEN=fakebot.token, TELEGRAM_API_BASE_URL=fakebot.base_url,
               DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
               DURAK_WEBHOOK_URL=f"http://127.0.0.1:{port}/hook", PORT=str(port),
               DURAK_WEBHOOK_SECRET=SECRET)
    log = (tmp_path / "bot.log").open("wb")
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=log, stderr=log)
    try:
        yield process, port
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), 20)
            except TimeoutError:
                process.kill()
                await process.wait()
        log.close()
    output = (tmp_path / "bot.log").read_text(errors="replace")
    assert process.returncode == 0, output[-3000:]
    assert port_is_free(port), "the webhook server still holds its port"


async def test_lobby_flow_arrives_by_webhook_with_the_secret(fakebot, webhook_bot):
    process, port = webhook_bot
    bot_id = fakebot.token.split(":")[0]
    hook = await fakebot.wait_for(lambda: fakebot.requests("setWebhook", ok=True), 40,
                                  "the bot to set its webhook")
    assert hook[0].params["url"] == f"http://127.0.0.1:{port}/hook/{bot_id}"
    assert hook[0].params["secret_token"] == SECRET
    assert hook[0].params["max_connections"] == 40

    alice, bob = fakebot.add_user("Alice"), fakebot.add_user("Bob")
    for user in (alice, bob):
        await fakebot.user_starts_bot(user)
    group = fakebot.add_group("Cards night", [alice, bob])
    await fakebot.user_sends(alice, group, "/newgame")
    lobby = await fakebot.wait_for_message(group, lambda m: "Join" in m.button_texts(), 20)
    assert "Bob" not in lobby.text
    query = await fakebot.user_presses(bob, lobby, "Join")
    await fakebot.wait_for_answer(query, 10)
    # The answer rode on the webhook response: no answerCallbackQuery request.
    assert [c.method for c in fakebot.replies(ok=True)] == ["answerCallbackQuery"]
    assert not fakebot.requests("answerCallbackQuery")
    await fakebot.wait_for(lambda: "Bob" in lobby.text, 10, "the lobby to list Bob")
    assert len(fakebot.bot_messages(group)) == 1, "the lobby is edited in place, not re-sent"
    assert fakebot.requests("editMessageText", group, ok=True)

    # Every update went by webhook, each POSTed with the secret and accepted; none polled.
    posts = [p for p in fakebot.webhook_posts() if p.delivered]
    assert len(posts) == 4 and len({p.update_id for p in posts}) == 4
    assert all(p.url == hook[0].params["url"] for p in posts)
    assert fakebot.poll_count == 0 and not fakebot.requests("getUpdates")
    assert process.returncode is None

    # A POST without the secret (anyone who learnt the path) is refused and changes nothing.
    forged = {"update_id": 1, "message": {
        "message_id": 99, "date": 0, "chat": {"id": group.id, "type": "supergroup"},
        "from": {"id": bob.id, "is_bot": False, "first_name": "Bob"}, "text": "/cancel",
        "entities": [{"type": "bot_command", "offset": 0, "length": 7}]}}
    async with aiohttp.ClientSession() as session:
        async with session.post(hook[0].params["url"], data=json.dumps(forged),
                                headers={"Content-Type": "application/json"}) as response:
            assert response.status == 403
    await fakebot.settle(quiet=0.3)
    assert "Bob" in lobby.text and "closed" not in lobby.text
