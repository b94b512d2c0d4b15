"""Several instances (``DURAK_INSTANCES`` > 1) read a game from the database only where
another instance may have changed it: once a render, and a press only when the service
refused it as out of date (``Presses._meant_version``). Counted by the function that
asked (``GameService.snapshot``), on SQLite: the reads do not depend on the backend."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from conftest import second_instance, stop_app
from playing import lead_one_of_a_pair, press_once, throw_in_of

from bot.render.cards import card_label
from bot.runtime.table.renderers import Told

# The bench harness counts the same way in its bot process (scripts/bench_harness.py).
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from bench_harness import count_reads  # noqa: E402


async def renders_done(fakebot, app) -> None:
    """Wait until no render of ``app`` is under way: a render that read the game before
    the counting began and draws after it would count a render without its read."""
    displays = app.bot_data["services"].runtime.displays
    await fakebot.wait_for(lambda: all(d.render_task is None or d.render_task.done()
                                       for d in displays.all()), 10, "renders done")


def drawing_reads(reads: Counter) -> int:
    return sum(n for caller, n in reads.items()
               if caller.startswith(("Presenter.", "GameRuntime.")))


async def test_a_render_reads_the_game_once(fakebot, bot_world):
    """Moves pressed on the hands: every render (its table and hand edits) reads the game
    once, the hand edits draw what that read brought (they read again before)."""
    from playing import start_group_game

    await bot_world.start(instances=2)
    _group, users, _table, _game_id = await start_group_game(fakebot, bot_world)
    await renders_done(fakebot, bot_world.app)
    reads, renders = count_reads(bot_world.app)
    pressed = 0
    for _ in range(40):  # a hand being redrawn under the finger: look again
        pressed += await press_once(fakebot, users)
        await fakebot.settle(0.1)
        if pressed == 4:
            break
    assert pressed == 4
    assert renders[0] >= 4
    assert reads["Presenter._render_loop"] == renders[0], (reads, renders)
    assert drawing_reads(reads) == renders[0], reads


async def test_a_change_told_from_elsewhere_is_read_once_and_drawn(fakebot, bot_world):
    """Told that another instance changed a game: the catch-up's read is the render's."""
    from playing import start_group_game

    await bot_world.start(instances=2)
    _group, _users, _table, game_id = await start_group_game(fakebot, bot_world)
    runtime = bot_world.services.runtime
    await renders_done(fakebot, bot_world.app)
    reads, renders = count_reads(bot_world.app)
    await runtime._changed_elsewhere(Told(game_id))
    # (waited for, not given a fixed moment: on a busy machine the render's read of the
    # database may take longer than a quiet spell of the fake)
    await fakebot.wait_for(lambda: renders[0] >= 1, 10, "the render")
    await renders_done(fakebot, bot_world.app)
    await fakebot.settle(0.1)
    assert renders[0] == 1
    assert drawing_reads(reads) == 1, reads
    assert reads["GameRuntime._changed_elsewhere"] == 1, reads


async def test_a_press_reads_the_game_only_when_refused_as_out_of_date(fakebot, bot_world):
    """Presses reaching an instance that did not draw the hand. One on a hand the game
    moved past, that would still show the same buttons: played (the service refused it
    as out of date; one read finds it means what the person saw). One on the version the
    game is at: played with no read of its own (it read the game before every press)."""
    await bot_world.start(quiet_hand_delay=60.0, instances=2)
    game_id, user, leader, (first, second) = await lead_one_of_a_pair(fakebot, bot_world)
    other = await second_instance(fakebot, bot_world)
    try:
        reads, _renders = count_reads(other)
        presses = other.bot_data["services"].runtime.presses
        moved = await bot_world.services.games.snapshot(game_id)
        throw_in = throw_in_of(moved.state, leader, second)
        done = await presses.press(game_id, 0, throw_in.text(), user.id)
        assert done == f"✓ You threw in {card_label(second)}"
        assert reads["Presses._meant_version"] == 1, reads

        now = await bot_world.services.games.snapshot(game_id)
        defender = now.state.waiting_on()[0]
        assert defender != leader
        person = next(s.user_id for s in now.seats if s.seat == defender)
        move = next(iter(now.state.legal_actions(defender)))
        done = await presses.press(game_id, now.version, move.text(), person)
        assert done.startswith("✓"), done
        assert sum(n for c, n in reads.items() if c.startswith("Presses.")) == 1, reads
        after = await bot_world.services.games.snapshot(game_id)
        assert after.version == now.version + 1
    finally:
        await stop_app(other)
