"""Lobby flows in a group: join without a private chat, leave, settings, computers, cancel,
commands in the wrong place, and the command menus."""

from __future__ import annotations


async def press(fake, user, message, button):
    query = await fake.user_presses(user, message, button)
    return await fake.wait_for_answer(query)


async def test_join_without_private_chat_completes_through_the_deep_link(fakebot, bot_world):
    app = await bot_world.start()
    alice, dave = fakebot.add_user("Alice"), fakebot.add_user("Dave")
    await fakebot.user_starts_bot(alice)
    group = fakebot.add_group("Cards night", [alice, dave])
    await fakebot.user_sends(alice, group, "/newgame")
    lobby = await fakebot.wait_for_message(group, lambda m: "Join" in m.button_texts())

    answer = await press(fakebot, dave, lobby, "Join")
    lobby_id = await bot_world.services.chats.open_lobby(group.id)
    invite = (await bot_world.services.lobbies.get(lobby_id)).invite
    assert answer["url"] == f"https://t.me/{app.bot.username}?start=j{invite}"
    await fakebot.wait_for(lambda: "Dave (must open a private chat" in lobby.text, 10, "marker")
    refused = await press(fakebot, alice, lobby, "Start")
    assert "Dave" in refused["text"] and "private chat" in refused["text"]

    await fakebot.user_starts_bot(dave, f"j{invite}")
    reply = await fakebot.wait_for_message(dave.id)
    assert reply.text == "You joined the game in «Cards night»." or "Cards night" in reply.text
    await fakebot.wait_for(lambda: "must open" not in lobby.text, 10, "the marker to go")
    assert "2. Dave" in lobby.text

    assert (await press(fakebot, dave, lobby, "Leave")).get("text") is None
    await fakebot.wait_for(lambda: "Dave" not in lobby.text, 10, "Dave to leave")
    assert (await press(fakebot, dave, lobby, "Cancel"))["text"].startswith("Only the host")
    assert (await press(fakebot, alice, lobby, "Cancel")).get("text") is None
    await fakebot.wait_for(lambda: "The lobby was closed." in lobby.text, 10, "closed")


