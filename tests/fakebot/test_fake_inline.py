"""Inline mode in the fake Telegram: chats the bot is not in, inline queries and their
answers, chosen results posted via the bot, edits and presses by inline_message_id,
prepared messages; each refusal with Telegram's words (the recorded description is the
Bot API's, PTB's exception message its capitalised copy)."""

from __future__ import annotations

import aiohttp
import pytest
from aiohttp import web
from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InlineQueryResultsButton,
    InputTextMessageContent,
    Update,
)
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, RetryAfter
from telegram.ext import (
    CallbackQueryHandler,
    ChosenInlineResultHandler,
    ContextTypes,
    InlineQueryHandler,
)

from fakebot import FakeBotServer, RateRule
from fakebot.inline import INLINE_ID, chat_instance

pytestmark = pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")


def keyboard(data: str = "join", text: str = "Join") -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[InlineKeyboardButton(text, callback_data=data)]])


def article(result_id: str = "new", text: str = "<b>Durak</b> table", *,
            markup: InlineKeyboardMarkup | None = None, title: str = "New game"):
    return InlineQueryResultArticle(
        result_id, title, InputTextMessageContent(text, parse_mode=ParseMode.HTML),
        reply_markup=markup)


def refusal(server: FakeBotServer, method: str) -> str | None:
    """Telegram's description of the last refused call of this method."""
    return server.requests(method, ok=False)[-1].description


async def updates_of(bot: Bot, kind: str) -> list:
    found = [u for u in await bot.get_updates(timeout=0) if getattr(u, kind) is not None]
    return [getattr(u, kind) for u in found]


@pytest.fixture
async def people(fakebot):
    """Alice and Bob, who never started the bot, and their chat, which the bot is not in."""
    alice, bob = fakebot.add_user("Alice"), fakebot.add_user("Bob")
    return alice, bob, fakebot.user_chat(alice, bob)


async def answered(fakebot, bot, user, chat, results, query="durak"):
    typed = await fakebot.user_types_inline(user, chat, query)
    assert await bot.answer_inline_query(typed.id, results)
    return typed


async def chosen_table(fakebot, bot, people):
    """Alice sends the bot's table (with a Join button) into her chat with Bob."""
    alice, _bob, chat = people
    typed = await answered(fakebot, bot, alice, chat, [article(markup=keyboard())])
    return await fakebot.user_chooses_inline(alice, typed, "new")


# -- 1. chats the bot is not in; chat_instance -----------------------------------------------
async def test_the_bot_cannot_write_where_it_is_not(fakebot, fake_api_bot, people):
    alice, bob, chat = people
    assert fakebot.user_chat(bob, alice) is chat  # one chat, whoever asks
    with pytest.raises(BadRequest, match="Chat not found"):
        await fake_api_bot.send_message(chat.id, "hello")
    with pytest.raises(BadRequest, match="Chat not found"):
        await fake_api_bot.get_chat(chat.id)
    supergroup = fakebot.add_group("Cafe", [alice, bob], bot_member=False)
    group = fakebot.add_group("Flat", [alice], supergroup=False, bot_member=False)
    with pytest.raises(Forbidden):
        await fake_api_bot.send_message(supergroup.id, "hello")
    assert refusal(fakebot, "sendMessage") == (
        "Forbidden: bot is not a member of the supergroup chat")
    with pytest.raises(Forbidden):
        await fake_api_bot.send_message(group.id, "hello")
    assert refusal(fakebot, "sendMessage") == "Forbidden: bot is not a member of the group chat"
    supergroup.bot_status = "kicked"
    with pytest.raises(Forbidden):
        await fake_api_bot.send_message(supergroup.id, "hello")
    assert refusal(fakebot, "sendMessage") == "Forbidden: bot was kicked from the supergroup chat"
    # People talk there; none of it reaches the bot.
    await fakebot.user_sends(alice, chat, "/start")
    await fakebot.user_sends(bob, group, "/start@durak_test_bot")
    assert [m.text for m in fakebot.messages(chat)] == ["/start"]
    assert fakebot.pending_updates == 0 and not alice.started_bot


