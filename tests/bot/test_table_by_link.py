"""A table by link (issue 37): /newgame in a private chat makes a lobby there with a link
to send anyone; opening the link seats the person, whatever group they are (not) in; the
table lives in the players' private chats (each hand carries it, and at the end the
results and "Play again"); made-up, used-up and expired codes change nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from playing import hand_message, play_to_the_end
from sqlalchemy import select

from bot.service.errors import NotFound
from bot.service.venues import QUICK_LADDER, VenueKind, is_synthetic
from bot.storage.models import Game


async def open_table(fakebot, bot_world, host):
    await fakebot.user_sends(host, fakebot.private_chat(host), "/newgame")
    message = await fakebot.wait_for_message(
        host.id, lambda m: any("Share the link" in b for b in m.button_texts()))
    lobby_id = await bot_world.services.chats.lobby_of(host.id)
    assert lobby_id is not None
    return message, await bot_world.services.lobbies.get(lobby_id)


async def reply_to(fakebot, user, payload: str):
    sent = await fakebot.user_starts_bot(user, payload)
    return await fakebot.wait_for_message(
        user.id, lambda m: m.from_bot and m.message_id > sent.message_id)


async def test_a_table_by_link_seats_whoever_opens_it_and_plays_in_private_chats(
        fakebot, bot_world):
    await bot_world.start()
    alice, bob = fakebot.add_user("Alice"), fakebot.add_user("Bob")
    await fakebot.user_starts_bot(alice)
    lobby_message, lobby = await open_table(fakebot, bot_world, alice)
    venue = lobby.place
    assert venue.kind is VenueKind.LINK and is_synthetic(lobby.chat_id)
    link = f"https://t.me/{fakebot.bot.username}?start=j{lobby.invite}"
    assert link in lobby_message.text
    share = next(b for b in lobby_message.buttons if "switch_inline_query" in b)
    assert share["switch_inline_query"] == f"j{lobby.invite}"
    assert "Join" not in lobby_message.button_texts()  # nobody else sees this message

    # Bob never opened the bot and shares no group with Alice: the link is enough.
    joined = await reply_to(fakebot, bob, f"j{lobby.invite}")
    assert joined.text.startswith("You have a seat in “Game by link” (host: Alice)")
    assert joined.button_texts() == ["Leave"]
    await fakebot.wait_for(lambda: "2. Bob" in lobby_message.text, 10, "Bob in the lobby")

    await fakebot.wait_for_answer(await fakebot.user_presses(alice, lobby_message, "Start"))
    for user in (alice, bob):
        await fakebot.wait_for(lambda u=user: hand_message(fakebot, u), 10, "hands")
    game_id = await bot_world.services.chats.table_of(bob.id)
    assert game_id is not None
    hand = hand_message(fakebot, bob)
    assert hand.text.startswith("Your cards in Game by link")
    assert "Trump" in hand.text and "Alice" in hand.text  # the table is in the hand
    assert not [m for m in fakebot.requests("sendMessage")
                if int(m.params["chat_id"]) not in (alice.id, bob.id)]

    # Played to the end from the hands alone: each hand then shows the result.
    assert await play_to_the_end(fakebot, bot_world, game_id, [alice, bob]) == "finished"
    for user in (alice, bob):
        await fakebot.wait_for(
            lambda u=user: "Play again" in " ".join(hand_message(fakebot, u).button_texts()),
            10, "the result with Play again in each hand")
    await fakebot.wait_for_answer(
        await fakebot.user_presses(alice, hand_message(fakebot, alice), "Play again"))
    # Bob's hand counts who is ready; he presses what it shows then.
    await fakebot.wait_for(
        lambda: "Play again (1/2 ready)" in hand_message(fakebot, bob).button_texts(), 10,
        "Alice counted ready in Bob's hand")
    await fakebot.wait_for_answer(await fakebot.user_presses(
        bob, hand_message(fakebot, bob), "Play again (1/2 ready)"))
    second = await fakebot.wait_for(
        lambda: hand_message(fakebot, bob).message_id != hand.message_id
        and hand_message(fakebot, bob), 10, "the second deal's hand")
    assert second.text.startswith("Your cards in Game by link")
    async with bot_world.services.db.read() as s:
        deals = (await s.execute(select(Game.deal_number, Game.venue, Game.chat_id)
                                 .where(Game.lobby_id == lobby.lobby_id)
                                 .order_by(Game.id))).all()
    assert [d.deal_number for d in deals] == [1, 2]
    assert {d.venue for d in deals} == {"link"} and {d.chat_id for d in deals} == {lobby.chat_id}


async def test_made_up_and_expired_codes_seat_nobody(fakebot, bot_world):
    await bot_world.start()
    alice, eve = fakebot.add_user("Alice"), fakebot.add_user("Eve")
    await fakebot.user_starts_bot(alice)
    _message, lobby = await open_table(fakebot, bot_world, alice)
    for forged in ("jAAAAAAAAAAAAAAAA", "j" + lobby.invite[:-1], "j" + "9" * 300, "j"):
        reply = await reply_to(fakebot, eve, forged)
        assert reply.buttons == [] and "Leave" not in reply.text
    after = await bot_world.services.lobbies.get(lobby.lobby_id)
    assert [m.user_id for m in after.members] == [alice.id]
    # An hour on, the link seats nobody (the service reads the time it is given).
    later = datetime.now(UTC) + timedelta(hours=1, seconds=1)
    with pytest.raises(NotFound):
        await bot_world.services.lobbies.find_by_invite(lobby.invite, now=later)
    assert (await bot_world.services.lobbies.find_by_invite(lobby.invite)).lobby_id == \
        lobby.lobby_id


async def test_leave_by_button_and_the_host_leaving_closes_the_table(fakebot, bot_world):
    await bot_world.start()
    alice, bob = fakebot.add_user("Alice"), fakebot.add_user("Bob")
    await fakebot.user_starts_bot(alice)
    lobby_message, lobby = await open_table(fakebot, bot_world, alice)
    joined = await reply_to(fakebot, bob, f"j{lobby.invite}")
    await fakebot.wait_for(lambda: "2. Bob" in lobby_message.text, 10, "Bob in")
    answer = await fakebot.wait_for_answer(await fakebot.user_presses(bob, joined, "Leave"))
    assert not answer.get("text")
    await fakebot.wait_for(lambda: "Bob" not in lobby_message.text, 10, "Bob gone")
    # A second /newgame while the table gathers is refused: friends may have joined it.
    await fakebot.user_sends(alice, fakebot.private_chat(alice), "/newgame")
    refused = await fakebot.wait_for_message(
        alice.id, lambda m: m.from_bot and m.message_id > lobby_message.message_id)
    assert refused.buttons == []
    await fakebot.user_sends(alice, fakebot.private_chat(alice), "/leave")
    await fakebot.wait_for_message(alice.id, lambda m: m.text == "You gave up your seat.")
    assert (await bot_world.services.lobbies.get(lobby.lobby_id)).status == "closed"
    # the quick ladder is not where a table by link is counted
    assert lobby.chat_id != QUICK_LADDER


async def test_only_the_host_cancels_a_running_table_by_link_from_a_private_chat(
        fakebot, bot_world):
    await bot_world.start()
    alice, bob = fakebot.add_user("Alice"), fakebot.add_user("Bob")
    await fakebot.user_starts_bot(alice)
    lobby_message, lobby = await open_table(fakebot, bot_world, alice)
    await reply_to(fakebot, bob, f"j{lobby.invite}")
    await fakebot.wait_for(lambda: "2. Bob" in lobby_message.text, 10, "Bob in")
    await fakebot.wait_for_answer(await fakebot.user_presses(alice, lobby_message, "Start"))
    await fakebot.wait_for(lambda: hand_message(fakebot, bob), 10, "Bob's cards")
    game_id = await bot_world.services.chats.table_of(bob.id)

    await fakebot.user_sends(bob, fakebot.private_chat(bob), "/cancel")
    refused = await fakebot.wait_for_message(bob.id, lambda m: m.text.startswith("Only"))
    assert refused.buttons == []
    assert (await bot_world.services.games.snapshot(game_id)).status == "running"
    await fakebot.user_sends(alice, fakebot.private_chat(alice), "/cancel")
    await fakebot.wait_for(lambda: "cancelled" in hand_message(fakebot, bob).text, 10,
                           "Bob's hand says it was cancelled")
    assert (await bot_world.services.games.snapshot(game_id)).status == "cancelled"
