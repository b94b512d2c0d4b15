"""Webhook mode in-process (bot.launch.serve.serve against the fake Bot API): a button
press's answer rides on the webhook response instead of an answerCallbackQuery request;
a handler slower than the wait still answers, once, over HTTP; the server's path and
secret checks."""

from __future__ import annotations

import asyncio
import json
import random
import socket

import aiohttp
import pytest
from conftest import BotWorld, fast_settings
from playing import start_group_game
from test_group_game import play_to_the_end

from bot.app import build_application
from bot.launch.serve import serve
from bot.runtime.delivery.webhook_server import ANSWER_WAIT, SECRET_HEADER

SECRET = "replies-test_secret-7"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class WebhookWorld(BotWorld):
    """BotWorld whose bot runs in webhook mode: the fake POSTs updates to it."""

    def __init__(self, fakebot, tmp_path) -> None:
        super().__init__(fakebot, tmp_path)
        self.running: dict[int, tuple[asyncio.Event, asyncio.Task]] = {}
        self.hook_url = ""

    async def start(self, **overrides):
        port = free_port()
        settings = fast_settings(self.fake, self.db_path, port=port, webhook_secret=SECRET,
                                 webhook_url=f"http://127.0.0.1:{port}/hook", **overrides)
        app = build_application(settings, clock=self.clock, rng=random.Random(7))
        stop = asyncio.Event()
        task = asyncio.create_task(serve(app, settings, stop, listen_on="127.0.0.1"))
        bot_id = self.fake.token.split(":")[0]
        self.hook_url = f"http://127.0.0.1:{port}/hook/{bot_id}"
        await self.fake.wait_for(lambda: task.done() or self.fake.webhook_url == self.hook_url,
                                 20, "the webhook to be set")
        if task.done():
            task.result()  # start-up failed: show why
        self.apps.append(app)
        self.running[id(app)] = (stop, task)
        return app

    async def stop(self, app) -> None:
        stop, task = self.running.pop(id(app))
        stop.set()
        await task
        self.apps.remove(app)


@pytest.fixture
async def hook_world(fakebot, tmp_path):
    world = WebhookWorld(fakebot, tmp_path)
    yield world
    for app in list(world.apps):
        await world.stop(app)


async def open_lobby(fake, names=("Alice", "Bob")):
    users = [fake.add_user(name) for name in names]
    await fake.user_starts_bot(users[0])
    group = fake.add_group("Cards night", users)
    await fake.user_sends(users[0], group, "/newgame")
    lobby = await fake.wait_for_message(group, lambda m: "Join" in m.button_texts(), 10)
    return users, group, lobby


def answers_to(fake, query) -> tuple[list, list]:
    """(HTTP requests, webhook replies) that answered this press."""
    def mine(calls):
        return [c for c in calls if c.method == "answerCallbackQuery"
                and str(c.params.get("callback_query_id")) == query.id]
    return mine(fake.calls), mine(fake.webhook_replies)


async def test_a_press_is_answered_in_the_webhook_reply(fakebot, hook_world):
    await hook_world.start()
    (alice, bob), group, lobby = await open_lobby(fakebot)
    # Bob never opened the bot: the answer is a link to its private chat (``url=``).
    query = await fakebot.user_presses(bob, lobby, "Join")
    answer = await fakebot.wait_for_answer(query, 10)
    assert answer["url"] and "start=j" in answer["url"]
    http, replies = answers_to(fakebot, query)
    assert http == [] and [c.ok for c in replies] == [True]
    post = next(p for p in fakebot.webhook_posts() if p.reply_method)
    assert post.delivered

    await fakebot.user_starts_bot(bob)
    query = await fakebot.user_presses(bob, lobby, "Join")
    assert (await fakebot.wait_for_answer(query, 10)).get("text") is None
    await fakebot.wait_for(lambda: "Bob" in lobby.text, 10, "the lobby to list Bob")
    http, replies = answers_to(fakebot, query)
    assert http == [] and len(replies) == 1
    assert not fakebot.requests("answerCallbackQuery")


