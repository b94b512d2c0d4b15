"""The group table is edited once for a burst of moves (debounce), never more often than
its minimum interval, and the hands are not delayed by it."""

from __future__ import annotations

from playing import press_once, start_group_game


async def test_a_burst_of_moves_costs_one_table_edit(fakebot, bot_world):
    await bot_world.start(table_debounce=0.6, table_min_interval=0.0)
    group, users, table, game_id = await start_group_game(fakebot, bot_world)
    await fakebot.settle(0.8)
    edits_before = table.edit_count
    version = (await bot_world.services.games.snapshot(game_id)).version
    moves = 0
    for _ in range(6):  # lead, then answer as fast as the buttons arrive
        moves += await press_once(fakebot, users)
        await fakebot.settle(0.02)
        if moves >= 3:
            break
    assert moves >= 3
    assert (await bot_world.services.games.snapshot(game_id)).version >= version + 3
    assert table.edit_count == edits_before  # still within the debounce window
    await fakebot.wait_for(lambda: table.edit_count > edits_before, 5, "the table edit")
    await fakebot.settle(0.8)
    assert table.edit_count == edits_before + 1


async def test_the_table_waits_out_its_minimum_interval(fakebot, bot_world):
    await bot_world.start(table_debounce=0.01, table_min_interval=1.5)
    group, users, table, game_id = await start_group_game(fakebot, bot_world)
    stamps = []
    seen = table.edit_count
    loop_time = __import__("asyncio").get_running_loop().time
    for _ in range(40):
        await press_once(fakebot, users)
        await fakebot.settle(0.05)
        if "Game over" in table.text:  # the result is drawn at once, by design
            break
        if table.edit_count != seen:
            seen = table.edit_count
            stamps.append(loop_time())
        if len(stamps) >= 2:
            break
    gaps = [b - a for a, b in zip(stamps, stamps[1:], strict=False)]
    assert gaps and min(gaps) >= 1.2, stamps  # (polling granularity: a little slack)
