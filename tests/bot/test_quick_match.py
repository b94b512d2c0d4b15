"""Quick match with strangers (issue 37), through the real Application: people who press
/quick at once are seated in tables of the game they asked for, nobody twice; who is left
waits with a computer offered at once and again after a while alone; strangers see each
other by first name only; after a quick game a block is honoured by the next queue."""

from __future__ import annotations

import asyncio

from playing import hand_message, play_to_the_end
from sqlalchemy import func, select

from bot.service.venues import QUICK_LADDER, VenueKind
from bot.storage.models import Game, Seat, Tally

STRANGERS = (("Anna", "Karenina", "anna_k"), ("Boris", "Godunov", "tsar_boris"),
             ("Clara", "Schumann", "clara_s"), ("Dmitri", "Shostakovich", "dsch"),
             ("Eva", "Braun-Lo", "eva_bl"))


def add_stranger(fakebot, first, last, username):
    user = fakebot.add_user(first, username=username)
    user.last_name = last
    return user


def everything_shown(fakebot, user) -> str:
    """Every text, button label and link the bot sent to the user's private chat."""
    parts = []
    for message in fakebot.bot_messages(user.id):
        parts.append(message.text)
        for button in message.buttons:
            parts.extend(str(v) for k, v in button.items() if k != "callback_data")
    return "\n".join(parts)


async def quick_seats(bot_world):
    async with bot_world.services.db.read() as s:
        return (await s.execute(select(Seat.game_id, Seat.user_id).join(
            Game, Game.id == Seat.game_id).where(Game.venue == VenueKind.QUICK.value))).all()


async def test_five_strangers_at_once_make_two_tables_and_one_waits(fakebot, bot_world):
    await bot_world.start(quick_lonely_after=0.5, quick_sweep=0.1)
    users = [add_stranger(fakebot, *who) for who in STRANGERS]
    for user in users:
        await fakebot.user_starts_bot(user)
    await asyncio.gather(*(fakebot.user_sends(u, fakebot.private_chat(u), "/quick")
                           for u in users))
    await fakebot.wait_for(lambda: sum(1 for u in users if hand_message(fakebot, u)) == 4,
                           10, "four people with cards")
    seats = await quick_seats(bot_world)
    seated = [user_id for _game, user_id in seats]
    assert len(seats) == 4 and len(set(seated)) == 4  # nobody in two games
    assert len({game for game, _user in seats}) == 2
    (left,) = [u for u in users if u.id not in seated]
    waiting = await fakebot.wait_for_message(
        left.id, lambda m: m.text.startswith("Looking for a quick game"))
    assert "🤖 Play a computer instead" in waiting.button_texts()
    # Alone after a while: told again, in a new message (an edit would go unnoticed).
    await fakebot.wait_for(lambda: len([m for m in fakebot.bot_messages(left.id)
                                        if "Nobody else is looking" in m.text]) == 1,
                           5, "the reminder")
    for user in users:
        if user.id == left.id:
            continue
        shown = everything_shown(fakebot, user)
        table = next(g for g, x in seats if x == user.id)
        (partner,) = [u for u in users if u.id != user.id and (table, u.id) in seats]
        # Their cards name whom they play; a waiting message they saw says it too (it
        # was withdrawn unsent if their table formed before its turn in the outbox).
        assert f"Cards in hand: {partner.first_name} " in hand_message(fakebot, user).text
        for message in fakebot.bot_messages(user.id):
            assert not message.text.startswith("Looking for"), message.text
            if message.text.startswith("Table found"):
                assert message.text.startswith(f"Table found: Podkidnoy (throw-in), 2 "
                                               f"players, with {partner.first_name}.")
        for other in users:
            if other.id == user.id:
                continue
            for secret in (other.last_name, other.username, str(other.id)):
                assert secret not in shown, (user.first_name, secret)

    # The one left over plays a computer instead: out of the queue, a solo set-up.
    await fakebot.wait_for_answer(await fakebot.user_presses(
        left, waiting, "🤖 Play a computer instead"))
    await fakebot.wait_for(lambda: "Start" in fakebot.bot_messages(left.id)[-1].button_texts(),
                           5, "the solo set-up")
    assert await bot_world.services.matchmaking.quick.where(left.id) is None

    # Asking again while seated says where, and changes nothing.
    seated_user = next(u for u in users if u.id in seated)
    await fakebot.user_sends(seated_user, fakebot.private_chat(seated_user), "/quick")
    refused = await fakebot.wait_for_message(
        seated_user.id, lambda m: m.text.startswith("You are already playing"))
    assert refused.buttons == []
    assert len(await quick_seats(bot_world)) == 4


async def test_a_block_after_a_quick_game_is_honoured_by_the_next_queue(fakebot, bot_world):
    await bot_world.start(quick_sweep=0.1)
    anna, boris, clara = (add_stranger(fakebot, *who) for who in STRANGERS[:3])
    for user in (anna, boris, clara):
        await fakebot.user_starts_bot(user)
    for user in (anna, boris):
        await fakebot.user_sends(user, fakebot.private_chat(user), "/quick")
    await fakebot.wait_for(lambda: hand_message(fakebot, anna) and hand_message(fakebot, boris),
                           10, "both have cards")
    game_id = (await quick_seats(bot_world))[0][0]
    assert await play_to_the_end(fakebot, bot_world, game_id, [anna, boris]) == "finished"
    block = "🚫 Not with Boris again"
    await fakebot.wait_for(lambda: block in hand_message(fakebot, anna).button_texts(), 10,
                           "the safety buttons")
    answer = await fakebot.wait_for_answer(
        await fakebot.user_presses(anna, hand_message(fakebot, anna), block))
    assert answer["text"] == "You will not be matched with Boris again."
    async with bot_world.services.db.read() as s:
        ladder = (await s.execute(select(func.count()).select_from(Tally)
                                  .where(Tally.chat_id == QUICK_LADDER))).scalar_one()
    assert ladder == 2  # the quick ladder counts both

    for user in (anna, boris):
        await fakebot.user_sends(user, fakebot.private_chat(user), "/quick")
    await fakebot.settle(0.5)
    quick = bot_world.services.matchmaking.quick
    assert await quick.where(anna.id) is not None and await quick.where(boris.id) is not None
    await fakebot.user_sends(clara, fakebot.private_chat(clara), "/quick")
    await fakebot.wait_for(lambda: hand_message(fakebot, clara), 10, "Clara seated")
    games = {game for game, _ in await quick_seats(bot_world)}
    assert len(games) == 2
    second = [u for g, u in await quick_seats(bot_world) if g != game_id]
    assert clara.id in second and not {anna.id, boris.id} <= set(second)
