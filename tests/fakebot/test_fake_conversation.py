"""A real PTB Application (a tiny counter bot defined here, not the product) against the fake."""

from __future__ import annotations

from telegram import BotCommand, BotCommandScopeAllGroupChats, InlineKeyboardButton, Update
from telegram import InlineKeyboardMarkup as Markup
from telegram.constants import ParseMode
from telegram.error import Forbidden
from telegram.ext import CallbackQueryHandler, CommandHandler, ContextTypes


def counter_markup(count: int) -> Markup:
    return Markup([[InlineKeyboardButton(f"+1 ({count})", callback_data=f"inc:{count}"),
                    InlineKeyboardButton("Done", callback_data="done")]])


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Greets, echoing the deep-link payload, and shows a counter keyboard."""
    payload = " ".join(context.args or []) or "nobody"
    await update.effective_message.reply_text(
        f"hello <b>{payload}</b>", parse_mode=ParseMode.HTML, reply_markup=counter_markup(0)
    )


async def press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """inc:N edits the counter in place; done removes the keyboard."""
    query = update.callback_query
    if query.data == "done":
        await query.edit_message_reply_markup(None)
        await query.answer("finished")
        return
    count = int(query.data.split(":")[1]) + 1
    await query.edit_message_text(f"count {count}", reply_markup=counter_markup(count))
    await query.answer(f"now {count}")


async def poke(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/poke <user id>: writes to another user privately (fails if they never started)."""
    await context.bot.send_message(int(context.args[0]), "poke")


def build_counter_bot(bot_builder, errors: list[BaseException]):
    app = bot_builder().build()
    app.add_handler(CommandHandler("start", start))
    app.add_handler(CommandHandler("poke", poke))
    app.add_handler(CallbackQueryHandler(press))

    async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        errors.append(context.error)

    app.add_error_handler(on_error)
    return app


async def test_polling_bootstrap_calls_get_me_and_delete_webhook(fakebot, bot_builder,
                                                                  run_polling):
    app = await run_polling(build_counter_bot(bot_builder, []))
    assert [c.method for c in fakebot.requests()][:2] == ["getMe", "deleteWebhook"]
    assert app.bot.username == fakebot.bot.username


async def test_deep_link_start_keyboard_press_edit_and_answer(fakebot, bot_builder, run_polling):
    await run_polling(build_counter_bot(bot_builder, []))
    alice = fakebot.add_user("Alice")
    chat = fakebot.private_chat(alice)
    await fakebot.user_starts_bot(alice, "join-42")

    reply = await fakebot.wait_for_message(chat)
    assert reply.text == "hello join-42"  # HTML parsed away
    assert reply.entities == [{"type": "bold", "offset": 6, "length": 7}]
    assert reply.button_texts() == ["+1 (0)", "Done"]

    query = await fakebot.user_presses(alice, reply, "+1 (0)")
    assert (await fakebot.wait_for_answer(query))["text"] == "now 1"
    query = await fakebot.user_presses(alice, reply, "inc:1")  # by callback_data
    assert (await fakebot.wait_for_answer(query))["text"] == "now 2"

    assert reply.text == "count 2"
    assert reply.button_texts() == ["+1 (2)", "Done"]
    assert [text for text, _ in reply.history] == ["hello join-42", "count 1"]
    assert fakebot.send_count(chat) == 1 and fakebot.edit_count(chat) == 2

    query = await fakebot.user_presses(alice, reply, "Done")
    assert (await fakebot.wait_for_answer(query))["text"] == "finished"
    assert reply.keyboard == [] and reply.text == "count 2"


async def test_group_command_addressed_to_the_bot(fakebot, bot_builder, run_polling):
    await run_polling(build_counter_bot(bot_builder, []))
    bob = fakebot.add_user("Bob")
    group = fakebot.add_group("Cards night", [bob])
    await fakebot.user_sends(bob, group, f"/start@{fakebot.bot.username} table")
    reply = await fakebot.wait_for_message(group)
    assert reply.text == "hello table"
    # Carol is not in the group yet: writing joins her, as a member.
    carol = fakebot.add_user("Carol")
    await fakebot.user_sends(carol, group, "hi all")
    assert group.members[carol.id] == "member"


async def test_error_in_a_handler_reaches_the_error_handler(fakebot, bot_builder, run_polling):
    errors: list[BaseException] = []
    await run_polling(build_counter_bot(bot_builder, errors))
    alice, stranger = fakebot.add_user("Alice"), fakebot.add_user("Stranger")
    await fakebot.user_sends(alice, fakebot.private_chat(alice), f"/poke {stranger.id}")
    await fakebot.wait_for(lambda: errors, what="the error handler")
    assert isinstance(errors[0], Forbidden)
    assert "can't initiate conversation" in str(errors[0])


async def test_users_only_press_what_they_can_see(fakebot, bot_builder, run_polling):
    await run_polling(build_counter_bot(bot_builder, []))
    alice, mallory = fakebot.add_user("Alice"), fakebot.add_user("Mallory")
    await fakebot.user_starts_bot(alice)
    reply = await fakebot.wait_for_message(fakebot.private_chat(alice))
    try:
        await fakebot.user_presses(mallory, reply, "Done")
    except PermissionError:
        pass
    else:
        raise AssertionError("Mallory pressed a button in Alice's private chat")
    try:
        await fakebot.user_presses(alice, reply, "No such button")
    except LookupError as error:
        assert "+1 (0)" in str(error)
    else:
        raise AssertionError("pressed a button the message does not show")
    # A forged press is possible on purpose, and the bot sees exactly that data.
    query = await fakebot.user_presses(alice, reply, data="inc:41")
    assert (await fakebot.wait_for_answer(query))["text"] == "now 42"


async def test_set_my_commands_is_stored_per_scope_and_language(fakebot, bot_builder,
                                                                run_polling):
    app = await run_polling(build_counter_bot(bot_builder, []))
    await app.bot.set_my_commands([BotCommand("newgame", "New game")])
    await app.bot.set_my_commands([BotCommand("newgame", "Новая игра")], language_code="ru",
                                  scope=BotCommandScopeAllGroupChats())
    assert fakebot.commands_for() == [{"command": "newgame", "description": "New game"}]
    assert fakebot.commands_for({"type": "all_group_chats"}, "ru") == [
        {"command": "newgame", "description": "Новая игра"}
    ]
    assert fakebot.commands_for({"type": "all_group_chats"}) is None
    got = await app.bot.get_my_commands(language_code="ru", scope=BotCommandScopeAllGroupChats())
    assert [c.description for c in got] == ["Новая игра"]
