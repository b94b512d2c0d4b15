"""Bad presses change nothing: forged, foreign, stale, out of turn; a double press applies
once."""

from __future__ import annotations

from playing import hand_message, start_group_game

from bot.render.callback import encode_move


async def answer_of(fake, user, message, data):
    return (await fake.wait_for_answer(await fake.user_presses(user, message,
                                                               data=data)))["text"]


async def test_forged_foreign_stale_and_double_presses(fakebot, bot_world):
    await bot_world.start()
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    games = bot_world.services.games
    snap = await games.snapshot(game_id)
    attacker = snap.state.view(0).attacker
    mover = next(u for u in (alice, bob) if snap.seat_of(u.id) == attacker)
    other = bob if mover is alice else alice
    hand = hand_message(fakebot, mover)
    lead = next(b for b in hand.buttons if b["callback_data"].startswith("m"))

    assert await answer_of(fakebot, mover, hand, "garbage") == "This button is out of date."
    assert await answer_of(fakebot, mover, hand, "m" + "z" * 70) == \
        "This button is out of date."
    assert await answer_of(fakebot, mover, hand, encode_move(game_id + 40, 0, "t")) == \
        "This button is out of date."
    # Foreign: the other player sends the mover's button from their own chat.
    other_hand = hand_message(fakebot, other)
    assert await answer_of(fakebot, other, other_hand, lead["callback_data"]) in (
        "It is not your turn.", "That move is not allowed now.")
    assert (await games.snapshot(game_id)).version == snap.version

    # Double press: two presses of the same lead before the bot sees either.
    first = await fakebot.user_presses(mover, hand, lead["callback_data"])
    second = await fakebot.user_presses(mover, hand, lead["callback_data"])
    answers = sorted([(await fakebot.wait_for_answer(q)).get("text") for q in (first, second)])
    assert answers[0] == "Already done." and answers[1].startswith("✓ You led "), answers
    assert (await games.snapshot(game_id)).version == snap.version + 1

    # Stale: a button from an older version whose meaning is gone.
    await fakebot.settle(0.03)
    assert await answer_of(fakebot, mover, hand, lead["callback_data"]) in (
        "Already done.", "This button is out of date.")
    # (a pass the old screen never offered: no longer possible, and said why)
    assert await answer_of(fakebot, mover, hand, encode_move(game_id, 0, "p")) in (
        "This button is out of date.", "It is not your turn.")
    assert (await games.snapshot(game_id)).version == snap.version + 1
    assert fakebot.send_count(group) == 2
