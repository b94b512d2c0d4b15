"""No countdown that goes stale: the table and the acting hand say "⏱ 60 seconds per
move" while the turn is young, and once, when the turn enters its last seconds, "under 15
seconds left" (to whoever the game waits on, in their hand). No edit changes only a
number of seconds. The bot's clock is moved, nothing sleeps a turn long."""

from __future__ import annotations

import pytest
from playing import hand_message, start_group_game

from bot.render.table import warning_seconds

# Telegram's flood limits on in the fake, the bot's own as deployed.
pytestmark = pytest.mark.telegram_limits

def test_the_warning_comes_with_time_to_act():
    assert warning_seconds(60) == 15 and warning_seconds(120) == 15
    assert warning_seconds(30) == 10 and warning_seconds(15) == 5


async def test_the_clock_words_change_once_per_turn_and_stay_true(fakebot, bot_world):
    await bot_world.start()
    group, users, table, game_id = await start_group_game(fakebot, bot_world)
    snap = await bot_world.services.games.snapshot(game_id)
    mover = next(u for u in users if snap.seat_of(u.id) in snap.state.waiting_on())
    other = next(u for u in users if u is not mover)
    await fakebot.wait_for(lambda: "⏱ 60 seconds per move" in table.text, 10, "the table")
    assert "left" not in table.text
    assert "⏱ 60 seconds per move" in hand_message(fakebot, mover).text
    edits = table.edit_count

    bot_world.clock.advance(30)  # half the turn: nothing to say, nothing edited
    await fakebot.settle(0.4)
    assert table.edit_count == edits

    bot_world.clock.advance(16)  # 14 s left: the table and the mover's hand say so, once
    await fakebot.wait_for(lambda: "⏱ under 15 seconds left" in table.text, 10, "the table")
    await fakebot.wait_for(lambda: "⏱ Under 15 seconds left for your move" in hand_message(
        fakebot, mover).text, 10, "the mover's hand")
    assert "left for your move" not in hand_message(fakebot, other).text
    warned = table.edit_count
    bot_world.clock.advance(5)
    await fakebot.settle(0.4)
    assert table.edit_count == warned  # no edit for the seconds alone

    # A move: the next turn is young again.
    hand = hand_message(fakebot, mover)
    move = next(b for b in hand.buttons if b["callback_data"][:1] in "mM")
    await fakebot.wait_for_answer(await fakebot.user_presses(mover, hand, move["callback_data"]))
    await fakebot.wait_for(lambda: "under 15 seconds left" not in table.text
                           and "⏱ 60 seconds per move" in table.text, 10, "the young turn")
