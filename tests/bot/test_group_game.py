"""A whole 3-player group game, played by scripted users pressing only the buttons sent."""

from __future__ import annotations

from playing import assert_shows_own_hand, hand_message, press_first_accepted


async def open_lobby(fake, host, others, group):
    await fake.user_sends(host, group, "/newgame")
    lobby = await fake.wait_for_message(group, lambda m: "Join" in m.button_texts())
    for user in others:
        query = await fake.user_presses(user, lobby, "Join")
        assert (await fake.wait_for_answer(query)).get("text") is None
    # The lobby message follows the joins a moment later (runtime/lobby/redraws.py).
    await fake.wait_for(lambda: all(u.first_name in lobby.text for u in others), 5,
                        "the lobby to list everyone")
    return lobby


async def play_to_the_end(fake, world, users, table, limit=800, timeout=10.0):
    """Everyone presses their first accepted move until the table shows the result; after
    every step each user's hand message shows exactly their own cards."""
    presses = 0
    while "Game over" not in table.text:
        await fake.settle(0.03)
        snap = await world.services.games.snapshot(world.game_id)
        if snap.status != "running":
            await fake.wait_for(lambda: "Game over" in table.text, max(5, timeout),
                                "the result")
            break
        moved = False
        for user in users:
            message = hand_message(fake, user)
            seat = snap.seat_of(user.id)
            if not snap.state.view(seat).hand and message is None:
                continue
            await assert_shows_own_hand(fake, world, world.game_id, user,
                                        lambda u=user: hand_message(fake, u), timeout)
            message = hand_message(fake, user)
            if await press_first_accepted(fake, user, message):
                moved, presses = True, presses + 1
                break
        if not moved:  # computers or timers are due; let them move
            await fake.wait_for(lambda: fake.last_request_at, 1)
        assert presses < limit
    return presses


async def test_three_players_play_a_group_game_to_the_result(fakebot, bot_world):
    await bot_world.start()
    alice, bob, carol = (fakebot.add_user(n) for n in ("Alice", "Bob", "Carol"))
    for user in (alice, bob, carol):
        await fakebot.user_starts_bot(user)
    group = fakebot.add_group("Cards night", [alice, bob, carol])
    lobby = await open_lobby(fakebot, alice, [bob, carol], group)
    assert "Bob" in lobby.text and "Carol" in lobby.text

    query = await fakebot.user_presses(alice, lobby, "Start")
    assert (await fakebot.wait_for_answer(query)).get("text") is None
    table = await fakebot.wait_for_message(group, lambda m: m.text.startswith("Durak:"),
                                           after=lobby.message_id)
    bot_world.game_id = await bot_world.services.chats.running_game(group.id)
    for user in (alice, bob, carol):
        message = await fakebot.wait_for_message(
            user.id, lambda m: m.text.startswith("Your cards in Cards night"))
        assert any(s in message.text for s in ("Your cards:", "Other cards:")) or message.buttons

    presses = await play_to_the_end(fakebot, bot_world, [alice, bob, carol], table)
    assert presses > 10

    # One lobby and one table message in the group: every move was an edit.
    assert fakebot.send_count(group) == 2
    assert table.edit_count >= presses // 2
    assert "Play again" in table.button_texts()
    snap = await bot_world.services.games.snapshot(bot_world.game_id)
    fools = snap.state.outcome.fools
    names = {0: None}
    names = {s.seat: s.name for s in snap.seats}
    for seat in fools:
        assert names[seat] in table.text
    for user in (alice, bob, carol):
        tally = (await bot_world.services.stats.player(user.id, group.id)).chat_tally
        assert tally["games"] == 1
        assert tally["fools"] == int(snap.seat_of(user.id) in fools)
        assert tally["matchsticks"] == int(snap.seat_of(user.id) in fools and not
                                           snap.state.outcome.draw)
    # Each private chat only ever got that user's own hand messages.
    for user in (alice, bob, carol):
        for message in fakebot.bot_messages(user.id):
            assert "Cards night" in message.text or not message.text.startswith("Your cards")
