"""Group play against a fake Telegram that enforces Telegram's flood limits (30 requests a
second per token, 20 messages a minute per group counting edits, about one a second per
private chat; 429 with retry_after beyond them), with the bot's own pacing as deployed.

Every press is answered within a second however busy the group is, the hands go out
before anyone's turn timer runs, nothing earns a 429, and the table ends on the final
state."""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import UTC, datetime

import pytest
from playing import hand_message, press_once, refusal, start_group_game

from bot.runtime.table import screens

pytestmark = pytest.mark.telegram_limits

# The pacing settings as deployed (Settings' defaults), not the tests' fast ones.
DEPLOYED = dict(edit_coalesce=0.25, table_debounce=0.8, table_min_interval=5.0,
                quiet_hand_delay=3.0, lobby_edit_interval=1.5)


async def timed_press(fake, user, message, button) -> tuple[dict, float]:
    loop = asyncio.get_running_loop()
    started = loop.time()
    answer = await fake.wait_for_answer(await fake.user_presses(user, message, button), 5)
    return answer, loop.time() - started


def wall_time(monotonic_at: float) -> datetime:
    """A fake call's time (monotonic) as a wall-clock time."""
    return datetime.fromtimestamp(time.time() - (time.monotonic() - monotonic_at), UTC)


def without_clock(text: str) -> list[str]:
    """A table's lines but its timer's (which changes every second)."""
    return [line for line in text.splitlines() if "⏱" not in line]


def no_429(fake) -> bool:
    return not any(fake.flood.refused.values())


def tracebacks(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.exc_info]


async def test_a_settings_burst_then_start_answers_every_press_and_deals_before_the_timer(
        fakebot, bot_world, caplog):
    caplog.set_level(logging.INFO)
    await bot_world.start(**DEPLOYED)
    alice, bob = fakebot.add_user("Alice"), fakebot.add_user("Bob")
    for user in (alice, bob):
        await fakebot.user_starts_bot(user)
    group = fakebot.add_group("Cards night", [alice, bob])
    await fakebot.user_sends(alice, group, "/newgame")
    lobby = await fakebot.wait_for_message(group, lambda m: "Join" in m.button_texts())
    waits = [(await timed_press(fakebot, bob, lobby, "Join"))[1]]
    waits.append((await timed_press(fakebot, alice, lobby, "Settings"))[1])
    await fakebot.wait_for(lambda: "Back" in lobby.button_texts(), 5, "the settings menu")

    # The host cycles the settings quickly: 20 presses, one every 0.3 s, on whatever
    # keyboard the lobby shows at that moment.
    edits_before = fakebot.edit_count(group)
    accepted = 0
    for _ in range(20):
        button = next(b for b in lobby.buttons if b["text"].startswith(("Transfer", "Players")))
        answer, waited = await timed_press(fakebot, alice, lobby, button["callback_data"])
        waits.append(waited)
        accepted += not refusal(answer)
        await asyncio.sleep(0.3)
    assert accepted >= 15  # a keyboard a moment old still works where its button does
    burst_edits = fakebot.edit_count(group) - edits_before

    await fakebot.wait_for(lambda: "Back" in lobby.button_texts(), 5, "the menu")
    waits.append((await timed_press(fakebot, alice, lobby, "Back"))[1])
    await fakebot.wait_for(lambda: "Start" in lobby.button_texts(), 5, "the main menu")
    answer, waited = await timed_press(fakebot, alice, lobby, "Start")
    waits.append(waited)
    assert not refusal(answer), answer
    game_id = await fakebot.wait_for(
        lambda: next(iter(bot_world.services.runtime.displays), None), 5, "the game")

    # Both hands arrive within seconds, and the turn timer counts from the delivery.
    for user in (alice, bob):
        await fakebot.wait_for(lambda u=user: hand_message(fakebot, u), 5, "the hands")
    await fakebot.wait_for_message(group, lambda m: "deal 1" in m.text, 5)
    snap = await bot_world.services.games.snapshot(game_id)
    waited_on = snap.state.waiting_on()[0]
    user = next(u for u in (alice, bob) if snap.seat_of(u.id) == waited_on)
    delivered = next(c for c in fakebot.requests("sendMessage", user.id, ok=True)
                     if "Your cards" in c.params.get("text", ""))
    seconds = bot_world.services.runtime.displays.get(game_id).turn_seconds
    assert snap.turn_deadline is not None and seconds
    assert (snap.turn_deadline - wall_time(delivered.at)).total_seconds() >= seconds - 1.0

    assert max(waits) < 1.0, waits
    assert burst_edits <= 12, burst_edits  # 20 presses, a few edits of the lobby
    assert no_429(fakebot), dict(fakebot.flood.refused)
    assert not tracebacks(caplog)


