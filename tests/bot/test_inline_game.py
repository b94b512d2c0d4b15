"""A game in any chat through inline mode (issue 37): two friends in their own 1:1 chat,
the bot a member of nothing, one of them never having opened the bot. Typing @bot offers
the games; the chosen one's message is the lobby and then the table, edited by its
inline_message_id; cards come in private chats; the bot never tries to write into the
friends' chat; presses that do not belong to the message change nothing."""

from __future__ import annotations

from playing import hand_message, play_to_the_end
from sqlalchemy import select

from bot.render.callback import encode_game_ui, encode_lobby
from bot.service.venues import VenueKind, inline_chat_id
from bot.storage.models import Game, Tally


async def choose_game(fakebot, user, chat, result_id="preset:podkidnoy", query=""):
    typed = await fakebot.user_types_inline(user, chat, query)
    answer = await fakebot.wait_for_inline_answer(typed)
    posted = await fakebot.user_chooses_inline(user, typed, result_id)
    return answer, posted


async def test_an_inline_game_between_two_friends_runs_to_a_second_deal(fakebot, bot_world):
    await bot_world.start()
    alice, bob = fakebot.add_user("Alice"), fakebot.add_user("Bob")
    await fakebot.user_starts_bot(alice)  # Bob never did
    chat = fakebot.user_chat(alice, bob)

    answer, message = await choose_game(fakebot, alice, chat)
    assert answer.result_ids[:2] == ["preset:podkidnoy", "preset:perevodnoy"]
    assert answer.is_personal and answer.cache_time == 0
    assert "players: 2–6" in answer.result("preset:podkidnoy")["description"]
    await fakebot.wait_for(lambda: "Host: Alice" in message.text, 10, "the lobby drawn")
    assert "Join" in message.button_texts()

    # Bob joins from the message; the bot cannot write to him yet: the answer opens it.
    pressed = await fakebot.wait_for_answer(await fakebot.user_presses(bob, message, "Join"))
    lobby_id = next(lid for lid in [await bot_world.services.chats.lobby_of(bob.id)] if lid)
    lobby = await bot_world.services.lobbies.get(lobby_id)
    assert lobby.place.kind is VenueKind.INLINE
    assert lobby.chat_id == inline_chat_id(fakebot.chat_instance(chat))
    assert pressed["url"].endswith(f"?start=j{lobby.invite}")
    await fakebot.user_starts_bot(bob, f"j{lobby.invite}")
    await fakebot.wait_for(lambda: "2. Bob" in message.text
                           and "must open" not in message.text, 10, "Bob seated")

    await fakebot.wait_for_answer(await fakebot.user_presses(alice, message, "Start"))
    await fakebot.wait_for(lambda: "deal 1" in message.text, 10, "the table in the message")
    for user in (alice, bob):
        await fakebot.wait_for(lambda u=user: hand_message(fakebot, u), 10, "hands")
    assert hand_message(fakebot, bob).text.startswith("Your cards in Chat game")
    game_id = await bot_world.services.chats.table_of(bob.id)

    assert await play_to_the_end(fakebot, bot_world, game_id, [alice, bob]) == "finished"
    await fakebot.wait_for(lambda: "Play again" in message.button_texts(), 10, "Play again")

    # Nobody can send the bot /top in a chat it is not in: the finished table offers the
    # chat's own leaderboard, an alert for whoever presses (Bob never sent a command).
    top = await fakebot.wait_for_answer(await fakebot.user_presses(
        bob, message, "🏆 This chat's best"))
    assert top["show_alert"] and top["text"].startswith("🏆 Best players in this chat\n1. ")
    assert "Alice" in top["text"] and "Bob" in top["text"] and len(top["text"]) <= 200
    # The same button forged elsewhere (a press from Bob's private chat) shows nothing.
    version = (await bot_world.services.games.snapshot(game_id)).version
    forged = await fakebot.wait_for_answer(await fakebot.user_presses(
        bob, hand_message(fakebot, bob), data=encode_game_ui(game_id, version, "top")))
    assert forged["text"] == "This button is out of date." and not forged.get("show_alert")

    await fakebot.wait_for_answer(await fakebot.user_presses(alice, message, "Play again"))
    # The message counts who is ready; Bob presses what it shows then.
    await fakebot.wait_for(lambda: "Play again (1/2 ready)" in message.button_texts(), 10,
                           "Alice counted ready")
    await fakebot.wait_for_answer(
        await fakebot.user_presses(bob, message, "Play again (1/2 ready)"))
    await fakebot.wait_for(lambda: "deal 2" in message.text, 10, "the second deal")

    # Nothing was ever sent into the friends' chat; every edit there went by its id.
    assert not [c for c in fakebot.calls if c.chat_id == chat.id]
    async with bot_world.services.db.read() as s:
        venues = set((await s.execute(select(Game.venue, Game.chat_id)
                                      .where(Game.lobby_id == lobby_id))).all())
        tallied = set((await s.execute(select(Tally.chat_id))).scalars())
    assert venues == {("inline", lobby.chat_id)}
    assert lobby.chat_id in tallied  # the friends' chat has its own tallies

    # The next @bot offers Alice her last game first.
    again, _ = await choose_game(fakebot, alice, chat, "last")
    assert again.result_ids[0] == "last"


