"""A Bot API that fails (5xx, dropped connections, requests that hang) changes nothing a
player can tell apart, except time: the same deal played the same way ends the same, no
turn timer plays for anyone, no message is sent twice, no press whose move counted is
answered "try again".

The players here pick their moves from the game's state (the first legal move of the
lowest seat the deal waits on), so a game played through failures and one played without
them are the same game move for move; what the failures may change is only how long each
move takes to show."""

from __future__ import annotations

import asyncio
import random

from playing import hand_message, move_log, open_group_lobby

from bot.engine import ActionKind
from bot.i18n import t
from bot.render.callback import CallbackDataError, decode

SEED = 2024
TURN_SECONDS = 10  # the shortest turn timer a lobby allows: a stall would fire it


def _button_for(message, game_id: int, action) -> str | None:
    """The callback data of the hand's button that plays ``action`` directly, or of the
    card that opens its choice; None when the hand does not show it (yet)."""
    if message is None:
        return None
    picks = {}
    for button in message.buttons:
        try:
            data = decode(button.get("callback_data", ""))
        except CallbackDataError:
            continue
        if data.game_id != game_id:
            continue
        if data.is_move and data.payload == action.text():
            return button["callback_data"]
        if data.payload.startswith("pick"):
            picks[int(data.payload[4:])] = button["callback_data"]
    return next((picks[c] for c in action.cards if c in picks), None)