async def test_chat_instance_is_stable_per_bot_and_chat(fakebot, people):
    alice, bob, chat = people
    group = fakebot.add_group("Cafe", [alice], bot_member=False)
    first = fakebot.chat_instance(chat)
    assert first == fakebot.chat_instance(chat.id) == chat_instance(fakebot.bot.id, chat.id)
    assert -(2**63) <= int(first) < 2**63
    assert fakebot.chat_instance(group) != first
    assert chat_instance(fakebot.bot.id + 1, chat.id) != first  # another bot, another value


# -- 7. getMe and inline mode off ---------------------------------------------------------
async def test_get_me_says_what_botfather_set(fakebot, fake_api_bot):
    me = await fake_api_bot.get_me()
    assert (me.supports_inline_queries, me.can_join_groups,
            me.can_read_all_group_messages) == (True, True, False)


async def test_with_inline_mode_off_no_query_reaches_the_bot():
    server = FakeBotServer(inline_mode=False)
    await server.start()
    try:
        async with Bot(server.token, base_url=server.base_url) as bot:
            assert (await bot.get_me()).supports_inline_queries is False
            alice = server.add_user("Alice")
            typed = await server.user_types_inline(alice, server.private_chat(alice), "x")
            assert not typed.delivered and server.pending_updates == 0
            with pytest.raises(BadRequest, match="Query is too old"):
                await bot.answer_inline_query(typed.id, [article()])
    finally:
        await server.stop()


# -- 2. inline queries ------------------------------------------------------------------
async def test_an_inline_query_says_where_it_was_typed(fakebot, fake_api_bot, people):
    alice, bob, chat = people
    cafe = fakebot.add_group("Cafe", [alice], bot_member=False)
    flat = fakebot.add_group("Flat", [alice], supergroup=False)
    places = [(fakebot.private_chat(alice), "sender"), (chat, "private"),
              (cafe, "supergroup"), (flat, "group")]
    typed = [await fakebot.user_types_inline(alice, place, f"q{i}", offset="10" if i else "")
             for i, (place, _) in enumerate(places)]
    queries = await updates_of(fake_api_bot, "inline_query")
    assert [(q.id, q.query, q.offset, q.chat_type, q.from_user.id) for q in queries] == [
        (t.id, f"q{i}", "10" if i else "", kind, alice.id)
        for i, (t, (_, kind)) in enumerate(zip(typed, places, strict=True))]
    with pytest.raises(PermissionError):
        await fakebot.user_types_inline(bob, cafe, "not my group")
    with pytest.raises(ValueError):
        await fakebot.user_types_inline(alice, chat, "x" * 257)


async def test_an_answer_is_recorded_once_and_only_in_time(fakebot, fake_api_bot, people):
    alice, _bob, chat = people
    now = [1000.0]
    fakebot.clock = lambda: now[0]
    typed = await fakebot.user_types_inline(alice, chat, "durak")
    button = InlineQueryResultsButton("Open the bot", start_parameter="from_inline")
    assert await fake_api_bot.answer_inline_query(
        typed.id, [article(markup=keyboard())], cache_time=0, is_personal=True,
        next_offset="page2", button=button)
    answer = await fakebot.wait_for_inline_answer(typed)
    assert answer.result_ids == ["new"] and answer.results[0]["title"] == "New game"
    assert answer.results[0]["input_message_content"]["parse_mode"] == "HTML"
    assert (answer.cache_time, answer.is_personal, answer.next_offset) == (0, True, "page2")
    assert answer.button == {"text": "Open the bot", "start_parameter": "from_inline"}
    with pytest.raises(BadRequest, match="Query is too old"):
        await fake_api_bot.answer_inline_query(typed.id, [article()])
    with pytest.raises(BadRequest, match="Query is too old"):
        await fake_api_bot.answer_inline_query("12345", [article()])
    late = await fakebot.user_types_inline(alice, chat, "durak")
    now[0] += 15.0
    just_in_time = await fakebot.user_types_inline(alice, chat, "durak")
    now[0] += 0.5
    with pytest.raises(BadRequest, match="Query is too old"):
        await fake_api_bot.answer_inline_query(late.id, [article()])
    assert refusal(fakebot, "answerInlineQuery") == (
        "Bad Request: query is too old and response timeout expired or query ID is invalid")
    assert await fake_api_bot.answer_inline_query(just_in_time.id, [article()])


