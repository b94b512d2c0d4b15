"""Quick phrases instead of free chat (issue 37): 💬 under a hand opens a fixed set; a
phrase reaches every other player's hand in the reader's own language; one per 5 s a
person; /phrases off hides them; a solo game has no one to read them."""

from __future__ import annotations

from playing import hand_message, open_group_lobby

import bot.runtime.presses as presses
from bot.render.callback import encode_game_ui


async def test_a_phrase_reaches_the_others_in_their_language(fakebot, bot_world):
    await bot_world.start()
    alice, carol = fakebot.add_user("Alice"), fakebot.add_user("Carol")
    boris = fakebot.add_user("Борис", language_code="ru")  # his client speaks Russian
    users = [alice, boris, carol]
    for user in users:
        await fakebot.user_starts_bot(user)
    group, lobby = await open_group_lobby(fakebot, users)
    await fakebot.wait_for_answer(await fakebot.user_presses(alice, lobby, "Start"))
    game_id = await bot_world.services.chats.running_game(group.id)
    for user in users:
        await fakebot.wait_for(lambda u=user: hand_message(fakebot, u), 10, "hands")

    hand = hand_message(fakebot, alice)
    assert "💬 Say…" in hand.button_texts()
    await fakebot.wait_for_answer(await fakebot.user_presses(alice, hand, "💬 Say…"))
    await fakebot.wait_for(lambda: "Good game!" in hand_message(fakebot, alice).button_texts(),
                           5, "the phrase menu")
    answer = await fakebot.wait_for_answer(
        await fakebot.user_presses(alice, hand_message(fakebot, alice), "Good game!"))
    assert answer["text"] == "💬 Said: Good game!"
    await fakebot.wait_for(lambda: "💬 Alice: Good game!" in hand_message(fakebot, carol).text,
                           5, "Carol reads it")
    await fakebot.wait_for(lambda: "💬 Alice: Хорошая игра!" in hand_message(fakebot, boris).text,
                           5, "Boris reads it in Russian")
    assert "💬 Alice" not in hand_message(fakebot, alice).text  # not to herself
    assert "💬 Say…" in hand_message(fakebot, alice).button_texts()  # the menu closed

    # Faster than the limit: refused, and nobody's hand changes.
    bot_world.clock.advance(presses.PHRASE_INTERVAL)
    menu = encode_game_ui(game_id, 0, "say")
    await fakebot.wait_for_answer(await fakebot.user_presses(alice, hand, data=menu))
    fast = [encode_game_ui(game_id, 0, "say2"), encode_game_ui(game_id, 0, "say3")]
    first = await fakebot.wait_for_answer(await fakebot.user_presses(alice, hand, data=fast[0]))
    second = await fakebot.wait_for_answer(await fakebot.user_presses(alice, hand, data=fast[1]))
    assert first["text"] == "💬 Said: Nice move"
    assert second["text"] == "One phrase every few seconds: say it again in a moment."
    await fakebot.wait_for(lambda: "💬 Alice: Nice move" in hand_message(fakebot, carol).text,
                           5, "the first of the two")
    await fakebot.settle(0.3)
    assert "Oops" not in hand_message(fakebot, carol).text

    # Carol mutes phrases: the next one does not reach her hand, but still reaches Boris.
    await fakebot.user_sends(carol, fakebot.private_chat(carol), "/phrases off")
    await fakebot.wait_for_message(carol.id, lambda m: m.text.startswith("The others' phrases"))
    bot_world.clock.advance(presses.PHRASE_INTERVAL)
    await fakebot.wait_for_answer(await fakebot.user_presses(
        alice, hand, data=encode_game_ui(game_id, 0, "say5")))
    await fakebot.wait_for(lambda: "💬 Alice: 👍" in hand_message(fakebot, boris).text,
                           5, "Boris reads the 👍")
    await fakebot.settle(0.3)
    assert "💬" not in hand_message(fakebot, carol).text.replace("💬 Say…", "")

    # Made-up phrase numbers and strangers to the table change nothing.
    eve = fakebot.add_user("Eve")
    await fakebot.user_starts_bot(eve)
    for data in (encode_game_ui(game_id, 0, "say9"),):
        refused = await fakebot.wait_for_answer(await fakebot.user_presses(alice, hand,
                                                                           data=data))
        assert refused.get("text")


async def test_a_solo_game_offers_no_phrases(fakebot, bot_world):
    await bot_world.start()
    alice = fakebot.add_user("Alice")
    await fakebot.user_starts_bot(alice)
    await fakebot.user_sends(alice, fakebot.private_chat(alice), "/play")
    setup = await fakebot.wait_for_message(alice.id, lambda m: "Start" in m.button_texts())
    await fakebot.wait_for_answer(await fakebot.user_presses(alice, setup, "Start"))
    await fakebot.wait_for(lambda: "Trump" in setup.text, 10, "the solo deal")
    assert not [b for b in setup.button_texts() if b.startswith("💬")]