async def test_a_forged_press_gets_its_refusal_in_the_reply(fakebot, hook_world):
    await hook_world.start()
    (alice, _bob), group, lobby = await open_lobby(fakebot)
    for data in ("garbage", "m1:999:2:x"):
        query = await fakebot.user_presses(alice, lobby, data=data)
        answer = await fakebot.wait_for_answer(query, 10)
        assert answer["text"], answer
        http, replies = answers_to(fakebot, query)
        assert http == [] and len(replies) == 1
    assert "closed" not in lobby.text


async def test_a_slow_handler_still_answers_once_over_http(fakebot, hook_world, monkeypatch):
    await hook_world.start()
    (alice, bob), group, lobby = await open_lobby(fakebot)
    await fakebot.user_starts_bot(bob)
    release = asyncio.Event()
    desk = hook_world.services.desk
    join = desk.join

    async def slow_join(*args, **kwargs):
        await release.wait()
        return await join(*args, **kwargs)

    monkeypatch.setattr(desk, "join", slow_join)
    query = await fakebot.user_presses(bob, lobby, "Join")
    # The server gives up waiting (ANSWER_WAIT) and confirms the update with an empty 200.
    await fakebot.wait_for(lambda: any(p.delivered and not p.reply_method
                                       for p in fakebot.webhook_posts()
                                       if p.update_id == query.update_id),
                           ANSWER_WAIT + 10, "the press to be confirmed without an answer")
    assert not query.answered
    release.set()
    answer = await fakebot.wait_for_answer(query, 10)
    assert answer.get("text") is None
    await fakebot.settle(0.1)
    http, replies = answers_to(fakebot, query)
    assert [c.ok for c in http] == [True] and replies == []
    await fakebot.wait_for(lambda: "Bob" in lobby.text, 5, "the lobby to list Bob")


async def test_two_people_play_a_group_game_to_the_result_by_webhook(fakebot, hook_world):
    hook_world.game_id = None
    await hook_world.start()
    group, users, table, game_id = await start_group_game(fakebot, hook_world)
    hook_world.game_id = game_id
    presses = await play_to_the_end(fakebot, hook_world, users, table)
    assert "Game over" in table.text and presses > 5
    snap = await hook_world.services.games.snapshot(game_id)
    assert snap.status != "running"
    assert fakebot.poll_count == 0 and not fakebot.requests("getUpdates")
    # Every press was answered; the answers came in webhook replies.
    answered = fakebot.replies("answerCallbackQuery", ok=True)
    assert len(answered) >= presses
    assert len(fakebot.requests("answerCallbackQuery")) < len(answered)


async def test_the_server_checks_the_secret_and_the_path(fakebot, hook_world):
    await hook_world.start()
    alice = fakebot.add_user("Alice")
    update = {"update_id": 1, "message": {
        "message_id": 9, "date": 0, "chat": {"id": alice.id, "type": "private"},
        "from": {"id": alice.id, "is_bot": False, "first_name": "Alice"}, "text": "/start",
        "entities": [{"type": "bot_command", "offset": 0, "length": 6}]}}
    body = json.dumps(update)
    good = {"Content-Type": "application/json", SECRET_HEADER: SECRET}
    base = hook_world.hook_url.rsplit("/hook/", 1)[0]
    async with aiohttp.ClientSession() as session:
        async def post(url, data=body, headers=good):
            async with session.post(url, data=data, headers=headers) as response:
                return response.status

        assert await post(hook_world.hook_url, headers={"Content-Type": "application/json"}) \
            == 403
        assert await post(hook_world.hook_url, headers={**good, SECRET_HEADER: "wrong"}) == 403
        assert await post(base + "/hook/other", headers=good) == 404
        assert await post(base + "/", headers=good) == 404
        assert await post(hook_world.hook_url, data="{not json") == 400
        assert await post(hook_world.hook_url, data="[1, 2]") == 400
        async with session.get(hook_world.hook_url, headers=good) as response:
            assert response.status == 405
        await fakebot.settle(0.2)
        assert fakebot.send_count(alice.id) == 0, "refused POSTs changed nothing"
        # The real secret, with or without a trailing slash, is an update like Telegram's.
        fakebot.private_chat(alice)
        alice.started_bot = True
        assert await post(hook_world.hook_url + "/") == 200
        await fakebot.wait_for_message(alice.id, timeout=10)