async def post_answer(server: FakeBotServer, body: dict) -> dict:
    """A raw answerInlineQuery (JSON), for what PTB would not build."""
    url = f"{server.base_url}{server.token}/answerInlineQuery"
    async with aiohttp.ClientSession() as session, session.post(url, json=body) as response:
        return await response.json()


@pytest.mark.parametrize(("results", "description"), [
    ([article(str(i)) for i in range(51)],
     "Bad Request: too many inline query results specified"),
    ([article("same"), article("same")], "Bad Request: RESULT_ID_DUPLICATE"),
    ([article("")], "Bad Request: RESULT_ID_EMPTY"),
    ([article("x" * 65)], "Bad Request: RESULT_ID_INVALID"),
    ([article("♠" * 22)], "Bad Request: RESULT_ID_INVALID"),  # 66 bytes
    ([article(title="")], "Bad Request: ARTICLE_TITLE_EMPTY"),
    ([article(markup=keyboard("x" * 65))], "Bad Request: BUTTON_DATA_INVALID"),
    ([article(text="a" * 4097)], "Bad Request: message is too long"),
    ([article(text="<b>open")], "Bad Request: can't parse inline query result: Can't parse "
                                "entities: Can't find end tag corresponding to start tag b"),
])
async def test_answers_telegram_refuses(fakebot, fake_api_bot, people, results, description):
    alice, _bob, chat = people
    typed = await fakebot.user_types_inline(alice, chat, "durak")
    with pytest.raises(BadRequest):
        await fake_api_bot.answer_inline_query(typed.id, results)
    assert refusal(fakebot, "answerInlineQuery") == description
    assert not typed.answered  # a refused answer uses nothing up
    assert await fake_api_bot.answer_inline_query(typed.id, [article("x" * 64), article("y")])


async def test_raw_answers_telegram_refuses(fakebot, people):
    alice, _bob, chat = people
    typed = await fakebot.user_types_inline(alice, chat, "durak")
    text = {"message_text": "hi"}
    cases = [
        ([{"type": "poll", "id": "1"}], "Bad Request: can't parse inline query result: "
                                        'type "poll" is unsupported for the inline query result'),
        ([{"id": "1", "title": "t", "input_message_content": text}],
         'Bad Request: can\'t parse inline query result: Can\'t find field "type"'),
        ([{"type": "article", "id": "1", "input_message_content": text}],
         'Bad Request: can\'t parse inline query result: Can\'t find field "title"'),
        ([{"type": "article", "id": "1", "title": "t"}],
         'Bad Request: can\'t parse inline query result: Can\'t find field "message_text"'),
        ([{"type": "article", "id": "1", "title": "t", "input_message_content": {}}],
         "Bad Request: can't parse inline query result: Input message content is not specified"),
        ({"type": "article"}, "Bad Request: expected an Array of inline query results"),
    ]
    for results, description in cases:
        reply = await post_answer(fakebot, {"inline_query_id": typed.id, "results": results})
        assert (reply["ok"], reply["description"]) == (False, description)
    reply = await post_answer(fakebot, {"inline_query_id": typed.id, "next_offset": "o" * 65,
                                        "results": [{"type": "article", "id": "1", "title": "t",
                                                     "input_message_content": text}]})
    assert reply["description"] == "Bad Request: NEXT_OFFSET_INVALID"
    # The legacy top-level message_text is still read, as the Bot API server reads it.
    reply = await post_answer(fakebot, {"inline_query_id": typed.id, "results": [
        {"type": "article", "id": "1", "title": "t", "message_text": "hi"}]})
    assert reply == {"ok": True, "result": True}


