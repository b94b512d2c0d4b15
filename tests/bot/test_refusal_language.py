"""Refusals the engine or service words in English reach a Russian user in Russian."""

from __future__ import annotations


async def test_a_settings_conflict_is_refused_in_russian(fakebot, bot_world):
    await bot_world.start()
    olga, pavel = fakebot.add_user("Olga", language_code="ru"), fakebot.add_user("Pavel")
    for user in (olga, pavel):
        await fakebot.user_starts_bot(user)
    group = fakebot.add_group("Вечер", [olga, pavel])
    await fakebot.user_sends(olga, group, "/newgame")
    lobby = await fakebot.wait_for_message(group, lambda m: "Присоединиться" in m.button_texts())
    await fakebot.wait_for_answer(await fakebot.user_presses(pavel, lobby, "Присоединиться"))
    lobby_id = await bot_world.services.chats.open_lobby(group.id)
    # Pagat has no throw-ins: the engine refuses the mix at the start, in English words.
    await bot_world.services.lobbies.change_settings(
        lobby_id, olga.id, {"preset": "prostoy_pagat", "rules": {"throw_in": "all"}})
    await fakebot.settle(0.05)
    answer = await fakebot.wait_for_answer(await fakebot.user_presses(olga, lobby, "Начать"))
    assert answer["text"].startswith("Так играть нельзя: "), answer
    assert "не подкидывают" in answer["text"] and "has no" not in answer["text"]
    assert await bot_world.services.chats.running_game(group.id) is None  # nothing started