async def _press(fake, user, game_id: int, action, timeout: float = 40.0) -> None:
    """Press the button (and the choice, for a card with several meanings) that plays
    ``action``, as soon as the person's hand shows it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        message = hand_message(fake, user)
        data = _button_for(message, game_id, action)
        if data is not None:
            await fake.user_presses(user, message, data)
            if decode(data).payload.startswith("pick"):
                await asyncio.sleep(0.05)
                continue  # now the choice's buttons: press the one that is ``action``
            return
        await asyncio.sleep(0.05)
    message = hand_message(fake, user)
    raise AssertionError(f"{user.first_name} was never shown {action.text()!r}: "
                         f"{message and (message.text, message.buttons)}")


async def _play_by_the_state(fake, world, users, game_id: int) -> list[str]:
    """Play the deal to its end, each move the first legal move with cards (one card at a
    time), else without (take, pass), of the lowest human seat it waits on; the moves in
    order ("seat:action", and the cause when it was not the player's)."""
    games = world.services.games
    loop = asyncio.get_running_loop()
    while True:
        snap = await games.snapshot(game_id)
        if snap.status != "running" or snap.state.is_over:
            break
        seat = min(snap.state.waiting_on())
        user = next(u for u in users if snap.seat_of(u.id) == seat)
        # covering and throwing in before taking and passing: a game with every kind of move
        moves = [a for a in snap.state.legal_actions(seat)
                 if not (a.kind is ActionKind.ATTACK and len(a.cards) > 1)]
        action = min(moves, key=lambda a: not a.cards)
        await _press(fake, user, game_id, action)
        # As a person would: a press that did not count (it was refused, its hand was out
        # of date) is made again on the hand as it is a moment later.
        deadline = loop.time() + 2
        while (await games.snapshot(game_id)).version == snap.version \
                and loop.time() < deadline:
            await asyncio.sleep(0.03)
    return [f"{m.seat}:{m.action}" + ("" if m.cause == "player" else f" ({m.cause})")
            for m in await move_log(world, game_id)]


async def _start(fake, world, title: str, users, *, before_start=None):
    """A group game of ``users`` on the 24-card deck with the shortest timer, its deck
    from ``SEED``: (the group, the game id)."""
    group, lobby = await open_group_lobby(fake, users, title)
    services = world.services
    lobby_id = await services.chats.open_lobby(group.id)
    await services.lobbies.change_settings(
        lobby_id, users[0].id, {"preset": "two_player_24", "turn_seconds": TURN_SECONDS})
    services.games.rng = random.Random(SEED)
    if before_start is not None:
        before_start(group)
    await fake.user_presses(users[0], lobby, "Start")
    for _ in range(200):
        game_id = await services.chats.running_game(group.id)
        if game_id is not None:
            return group, game_id
        await asyncio.sleep(0.05)
    raise AssertionError("the game did not start")


async def test_a_game_through_failing_requests_is_the_same_game_and_nobody_times_out(
        fakebot, bot_world):
    await bot_world.start(telegram_timeout=0.3, undelivered_note_after=0.5)
    alice, bob = fakebot.add_user("Alice"), fakebot.add_user("Bob")
    for user in (alice, bob):
        await fakebot.user_starts_bot(user)

    # Without failures.
    _, calm = await _start(fakebot, bot_world, "Calm table", [alice, bob])
    calm_moves = await _play_by_the_state(fakebot, bot_world, [alice, bob], calm)

    # The same deal through failures of every kind, on every kind of request: the first
    # messages of the deal (a dropped connection, a 500, a hang), then every 4th request.
    def first_messages_fail(group):
        fakebot.inject_fault("sendMessage", "drop", chat_id=alice.id)
        fakebot.inject_fault("sendMessage", "hang", chat_id=bob.id)
        fakebot.inject_error("sendMessage", 500, "Internal Server Error", chat_id=group.id)

    group, stormy = await _start(fakebot, bot_world, "Stormy table", [alice, bob],
                          before_start=first_messages_fail)
    fakebot.fail_every(4, (500, "drop", 502, "hang"))
    stormy_moves = await _play_by_the_state(fakebot, bot_world, [alice, bob], stormy)
    fakebot.fail_every(0, ())

    assert len(calm_moves) > 10 and any(" c " in f" {m[2:]}" for m in calm_moves)
    assert stormy_moves == calm_moves  # the same game, move for move, to the same end
    for game_id in (calm, stormy):  # nobody's timer ran out: the clock waited for delivery
        assert [m for m in await move_log(bot_world, game_id) if m.cause != "player"] == []
    met = {(kind, method) for kind, method, _chat in fakebot.faults_met}
    assert {("drop", "sendmessage"), ("hang", "sendmessage")} <= met
    failed = {m for _kind, m, _chat in fakebot.faults_met} | {
        c.method.lower() for c in fakebot.calls if not c.ok and c.error_code in (500, 502)}
    assert {"sendmessage", "editmessagetext", "answercallbackquery"} <= failed

    # Every message of the stormy deal was sent once: one table, one hand per person
    # (a send that failed was sent again, never twice).
    for user in (alice, bob):
        hands = [m for m in fakebot.bot_messages(user.id) if "Stormy table" in m.text]
        assert len(hands) == 1, [m.text for m in hands]
    assert len([m for m in fakebot.bot_messages(group.id) if "deal 1" in m.text]) == 1

    # No press was answered "try again" (some answers failed on the way, and were sent
    # again).
    trouble = {t("en", "err.unavailable"), t("en", "err.internal"), t("en", "err.telegram")}
    answers = [q.answer.get("text") for q in fakebot.callback_queries.values() if q.answer]
    assert len(answers) >= len(stormy_moves) and not trouble & set(answers)


async def test_the_table_says_whose_cards_telegram_keeps_failing_to_deliver(fakebot, bot_world):
    """Bob's hand with his move fails twice (a dropped connection, a 502): after a moment
    the table tells everyone why the game waits; once his cards arrive, it stops saying
    so, and his move is his own (no timer played it)."""
    from playing import press_first_accepted, start_group_game

    await bot_world.start(undelivered_note_after=0.3)
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    games = bot_world.services.games
    snap = await games.snapshot(game_id)
    leader, other = (alice, bob) if snap.seat_of(alice.id) in snap.state.waiting_on() \
        else (bob, alice)
    fakebot.inject_fault("editMessageText", "drop", chat_id=other.id)
    fakebot.inject_error("editMessageText", 502, "Bad Gateway", chat_id=other.id)
    assert await press_first_accepted(fakebot, leader, hand_message(fakebot, leader))

    note = f"{other.first_name}'s cards have not reached them yet"
    await fakebot.wait_for(lambda: note in table.text, 10, "the note on the table")
    await fakebot.wait_for(lambda: note not in table.text, 15, "the note gone")
    message = hand_message(fakebot, other)
    assert message.buttons and (await games.snapshot(game_id)).status == "running"
    assert await press_first_accepted(fakebot, other, message)
    assert [m.cause for m in await move_log(bot_world, game_id)] == ["player", "player"]


async def test_a_move_whose_answer_fails_once_is_answered_with_the_move_not_try_again(
        fakebot, bot_world):
    """The move was applied; the first answer to the press failed (500): the answer is
    sent again and says what was played, never "try again"."""
    from playing import press_first_accepted, start_group_game

    await bot_world.start()
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    snap = await bot_world.services.games.snapshot(game_id)
    leader = alice if snap.seat_of(alice.id) in snap.state.waiting_on() else bob
    fakebot.inject_error("answerCallbackQuery", 500, "Internal Server Error")
    assert await press_first_accepted(fakebot, leader, hand_message(fakebot, leader))
    answers = [q.answer for q in fakebot.callback_queries.values()
               if q.user_id == leader.id and q.answer]
    assert answers[-1]["text"].startswith("✓ ")
    assert (await bot_world.services.games.snapshot(game_id)).version == snap.version + 1
    assert [c.error_code for c in fakebot.requests("answerCallbackQuery", ok=False)] == [500]
