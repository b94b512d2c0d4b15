"""Paths that used to end nowhere: /newgame beside an open lobby and after a game, /cancel
answered once, /leave in a running game."""

from __future__ import annotations

import asyncio

from playing import hand_message, move_buttons, refusal, start_group_game


async def press(fake, user, message, button=None, data=None):
    return await fake.wait_for_answer(await fake.user_presses(user, message, button,
                                                              data=data))


async def open_lobby(fake, group, host):
    await fake.user_sends(host, group, "/newgame")
    return await fake.wait_for_message(group, lambda m: "Join" in m.button_texts())


async def lobby_of(fake, *names):
    """People who opened the bot, their group, and the lobby the first of them opened."""
    users = [fake.add_user(name) for name in names]
    for user in users:
        await fake.user_starts_bot(user)
    group = fake.add_group("Cards night", users)
    return group, users, await open_lobby(fake, group, users[0])


async def test_newgame_beside_an_open_lobby_points_to_it_and_opens_no_second(
        fakebot, bot_world):
    await bot_world.start()
    group, (alice, bob), lobby = await lobby_of(fakebot, "Alice", "Bob")
    lobby_id = await bot_world.services.chats.open_lobby(group.id)

    await fakebot.user_sends(bob, group, "/newgame")
    pointer = await fakebot.wait_for_message(group, lambda m: "already gathering" in m.text)
    assert pointer.reply_to == lobby.message_id
    await fakebot.settle(0.1)
    assert await bot_world.services.chats.open_lobby(group.id) == lobby_id
    lobbies = [m for m in fakebot.bot_messages(group.id) if "Join" in m.button_texts()]
    assert lobbies == [lobby]


async def test_newgame_after_a_game_starts_from_the_settings_the_chat_played(
        fakebot, bot_world):
    await bot_world.start()
    group, (alice, bob), lobby = await lobby_of(fakebot, "Alice", "Bob")
    await press(fakebot, alice, lobby, "Settings")
    await fakebot.wait_for(lambda: "Transfer: no" in lobby.button_texts(), 10, "the menu")
    await press(fakebot, alice, lobby, "Transfer: no")
    await fakebot.wait_for(lambda: "Transfer: by playing" in lobby.button_texts(), 10,
                           "the change")
    played = (await bot_world.services.lobbies.get(
        await bot_world.services.chats.open_lobby(group.id))).settings
    await press(fakebot, alice, lobby, "Back")
    await fakebot.wait_for(lambda: "Cancel" in lobby.button_texts(), 10, "the main menu")
    await press(fakebot, alice, lobby, "Cancel")
    await fakebot.wait_for(lambda: "closed" in lobby.text, 10, "the lobby to close")

    second = await open_lobby(fakebot, group, bob)
    assert second.message_id != lobby.message_id
    settings = (await bot_world.services.lobbies.get(
        await bot_world.services.chats.open_lobby(group.id))).settings
    assert settings == played and settings["rules"], settings


async def test_cancel_of_a_running_game_is_answered_once(fakebot, bot_world):
    await bot_world.start()
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    before = len(fakebot.bot_messages(group.id))
    await fakebot.user_sends(alice, group, "/cancel")
    await fakebot.wait_for(lambda: len(fakebot.bot_messages(group.id)) > before, 10, "answer")
    await fakebot.settle(0.3)
    new = fakebot.bot_messages(group.id)[before:]
    assert len(new) == 1, [m.text for m in new]
    assert (await bot_world.services.games.snapshot(game_id)).status != "running"
    for user in (alice, bob):  # each private chat says it was cancelled, not just "over"
        await fakebot.wait_for(lambda u=user: "The host cancelled this deal" in hand_message(
            fakebot, u).text, 10, "the cancelled hand")
    # Again: nothing left to cancel, said once.
    await fakebot.user_sends(alice, group, "/cancel")
    await fakebot.wait_for(lambda: len(fakebot.bot_messages(group.id)) > before + 1, 10, "2nd")
    await fakebot.settle(0.3)
    assert len(fakebot.bot_messages(group.id)) == before + 2


