"""Turn timers from database deadlines (the clock is moved, nothing sleeps), computer
takeover after two timeouts, a player who blocked the bot, and a restart mid-game."""

from __future__ import annotations

import asyncio

from playing import (
    assert_shows_own_hand,
    hand_message,
    move_log,
    press_first_accepted,
    start_group_game,
    turn_delivered,
)


async def timeout_round(fakebot, world, game_id):
    """Move the clock past the deadline and wait for the timer loop to play."""
    await turn_delivered(fakebot, world, game_id)
    before = (await world.services.games.snapshot(game_id)).version
    world.clock.advance(61)

    async def moved():
        return (await world.services.games.snapshot(game_id)).version > before

    deadline = asyncio.get_running_loop().time() + 20
    while asyncio.get_running_loop().time() < deadline:
        if await moved():
            return
        await fakebot.settle(0.03)
    raise AssertionError("the timer did not fire")


async def test_timeouts_play_the_default_then_a_computer_takes_over(fakebot, bot_world):
    await bot_world.start()
    group, users, table, game_id = await start_group_game(fakebot, bot_world)
    games = bot_world.services.games
    snap = await games.snapshot(game_id)
    idle = snap.state.waiting_on()[0]
    await timeout_round(fakebot, bot_world, game_id)
    log = await move_log(bot_world, game_id)
    assert (log[0].seat, log[0].cause) == (idle, "timeout")
    assert len(log[0].action.split()) == 2  # the lowest single card was led

    # Nobody presses anything: timeouts continue until one seat times out twice in a row,
    # then a computer plays that seat for the rest of the deal and the table says so.
    for _ in range(6):
        snap = await games.snapshot(game_id)
        if any(s.taken_over for s in snap.seats) or snap.status != "running":
            break
        await timeout_round(fakebot, bot_world, game_id)
    snap = await games.snapshot(game_id)
    taken = [s for s in snap.seats if s.taken_over]
    assert taken, "two timeouts in a row must hand the seat to a computer"
    await fakebot.wait_for(lambda: "missed two turns: a computer plays this seat" in table.text,
                           10, "the note")
    deadline = asyncio.get_running_loop().time() + 20  # the first search spawns a worker
    while asyncio.get_running_loop().time() < deadline:
        log = await move_log(bot_world, game_id)
        snap = await games.snapshot(game_id)
        if any(m.cause == "computer" and m.seat == taken[0].seat for m in log) or \
                snap.status != "running":
            break
        if set(snap.state.waiting_on()) - {taken[0].seat}:
            await timeout_round(fakebot, bot_world, game_id)  # the other idle person
        else:
            await fakebot.settle(0.03)
    assert any(m.cause == "computer" and m.seat == taken[0].seat for m in log) or \
        (await games.snapshot(game_id)).status != "running"


async def test_a_player_who_blocked_the_bot_is_named_and_a_computer_plays_at_once(
        fakebot, bot_world):
    await bot_world.start()
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    games = bot_world.services.games
    await fakebot.user_blocks_bot(bob)
    # Play on until the bot has to touch Bob's hand (403).
    for _ in range(40):
        if "Bob cannot receive cards" in table.text:
            break
        snap = await games.snapshot(game_id)
        if snap.seat_of(bob.id) in snap.state.waiting_on():
            await timeout_round(fakebot, bot_world, game_id)
        else:
            await press_first_accepted(fakebot, alice, hand_message(fakebot, alice))
            await fakebot.settle(0.03)
    assert "Bob cannot receive cards (the bot is blocked): a computer plays this seat" in \
        table.text
    assert "missed two turns" not in table.text
    assert fakebot.requests("editMessageText", bob.id, ok=False)[0].error_code == 403
    assert fakebot.send_count(group) == 2
    # The table names Bob as soon as the 403 comes back; the computer's taking his seat
    # is written a moment later (runtime ``_hand_over``, its own task): wait for it. (On a
    # loaded machine the first 403 may be the last deal's hand edit: then there is no
    # seat left to hand over.)
    snap = await games.snapshot(game_id)
    bob_seat = snap.seat_of(bob.id)
    deadline = asyncio.get_running_loop().time() + 10
    while snap.status == "running" and \
            not next(s for s in snap.seats if s.seat == bob_seat).taken_over:
        assert asyncio.get_running_loop().time() < deadline, "the seat was never handed over"
        await fakebot.settle(0.05)
        snap = await games.snapshot(game_id)
    # Nobody waits for Bob's timer: whenever his seat is asked, the computer answers (the
    # first computer move may start a worker process: up to 20 s on a loaded machine).
    deadline = asyncio.get_running_loop().time() + 20
    while asyncio.get_running_loop().time() < deadline:
        snap = await games.snapshot(game_id)
        log = await move_log(bot_world, game_id)
        if any(m.cause == "computer" and m.seat == bob_seat for m in log) \
                or snap.status != "running":
            break
        if bob_seat in snap.state.waiting_on():
            await fakebot.settle(0.05)
        else:
            await press_first_accepted(fakebot, alice, hand_message(fakebot, alice))
            await fakebot.settle(0.03)
    log = await move_log(bot_world, game_id)
    assert any(m.cause == "computer" and m.seat == bob_seat for m in log) or \
        (await games.snapshot(game_id)).status != "running"
    if (await games.snapshot(game_id)).status != "running":
        return
    # Bob opens the chat again: the note goes, the seat is his again, his hand follows.
    await fakebot.user_starts_bot(bob)
    await fakebot.wait_for(lambda: "Bob cannot receive" not in table.text, 10, "the note")
    # The seat comes back in its own task a moment after the note goes (as above).
    deadline = asyncio.get_running_loop().time() + 10
    snap = await games.snapshot(game_id)
    while snap.status == "running" and \
            next(s for s in snap.seats if s.seat == bob_seat).taken_over:
        assert asyncio.get_running_loop().time() < deadline, "the seat never came back"
        await fakebot.settle(0.05)
        snap = await games.snapshot(game_id)
    if snap.status == "running":
        await assert_shows_own_hand(fakebot, bot_world, game_id, bob,
                                    lambda: hand_message(fakebot, bob))


async def test_restart_mid_game_continues_on_the_same_messages(fakebot, bot_world):
    app = await bot_world.start()
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    games = bot_world.services.games
    for _ in range(3):
        snap = await games.snapshot(game_id)
        mover = alice if snap.seat_of(alice.id) in snap.state.waiting_on() else bob
        assert await press_first_accepted(fakebot, mover, hand_message(fakebot, mover))
        await fakebot.settle(0.03)
    version = (await games.snapshot(game_id)).version
    await bot_world.stop(app)

    await bot_world.start()  # a new process on the same database
    games = bot_world.services.games
    await fakebot.settle(0.05)
    for _ in range(4):
        snap = await games.snapshot(game_id)
        mover = alice if snap.seat_of(alice.id) in snap.state.waiting_on() else bob
        assert await press_first_accepted(fakebot, mover, hand_message(fakebot, mover))
        await fakebot.settle(0.03)
    assert (await games.snapshot(game_id)).version >= version + 4
    # The timer deadline lives in the database: it fires in the new process too.
    await timeout_round(fakebot, bot_world, game_id)
    assert (await move_log(bot_world, game_id))[-1].cause == "timeout"
    assert fakebot.send_count(group) == 2  # same lobby and table messages, only edits
    await fakebot.wait_for(lambda: "Last move" in table.text, 10, "the table to follow")
