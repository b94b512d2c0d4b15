"""The metrics count what happened, through the real Application against the fake Bot
API: a solo game played by pressing buttons shows its Bot API requests by method and
outcome, accepted moves by cause, press answers, database transactions and computer
moves; the running game and the open lobby are counted from the database; and no label
carries a chat or user id."""

from __future__ import annotations

import asyncio
import re

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer
from conftest import fast_settings, start_app, stop_app
from playing import press_first_accepted

from bot.app import build_application
from bot.launch.health import Health
from bot.runtime.turns.brains import SimpleBrain


@pytest.fixture
async def simple_app(fakebot, tmp_path):
    """The real Application with the rule-based computer player (no search processes:
    their start-up, on a loaded machine, is not what this test is about)."""
    app = build_application(fast_settings(fakebot, tmp_path / "bot.db"), brain=SimpleBrain())
    await start_app(app)
    yield app
    await stop_app(app)


async def start_solo_game(fakebot, person):
    chat = fakebot.private_chat(person)
    await fakebot.user_sends(person, chat, "/play")
    setup = await fakebot.wait_for_message(chat, lambda m: "Start" in m.button_texts())
    start = next(b for b in setup.buttons if b["text"].endswith("Start"))
    await fakebot.wait_for_answer(await fakebot.user_presses(person, setup,
                                                             start["callback_data"]))
    return chat, setup


async def scrape(app) -> str:
    services = app.bot_data["services"]
    health = Health(app, services.db, services.metrics)
    health.started = True
    web_app = web.Application()
    health.add_routes(web_app)
    async with TestClient(TestServer(web_app)) as client:
        answer = await client.get("/metrics")
        assert answer.status == 200
        assert answer.headers["Content-Type"].startswith("text/plain; version=")
        ready = await client.get("/readyz")
        assert (ready.status, await ready.text()) == (200, "ready\n")
        return await answer.text()


def value(text: str, name: str, **labels: str) -> float:
    want = ",".join(f'{k}="{v}"' for k, v in labels.items())
    pattern = re.escape(name) + (r"\{" + re.escape(want) + r"\}" if want else "") + r" (\S+)"
    found = re.search("^" + pattern + "$", text, re.M)
    assert found, f"{name} {labels} not in the metrics"
    return float(found.group(1))


async def test_a_played_game_shows_in_the_metrics(fakebot, simple_app):
    app = simple_app
    dana = fakebot.add_user("Dana")
    chat, setup = await start_solo_game(fakebot, dana)
    presses = 0
    deadline = asyncio.get_running_loop().time() + 60  # the computer's first search
    while presses < 3 and asyncio.get_running_loop().time() < deadline:  # starts a process
        await fakebot.settle(0.03)
        if await press_first_accepted(fakebot, dana, setup):
            presses += 1
    assert presses >= 3, setup.text
    # A group gathering players: one open lobby.
    bob = fakebot.add_user("Bob")
    group = fakebot.add_group("Cards", [bob])
    await fakebot.user_sends(bob, group, "/newgame")
    await fakebot.wait_for_message(group)
    await fakebot.settle(0.1)
    text = await scrape(app)

    assert value(text, "durak_bot_api_requests_total", method="answerCallbackQuery",
                 outcome="ok") >= presses
    assert value(text, "durak_bot_api_requests_total", method="sendMessage",
                 outcome="ok") >= 1
    assert value(text, "durak_actions_accepted_total", cause="player") >= presses
    assert value(text, "durak_actions_accepted_total", cause="computer") >= 1
    assert value(text, "durak_press_answer_seconds_count", button="move") >= presses
    assert value(text, "durak_db_transaction_seconds_count", kind="write") >= presses
    assert value(text, "durak_computer_move_seconds_count", strength="normal") >= 1
    assert value(text, "durak_outbox_wait_seconds_count", priority="acting_hand") >= 1
    assert value(text, "durak_games_running") == 1
    assert value(text, "durak_lobbies_open") == 1
    assert value(text, "durak_outbox_queued_requests") >= 0
    assert value(text, "durak_webapp_open_pages") == 0
    assert "process_cpu_seconds_total" in text
    # Bounded labels: no chat, user or game id anywhere in a label value.
    game_id = await app.bot_data["services"].chats.running_game(chat.id)
    labels = " ".join(re.findall(r"\{([^}]*)\}", text))
    for number in (chat.id, dana.id, group.id, bob.id):
        assert str(abs(number)) not in labels
    assert f'"{game_id}"' not in labels


async def test_readyz_names_what_is_not_ready(fakebot, bot_world):
    app = await bot_world.start()
    services = app.bot_data["services"]
    health = Health(app, services.db, services.metrics)  # started is False: not polling yet
    web_app = web.Application()
    health.add_routes(web_app)
    async with TestClient(TestServer(web_app)) as client:
        ready = await client.get("/readyz")
        assert ready.status == 503 and "starting" in await ready.text()
        health.started = True
        assert (await client.get("/readyz")).status == 200
        await services.db.dispose()
        bot_world.db_path.unlink()  # the schema is gone: a new, empty file
        ready = await client.get("/readyz")
        assert ready.status == 503
        assert "database: schema at nothing, this bot needs" in await ready.text()
        assert (await client.get("/healthz")).status == 200  # alive all the same


async def test_429s_are_counted_by_the_scope_the_outbox_paused():
    from telegram.error import RetryAfter

    from bot.metrics import Metrics
    from bot.runtime.delivery.outbox import Budgets, Outbox

    metrics = Metrics()
    outbox = Outbox(Budgets(per_second=0, group_per_minute=0, private_per_second=0),
                    retries=1, metrics=metrics)
    refused: set[int] = set()

    async def send(chat_id: int) -> bool:
        if chat_id not in refused:  # the first try of each chat is refused
            refused.add(chat_id)
            raise RetryAfter(0.01)
        return True

    for chat_id in (-100123, 42):
        assert await outbox.process_request(send, (chat_id,), {}, "sendMessage",
                                            {"chat_id": chat_id}, None)
    assert await outbox.process_request(send, (None,), {}, "getMe", {}, None)
    text = metrics.render().decode()
    for scope in ("group", "private", "token"):
        assert value(text, "durak_bot_api_429_total", scope=scope) == 1
    assert value(text, "durak_outbox_wait_seconds_count", priority="other") == 6


async def test_bot_api_outcomes_and_a_method_name_that_is_not_one(fakebot):
    from telegram import Bot
    from telegram.error import BadRequest

    from bot.metrics import Metrics
    from bot.runtime.delivery.telegram_http import AiohttpRequest

    metrics = Metrics()
    async with Bot(fakebot.token, base_url=fakebot.base_url,
                   request=AiohttpRequest(2, metrics=metrics)) as bot:
        await bot.get_me()
        try:
            await bot.send_message(chat_id=123456789, text="nobody there")
        except BadRequest:
            pass
    metrics.bot_api_request("file/photos/x.jpg", "ok")  # a download's path: not a label
    text = metrics.render().decode()
    assert value(text, "durak_bot_api_requests_total", method="getMe", outcome="ok") >= 1
    assert value(text, "durak_bot_api_requests_total", method="sendMessage",
                 outcome="refused") == 1
    assert value(text, "durak_bot_api_requests_total", method="other", outcome="ok") == 1
