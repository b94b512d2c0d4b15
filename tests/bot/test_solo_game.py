"""/play in a private chat: one person against a computer, table and hand in ONE message."""

from __future__ import annotations

from playing import assert_shows_own_hand, press_first_accepted


async def test_solo_game_against_one_computer_is_played_to_the_result(fakebot, bot_world):
    await bot_world.start()
    dana = fakebot.add_user("Dana")
    chat = fakebot.private_chat(dana)
    await fakebot.user_sends(dana, chat, "/play")
    setup = await fakebot.wait_for_message(chat, lambda m: "Start" in m.button_texts())
    for label in ("✓ 1", "hard", "Start"):
        button = next(b for b in setup.buttons if b["text"].endswith(label.lstrip("✓ "))
                      and (label != "✓ 1" or b["text"] in ("1", "✓ 1")))
        query = await fakebot.user_presses(dana, setup, button["callback_data"])
        assert (await fakebot.wait_for_answer(query)).get("text") is None
        await fakebot.settle(0.02)
    game_id = await bot_world.services.chats.running_game(chat.id)
    assert game_id is not None
    snap = await bot_world.services.games.snapshot(game_id)
    assert [s.computer_strength for s in snap.seats if s.user_id is None] == ["hard"]

    # The Hint button explains what the hard player would do, and changes nothing.
    await fakebot.wait_for(lambda: "Hint" in setup.button_texts(), 5, "the hint button")
    version = (await bot_world.services.games.snapshot(game_id)).version
    hint = await fakebot.wait_for_answer(await fakebot.user_presses(dana, setup, "Hint"), 10)
    assert hint["text"].startswith("Hint: ") and hint["show_alert"] is True
    assert (await bot_world.services.games.snapshot(game_id)).version == version
    # A second hint at once is refused (hints are searches: one per person every 5 s).
    again = await fakebot.wait_for_answer(await fakebot.user_presses(dana, setup, "Hint"), 10)
    assert again["text"] == "One hint at a time: ask again in a few seconds."

    presses = 0
    while "Game over" not in setup.text:
        await fakebot.settle(0.03)
        snap = await bot_world.services.games.snapshot(game_id)
        if snap.status != "running":
            await fakebot.wait_for(lambda: "Game over" in setup.text, 5, "the result")
            break
        await assert_shows_own_hand(fakebot, bot_world, game_id, dana, lambda: setup)
        if await press_first_accepted(fakebot, dana, setup):
            presses += 1
        assert presses < 400

    assert fakebot.send_count(chat) == 1  # the set-up message became the game
    assert setup.edit_count > presses
    assert "Next deal" in setup.button_texts()
    snap = await bot_world.services.games.snapshot(game_id)
    dana_fool = snap.seat_of(dana.id) in snap.state.outcome.fools
    tally = (await bot_world.services.stats.player(dana.id)).global_tally
    assert tally["games"] == 1 and tally["fools"] == int(dana_fool)
    result = setup.text.split("Game over")[1]
    assert ("You are the fool!" in result) == dana_fool
    assert ("Computer 1 is the fool!" in result) == (not dana_fool and not snap.state.outcome.draw)
    rating = next(line for line in result.splitlines() if line.startswith("Rating: "))
    assert "You: " in rating and "Computer 1: " in rating and "Matchsticks: " in result

    # The next deal reuses the same message.
    query = await fakebot.user_presses(dana, setup, "Next deal")
    assert (await fakebot.wait_for_answer(query)).get("text") is None
    await fakebot.wait_for(lambda: "deal 2" in setup.text, 5, "deal 2")
    assert fakebot.send_count(chat) == 1


async def test_solo_setup_can_be_cancelled_and_reopened(fakebot, bot_world):
    await bot_world.start()
    erin = fakebot.add_user("Erin", language_code="ru")
    chat = fakebot.private_chat(erin)
    await fakebot.user_sends(erin, chat, "/play")
    setup = await fakebot.wait_for_message(chat, lambda m: "Начать" in m.button_texts())
    assert setup.text.startswith("Игра с компьютером")
    for count in ("3", "5"):
        await fakebot.wait_for_answer(await fakebot.user_presses(erin, setup, count))
        await fakebot.wait_for(lambda c=count: f"✓ {c}" in setup.button_texts(), 10, count)
    lobby_id = await bot_world.services.chats.open_lobby(chat.id)
    lobby = await bot_world.services.lobbies.get(lobby_id)
    assert [m.computer_strength for m in lobby.members if m.user_id is None] == ["normal"] * 5
    await fakebot.wait_for_answer(await fakebot.user_presses(erin, setup, "Отменить"))
    await fakebot.wait_for(lambda: "Набор закрыт." in setup.text and not setup.buttons, 10,
                           "closed")
    await fakebot.user_sends(erin, chat, "/play")
    await fakebot.wait_for_message(chat, lambda m: "Начать" in m.button_texts(),
                                   after=setup.message_id)
