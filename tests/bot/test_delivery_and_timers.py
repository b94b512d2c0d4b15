"""A turn timer counts from delivery: while Telegram holds a player's hand back (429), their
timer does not run out, the hand is drawn again when Telegram allows, and the time it was
late is given back on the deadline."""

from __future__ import annotations

import asyncio

from playing import hand_message, move_log, press_first_accepted, start_group_game


async def test_a_hand_held_back_by_a_429_is_redrawn_and_its_timer_waits_for_it(
        fakebot, bot_world):
    await bot_world.start()
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    games = bot_world.services.games
    snap = await games.snapshot(game_id)
    mover = alice if snap.seat_of(alice.id) in snap.state.waiting_on() else bob
    other = bob if mover is alice else alice
    before = hand_message(fakebot, other).text
    # The other player's next hand edit is refused once: "retry after 2".
    fakebot.inject_error("editMessageText", 429, "Too Many Requests: retry after 2",
                         chat_id=other.id, retry_after=2)
    assert await press_first_accepted(fakebot, mover, hand_message(fakebot, mover))
    moved = await games.snapshot(game_id)
    assert moved.seat_of(other.id) in moved.state.waiting_on()
    deadline = moved.turn_deadline
    await fakebot.wait_for(lambda: fakebot.requests("editMessageText", other.id, ok=False),
                           10, "the refused edit")
    assert hand_message(fakebot, other).text == before  # not delivered yet

    # Their turn is long over by the clock, but the hand has not arrived: the timer waits.
    bot_world.clock.advance(61)
    assert await bot_world.services.runtime.timers.fire_due_timers() == 0
    await asyncio.sleep(0.3)  # the timer loop's own passes skip it too
    assert [m.cause for m in await move_log(bot_world, game_id)] == ["player"]
    bot_world.clock.advance(-61)

    # Telegram's wait passes: the hand is drawn again, with its buttons, and the deadline
    # moves on by the time it was late (about the 2 s Telegram asked for).
    await fakebot.wait_for(lambda: hand_message(fakebot, other).text != before
                           and hand_message(fakebot, other).buttons, 10, "the redraw")
    pushed = deadline
    for _ in range(100):
        pushed = (await games.snapshot(game_id)).turn_deadline
        if pushed > deadline:
            break
        await asyncio.sleep(0.05)
    assert (pushed - deadline).total_seconds() >= 1.5, (deadline, pushed)
    assert (await games.snapshot(game_id)).version == moved.version


async def test_a_game_played_through_failing_requests_still_finishes_with_every_hand_right(
        fakebot, bot_world):
    """5xx answers and timeouts on sends and edits, to every chat: each failed screen is
    drawn again a moment later, and the game is played to the end as without them."""
    from test_group_game import play_to_the_end

    await bot_world.start()
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    bot_world.game_id = game_id
    for chat in (alice.id, bob.id, group.id):
        fakebot.inject_error("editMessageText", 500, "Internal Server Error",
                             chat_id=chat, times=3)
        fakebot.inject_error("editMessageText", 502, "Bad Gateway", chat_id=chat, times=2)
    # (five failures in a row of one chat are retried after 1, 2, 4, 4 and 4 s)
    presses = await play_to_the_end(fakebot, bot_world, [alice, bob], table, timeout=30)
    assert presses > 5
    failed = [c for c in fakebot.requests("editMessageText", ok=False)
              if c.error_code in (500, 502)]
    assert len(failed) == 15  # every injected failure was met, and got over
    snap = await bot_world.services.games.snapshot(game_id)
    assert snap.status == "finished"
    assert all(m.cause != "timeout" for m in await move_log(bot_world, game_id))