async def test_presses_that_do_not_belong_to_the_message_change_nothing(fakebot, bot_world):
    await bot_world.start()
    alice, bob, eve = (fakebot.add_user(n) for n in ("Alice", "Bob", "Eve"))
    for user in (alice, bob, eve):
        await fakebot.user_starts_bot(user)
    chat = fakebot.user_chat(alice, bob)
    _answer, message = await choose_game(fakebot, alice, chat)
    await fakebot.wait_for(lambda: "Host: Alice" in message.text, 10, "the lobby drawn")
    await fakebot.wait_for_answer(await fakebot.user_presses(bob, message, "Join"))
    lobby_id = await bot_world.services.chats.lobby_of(bob.id)
    lobby = await bot_world.services.lobbies.get(lobby_id)

    # Eve posts her own inline game elsewhere and forges Alice's lobby's buttons on it.
    elsewhere = fakebot.user_chat(eve, bob)
    _answer, hers = await choose_game(fakebot, eve, elsewhere)
    await fakebot.wait_for(lambda: "Host: Eve" in hers.text, 10, "Eve's lobby")
    for action in ("start", "cancel", "join"):
        forged = encode_lobby(lobby.lobby_id, lobby.version, action)
        answer = await fakebot.wait_for_answer(
            await fakebot.user_presses(eve, hers, data=forged))
        assert answer["text"] == "This button belongs to another chat."
    # Alice's lobby in a group chat's message id space: refused the same way.
    after = await bot_world.services.lobbies.get(lobby_id)
    assert after.status == "open" and [m.user_id for m in after.members] == [alice.id, bob.id]

    # The placeholder Join of a message whose lobby is not drawn yet is answered kindly.
    typed = await fakebot.user_types_inline(eve, elsewhere, "")
    await fakebot.wait_for_inline_answer(typed)
    fakebot.inline_feedback = False  # the choice never reaches the bot
    posted = await fakebot.user_chooses_inline(eve, typed, "preset:perevodnoy")
    answer = await fakebot.wait_for_answer(await fakebot.user_presses(bob, posted, "Join"))
    assert answer["text"].startswith("The table is being set up")


async def test_an_answer_refused_for_flood_is_sent_again_while_the_query_lives(
        fakebot, bot_world):
    """Answers skip the outbox's budget: a 429 on answerInlineQuery (a busy token) is
    waited out once, so the person still sees the games."""
    await bot_world.start()
    alice, bob = fakebot.add_user("Alice"), fakebot.add_user("Bob")
    await fakebot.user_starts_bot(alice)
    fakebot.inject_error("answerinlinequery", 429, "Too Many Requests: retry after 1",
                         retry_after=1)
    typed = await fakebot.user_types_inline(alice, fakebot.user_chat(alice, bob), "")
    answer = await fakebot.wait_for_inline_answer(typed, timeout=10)
    assert answer.result_ids[0] == "preset:podkidnoy"
    assert [c.error_code for c in fakebot.calls if c.method == "answerInlineQuery"] == \
        [429, None]