# -- 3. chosen results ---------------------------------------------------------------------
async def test_a_chosen_result_is_posted_via_the_bot(fakebot, fake_api_bot, people):
    alice, bob, chat = people
    sent = await chosen_table(fakebot, fake_api_bot, people)
    assert (sent.chat_id, sent.from_id, sent.via_bot_id) == (chat.id, alice.id, fakebot.bot.id)
    assert sent.text == "Durak table" and sent.button_texts() == ["Join"]
    assert sent.entities == [{"type": "bold", "offset": 0, "length": 5}]
    assert fakebot.inline_message(sent.inline_message_id) is sent
    assert fakebot.messages(chat) == fakebot.inline_messages(chat) == [sent]  # Bob sees it
    assert fakebot.is_member(bob, chat)
    kinds = [next(k for k in u.to_dict() if k != "update_id")
             for u in await fake_api_bot.get_updates(timeout=0)]
    assert kinds == ["inline_query", "chosen_inline_result"]  # no message: not its chat
    (chosen,) = await updates_of(fake_api_bot, "chosen_inline_result")
    assert (chosen.result_id, chosen.query, chosen.from_user.id, chosen.inline_message_id) == (
        "new", "durak", alice.id, sent.inline_message_id)
    assert len(INLINE_ID.pack(2, 1, 1, 1)) == 24  # Telegram's inputBotInlineMessageID64
    assert len(sent.inline_message_id) == 32 and "=" not in sent.inline_message_id


async def test_without_a_keyboard_there_is_no_inline_message_id(fakebot, fake_api_bot, people):
    alice, _bob, chat = people
    typed = await answered(fakebot, fake_api_bot, alice, chat, [article("plain")])
    sent = await fakebot.user_chooses_inline(alice, typed, "plain")
    assert sent.inline_message_id is None and sent.text == "Durak table"
    (chosen,) = await updates_of(fake_api_bot, "chosen_inline_result")
    assert chosen.result_id == "plain" and chosen.inline_message_id is None
    with pytest.raises(LookupError):
        await fakebot.user_chooses_inline(alice, typed, "no-such-result")


async def test_inline_feedback_off_sends_no_chosen_result():
    server = FakeBotServer(inline_feedback=False)
    await server.start()
    try:
        async with Bot(server.token, base_url=server.base_url) as bot:
            alice, bob = server.add_user("Alice"), server.add_user("Bob")
            typed = await answered(server, bot, alice, server.user_chat(alice, bob),
                                   [article(markup=keyboard())])
            sent = await server.user_chooses_inline(alice, typed, "new")
            assert sent.inline_message_id
            assert [kind for update in server.updates for kind in update
                    if kind != "update_id"] == ["inline_query"]
    finally:
        await server.stop()


async def test_where_the_bot_is_it_also_gets_the_message(fakebot, fake_api_bot, people):
    alice, bob, _chat = people
    group = fakebot.add_group("Flat", [alice, bob])
    typed = await answered(fakebot, fake_api_bot, alice, group, [article(markup=keyboard())])
    sent = await fakebot.user_chooses_inline(alice, typed, "new")
    updates = (await fake_api_bot.get_updates(timeout=0))[1:]  # after the inline query
    message = updates[0].message
    assert (message.chat.id, message.from_user.id, message.via_bot.id, message.text) == (
        group.id, alice.id, fakebot.bot.id, "Durak table")
    assert updates[1].chosen_inline_result.inline_message_id == sent.inline_message_id
    with pytest.raises(ValueError):
        await fakebot.user_chooses_inline(bob, typed, "new")  # not Bob's query


