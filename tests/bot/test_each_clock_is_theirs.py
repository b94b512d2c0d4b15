"""Each person's turn clock is theirs (docs/rules.md, "Turn timers"): it runs from the
moment what they must answer last changed, a pass or a move elsewhere that leaves their
task as it was does not restart it, and the clock's own warning moves nothing: the timer
plays when the table and the hand said it would. The bot's clock is moved, nothing sleeps
a turn long."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from playing import (
    deal_a_leader_a_pair,
    hand_message,
    move_log,
    open_group_lobby,
    refusal,
    throw_in_of,
)

from bot.engine import ActionKind
from bot.render.callback import encode_move

TURN_SECONDS = 30


async def _play(fake, world, user, game_id: int, version: int, action) -> None:
    """The user presses the button of ``action`` drawn at ``version`` (as the hand shows
    it, or a moment earlier); the move counts."""
    hand = hand_message(fake, user)
    answer = await fake.wait_for_answer(await fake.user_presses(
        user, hand, data=encode_move(game_id, version, action.text())))
    assert not refusal(answer), answer
    games = world.services.games
    for _ in range(100):
        if (await games.snapshot(game_id)).version > version:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{action.text()} was not applied")


async def _delivered(fake, world, game_id: int, seat: int, deadline) -> None:
    """Until the seat's hand with this turn's buttons has reached them (the clock is
    moved only then: a first delivery after the move would be late by the move, and
    rightly given that time back)."""
    display = world.services.runtime.displays.get(game_id)
    await fake.wait_for(lambda: display.clock_delivered.get(seat) == deadline, 10,
                        "the hand with the buttons")


async def _until(world, when) -> None:
    """Move the bot's clock to the moment ``when``."""
    world.clock.advance((when - world.clock()).total_seconds())


async def test_a_pass_leaves_the_silent_defenders_clock_and_a_new_card_restarts_it(
        fakebot, bot_world):
    await bot_world.start()
    game_id, snap, leader, (first, second) = await deal_a_leader_a_pair(fakebot, bot_world)
    games, timers = bot_world.services.games, bot_world.services.runtime.timers
    seat = snap.seat_of(leader.id)

    await _play(fakebot, bot_world, leader, game_id, 0, throw_in_of(snap.state, seat, first))
    led = await games.snapshot(game_id)
    defender = led.state.defender
    assert tuple(led.state.waiting_on()) == (defender,)  # a card to beat: their clock runs
    beat_by = led.turn_deadline
    await _delivered(fakebot, bot_world, game_id, defender, beat_by)

    # 20 s later the attacker says they throw in no more: the defender's task is as it
    # was, so is their deadline.
    bot_world.clock.advance(20)
    pass_ = next(a for a in led.state.legal_actions(seat) if a.kind is ActionKind.PASS)
    await _play(fakebot, bot_world, leader, game_id, 1, pass_)
    passed = await games.snapshot(game_id)
    assert tuple(passed.state.waiting_on()) == (defender,)
    assert passed.turn_deadline == beat_by

    # A new card to beat (the attacker throws in after all): a full turn from now.
    bot_world.clock.advance(5)
    thrown_at = bot_world.clock()
    await _play(fakebot, bot_world, leader, game_id, 2,
                throw_in_of(passed.state, seat, second))
    thrown = await games.snapshot(game_id)
    turn = timedelta(seconds=bot_world.services.runtime.displays.get(game_id).turn_seconds)
    assert thrown.turn_deadline - thrown_at >= turn - timedelta(seconds=1)
    assert thrown.turn_deadline > beat_by + timedelta(seconds=20)
    await _delivered(fakebot, bot_world, game_id, defender, thrown.turn_deadline)

    # The timer plays for the silent defender at that deadline, not before.
    await _until(bot_world, thrown.turn_deadline - timedelta(seconds=1))
    assert await timers.fire_due_timers() == 0
    await _until(bot_world, thrown.turn_deadline + timedelta(seconds=0.1))
    await fakebot.wait_for(lambda: bot_world.services.runtime.displays.get(game_id).version
                           > thrown.version, 10, "the timeout")
    log = await move_log(bot_world, game_id)
    assert (log[3].seat, log[3].cause) == (defender, "timeout")


async def _start_three(fake, world, seconds: int):
    """Three people in a group, ``seconds`` a turn: (users, table, game id)."""
    users = [fake.add_user(name) for name in ("Alice", "Bob", "Carol")]
    for user in users:
        await fake.user_starts_bot(user)
    group, lobby = await open_group_lobby(fake, users, "Clocks")
    services = world.services
    lobby_id = await services.chats.open_lobby(group.id)
    await services.lobbies.change_settings(lobby_id, users[0].id, {"turn_seconds": seconds})
    await fake.wait_for_answer(await fake.user_presses(users[0], lobby, "Start"))
    table = await fake.wait_for_message(group, lambda m: "deal 1" in m.text)
    game_id = await services.chats.running_game(group.id)
    for user in users:
        await fake.wait_for(lambda u=user: hand_message(fake, u), 10, "the hands")
    await fake.settle(0.1)
    return users, table, game_id


async def test_the_warning_redraw_moves_no_deadline_and_the_timer_keeps_its_word(
        fakebot, bot_world):
    """The bug: the warning's own redraw of the hand reached the runtime as a late first
    delivery, and the deadline moved by the whole time since the turn began (the path read
    real time, so a second of it is enough to show it)."""
    await bot_world.start()
    users, table, game_id = await _start_three(fakebot, bot_world, TURN_SECONDS)
    games = bot_world.services.games
    snap = await games.snapshot(game_id)
    mover = next(u for u in users if snap.seat_of(u.id) in snap.state.waiting_on())
    deadline = snap.turn_deadline
    await _delivered(fakebot, bot_world, game_id, snap.seat_of(mover.id), deadline)
    assert "⏱ 30 seconds per move" in table.text
    await asyncio.sleep(1.2)  # real time passes too, as it does in a chat

    # 20 s into the turn: "under 10 seconds left", on the table and in the mover's hand.
    bot_world.clock.advance(20.5)
    await fakebot.wait_for(lambda: "⏱ Under 10 seconds left for your move"
                           in hand_message(fakebot, mover).text, 10, "the hand's warning")
    await fakebot.wait_for(lambda: "⏱ under 10 seconds left" in table.text, 10,
                           "the table's warning")
    await fakebot.settle(0.3)
    assert (await games.snapshot(game_id)).turn_deadline == deadline

    # The timer plays at the deadline the words promised, within 2 s.
    await _until(bot_world, deadline - timedelta(seconds=0.5))
    assert await bot_world.services.runtime.timers.fire_due_timers() == 0
    await _until(bot_world, deadline + timedelta(seconds=0.1))
    await fakebot.wait_for(lambda: bot_world.services.runtime.displays.get(game_id).version
                           > snap.version, 10, "the timeout")
    log = await move_log(bot_world, game_id)
    assert log[0].cause == "timeout"
    assert log[0].created_at.replace(tzinfo=deadline.tzinfo) - deadline \
        <= timedelta(seconds=2)
