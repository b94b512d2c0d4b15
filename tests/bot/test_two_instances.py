"""Several instances of the bot on one database (DURAK_INSTANCES): a press that reaches
another instance than the one that drew the hand means what the person saw."""

from __future__ import annotations

import asyncio

from conftest import second_instance, stop_app
from playing import (
    hand_message,
    lead_one_of_a_pair,
    move_buttons,
    start_group_game,
    throw_in_of,
)

from bot.render.callback import decode
from bot.render.cards import card_label
from bot.runtime.table.renderers import LEASE_S


async def test_a_press_on_a_hand_another_instance_drew_means_what_the_person_saw(
        fakebot, bot_world):
    """Instance A draws the leader's hand and keeps its keyboard after the lead (a held
    edit: its buttons say version 0); the leader's next press, on that keyboard, reaches
    instance B: B finds what the hand showed in the database and plays the throw-in, as A
    would have. (The press carries the version the keyboard shows: on a machine so busy
    that A redrew the hand before the hold began, that is the newer one.)"""
    await bot_world.start(quiet_hand_delay=60.0, instances=2)
    game_id, user, leader, (first, second) = await lead_one_of_a_pair(fakebot, bot_world)
    other = await second_instance(fakebot, bot_world)
    try:
        moved = await bot_world.services.games.snapshot(game_id)
        throw_in = throw_in_of(moved.state, leader, second)
        button = next(b for b in move_buttons(hand_message(fakebot, user))
                      if b["text"] == card_label(second))
        shown_at = decode(button["callback_data"]).version
        done = await other.bot_data["services"].runtime.presses.press(
            game_id, shown_at, throw_in.text(), user.id)
        assert done == f"✓ You threw in {card_label(second)}"
        after = await bot_world.services.games.snapshot(game_id)
        assert after.version == moved.version + 1
        assert {attack for attack, _cover in after.state.table_pairs()} == {first, second}
    finally:
        await stop_app(other)


async def test_two_bot_processes_behind_one_url_play_like_one_and_survive_a_kill():
    """Two real bot processes in webhook mode behind a round-robin proxy, on PostgreSQL,
    against the fake Bot API with Telegram's flood limits; the first is killed (SIGKILL)
    30 s into play. No press is applied twice, no timer fires twice, no press goes
    unanswered, no 429 at all; the other process plays on after the kill, every game
    finishes, and its next deal starts when both people press "Play again" (each press
    may reach either process). How often presses are refused compared with one process,
    and how long the games wait across the kill, are the bench's figures
    (``scripts/bench_instances.py``: they follow the machine's load), not asserted here."""
    import os
    import sys
    from pathlib import Path

    import pytest

    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        pytest.skip("TEST_DATABASE_URL not set: several instances need PostgreSQL")
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    from bench_instances import run

    games, think = 3, (0.2, 0.8)
    two = await run(2, games, 150, 30, think, 0.05, url, seed=3)
    assert two["finished"] == f"{games}/{games}", two
    assert two["next_deals_started"] == f"{games}/{games}", two["next_deals_missed"]
    assert two["double_applies"] == 0 and two["double_timer_fires"] == 0, (
        two["double_applies"], two["double_timer_fires"], two["refusal_reasons"])
    assert two["too_many_requests"] == {} and two["unanswered"] == 0, two
    assert two["moves_after_kill"] > 0, two  # the other process played on
    assert all(n > 0 for n in two["forwarded"])  # both processes took updates