# -- 4. edits by inline_message_id -------------------------------------------------------------
async def test_edits_by_inline_message_id(fakebot, fake_api_bot, people):
    sent = await chosen_table(fakebot, fake_api_bot, people)
    inline_id = sent.inline_message_id
    assert await fake_api_bot.edit_message_text(
        "<i>2 players</i>", inline_message_id=inline_id, parse_mode=ParseMode.HTML,
        reply_markup=keyboard("start", "Start")) is True
    assert (sent.text, sent.button_texts(), sent.edit_count) == ("2 players", ["Start"], 1)
    with pytest.raises(BadRequest, match="Message is not modified"):
        await fake_api_bot.edit_message_text("<i>2 players</i>", inline_message_id=inline_id,
                                             parse_mode=ParseMode.HTML,
                                             reply_markup=keyboard("start", "Start"))
    with pytest.raises(BadRequest, match="Message is too long"):
        await fake_api_bot.edit_message_text("a" * 4097, inline_message_id=inline_id)
    with pytest.raises(BadRequest, match="Button_data_invalid"):
        await fake_api_bot.edit_message_reply_markup(inline_message_id=inline_id,
                                                     reply_markup=keyboard("x" * 65))
    assert await fake_api_bot.edit_message_reply_markup(
        inline_message_id=inline_id, reply_markup=keyboard("go", "Go")) is True
    with pytest.raises(BadRequest, match="Message is not modified"):
        await fake_api_bot.edit_message_reply_markup(inline_message_id=inline_id,
                                                     reply_markup=keyboard("go", "Go"))
    assert (sent.text, sent.button_texts(), sent.edit_count) == ("2 players", ["Go"], 2)


async def test_edits_naming_no_message_rightly(fakebot, fake_api_bot, people):
    alice, _bob, _chat = people
    sent = await chosen_table(fakebot, fake_api_bot, people)
    unknown = sent.inline_message_id[:-4] + ("AAAA" if sent.inline_message_id[-4:] != "AAAA"
                                             else "BBBB")
    for inline_id, description in [
        ("forged", "Bad Request: invalid inline message identifier specified"),
        ("AgAAAA", "Bad Request: invalid inline message identifier specified"),  # 4 bytes
        (unknown, "Bad Request: MESSAGE_ID_INVALID"),
    ]:
        with pytest.raises(BadRequest):
            await fake_api_bot.edit_message_text("x", inline_message_id=inline_id)
        assert refusal(fakebot, "editMessageText") == description
    # Neither way of naming a message, or half of the chat's way: the Bot API's words.
    await fakebot.user_starts_bot(alice)
    for params, description in [
        ({}, "Bad Request: message identifier is not specified"),
        ({"message_id": 1}, "Bad Request: chat_id is empty"),
        ({"chat_id": alice.id}, "Bad Request: message to edit not found"),
    ]:
        with pytest.raises(BadRequest):
            await fake_api_bot.edit_message_reply_markup(**params, reply_markup=keyboard())
        assert refusal(fakebot, "editMessageReplyMarkup") == description
    # Both: the Bot API server uses chat_id+message_id and ignores inline_message_id.
    own = await fake_api_bot.send_message(alice.id, "hand")
    assert (await fake_api_bot.edit_message_text(
        "new hand", alice.id, own.message_id, inline_message_id=sent.inline_message_id)).text
    assert fakebot.bot_messages(alice.id)[0].text == "new hand" and sent.text == "Durak table"


async def test_an_inline_message_is_the_users_not_the_bots(fakebot, fake_api_bot, people):
    alice, bob, _chat = people
    group = fakebot.add_group("Flat", [alice, bob])
    typed = await answered(fakebot, fake_api_bot, alice, group, [article(markup=keyboard())])
    sent = await fakebot.user_chooses_inline(alice, typed, "new")
    with pytest.raises(BadRequest, match="Message can't be edited"):
        await fake_api_bot.edit_message_text("x", group.id, sent.message_id)
    assert await fake_api_bot.edit_message_text("x", inline_message_id=sent.inline_message_id)