async def test_leave_in_a_running_game_hands_the_seat_to_a_computer_and_loses_the_deal(
        fakebot, bot_world):
    from test_group_game import play_to_the_end

    await bot_world.start()
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    bot_world.game_id = game_id
    old_hand = hand_message(fakebot, bob)
    old_button = move_buttons(old_hand)[0]["callback_data"] if move_buttons(old_hand) \
        else None

    before = len(fakebot.bot_messages(group.id))
    await fakebot.user_sends(bob, group, "/leave")
    reply = await fakebot.wait_for_message(group, lambda m: "You left the game" in m.text)
    assert "computer plays your seat" in reply.text
    await fakebot.wait_for(lambda: "Bob left the game" in table.text, 10, "the table note")
    assert not old_hand.buttons and old_hand.text.startswith("You left the game in")
    snap = await bot_world.services.games.snapshot(game_id)
    bob_seat = next(s for s in snap.seats if s.user_id == bob.id)
    assert bob_seat.left and bob_seat.taken_over

    # Twice: a clear answer, nothing changes.
    await fakebot.user_sends(bob, group, "/leave")
    again = await fakebot.wait_for_message(group, lambda m: m.text == "You left this game.")
    assert again is not None
    assert len(fakebot.bot_messages(group.id)) == before + 2
    if old_button is not None:  # a press on the old hand (stale or forged) changes nothing
        version = (await bot_world.services.games.snapshot(game_id)).version
        answer = await fakebot.wait_for_answer(
            await fakebot.user_presses(bob, old_hand, data=old_button))
        assert refusal(answer), answer
        assert (await bot_world.services.games.snapshot(game_id)).version >= version

    # Alice plays on against the computer in Bob's seat; the deal is Bob's loss.
    await play_to_the_end(fakebot, bot_world, [alice], table)
    assert "Bob left the game and loses this deal." in table.text
    assert "is the fool" not in table.text
    bob_tally = (await bot_world.services.stats.player(bob.id, group.id)).chat_tally
    alice_tally = (await bot_world.services.stats.player(alice.id, group.id)).chat_tally
    assert (bob_tally["fools"], alice_tally["fools"]) == (1, 0)


async def test_the_host_removes_a_player_and_nobody_else_can(fakebot, bot_world):
    await bot_world.start()
    group, (alice, bob, carol), lobby = await lobby_of(fakebot, "Alice", "Bob", "Carol")
    for user in (bob, carol):
        await press(fakebot, user, lobby, "Join")
    await fakebot.wait_for(lambda: "3. Carol" in lobby.text, 10, "both seated")

    refused = await press(fakebot, bob, lobby, "Remove a player")
    assert refused["text"] == "Only the host or a chat admin can do that."
    assert (await press(fakebot, alice, lobby, "Remove a player")).get("text") is None
    await fakebot.wait_for(lambda: "✖ Bob" in lobby.button_texts(), 10, "the menu")
    assert "✖ Alice" not in lobby.button_texts()  # the host's own seat is not offered
    kick_bob = lobby.find_button("✖ Bob")["callback_data"]
    # Bob presses the host's button: refused, still seated.
    assert (await press(fakebot, bob, lobby, data=kick_bob))["text"].startswith("Only")
    assert (await press(fakebot, alice, lobby, data=kick_bob)).get("text") is None
    await fakebot.wait_for(lambda: "Bob" not in lobby.text, 10, "Bob removed")
    assert "2. Carol" in lobby.text and "Join" in lobby.button_texts()
    # The same (now stale) button again changes nothing.
    assert (await press(fakebot, alice, lobby, data=kick_bob)).get("text")
    assert "2. Carol" in lobby.text
    # Bob may join again.
    assert (await press(fakebot, bob, lobby, "Join")).get("text") is None
    await fakebot.wait_for(lambda: "3. Bob" in lobby.text, 10, "Bob back")


