"""A person's seat is theirs: when a computer takes it (two timeouts, a deal started
without them) they get a new private message saying so and how to take it back, their hand
says it too, and a move they press takes the seat back and is played, ahead of the
computer, which waits ``takeover_pause`` after the turn reached them."""

from __future__ import annotations

import asyncio

import pytest
from playing import hand_message, move_log, refusal, start_group_game
from test_timers_and_failures import timeout_round

TAKEN_TEXT = "Your turn timed out twice in Cards night: a computer is playing for you now."


# Telegram's flood limits on in the fake, the bot's own as deployed.
pytestmark = pytest.mark.telegram_limits

async def _time_out_until_taken(fakebot, world, game_id):
    games = world.services.games
    for _ in range(8):
        snap = await games.snapshot(game_id)
        if any(s.taken_over for s in snap.seats) or snap.status != "running":
            return snap
        await timeout_round(fakebot, world, game_id)
    return await games.snapshot(game_id)


async def test_a_taken_seat_is_told_shown_and_taken_back_by_a_press(fakebot, bot_world):
    await bot_world.start(takeover_pause=30.0)  # the person is faster than the computer
    group, users, table, game_id = await start_group_game(fakebot, bot_world,
                                                          title="Cards night")
    snap = await _time_out_until_taken(fakebot, bot_world, game_id)
    taken = next((s for s in snap.seats if s.taken_over), None)
    assert taken is not None, "two timeouts in a row hand the seat to a computer"
    person = next(u for u in users if u.id == taken.user_id)
    # A new message (an edit would not notify): what happened and how to take it back.
    told = await fakebot.wait_for_message(person.id, lambda m: "timed out twice" in m.text)
    assert told.text.startswith("⏱ " + TAKEN_TEXT), told.text
    assert "Press any move on your cards to take your seat back." in told.text
    await fakebot.wait_for(lambda: f"{person.first_name} missed two turns: a computer plays "
                           "this seat" in table.text, 10, "the table's note")
    # The hand says who plays, and keeps the moves that take the seat back.
    await fakebot.wait_for(lambda: "A computer is playing for you" in (
        hand_message(fakebot, person).text), 10, "the hand's note")

    # Whenever the seat is asked next, the person presses first: the move counts, the
    # seat is theirs again, and the computer never moved for it.
    for _ in range(30):
        snap = await bot_world.services.games.snapshot(game_id)
        if snap.status != "running" or taken.seat in snap.state.waiting_on():
            break
        await timeout_round(fakebot, bot_world, game_id)
    if snap.status != "running":
        return
    await fakebot.wait_for(lambda: any(b["callback_data"][:1] in "mM" for b in hand_message(
        fakebot, person).buttons), 10, "the person's move buttons")
    hand = hand_message(fakebot, person)
    move = next(b for b in hand.buttons if b["callback_data"][:1] in "mM")
    answer = await fakebot.wait_for_answer(await fakebot.user_presses(
        person, hand, move["callback_data"]))
    assert refusal(answer) is None, answer
    snap = await bot_world.services.games.snapshot(game_id)
    assert not next(s for s in snap.seats if s.seat == taken.seat).taken_over
    log = await move_log(bot_world, game_id)
    assert not any(m.cause == "computer" and m.seat == taken.seat for m in log)
    assert log[-1].cause == "player" or snap.version > len(log) - 1
    await fakebot.wait_for(lambda: "A computer is playing for you" not in hand_message(
        fakebot, person).text, 10, "the hand without the note")
    # (the other person may have timed out twice meanwhile: only this one's note goes)
    await fakebot.wait_for(lambda: f"{person.first_name} missed two turns" not in table.text,
                           10, "the table without the note")


async def test_the_computer_waits_for_the_person_before_moving_for_them(fakebot, bot_world):
    """With the pause short, the computer does move for an idle taken seat, but only
    after the pause: never before ``takeover_pause`` from the turn reaching the seat."""
    await bot_world.start(takeover_pause=0.6)
    group, users, table, game_id = await start_group_game(fakebot, bot_world)
    games = bot_world.services.games
    snap = await _time_out_until_taken(fakebot, bot_world, game_id)
    taken = next((s for s in snap.seats if s.taken_over), None)
    assert taken is not None
    loop = asyncio.get_running_loop()
    for _ in range(30):
        snap = await games.snapshot(game_id)
        if snap.status != "running":
            return
        if taken.seat in snap.state.waiting_on():
            break
        await timeout_round(fakebot, bot_world, game_id)
    asked_at, version = loop.time(), snap.version
    while loop.time() < asked_at + 20:
        now = await games.snapshot(game_id)
        if now.version != version:
            break
        await asyncio.sleep(0.02)
    log = await move_log(bot_world, game_id)
    assert log[version].seat == taken.seat and log[version].cause == "computer"
    assert loop.time() - asked_at >= 0.5  # the pause (less the time to see the turn)
