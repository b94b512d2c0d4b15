"""Each Telegram error the fake produces surfaces in PTB as the exception the bot must handle."""

from __future__ import annotations

import datetime as dtm
import warnings

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, InvalidToken, RetryAfter

from fakebot import FakeBotServer, RateRule


def retry_seconds(error: RetryAfter) -> int:
    """RetryAfter.retry_after is an int or a timedelta depending on PTB_TIMEDELTA."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = error.retry_after
    return int(value.total_seconds()) if isinstance(value, dtm.timedelta) else int(value)


# PTB itself warns when it builds a RetryAfter with an int (PTB_TIMEDELTA opt-in).
pytestmark = pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")


@pytest.fixture
def bot(fake_api_bot):
    return fake_api_bot


def keyboard(data: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[InlineKeyboardButton("x", callback_data=data)]])


async def started_user(fakebot, name="Alice"):
    user = fakebot.add_user(name)
    await fakebot.user_starts_bot(user)
    return user


async def test_private_chat_needs_the_user_to_start_the_bot_first(fakebot, bot):
    stranger = fakebot.add_user("Stranger")
    with pytest.raises(Forbidden, match="bot can't initiate conversation with a user"):
        await bot.send_message(stranger.id, "hi")
    await fakebot.user_starts_bot(stranger)
    sent = await bot.send_message(stranger.id, "hi")
    assert sent.chat.id == stranger.id and fakebot.bot_messages(stranger.id)[0].text == "hi"
    assert fakebot.requests("sendMessage", stranger.id, ok=False)[0].error_code == 403


async def test_blocked_user_gets_forbidden_for_sends_and_edits(fakebot, bot):
    user = await started_user(fakebot)
    sent = await bot.send_message(user.id, "your hand")
    await fakebot.user_blocks_bot(user)
    with pytest.raises(Forbidden, match="bot was blocked by the user"):
        await bot.send_message(user.id, "again")
    with pytest.raises(Forbidden, match="bot was blocked by the user"):
        await bot.edit_message_text("new hand", user.id, sent.message_id)
    with pytest.raises(Forbidden, match="blocked"):
        await bot.send_chat_action(user.id, "typing")
    assert "my_chat_member" in fakebot.updates[-1]


async def test_edit_that_changes_nothing_is_not_modified(fakebot, bot):
    user = await started_user(fakebot)
    sent = await bot.send_message(user.id, "table", reply_markup=keyboard("k1"))
    with pytest.raises(BadRequest, match="Message is not modified"):
        await bot.edit_message_text("table", user.id, sent.message_id, reply_markup=keyboard("k1"))
    with pytest.raises(BadRequest, match="Message is not modified"):
        await bot.edit_message_reply_markup(user.id, sent.message_id, reply_markup=keyboard("k1"))
    # Same text without the keyboard is a change: Telegram drops the keyboard.
    await bot.edit_message_text("table", user.id, sent.message_id)
    stored = fakebot.bot_messages(user.id)[0]
    assert stored.keyboard == [] and stored.edit_count == 1


async def test_group_flood_control_gives_retry_after(fakebot, bot):
    now = [1000.0]
    fakebot.clock = lambda: now[0]
    alice = fakebot.add_user("Alice")
    group = fakebot.add_group("g", [alice])
    for i in range(20):
        now[0] += 1.0
        await bot.send_message(group.id, f"m{i}")
    now[0] += 1.0
    with pytest.raises(RetryAfter) as caught:
        await bot.send_message(group.id, "one too many")
    # The oldest of the 20 was sent at 1001; the window reopens at 1061, now is 1021.
    assert retry_seconds(caught.value) == 40
    now[0] += 40.0
    await bot.send_message(group.id, "allowed again")
    # Edits are not counted by default, so a busy table can still be edited.
    await bot.edit_message_text("edited", group.id, fakebot.bot_messages(group)[0].message_id)


async def test_edits_can_count_towards_flood_control():
    server = FakeBotServer(group_rate=RateRule(2, 60.0, counts_edits=True))
    await server.start()
    try:
        async with Bot(server.token, base_url=server.base_url) as bot:
            group = server.add_group("g", [server.add_user("A")])
            sent = await bot.send_message(group.id, "table")
            await bot.edit_message_text("table 2", group.id, sent.message_id)
            with pytest.raises(RetryAfter):
                await bot.edit_message_text("table 3", group.id, sent.message_id)
    finally:
        await server.stop()


async def test_injected_errors_hit_the_matching_calls_only(fakebot, bot):
    user = await started_user(fakebot)
    other = await started_user(fakebot, "Bob")
    fakebot.inject_error("sendMessage", 429, "Too Many Requests: retry after 7",
                         chat_id=user.id, retry_after=7, times=2)
    await bot.send_message(other.id, "fine")  # another chat is unaffected
    for _ in range(2):
        with pytest.raises(RetryAfter) as caught:
            await bot.send_message(user.id, "x")
        assert retry_seconds(caught.value) == 7
    await bot.send_message(user.id, "x")  # used up


async def test_text_longer_than_4096_is_refused(fakebot, bot):
    user = await started_user(fakebot)
    await bot.send_message(user.id, "a" * 4096)
    with pytest.raises(BadRequest, match="Message is too long"):
        await bot.send_message(user.id, "a" * 4097)
    # Counted after HTML parsing, in UTF-16 units: a card emoji counts twice.
    await bot.send_message(user.id, "<b>" + "a" * 4096 + "</b>", parse_mode=ParseMode.HTML)
    with pytest.raises(BadRequest, match="Message is too long"):
        await bot.send_message(user.id, "🂡" * 2049)
    with pytest.raises(BadRequest, match="Message text is empty"):
        await bot.send_message(user.id, "   ")


async def test_callback_data_over_64_bytes_is_button_data_invalid(fakebot, bot):
    user = await started_user(fakebot)
    await bot.send_message(user.id, "ok", reply_markup=keyboard("x" * 64))
    await bot.send_message(user.id, "ok", reply_markup=keyboard("♠" * 21))  # 63 bytes
    with pytest.raises(BadRequest, match="Button_data_invalid"):
        await bot.send_message(user.id, "no", reply_markup=keyboard("x" * 65))
    with pytest.raises(BadRequest, match="Button_data_invalid"):
        await bot.send_message(user.id, "no", reply_markup=keyboard("♠" * 22))  # 66 bytes


async def test_unknown_or_foreign_message_ids(fakebot, bot):
    alice = await started_user(fakebot)
    bob = await started_user(fakebot, "Bob")
    sent = await bot.send_message(alice.id, "alice's hand")
    with pytest.raises(BadRequest, match="Message to edit not found"):
        await bot.edit_message_text("x", alice.id, sent.message_id + 100)
    with pytest.raises(BadRequest, match="Message to edit not found"):
        await bot.edit_message_text("x", bob.id, sent.message_id)  # right id, wrong chat
    with pytest.raises(BadRequest, match="Chat not found"):
        await bot.edit_message_text("x", -42, sent.message_id)
    user_message = fakebot.messages(alice.id)[0]  # the user's own /start
    with pytest.raises(BadRequest, match="Message can't be edited"):
        await bot.edit_message_text("x", alice.id, user_message.message_id)
    assert await bot.delete_message(alice.id, sent.message_id)
    with pytest.raises(BadRequest, match="Message to delete not found"):
        await bot.delete_message(alice.id, sent.message_id)
    with pytest.raises(BadRequest, match="Message to edit not found"):
        await bot.edit_message_text("x", alice.id, sent.message_id)


async def test_answering_an_unknown_or_answered_query_is_too_old(fakebot, bot):
    user = await started_user(fakebot)
    sent = await bot.send_message(user.id, "pick", reply_markup=keyboard("k"))
    with pytest.raises(BadRequest, match="Query is too old"):
        await bot.answer_callback_query("123", text="nope")
    stored = fakebot.bot_messages(user.id)[0]
    assert stored.message_id == sent.message_id
    query = await fakebot.user_presses(user, stored, "x")
    assert await bot.answer_callback_query(query.id, text="ok")
    with pytest.raises(BadRequest, match="Query is too old"):
        await bot.answer_callback_query(query.id, text="twice")
    late = await fakebot.user_presses(user, stored, "x")
    fakebot.clock = lambda: late.created_at + fakebot.callback_query_ttl + 1
    with pytest.raises(BadRequest, match="Query is too old"):
        await bot.answer_callback_query(late.id)


async def test_html_that_telegram_cannot_parse(fakebot, bot):
    user = await started_user(fakebot)
    with pytest.raises(BadRequest, match="Can't parse entities"):
        await bot.send_message(user.id, "<b>Bob</b> <Evil>", parse_mode=ParseMode.HTML)
    with pytest.raises(BadRequest, match="Can't parse entities"):
        await bot.send_message(user.id, "2 < 3", parse_mode=ParseMode.HTML)
    with pytest.raises(BadRequest, match="Can't parse entities"):
        await bot.send_message(user.id, "<b>open", parse_mode=ParseMode.HTML)
    sent = await bot.send_message(user.id, "2 &lt; 3 &amp; <i>ok</i>", parse_mode=ParseMode.HTML)
    assert sent.text == "2 < 3 & ok"


async def test_wrong_token_is_invalid_token(fakebot):
    with pytest.raises(InvalidToken):
        async with Bot("1:wrong", base_url=fakebot.base_url) as bot:
            await bot.get_me()


async def test_ptb_rate_limiter_retries_after_a_429(fakebot, bot_builder):
    from telegram.ext import AIORateLimiter

    app = bot_builder().rate_limiter(AIORateLimiter(max_retries=1)).build()
    user = await started_user(fakebot)
    fakebot.inject_error("sendMessage", 429, "Too Many Requests: retry after 1",
                         chat_id=user.id, retry_after=1)
    async with app:
        await app.bot.send_message(user.id, "after the wait")
    attempts = fakebot.requests("sendMessage", user.id)
    assert [call.ok for call in attempts] == [False, True]
    assert attempts[1].at - attempts[0].at >= 0.9


async def test_a_dropped_connection_and_a_hang_reach_the_client_and_perform_nothing(fakebot):
    """Transport faults: the client sees a NetworkError (a dropped connection) or its own
    timeout (a hang); Telegram performed nothing, so the chat has no message."""
    from telegram.error import NetworkError, TimedOut

    from bot.runtime.delivery.telegram_http import AiohttpRequest

    user = await started_user(fakebot)
    request = AiohttpRequest(4, read_timeout=0.3, write_timeout=0.3)
    bot = Bot(fakebot.token, base_url=fakebot.base_url, request=request)
    async with bot:
        fakebot.inject_fault("sendMessage", "drop", chat_id=user.id)
        with pytest.raises(NetworkError) as dropped:
            await bot.send_message(user.id, "lost")
        assert not isinstance(dropped.value, TimedOut)
        fakebot.inject_fault("sendMessage", "hang", chat_id=user.id, seconds=2.0)
        with pytest.raises(TimedOut):
            await bot.send_message(user.id, "lost too")
        await bot.send_message(user.id, "arrives")
    assert [m.text for m in fakebot.bot_messages(user.id)] == ["arrives"]
    assert fakebot.faults_met == [("drop", "sendmessage", user.id),
                                  ("hang", "sendmessage", user.id)]