async def test_inline_edits_count_against_the_chats_flood_limits():
    server = FakeBotServer(group_rate=RateRule(2, 60.0, counts_edits=True),
                           private_rate=RateRule(1, 60.0, counts_edits=True))
    now = [1000.0]
    server.clock = lambda: now[0]
    await server.start()
    try:
        async with Bot(server.token, base_url=server.base_url) as bot:
            alice, bob = server.add_user("Alice"), server.add_user("Bob")
            cafe = server.add_group("Cafe", [alice, bob], bot_member=False)
            for place, allowed in ((cafe, 2), (server.user_chat(alice, bob), 1)):
                typed = await answered(server, bot, alice, place, [article(markup=keyboard())])
                sent = await server.user_chooses_inline(alice, typed, "new")
                for i in range(allowed):
                    await bot.edit_message_text(f"v{i}", inline_message_id=sent.inline_message_id)
                with pytest.raises(RetryAfter):
                    await bot.edit_message_text("over", inline_message_id=sent.inline_message_id)
                assert sent.text == f"v{allowed - 1}"  # the refused edit was not made
            assert server.flood.refused == {"group": 1, "private": 1}
    finally:
        await server.stop()


# -- 5. presses on inline messages -------------------------------------------------------------
async def test_anyone_in_the_chat_can_press_an_inline_message(fakebot, fake_api_bot, people):
    alice, bob, chat = people
    sent = await chosen_table(fakebot, fake_api_bot, people)
    await fake_api_bot.get_updates(timeout=0)
    press = await fakebot.user_presses(bob, sent, "Join")  # Bob never started the bot
    (update,) = await fake_api_bot.get_updates(offset=-1, timeout=0)
    query = update.callback_query
    assert (query.from_user.id, query.data, query.inline_message_id, query.message) == (
        bob.id, "join", sent.inline_message_id, None)
    assert query.chat_instance == fakebot.chat_instance(chat)
    assert press.inline_message_id == sent.inline_message_id
    url = f"https://t.me/{fakebot.bot.username}?start=join_42"
    assert await fake_api_bot.answer_callback_query(press.id, url=url)
    assert (await fakebot.wait_for_answer(press))["url"] == url
    forged = await fakebot.user_presses(alice, sent, data="v9|forged")
    assert forged.data == "v9|forged" and forged.inline_message_id == sent.inline_message_id
    with pytest.raises(PermissionError):
        await fakebot.user_presses(fakebot.add_user("Carol"), sent, "Join")


async def test_a_press_in_a_group_names_the_group_by_chat_instance(fakebot, fake_api_bot,
                                                                   people):
    alice, bob, _chat = people
    group = fakebot.add_group("Cafe", [alice, bob], bot_member=False)
    typed = await answered(fakebot, fake_api_bot, alice, group, [article(markup=keyboard())])
    sent = await fakebot.user_chooses_inline(alice, typed, "new")
    await fakebot.user_presses(bob, sent, "Join")
    (update,) = await fake_api_bot.get_updates(offset=-1, timeout=0)
    assert update.callback_query.chat_instance == fakebot.chat_instance(group)
    assert update.callback_query.message is None


# -- 6. opening t.me/<bot>?start=PAYLOAD ---------------------------------------------------------
async def test_a_start_link_makes_the_bot_allowed_to_write(fakebot, fake_api_bot, people):
    _alice, bob, _chat = people
    with pytest.raises(Forbidden):
        await fake_api_bot.send_message(bob.id, "your hand")
    message = await fakebot.user_starts_bot(bob, "join_42")
    assert message.text == "/start join_42" and message.chat_id == bob.id
    assert (await fake_api_bot.send_message(bob.id, "your hand")).chat.id == bob.id