async def test_pages_on_two_instances_show_every_move_and_follow_the_series():
    """Two real bot processes behind the round-robin proxy, on PostgreSQL; every person
    plays from a Mini App page whose WebSocket the proxy gives to the instances in turn,
    so each game has a page on each instance, whichever of them draws it. Every move a
    page taps reaches both pages of its game (none missed: pages have no polling to fall
    back on, so a lost notification shows here); at the end of a deal both pages follow
    the series to its next deal. How soon a move arrives is a benchmark figure
    (``bench_instances.py --pages``, README "Benchmarks"), not asserted here: its p99 follows
    the machine's load (25-35 ms alone, 470 ms once in a CI run on a busy machine)."""
    import os
    import sys
    from pathlib import Path

    import pytest

    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        pytest.skip("TEST_DATABASE_URL not set: several instances need PostgreSQL")
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    from bench_instances import run_pages

    figures = await run_pages(2, 4, 40, (0.2, 0.6), url, seed=5)
    assert figures["games_with_pages_on_two_instances"] == 4, figures
    assert figures["sockets_per_instance"] == [4, 4], figures
    assert figures["moves_measured"] > 40, figures
    assert figures["missed"] == 0, figures
    # Deals played out; both people tap "Play again" on their pages: both pages go on to
    # the next deal, the one on the instance that did not start it too.
    assert figures["finished_games"] >= 1, figures
    assert figures["pages_followed_next_deal"] == 2 * figures["finished_games"], figures


async def test_a_move_whose_notification_was_lost_is_drawn_within_two_renewals(
        fakebot, bot_world, shared_database):
    """Instance A draws the game; instance B applies the leader's move and dies before its
    NOTIFY (here: B's notification is never sent). A finds the database ahead of what it
    drew when it renews its leases and draws the move, long before any turn timer could
    have brought it (the deal's turn is 60 s)."""
    await bot_world.start(database_url=shared_database, instances=2)
    group, users, table, game_id = await start_group_game(fakebot, bot_world)
    other = await second_instance(fakebot, bot_world, database_url=shared_database,
                                  quiet_hand_delay=0.1)
    try:
        runtime_b = other.bot_data["services"].runtime

        async def dies_before_telling(*_args, **_kwargs) -> None:
            return None

        runtime_b.renderers.tell = dies_before_telling
        snap = await bot_world.services.games.snapshot(game_id)
        leader = snap.state.waiting_on()[0]
        user = next(u for u in users if snap.seat_of(u.id) == leader)
        lead = next(a for a in snap.state.legal_actions(leader))
        done = await runtime_b.presses.press(game_id, snap.version, lead.text(), user.id)
        assert done.startswith("✓ You"), done
        drawn = bot_world.services.runtime.displays.get(game_id)
        assert drawn.snap.version == snap.version  # A was not told
        loop = asyncio.get_running_loop()
        began = loop.time()
        await fakebot.wait_for(lambda: drawn.snap.version == snap.version + 1,
                               4 * LEASE_S, "A drawing the move it was not told of")
        assert loop.time() - began < LEASE_S + 1.0  # two renewals, three at worst
        def table_now() -> str:
            return next(m.text for m in fakebot.messages(group)
                        if m.message_id == table.message_id)

        led = f"On the table: {card_label(lead.cards[0])}"
        await fakebot.wait_for(lambda: led in table_now(), 5, "the table showing the lead")
    finally:
        await stop_app(other)


async def test_an_instance_whose_game_was_taken_stops_drawing_it_at_once(
        fakebot, bot_world, shared_database, monkeypatch):
    """Instance A draws the game; instance B takes it (as when a deal ends there while A
    is alive). A hears it at once, not at its next lease renewal (made a minute away
    here): it no longer draws the game, so an edit it still had queued for it is dropped
    when its turn comes instead of landing over B's newer screen."""
    from bot.runtime.table import renderers

    monkeypatch.setattr(renderers, "LEASE_S", 180.0)  # renewals every minute
    await bot_world.start(database_url=shared_database, instances=2)
    _group, _users, _table, game_id = await start_group_game(fakebot, bot_world)
    runtime_a = bot_world.services.runtime
    assert runtime_a.renderers.holds(game_id) and runtime_a.presenter.draws_here(game_id)
    other = await second_instance(fakebot, bot_world, database_url=shared_database,
                                  quiet_hand_delay=0.1)
    try:
        renderers_b = other.bot_data["services"].runtime.renderers
        await renderers_b.take(game_id)
        assert renderers_b.holds(game_id)
        await fakebot.wait_for(lambda: not runtime_a.presenter.draws_here(game_id),
                               10, "A letting the game go")
    finally:
        await stop_app(other)