async def test_a_member_who_never_opens_the_private_chat_is_shown_a_link_then_dropped(
        fakebot, bot_world):
    app = await bot_world.start(private_chat_wait=0.6)
    alice, dave, erin = (fakebot.add_user(n) for n in ("Alice", "Dave", "Erin"))
    await fakebot.user_starts_bot(alice)
    group = fakebot.add_group("Cards night", [alice, dave, erin])
    lobby = await open_lobby(fakebot, group, alice)
    await press(fakebot, dave, lobby, "Join")
    await press(fakebot, erin, lobby, "Join")
    await fakebot.wait_for(lambda: "Open the chat with me to play" in lobby.button_texts(),
                           10, "the link button")
    invite = (await bot_world.services.lobbies.get(
        await bot_world.services.chats.open_lobby(group.id))).invite
    link = lobby.find_button("Open the chat with me to play")
    assert link["url"] == f"https://t.me/{app.bot.username}?start=j{invite}"
    # Erin opens it in time and stays; Dave never does and is dropped, with a word why.
    await fakebot.user_starts_bot(erin, f"j{invite}")
    dropped = await fakebot.wait_for_message(
        group, lambda m: m.text.startswith("Dave was taken out of the lobby"), timeout=10)
    assert "private chat" in dropped.text
    await fakebot.wait_for(lambda: "Dave" not in lobby.text, 10, "Dave gone from the lobby")
    assert "2. Erin" in lobby.text and "must open" not in lobby.text
    assert "Open the chat with me to play" not in lobby.button_texts()
    await fakebot.settle(0.8)
    assert not [m for m in fakebot.bot_messages(group.id) if m.text.startswith("Erin was")]
    # Nothing blocks the start now.
    assert (await press(fakebot, alice, lobby, "Start")).get("text") is None
    await fakebot.wait_for_message(group, lambda m: "deal 1" in m.text)


async def test_play_again_waits_for_everyone_or_the_host_and_keeps_the_series(
        fakebot, bot_world):
    from test_group_game import play_to_the_end

    await bot_world.start()
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    bot_world.game_id = game_id
    deal1_player = next(u for u in (alice, bob) if move_buttons(hand_message(fakebot, u)))
    deal1_hand = hand_message(fakebot, deal1_player)
    deal1_move = move_buttons(deal1_hand)[0]["callback_data"]
    await play_to_the_end(fakebot, bot_world, [alice, bob], table)
    await fakebot.wait_for(lambda: "Play again" in table.button_texts(), 10, "Play again")
    series = (await bot_world.services.games.snapshot(game_id)).series_id

    # Each private chat says how the deal ended for its reader.
    ended = await bot_world.services.games.snapshot(game_id)
    for user in (alice, bob):
        seat = ended.seat_of(user.id)
        words = ("you are the fool. You have 1 matchstick in this series."
                 if seat in ended.state.outcome.fools else "a draw, nobody is the fool."
                 if ended.state.outcome.draw else "you got rid of your cards, place 1 of 2.")
        await fakebot.wait_for(lambda u=user, w=words: w in hand_message(fakebot, u).text,
                               10, f"{user.first_name}'s ending")

    ready = await press(fakebot, alice, table, "Play again")
    assert ready["text"].startswith("You are ready")
    await fakebot.wait_for(lambda: "Waiting for: Bob" in table.text, 10, "the ready line")
    # Bob is asked once, with a new message (the table's edit does not notify).
    ping = await fakebot.wait_for_message(bob.id, lambda m: "wants to play again" in m.text)
    assert ping.text.startswith("Alice wants to play again in Cards night")
    assert "Play again (1/2 ready)" in table.button_texts()
    # A double press changes nothing; Start now is the host's (Alice's).
    assert (await press(fakebot, alice, table, "Play again (1/2 ready)"))["text"] \
        .startswith("You are ready")
    assert await bot_world.services.chats.running_game(group.id) is None
    refused = await press(fakebot, bob, table, "Start now")
    assert refused["text"] == "Only the host or a chat admin can do that."
    old_button = table.find_button("Play again (1/2 ready)")["callback_data"]

    assert len([m for m in fakebot.bot_messages(bob.id) if "wants to play again" in m.text]) == 1
    assert not [m for m in fakebot.bot_messages(alice.id) if "wants to play again" in m.text]
    assert (await press(fakebot, bob, table, "Play again (1/2 ready)")).get("text") is None
    second = await fakebot.wait_for_message(group, lambda m: "deal 2" in m.text)
    await fakebot.wait_for(lambda: not table.buttons, 10, "the old table's buttons to go")
    assert "Game over" in table.text
    deal2 = await bot_world.services.chats.running_game(group.id)
    snap = await bot_world.services.games.snapshot(deal2)
    assert snap.series_id == series and not any(s.taken_over for s in snap.seats)
    # The old table's button, pressed again: refused, nothing dealt.
    stale = await fakebot.wait_for_answer(
        await fakebot.user_presses(alice, table, data=old_button))
    assert stale.get("text")
    assert await bot_world.services.chats.running_game(group.id) == deal2
    # A move button of deal 1's hand, pressed in deal 2: refused, deal 2 untouched.
    version = (await bot_world.services.games.snapshot(deal2)).version
    old_move = await fakebot.wait_for_answer(
        await fakebot.user_presses(deal1_player, deal1_hand, data=deal1_move))
    assert refusal(old_move), old_move
    assert (await bot_world.services.games.snapshot(deal2)).version == version

    # Deal 2 ends; the host starts deal 3 without Bob: a computer plays his seat.
    bot_world.game_id = deal2
    await play_to_the_end(fakebot, bot_world, [alice, bob], second)
    await fakebot.wait_for(lambda: "Play again" in second.button_texts(), 10, "Play again")
    await press(fakebot, alice, second, "Play again")
    await fakebot.wait_for(lambda: "Start now" in second.button_texts(), 10, "Start now")
    assert (await press(fakebot, alice, second, "Start now")).get("text") is None
    await fakebot.wait_for_message(group, lambda m: "deal 3" in m.text)
    deal3 = await bot_world.services.games.snapshot(
        await bot_world.services.chats.running_game(group.id))
    taken = {s.user_id for s in deal3.seats if s.taken_over}
    assert taken == {bob.id} and deal3.series_id == series
    # Bob is told with a new message, and the table does not say he timed out.
    told = await fakebot.wait_for_message(bob.id, lambda m: "started without you" in m.text)
    assert "Press any move on your cards to take your seat back." in told.text
    table3 = fakebot.last_bot_message(group)
    await fakebot.wait_for(lambda: "Bob was not ready when the deal started" in table3.text,
                           10, "the table's note")
    assert "missed two turns" not in table3.text