# -- 8. prepared messages ----------------------------------------------------------------------
async def test_prepared_inline_messages_are_kept(fakebot, fake_api_bot, people):
    alice, bob, chat = people
    prepared = await fake_api_bot.save_prepared_inline_message(
        alice.id, article(markup=keyboard()), allow_user_chats=True)
    kept = fakebot.inline.prepared[prepared.id]
    assert (kept.user_id, kept.result["id"], kept.allow_user_chats, kept.allow_group_chats) == (
        alice.id, "new", True, False)
    assert int(prepared.expiration_date.timestamp()) == kept.expiration_date
    sent = await fakebot.user_sends_prepared(alice, prepared.id, chat)
    assert sent.via_bot_id == fakebot.bot.id and sent.inline_message_id
    with pytest.raises(PermissionError):
        await fakebot.user_sends_prepared(alice, prepared.id, fakebot.add_group("g", [alice]))
    with pytest.raises(LookupError):
        await fakebot.user_sends_prepared(bob, prepared.id, chat)
    for user_id, flags, description in [
        (alice.id, {}, "Bad Request: at least one chat type must be allowed"),
        (424242, {"allow_user_chats": True}, "Bad Request: user not found"),
    ]:
        with pytest.raises(BadRequest):
            await fake_api_bot.save_prepared_inline_message(user_id, article(), **flags)
        assert refusal(fakebot, "savePreparedInlineMessage") == description


# -- the whole round with a real Application, polling and by webhook -------------------------
async def test_an_application_plays_in_a_chat_it_is_not_in(fakebot, bot_builder, run_polling,
                                                           people):
    alice, bob, chat = people
    chosen: list[str] = []

    async def on_query(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await update.inline_query.answer([article(markup=keyboard())], cache_time=0)

    async def on_chosen(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        chosen.append(update.chosen_inline_result.inline_message_id)

    async def on_press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        await query.edit_message_text(f"{query.from_user.first_name} joined")
        await query.answer("welcome")

    app = bot_builder().build()
    app.add_handler(InlineQueryHandler(on_query))
    app.add_handler(ChosenInlineResultHandler(on_chosen))
    app.add_handler(CallbackQueryHandler(on_press))
    await run_polling(app)
    typed = await fakebot.user_types_inline(alice, chat, "durak")
    await fakebot.wait_for_inline_answer(typed)
    sent = await fakebot.user_chooses_inline(alice, typed, "new")
    press = await fakebot.user_presses(bob, sent, "Join")
    assert (await fakebot.wait_for_answer(press))["text"] == "welcome"
    assert fakebot.inline_message(sent.inline_message_id).text == "Bob joined"
    assert chosen == [sent.inline_message_id]
    edit = fakebot.requests("editMessageText")[-1]
    assert edit.params["inline_message_id"] == sent.inline_message_id and edit.chat_id is None


async def test_inline_updates_are_posted_to_a_webhook(fakebot, fake_api_bot, people):
    alice, _bob, chat = people
    received: list[dict] = []

    async def hook(request: web.Request) -> web.Response:
        update = await request.json()
        received.append(update)
        if "inline_query" not in update:
            return web.Response()
        # The answer rides on the webhook's response, as Telegram allows.
        result = article(markup=keyboard()).to_dict()
        return web.json_response({"method": "answerInlineQuery", "results": [result],
                                  "inline_query_id": update["inline_query"]["id"]})

    app = web.Application()
    app.router.add_post("/hook", hook)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        assert await fake_api_bot.set_webhook(f"http://127.0.0.1:{port}/hook")
        typed = await fakebot.user_types_inline(alice, chat, "durak")
        await fakebot.wait_for(lambda: received, 5.0, "the inline query's POST")
        assert received[0]["inline_query"]["id"] == typed.id
        assert (await fakebot.wait_for_inline_answer(typed)).result_ids == ["new"]
        assert [call.ok for call in fakebot.replies("answerInlineQuery")] == [True]
        await fakebot.user_chooses_inline(alice, typed, "new")
        await fakebot.wait_for(lambda: len(received) == 2, 5.0, "the chosen result's POST")
        assert received[1]["chosen_inline_result"]["result_id"] == "new"
    finally:
        await fakebot.webhook.stop()
        await runner.cleanup()
