"""Your turn, noticed: a short new private message (Telegram notifies new messages, not
edits) when a person's turn began and they have not acted within a few seconds; one at a
time per person, gone once they act; /notify switches them per person. Not at a deal's
first turn: each hand was a new message then, which notified its person already."""

from __future__ import annotations

from playing import hand_message, press_first_accepted, start_group_game


def nudges(fake, user):
    return [m for m in fake.bot_messages(user.id) if m.text.startswith("🔔")]


def visible(fake, user):
    return [m for m in nudges(fake, user) if not m.deleted]


async def test_a_waiting_player_is_nudged_once_and_the_nudge_goes_when_they_act(
        fakebot, bot_world):
    await bot_world.start(turn_nudge_delay=0.3)
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    snap = await bot_world.services.games.snapshot(game_id)
    mover = alice if snap.seat_of(alice.id) in snap.state.waiting_on() else bob
    other = bob if mover is alice else alice

    # The deal's first turn: the hand was a new message, which notified them; no nudge.
    await fakebot.settle(1.0)
    assert not nudges(fakebot, mover) and not nudges(fakebot, other)

    assert await press_first_accepted(fakebot, mover, hand_message(fakebot, mover))
    # The turn passed to the other player, whose hand was only edited: nudged, once.
    nudge = await fakebot.wait_for(lambda: visible(fakebot, other), 10, "the other's nudge")
    assert nudge[0].text.startswith("🔔 Your turn in “Cards night”: ")
    assert not nudges(fakebot, mover)  # not their turn: nothing
    await fakebot.settle(0.6)
    assert len(nudges(fakebot, other)) == 1  # once per turn, not every few seconds

    shown = visible(fakebot, other)[0]
    assert await press_first_accepted(fakebot, other, hand_message(fakebot, other))
    await fakebot.wait_for(lambda: shown.deleted, 10, "the nudge to go once they acted")
    # Whoever is waited on next is nudged in their own chat, one nudge each at most.
    nxt = waited_on(await bot_world.services.games.snapshot(game_id), alice, bob)
    await fakebot.wait_for(lambda: visible(fakebot, nxt), 10, "the next nudge")
    assert all(len(visible(fakebot, u)) <= 1 for u in (alice, bob))


def waited_on(snap, alice, bob):
    return alice if snap.seat_of(alice.id) in snap.state.waiting_on() else bob


async def test_quick_players_get_no_nudge_and_notify_off_stops_them(fakebot, bot_world):
    await bot_world.start(turn_nudge_delay=1.5)
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    games = bot_world.services.games
    for user in (alice, bob):
        await fakebot.user_sends(user, user.id, "/notify off")
        await fakebot.wait_for_message(user.id, lambda m: m.text.startswith("No more"))
    # A move, then nobody acts for longer than the delay: no nudge, they switched them off.
    mover = waited_on(await games.snapshot(game_id), alice, bob)
    assert await press_first_accepted(fakebot, mover, hand_message(fakebot, mover))
    await fakebot.settle(2.0, timeout=10)
    assert (await games.snapshot(game_id)).status == "running"
    assert not nudges(fakebot, alice) and not nudges(fakebot, bob)

    await fakebot.user_sends(alice, alice.id, "/notify on")
    await fakebot.user_sends(bob, bob.id, "/notify on")
    await fakebot.wait_for(lambda: all(any(m.text.startswith("When it is your turn")
                                           for m in fakebot.bot_messages(u.id))
                                       for u in (alice, bob)), 10, "both on")
    # Quick play: each move within the delay, so nobody is nudged.
    for _ in range(4):
        snap = await games.snapshot(game_id)
        if snap.status != "running":
            break
        mover = waited_on(snap, alice, bob)
        await fakebot.wait_for(lambda m=mover: hand_message(fakebot, m) is not None and
                               hand_message(fakebot, m).buttons, 10, "buttons")
        assert await press_first_accepted(fakebot, mover, hand_message(fakebot, mover))
        await fakebot.settle(0.05)
    assert not nudges(fakebot, alice) and not nudges(fakebot, bob)

    refused = await fakebot.user_sends(alice, alice.id, "/notify maybe")
    assert refused is not None
    await fakebot.wait_for_message(alice.id, lambda m: m.text.startswith("Use /notify on"))


async def test_a_defender_who_beats_a_card_starts_the_wait_over(fakebot, bot_world):
    """Still waited on after their own move (a second card to beat), the defender's wait
    counts from that move: no nudge for the time they spent beating the first card."""
    import asyncio

    from bot.engine import ActionKind
    from bot.render.callback import encode_move
    from bot.render.cards import card_label

    await bot_world.start(turn_nudge_delay=2.0)
    games = bot_world.services.games
    for attempt in range(12):  # a deal where the leader leads a pair the defender can beat
        group, users, _table, game_id = await start_group_game(
            fakebot, bot_world, names=(f"A{attempt}", f"B{attempt}"), title=f"T{attempt}")
        snap = await games.snapshot(game_id)
        leader = snap.state.waiting_on()[0]
        hand = snap.state.view(leader).hand
        pair = [c for c in hand if sum((d & 15) == (c & 15) for d in hand) > 1]
        attacker = next(u for u in users if snap.seat_of(u.id) == leader)
        defender = next(u for u in users if u is not attacker)
        if pair:
            first = pair[0]
            second = next(c for c in pair if c != first and (c & 15) == (first & 15))
            for card in (first, second):  # lead, then throw in the other one at once
                answer = await fakebot.wait_for_answer(await fakebot.user_presses(
                    attacker, hand_message(fakebot, attacker), card_label(card)))
                assert answer["text"].startswith("✓"), answer
            snap = await games.snapshot(game_id)
            seat = snap.seat_of(defender.id)
            covers = [a for a in snap.state.legal_actions(seat)
                      if a.kind is ActionKind.COVER]
            if covers:
                break
        await fakebot.user_sends(users[0], group, "/cancel")
    else:
        raise AssertionError("no deal where the defender could beat a led pair")
    await asyncio.sleep(1.2)  # the defender thinks, then beats one card
    answer = await fakebot.wait_for_answer(await fakebot.user_presses(
        defender, hand_message(fakebot, defender),
        data=encode_move(game_id, snap.version, covers[0].text())))
    assert answer["text"].startswith("✓"), answer
    assert (await games.snapshot(game_id)).state.waiting_on() == (seat,)
    await asyncio.sleep(1.2)  # 2.4 s since the turn began, 1.2 s since their move
    assert not nudges(fakebot, defender)
    await fakebot.wait_for(lambda: visible(fakebot, defender), 5, "the nudge, later")