async def _keep_playing(fake, users, stop: asyncio.Event) -> int:
    """Whoever has a move presses it, about one move a second: (moves made)."""
    moves = 0
    while not stop.is_set():
        moves += await press_once(fake, users)
        await asyncio.sleep(1.0)
    return moves


async def test_a_busy_chat_answers_20_joins_in_a_minute_while_two_more_games_run(
        fakebot, bot_world, caplog):
    caplog.set_level(logging.INFO)
    await bot_world.start(**DEPLOYED)
    stop = asyncio.Event()
    players = []
    for n in range(2):  # two more games on the same token, played meanwhile
        group, users, _table, _game = await start_group_game(
            fakebot, bot_world, names=(f"P{n}a", f"P{n}b"), title=f"Table {n}")
        players.append(asyncio.ensure_future(_keep_playing(fakebot, users, stop)))

    host = fakebot.add_user("Host")
    crowd = [fakebot.add_user(f"Guest {n}") for n in range(20)]
    for user in [host, *crowd]:
        await fakebot.user_starts_bot(user)
    busy = fakebot.add_group("Busy chat", [host, *crowd])
    await fakebot.user_sends(host, busy, "/newgame")
    lobby = await fakebot.wait_for_message(busy, lambda m: "Join" in m.button_texts())
    waits, full = [], 0
    for guest in crowd:  # 20 Join presses in about 20 seconds
        answer, waited = await timed_press(fakebot, guest, lobby, "Join")
        waits.append(waited)
        full += answer.get("text") == "The game is full."
        await asyncio.sleep(0.8)
    assert max(waits) < 1.0, waits
    assert full == 15  # six seats: the host and the first five guests
    await fakebot.wait_for(lambda: "6. Guest 4" in lobby.text, 10, "the lobby to list all")

    answer, waited = await timed_press(fakebot, host, lobby, "Start")
    assert waited < 1.0 and not refusal(answer), answer
    seated = crowd[:5]
    for user in [host, *seated]:
        await fakebot.wait_for(lambda u=user: hand_message(fakebot, u), 10, "the hands")
    stop.set()
    moves = await asyncio.gather(*players)
    assert all(m >= 5 for m in moves), moves  # the other games went on meanwhile
    assert no_429(fakebot), dict(fakebot.flood.refused)
    assert not tracebacks(caplog)


async def test_after_a_burst_of_moves_the_table_ends_on_the_final_state(
        fakebot, bot_world, caplog):
    caplog.set_level(logging.INFO)
    await bot_world.start(**DEPLOYED)
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    loop = asyncio.get_running_loop()
    edits_before, started = table.edit_count, loop.time()
    moves = 0
    while moves < 12 and loop.time() - started < 30:  # both play as fast as they can
        moves += await press_once(fakebot, (alice, bob))
        await asyncio.sleep(0.05)
    burst = loop.time() - started
    assert moves >= 8
    # The table followed at its own pace: about one edit per table_min_interval.
    assert table.edit_count - edits_before <= burst / 5.0 + 2

    # It ends on the final state: within a few seconds the table shows the last move,
    # though the burst spent its edits.
    display = bot_world.services.runtime.displays.get(game_id)
    await fakebot.wait_for(lambda: without_clock(table.text) == without_clock(
        screens.table(display, display.snap, bot_world.clock()).text), 10, "the last move")
    await fakebot.user_sends(alice, group, "/cancel")
    await fakebot.wait_for(lambda: "The game was cancelled." in table.text, 10, "the end")
    assert no_429(fakebot), dict(fakebot.flood.refused)
    assert not tracebacks(caplog)
