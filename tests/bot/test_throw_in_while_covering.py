"""RULES.md "A bout" 2: attackers throw in "in any order", also while the defender is still
beating. A co-attacker's hand offers its throw-in cards at once, not only after the
defender acts: three players over the fake Bot API."""

from __future__ import annotations

from playing import hand_message, refusal, start_group_game

from bot.engine import ActionKind
from bot.render.cards import card_label


def _single_attacks(state, seat):
    return [x for x in state.legal_actions(seat)
            if x.kind is ActionKind.ATTACK and len(x.cards) == 1]


def scenario(state):
    """(lead, cover, throw-in by the attacker, the co-attacker's seat, their throw-ins
    afterwards) on clones of this deal, or None when its cards do not allow the story.
    Every lead, cover and throw-in is tried: about 9 deals in 10 fit (the first of each
    alone fits 4 in 10, and 12 such deals in a row missed once in CI)."""
    a, d = state.attacker, state.defender
    co = next(p for p in range(3) if p not in (a, d))
    for lead in _single_attacks(state, a):
        led = state.clone()
        led.apply(lead)
        for cover in (x for x in led.legal_actions(d) if x.kind is ActionKind.COVER):
            covered = led.clone()
            covered.apply(cover)
            for more in _single_attacks(covered, a):
                thrown = covered.clone()
                thrown.apply(more)
                joins = _single_attacks(thrown, co)
                if joins:
                    return lead, cover, more, co, joins
    return None


async def press_card(fake, user, card: int, tries: int = 20):
    """Press the card on the user's hand; a hand redrawn under the finger ("out of date")
    is looked at again, as a person would."""
    for _ in range(tries):
        message = hand_message(fake, user)
        if card_label(card) in message.button_texts():
            answer = await fake.wait_for_answer(await fake.user_presses(
                user, message, card_label(card)))
            if not refusal(answer):
                assert answer["text"].startswith("✓ You "), answer
                return
            assert "out of date" in answer["text"], answer
        await fake.settle(0.05)
    raise AssertionError(f"{user.first_name} could not play {card_label(card)}")


async def test_a_co_attacker_throws_in_while_an_attack_card_is_still_uncovered(
        fakebot, bot_world):
    await bot_world.start()
    for attempt in range(12):  # deals are random (SystemRandom): find one that fits
        group, users, table, game_id = await start_group_game(
            fakebot, bot_world, names=("Alice", "Bob", "Carol"), title=f"Night {attempt}")
        snap = await bot_world.services.games.snapshot(game_id)
        found = scenario(snap.state)
        if found is not None:
            break
        await fakebot.user_sends(users[0], group, "/cancel")
        await fakebot.wait_for(lambda g=group: "cancelled" in (fakebot.bot_messages(g.id)[-1]
                                                              .text.lower()), 10, "cancel")
    else:
        raise AssertionError("no deal in 12 allowed the story")
    lead, cover, more, co_seat, joins = found
    by_seat = {snap.seat_of(u.id): u for u in users}
    attacker, defender, co = (by_seat[lead.player], by_seat[cover.player], by_seat[co_seat])

    await press_card(fakebot, attacker, lead.cards[0])
    await fakebot.wait_for(lambda: card_label(cover.cards[1]) in
                           hand_message(fakebot, defender).button_texts(), 10, "cover")
    await press_card(fakebot, defender, cover.cards[1])
    await fakebot.wait_for(lambda: card_label(more.cards[0]) in
                           hand_message(fakebot, attacker).button_texts(), 10, "throw-in")
    await press_card(fakebot, attacker, more.cards[0])

    # One attack card is uncovered and the game waits on the defender, yet the
    # co-attacker's hand already offers a throw-in, and it is accepted.
    state = (await bot_world.services.games.snapshot(game_id)).state
    assert state.waiting_on() == (cover.player,)
    assert any(c is None for _, c in state.table_pairs())
    join = joins[0].cards[0]
    await fakebot.wait_for(lambda: "You may throw in now" in hand_message(fakebot, co).text,
                           10, "the co-attacker's hand drawn for the uncovered card")
    assert card_label(join) in hand_message(fakebot, co).button_texts()
    assert not any(t in hand_message(fakebot, co).button_texts()
                   for t in ("Pass", "Beaten", "Done"))
    await press_card(fakebot, co, join)
    after = (await bot_world.services.games.snapshot(game_id)).state
    assert join in [a for a, _ in after.table_pairs()]
