"""Telegram's flood limits in the fake (``telegram_limits=True``): each limit refuses with
429 and a retry_after that reopens the window, a refused call is not performed, and
answers to button presses are not held to the token's budget."""

from __future__ import annotations

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.error import RetryAfter

from fakebot import FakeBotServer


def retry_seconds(error: RetryAfter) -> float:
    value = error.retry_after
    return value if isinstance(value, (int, float)) else value.total_seconds()


@pytest.fixture
async def limited():
    server = FakeBotServer(telegram_limits=True)
    now = [1000.0]
    server.clock = lambda: now[0]
    await server.start()
    try:
        async with Bot(server.token, base_url=server.base_url) as bot:
            now[0] += 1.0  # getMe (the Bot's start) counted in a window of its own
            yield server, bot, now
    finally:
        await server.stop()


async def test_a_group_takes_20_messages_a_minute_edits_included(limited):
    server, bot, now = limited
    alice = server.add_user("Alice")
    group = server.add_group("g", [alice])
    table = await bot.send_message(group.id, "table")
    for i in range(19):
        now[0] += 1.0
        await bot.edit_message_text(f"table {i}", group.id, table.message_id)
    now[0] += 1.0
    with pytest.raises(RetryAfter) as caught:
        await bot.send_message(group.id, "one too many")
    assert retry_seconds(caught.value) == 40  # the first was at 1000, now is 1020
    assert [m.text for m in server.bot_messages(group)] == ["table 18"]  # not performed
    assert server.flood.refused["group"] == 1


async def test_a_private_chat_takes_a_burst_of_3_then_about_one_a_second(limited):
    server, bot, now = limited
    alice = server.add_user("Alice")
    await server.user_starts_bot(alice)
    for i in range(3):
        await bot.send_message(alice.id, f"m{i}")
    with pytest.raises(RetryAfter) as caught:
        await bot.send_message(alice.id, "too fast")
    assert retry_seconds(caught.value) == 1
    now[0] += 1.0
    await bot.send_message(alice.id, "one second later")
    with pytest.raises(RetryAfter):
        await bot.send_message(alice.id, "again too fast")
    now[0] += 1.0
    await bot.send_message(alice.id, "and one more a second later")
    assert len(server.bot_messages(alice.id)) == 5
    assert server.flood.refused["private"] == 2


async def test_the_token_takes_30_calls_a_second_but_answers_are_not_counted(limited):
    server, bot, now = limited
    users = [server.add_user(f"U{i}") for i in range(31)]
    for user in users:
        await server.user_starts_bot(user)
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("Press", callback_data="x")]])
    with_button = await bot.send_message(users[0].id, "press me", reply_markup=markup)
    for user in users[1:30]:
        await bot.send_message(user.id, "hello")
    with pytest.raises(RetryAfter) as caught:
        await bot.send_message(users[30].id, "over the token's budget")
    assert retry_seconds(caught.value) == 1
    assert not server.bot_messages(users[30].id)
    assert server.flood.refused["token"] == 1
    # A press's answer still goes through while the token is over its budget.
    stored = server.stored[(users[0].id, with_button.message_id)]
    query = await server.user_presses(users[0], stored, "Press")
    assert await bot.answer_callback_query(query.id, text="ok")
    assert (await server.wait_for_answer(query))["text"] == "ok"
    now[0] += 1.0
    await bot.send_message(users[30].id, "a second later")
    assert len(server.bot_messages(users[30].id)) == 1
