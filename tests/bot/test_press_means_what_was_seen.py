"""A press means what its person saw: a throw-in pressed on the hand drawn before the
defender covered is played (the same bout, still allowed); a button of an earlier bout is
refused as out of date and the hand is redrawn."""

from __future__ import annotations

import pytest
from playing import deal_a_leader_a_pair, hand_message, refusal

from bot.engine import ActionKind
from bot.render.cards import card_label

# Telegram's flood limits on in the fake, the bot's own as deployed.
pytestmark = pytest.mark.telegram_limits

async def test_a_throw_in_pressed_while_the_defender_covers_counts(fakebot, bot_world):
    await bot_world.start(quiet_hand_delay=0.0)
    game_id, snap, user, (first, second) = await deal_a_leader_a_pair(fakebot, bot_world)
    games = bot_world.services.games
    hand = hand_message(fakebot, user)
    answer = await fakebot.wait_for_answer(await fakebot.user_presses(
        user, hand, card_label(first)))
    assert answer["text"].startswith("✓ You led")
    led = (await games.snapshot(game_id)).version
    await fakebot.wait_for(lambda: card_label(second) in hand_message(fakebot, user)
                           .button_texts() and f"m{game_id}.{led}." in str(
                               hand_message(fakebot, user).buttons), 10, "the throw-in")
    seen = hand_message(fakebot, user).find_button(card_label(second))["callback_data"]

    # The defender covers (or takes) meanwhile: the game moves on, the bout stays.
    now = await games.snapshot(game_id)
    defender = now.state.waiting_on()[0]
    cover = next((a for a in now.state.legal_actions(defender)
                  if a.kind is ActionKind.COVER), None)
    if cover is None:
        return  # (this deal's defender cannot cover: nothing to race)
    await games.act(game_id, cover.text(), expected_version=now.version,
                    user_id=next(s.user_id for s in now.seats if s.seat == defender))
    answer = await fakebot.wait_for_answer(await fakebot.user_presses(user, hand, data=seen))
    assert refusal(answer) is None, answer
    after = await games.snapshot(game_id)
    assert second in {a for a, _c in after.state.table_pairs()}
    assert after.version == now.version + 2  # the cover, then the throw-in


async def test_a_button_of_an_earlier_bout_is_out_of_date(fakebot, bot_world):
    await bot_world.start()
    game_id, snap, user, (first, _second) = await deal_a_leader_a_pair(fakebot, bot_world)
    games = bot_world.services.games
    hand = hand_message(fakebot, user)
    old = hand.find_button(card_label(first))["callback_data"]
    # The bout is played out through the service (that card kept back when possible)
    # until a new bout begins: the old button belongs to a bout that is over.
    start = await games.snapshot(game_id)
    bout = start.state.bout_no
    while True:
        now = await games.snapshot(game_id)
        if now.status != "running" or now.state.bout_no != bout:
            break
        seat = now.state.waiting_on()[0]
        moves = list(now.state.legal_actions(seat))
        move = next((m for m in moves if first not in m.cards), moves[0])
        await games.act(game_id, move.text(), expected_version=now.version,
                        user_id=next(s.user_id for s in now.seats if s.seat == seat))
    if now.status != "running" or first not in now.state.view(now.seat_of(user.id)).hand:
        return  # (the card went in that bout: nothing old left to press)
    answer = await fakebot.wait_for_answer(await fakebot.user_presses(user, hand, data=old))
    assert answer["text"] in ("This button is out of date.", "It is not your turn.")
    assert (await games.snapshot(game_id)).version == now.version