async def test_settings_host_only_cycle_values_and_stale_double_press(fakebot, bot_world):
    await bot_world.start()
    alice, bob = fakebot.add_user("Alice"), fakebot.add_user("Bob")
    for user in (alice, bob):
        await fakebot.user_starts_bot(user)
    group = fakebot.add_group("Cards night", [alice, bob])
    await fakebot.user_sends(alice, group, "/newgame")
    lobby = await fakebot.wait_for_message(group, lambda m: "Join" in m.button_texts())
    await press(fakebot, bob, lobby, "Join")

    refused = await press(fakebot, bob, lobby, "Settings")
    assert refused["text"] == "Only the host or a chat admin can do that."
    assert (await press(fakebot, alice, lobby, "Settings")).get("text") is None
    await fakebot.wait_for(lambda: "Transfer: no" in lobby.button_texts(), 10, "the menu")
    old = lobby.find_button("Transfer: no")
    assert (await press(fakebot, bob, lobby, old["callback_data"]))["text"].startswith("Only")
    assert (await press(fakebot, alice, lobby, old["callback_data"])).get("text") is None
    await fakebot.wait_for(lambda: "Transfer: by playing" in lobby.button_texts(), 10,
                           "the change")
    # The same (now stale) button again changes nothing.
    again = await fakebot.user_presses(alice, lobby, data=old["callback_data"])
    assert (await fakebot.wait_for_answer(again))["text"] == "This button is out of date."
    lobby_id = await bot_world.services.chats.open_lobby(group.id)
    assert (await bot_world.services.lobbies.get(lobby_id)).settings["rules"] == {
        "transfer": "play"}

    # Players: the table size cycles 6 -> 2; then nobody else fits.
    await press(fakebot, alice, lobby, "Players: up to 6")
    await fakebot.wait_for(lambda: "Players: up to 2" in lobby.button_texts(), 10, "seats")
    carol = fakebot.add_user("Carol")
    await fakebot.user_starts_bot(carol)
    await fakebot.user_sends(carol, group, "/join")
    full = await fakebot.wait_for_message(group, lambda m: m.text == "The game is full.")
    assert full.from_bot
    await press(fakebot, alice, lobby, "Players: up to 2")
    await fakebot.wait_for(lambda: "Players: up to 3" in lobby.button_texts(), 10, "seats")

    await press(fakebot, alice, lobby, "House rules")
    await fakebot.wait_for(lambda: "Spades by spades: off" in lobby.button_texts(), 10, "house")
    await press(fakebot, alice, lobby, "Spades by spades: off")
    await fakebot.wait_for(lambda: "Spades by spades: on" in lobby.button_texts(), 10, "toggle")
    await press(fakebot, alice, lobby, "Back")
    await fakebot.wait_for(lambda: "Back" in lobby.button_texts()
                           and "Transfer: by playing" in lobby.button_texts(), 10, "main menu")
    await press(fakebot, alice, lobby, "Back")
    await fakebot.wait_for(lambda: "Add computer player" in lobby.button_texts(), 10, "lobby")

    # Add a computer player of a chosen strength.
    await press(fakebot, alice, lobby, "Add computer player")
    await fakebot.wait_for(lambda: "hard" in lobby.button_texts(), 10, "strengths")
    await press(fakebot, alice, lobby, "hard")
    await fakebot.wait_for(lambda: "Computer 1 (computer, hard)" in lobby.text, 10, "computer")

    # Start: the game plays the chosen rules; Bob may not cancel it, the host may.
    assert (await press(fakebot, alice, lobby, "Start")).get("text") is None
    game_id = await fakebot.wait_for(lambda: bot_world.services.runtime.displays and
                                     next(iter(bot_world.services.runtime.displays)), 10, "game")
    rules = (await bot_world.services.games.snapshot(game_id)).state.rules
    assert rules.transfer == "play" and rules.spades_by_spades is True
    await fakebot.user_sends(bob, group, "/cancel")
    await fakebot.wait_for_message(group, lambda m: m.text.startswith("Only the host"))
    await fakebot.user_sends(alice, group, "/cancel")
    table = await fakebot.wait_for_message(group, lambda m: "deal 1" in m.text)
    await fakebot.wait_for(lambda: "The game was cancelled." in table.text, 10, "cancelled")
    assert (await bot_world.services.games.snapshot(game_id)).status == "cancelled"


async def test_who_must_open_a_private_chat_survives_a_restart(fakebot, bot_world):
    app = await bot_world.start()
    alice, dave = fakebot.add_user("Alice"), fakebot.add_user("Dave")
    await fakebot.user_starts_bot(alice)
    group = fakebot.add_group("Cards night", [alice, dave])
    await fakebot.user_sends(alice, group, "/newgame")
    lobby = await fakebot.wait_for_message(group, lambda m: "Join" in m.button_texts())
    assert "url" in await press(fakebot, dave, lobby, "Join")
    await fakebot.wait_for(lambda: "Dave (must open a private chat" in lobby.text, 10, "marker")

    await bot_world.stop(app)
    app = await bot_world.start()  # a new process: nothing in memory
    lobby_id = await bot_world.services.chats.open_lobby(group.id)
    refused = await press(fakebot, alice, lobby, "Start")
    assert "Dave" in refused["text"] and "private chat" in refused["text"]
    # Join again still answers with the link, and the link completes the join.
    answer = await press(fakebot, dave, lobby, "Join")
    invite = (await bot_world.services.lobbies.get(lobby_id)).invite
    assert answer["url"] == f"https://t.me/{app.bot.username}?start=j{invite}"
    await fakebot.user_starts_bot(dave, f"j{invite}")
    await fakebot.wait_for(lambda: "must open" not in lobby.text and "Dave" in lobby.text,
                           10, "the marker to go")
    assert (await press(fakebot, alice, lobby, "Start")).get("text") is None
    await fakebot.wait_for_message(group, lambda m: "deal 1" in m.text)
