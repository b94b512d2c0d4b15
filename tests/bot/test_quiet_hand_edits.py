"""A hand edit that neither gives nor takes buttons (cards drawn while the player waits)
is held, to go out with the edit that gives the player buttons (one request, not two),
or on its own once ``quiet_hand_delay`` has run out. Edits that change buttons never wait."""

from __future__ import annotations

from playing import (
    assert_shows_own_hand,
    deal_a_leader_a_pair,
    hand_message,
    press_once,
    refusal,
    shown_cards,
    start_group_game,
)

from bot.render.cards import card_label


def _versions(message):
    """(text, has buttons) of every version the message has shown, oldest first."""
    past = [(text, bool((markup or {}).get("inline_keyboard"))) for text, markup in
            message.history]
    return past + [(message.text, bool(message.buttons))]


async def test_quiet_edits_go_out_with_the_next_buttons(fakebot, bot_world):
    await bot_world.start(quiet_hand_delay=60.0)
    group, users, table, game_id = await start_group_game(fakebot, bot_world)
    runtime = bot_world.services.runtime
    held = 0
    for _ in range(40):
        if not await press_once(fakebot, users):
            await fakebot.settle(0.05)
            continue
        await fakebot.settle(0.1)
        if "Game over" in table.text:
            break
        display = runtime.displays.get(game_id)
        held += bool(display and display.quiet_due)
        for user in users:  # whoever has buttons sees exactly the cards they hold
            message = hand_message(fakebot, user)  # (unless their own press's redraw waits)
            if message.buttons and display.seat_of(user.id) not in display.quiet_due:
                await assert_shows_own_hand(fakebot, bot_world, game_id, user,
                                            lambda u=user: hand_message(fakebot, u))
    assert held, "no quiet edit came up in 40 moves"
    for user in users:
        versions = _versions(hand_message(fakebot, user))
        for (before, had), (after, has) in zip(versions, versions[1:], strict=False):
            assert had or has or "over" in after, (before, after)


async def test_a_held_edit_goes_out_when_its_delay_runs_out(fakebot, bot_world):
    await bot_world.start(quiet_hand_delay=0.5)
    group, users, table, game_id = await start_group_game(fakebot, bot_world)
    runtime = bot_world.services.runtime
    for _ in range(60):
        if not await press_once(fakebot, users):
            await fakebot.settle(0.05)
            continue
        await fakebot.settle(0.1)  # this press drawn (well within the delay)
        display = runtime.displays.get(game_id)
        if display is not None and display.quiet_due:
            break
    else:
        raise AssertionError("no quiet edit came up")
    seat = next(iter(display.quiet_due))
    user = next(u for u in users if display.seat_of(u.id) == seat)
    table_edits = table.edit_count
    bot_world.clock.advance(5)  # the table's "time left" would now read differently
    # nobody presses: the held edit still reaches the player
    snap = await bot_world.services.games.snapshot(game_id)
    holds = set(snap.state.view(seat).hand)
    await fakebot.wait_for(lambda: shown_cards(hand_message(fakebot, user)) == holds, 5,
                           "the held hand edit")
    # A wait's edit gives no buttons; the edit held after the player's own press keeps
    # those the rules still allow them (a throw-in), no new ones.
    own = display.last is not None and display.last.seat == seat
    assert own or not hand_message(fakebot, user).buttons
    await fakebot.settle(0.3)
    assert table.edit_count == table_edits  # no move: the table is not edited for a hand


async def test_the_pressers_own_redraw_waits_and_a_press_on_it_still_counts(fakebot, bot_world):
    """After a lead, the leader's hand keeps its old keyboard until the defender answers
    (one edit per move instead of two); the press's answer says it counted. A throw-in
    the held keyboard still offers is played; the card already played is refused and the
    hand is redrawn at once."""
    await bot_world.start(quiet_hand_delay=60.0)
    game_id, snap, user, (first, second) = await deal_a_leader_a_pair(fakebot, bot_world)
    hand = hand_message(fakebot, user)
    edits = hand.edit_count
    answer = await fakebot.wait_for_answer(await fakebot.user_presses(
        user, hand, card_label(first)))
    assert answer["text"] == f"✓ You led {card_label(first)}"
    await fakebot.settle(0.2)
    assert hand.edit_count == edits  # held: the old keyboard, both cards still on it
    assert card_label(second) in hand.button_texts()

    # The other card of the rank is a throw-in now, on the keyboard the player sees.
    answer = await fakebot.wait_for_answer(await fakebot.user_presses(
        user, hand, card_label(second)))
    assert answer["text"] == f"✓ You threw in {card_label(second)}"
    moved = await bot_world.services.games.snapshot(game_id)
    assert {attack for attack, _cover in moved.state.table_pairs()} == {first, second}

    # The card already played: refused, and the hand is redrawn without it at once.
    answer = await fakebot.wait_for_answer(await fakebot.user_presses(
        user, hand, card_label(first)))
    assert refusal(answer)
    await fakebot.wait_for(lambda: first not in shown_cards(hand) and second not in
                           shown_cards(hand), 5, "the redraw")
    assert (await bot_world.services.games.snapshot(game_id)).version == moved.version
