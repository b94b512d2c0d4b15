"""Join links are not credentials: t.me/<bot>?start=j<invite> seats only someone who may
join that lobby (a member of its group, or someone who pressed Join there), links carry a
random token instead of the lobby id, and numbers from users are bounded before storage.
Every refusal is a clear reply that changes nothing."""

from __future__ import annotations

import logging

from playing import hand_message, start_group_game

from bot.render.callback import MAX_GAME_ID, encode_game_ui, encode_lobby, encode_move


async def open_lobby(fakebot, bot_world, host, group):
    await fakebot.user_sends(host, group, "/newgame")
    message = await fakebot.wait_for_message(group, lambda m: "Join" in m.button_texts())
    lobby_id = await bot_world.services.chats.open_lobby(group.id)
    return message, await bot_world.services.lobbies.get(lobby_id)


async def reply_to(fakebot, user, payload: str) -> str:
    sent = await fakebot.user_starts_bot(user, payload)
    message = await fakebot.wait_for_message(
        user.id, lambda m: m.from_bot and m.message_id > sent.message_id)
    return message.text


async def test_an_outsider_with_the_link_is_refused_and_nothing_changes(fakebot, bot_world,
                                                                        caplog):
    await bot_world.start()
    alice, bob, eve = (fakebot.add_user(n) for n in ("Alice", "Bob", "Eve"))
    for user in (alice, bob, eve):
        await fakebot.user_starts_bot(user)
    group = fakebot.add_group("Cards night", [alice, bob])
    _message, lobby = await open_lobby(fakebot, bot_world, alice, group)
    assert len(lobby.invite) == 16 and lobby.invite != str(lobby.lobby_id)

    with caplog.at_level(logging.WARNING):
        text = await reply_to(fakebot, eve, f"j{lobby.invite}")
    assert text.startswith("Only members of the group Cards night can join")
    after = await bot_world.services.lobbies.get(lobby.lobby_id)
    assert [m.user_id for m in after.members] == [alice.id]
    assert after.version == lobby.version
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_group_member_joins_through_the_link_without_pressing_join(fakebot,
                                                                           bot_world):
    await bot_world.start()
    alice, bob = fakebot.add_user("Alice"), fakebot.add_user("Bob")
    await fakebot.user_starts_bot(alice)
    group = fakebot.add_group("Cards night", [alice, bob])
    message, lobby = await open_lobby(fakebot, bot_world, alice, group)

    assert await reply_to(fakebot, bob, f"j{lobby.invite}") == \
        "You joined the game in Cards night."
    after = await bot_world.services.lobbies.get(lobby.lobby_id)
    assert [m.user_id for m in after.members] == [alice.id, bob.id]
    await fakebot.wait_for(lambda: "2. Bob" in message.text, 10, "Bob in the lobby")


async def test_one_who_pressed_join_and_then_left_the_group_still_completes(fakebot,
                                                                           bot_world):
    await bot_world.start()
    alice, dave = fakebot.add_user("Alice"), fakebot.add_user("Dave")
    await fakebot.user_starts_bot(alice)
    group = fakebot.add_group("Cards night", [alice, dave])
    message, lobby = await open_lobby(fakebot, bot_world, alice, group)
    query = await fakebot.user_presses(dave, message, "Join")
    assert (await fakebot.wait_for_answer(query))["url"].endswith(f"?start=j{lobby.invite}")
    group.members[dave.id] = "left"  # pressing Join is what counts, not the group now

    assert await reply_to(fakebot, dave, f"j{lobby.invite}") == \
        "You joined the game in Cards night."
    await fakebot.wait_for(lambda: "must open" not in message.text, 10, "marker gone")


async def test_ids_huge_numbers_and_junk_are_not_invitations(fakebot, bot_world, caplog):
    await bot_world.start()
    alice, bob = fakebot.add_user("Alice"), fakebot.add_user("Bob")
    await fakebot.user_starts_bot(alice)
    group = fakebot.add_group("Cards night", [alice, bob])
    _message, lobby = await open_lobby(fakebot, bot_world, alice, group)

    invalid = ("This invitation is not valid any more: the game has started or was closed. "
               "Ask in the group for a new game, then press Join under it.")
    with caplog.at_level(logging.WARNING):
        for payload in (f"j{lobby.lobby_id}", "j99999999999999999999999", "j" + "A" * 16,
                        "j" + lobby.invite[:-1], "j" + lobby.invite + "x", "j", "j-1"):
            assert await reply_to(fakebot, bob, payload) == invalid, payload
    after = await bot_world.services.lobbies.get(lobby.lobby_id)
    assert [m.user_id for m in after.members] == [alice.id]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_the_link_of_a_started_or_closed_lobby_seats_nobody(fakebot, bot_world):
    await bot_world.start()
    alice, bob, carol = (fakebot.add_user(n) for n in ("Alice", "Bob", "Carol"))
    for user in (alice, bob, carol):
        await fakebot.user_starts_bot(user)
    group = fakebot.add_group("Cards night", [alice, bob, carol])
    message, started = await open_lobby(fakebot, bot_world, alice, group)
    await fakebot.wait_for_answer(await fakebot.user_presses(bob, message, "Join"))
    await fakebot.wait_for_answer(await fakebot.user_presses(alice, message, "Start"))
    await fakebot.wait_for_message(group, lambda m: "deal 1" in m.text)
    other = fakebot.add_group("Other table", [alice, carol])
    message, closed = await open_lobby(fakebot, bot_world, alice, other)
    await fakebot.wait_for_answer(await fakebot.user_presses(alice, message, "Cancel"))

    for lobby in (started, closed):
        assert (await reply_to(fakebot, carol, f"j{lobby.invite}")).startswith(
            "This invitation is not valid any more")
        after = await bot_world.services.lobbies.get(lobby.lobby_id)
        assert carol.id not in [m.user_id for m in after.members]
    assert (await bot_world.services.lobbies.get(started.lobby_id)).status == "started"
    assert (await bot_world.services.lobbies.get(closed.lobby_id)).status == "closed"


async def test_forged_numbers_in_buttons_are_refused_before_storage(fakebot, bot_world, caplog):
    await bot_world.start()
    _group, (alice, _bob), _table, game_id = await start_group_game(fakebot, bot_world)
    games = bot_world.services.games
    before = (await games.snapshot(game_id)).version
    hand = hand_message(fakebot, alice)
    stale = "This button is out of date."
    with caplog.at_level(logging.WARNING):
        for data in (encode_move(MAX_GAME_ID, 0, "t"),
                     encode_game_ui(MAX_GAME_ID, 0, "next"),
                     encode_lobby(MAX_GAME_ID, 0, "join"),
                     "m" + "z" * 13 + ".0.t",              # 36**13: beyond even BIGINT
                     f"u{game_id:x}.0.pick" + "9" * 40,     # a card number nobody holds
                     encode_game_ui(game_id, 0, "pick" + "9" * 40),
                     encode_game_ui(game_id, 0, "pick999")):
            query = await fakebot.user_presses(alice, hand, data=data)
            answer = (await fakebot.wait_for_answer(query))["text"]
            assert answer in (stale, "This lobby is closed."), (data, answer)
    assert (await games.snapshot(game_id)).version == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
