"""Stopping (SIGTERM): the loops stop, then every pending edit is drawn, then the HTTP
client closes, so the last move reaches the group table; a second poller's 409 is one
line that says what to do."""

from __future__ import annotations

import logging

from playing import hand_message, press_first_accepted, start_group_game
from telegram.error import Conflict

from bot.launch import checks


async def test_a_stop_right_after_a_move_still_draws_it_on_the_table(fakebot, bot_world,
                                                                      caplog):
    # The table is edited 3 s after a move, at most every 10 s: a stop comes first.
    app = await bot_world.start(table_debounce=3.0, table_min_interval=10.0)
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    assert "Last move" not in table.text
    snap = await bot_world.services.games.snapshot(game_id)
    mover = alice if snap.seat_of(alice.id) in snap.state.waiting_on() else bob
    assert await press_first_accepted(fakebot, mover, hand_message(fakebot, mover))
    await fakebot.settle(0.2)
    assert "Last move" not in table.text  # still waiting for its schedule

    caplog.set_level(logging.INFO)
    await bot_world.stop(app)
    assert "Last move" in table.text
    assert not [r for r in caplog.records if r.exc_info], \
        [r.getMessage() for r in caplog.records if r.exc_info]


def test_a_second_poller_is_one_line_that_says_what_to_do(caplog, monkeypatch):
    monkeypatch.setattr(checks, "_conflict_said_at", [float("-inf")])
    caplog.set_level(logging.WARNING)
    for _ in range(5):  # PTB retries: each failed getUpdates reaches the callback
        checks._polling_failed(Conflict("Conflict: terminated by other getUpdates request"))
    lines = [r for r in caplog.records if "409" in r.getMessage()]
    assert len(lines) == 1 and not lines[0].exc_info
    assert "BOT_TOKEN" in lines[0].getMessage() and "webhook" in lines[0].getMessage()
