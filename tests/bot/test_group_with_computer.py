"""A 2-player group game: a person and a computer player added in the lobby, played to the
result; computer moves come after a pause, never in an instant burst."""

from __future__ import annotations

from playing import move_log
from test_group_game import play_to_the_end


async def test_person_and_computer_play_a_group_game_to_the_result(fakebot, bot_world):
    await bot_world.start(computer_pause=(0.05, 0.06))
    alice = fakebot.add_user("Alice")
    await fakebot.user_starts_bot(alice)
    group = fakebot.add_group("Evening", [alice])
    await fakebot.user_sends(alice, group, "/newgame")
    lobby = await fakebot.wait_for_message(group, lambda m: "Join" in m.button_texts())
    added = await fakebot.wait_for_answer(await fakebot.user_presses(alice, lobby,
                                                                     "Add computer player"))
    assert added.get("text") is None, added
    await fakebot.wait_for(lambda: "normal" in lobby.button_texts(), 10, "strengths")
    await fakebot.wait_for_answer(await fakebot.user_presses(alice, lobby, "normal"))
    await fakebot.wait_for(lambda: "Computer 1 (computer, normal)" in lobby.text, 10, "seat")
    assert (await fakebot.wait_for_answer(
        await fakebot.user_presses(alice, lobby, "Start"))).get("text") is None
    table = await fakebot.wait_for_message(group, lambda m: "deal 1" in m.text)
    await fakebot.wait_for(lambda: "The game has started" in lobby.text, 10, "lobby closed")
    bot_world.game_id = await bot_world.services.chats.running_game(group.id)

    await play_to_the_end(fakebot, bot_world, [alice], table)
    assert fakebot.send_count(group) == 2 and "Computer 1" in table.text
    log = await move_log(bot_world, bot_world.game_id)
    computer = [n for n, m in enumerate(log) if m.cause == "computer"]
    assert len(computer) >= 3
    gaps = [(log[n].created_at - log[n - 1].created_at).total_seconds()
            for n in computer if n > 0]
    assert min(gaps) >= 0.045, gaps  # the pause, not an instant reply
    tally = (await bot_world.services.stats.player(alice.id, group.id)).chat_tally
    assert tally["games"] == 1
    assert "Hint" not in " ".join(m.text for m in fakebot.bot_messages(alice.id))
