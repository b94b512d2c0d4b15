"""429 is waited out and retried (the rate limiter), and /language switches a group."""

from __future__ import annotations

import pytest
from playing import hand_message, press_first_accepted, start_group_game

pytestmark = pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")


async def test_a_429_on_the_table_edit_is_retried_after_the_wait(fakebot, bot_world):
    await bot_world.start(overall_rate=1000, group_rate_per_minute=100000)
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    fakebot.inject_error("editMessageText", 429, "Too Many Requests: retry after 1",
                         chat_id=group.id, retry_after=1)
    snap = await bot_world.services.games.snapshot(game_id)
    mover = alice if snap.seat_of(alice.id) in snap.state.waiting_on() else bob
    assert await press_first_accepted(fakebot, mover, hand_message(fakebot, mover))
    await fakebot.wait_for(lambda: "Last move" in table.text, 5, "the retried edit")
    failed = fakebot.requests("editMessageText", group, ok=False)
    assert [c.error_code for c in failed] == [429]
    ok_after = [c for c in fakebot.requests("editMessageText", group, ok=True)
                if c.at >= failed[0].at]
    assert ok_after and ok_after[0].at - failed[0].at >= 0.9


async def test_language_is_a_chat_setting_changed_by_admins(fakebot, bot_world):
    await bot_world.start()
    alice, bob = fakebot.add_user("Alice"), fakebot.add_user("Bob")
    group = fakebot.add_group("Cards", [bob], creator=alice)
    await fakebot.user_sends(alice, group, "/language")
    menu = await fakebot.wait_for_message(group, lambda m: "Русский" in m.button_texts())
    refused = await fakebot.wait_for_answer(await fakebot.user_presses(bob, menu, "Русский"))
    assert refused["text"] == "Only the host or a chat admin can do that."
    done = await fakebot.wait_for_answer(await fakebot.user_presses(alice, menu, "Русский"))
    assert done["text"] == "Язык: русский."
    await fakebot.user_sends(bob, group, "/help")
    reply = await fakebot.wait_for_message(group, lambda m: m.text.startswith("Дурак"))
    assert "/newgame" in reply.text