async def test_the_lobby_never_says_ready_while_start_would_be_refused(fakebot, bot_world):
    """Someone who has not opened the private chat: their Join is answered with words and
    the link, the lobby does not say "Ready" (Start would be refused), and after the host
    takes them out and they join again their wait starts over."""
    await bot_world.start(private_chat_wait=1.5)
    alice, dave = fakebot.add_user("Alice"), fakebot.add_user("Dave")
    await fakebot.user_starts_bot(alice)
    group = fakebot.add_group("Cards night", [alice, dave])
    lobby = await open_lobby(fakebot, group, alice)
    answer = await press(fakebot, dave, lobby, "Join")
    assert answer["text"] == "Open the chat with me to finish joining: your cards come there."
    assert answer["url"].startswith("https://t.me/") and "?start=j" in answer["url"]
    await fakebot.wait_for(lambda: "2. Dave" in lobby.text, 10, "Dave in the lobby")
    await fakebot.settle(0.1)
    assert "Ready: the host can press Start." not in lobby.text
    assert (await press(fakebot, alice, lobby, "Start")).get("text")  # refused: Dave

    # 1 s into his wait the host takes him out; he joins again: a new 1.5 s wait.
    await asyncio.sleep(1.0)
    assert (await press(fakebot, alice, lobby, "Remove a player")).get("text") is None
    await fakebot.wait_for(lambda: lobby.find_button("✖ Dave"), 10, "the remove menu")
    await press(fakebot, alice, lobby, data=lobby.find_button("✖ Dave")["callback_data"])
    await fakebot.wait_for(lambda: "Dave" not in lobby.text, 10, "Dave out")
    await press(fakebot, dave, lobby, "Join")
    await asyncio.sleep(0.9)  # past the first wait's end, within the new one
    assert not [m for m in fakebot.bot_messages(group.id) if m.text.startswith("Dave was")]
    assert "2. Dave" in lobby.text
    await fakebot.wait_for_message(
        group, lambda m: m.text.startswith("Dave was taken out of the lobby"), timeout=10)
