"""The process pool answers without blocking the event loop."""

from __future__ import annotations

import asyncio

from bot.ai.pool import ComputerPlayers
from bot.engine import Action, RuleSet, new_deal


async def test_hard_search_in_the_pool_leaves_the_loop_running():
    state = new_deal(RuleSet.preset("podkidnoy", players=3), seed=21)
    seat = state.waiting_on()[0]
    ticks = 0
    done = asyncio.Event()

    async def ticker() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            await asyncio.sleep(0.005)

    async with ComputerPlayers(workers=1) as players:
        await players.start()
        tick_task = asyncio.create_task(ticker())
        await asyncio.sleep(0)
        before = ticks
        text = await players.choose(state.to_dict(), seat, "hard", 3, 0.8)
        during = ticks - before
        hint_text, (key, params) = await players.hint(state.to_dict(), seat, 3, 0.3)
        done.set()
        await tick_task
    legal = set(state.legal_actions(seat))
    assert Action.parse(text, player=seat) in legal
    assert Action.parse(hint_text, player=seat) in legal and key.startswith("hint.")
    # The ticker kept running while the search was in flight in the worker process:
    # a blocked loop would have let it tick at most once.
    assert during >= 10


async def test_several_requests_at_once_and_closed_pool_refuses():
    state = new_deal(RuleSet.preset("perevodnoy"), seed=2)
    seat = state.waiting_on()[0]
    players = ComputerPlayers(workers=1)
    texts = await asyncio.gather(*(players.choose(state.to_dict(), seat, s, 1, 0.2)
                                   for s in ("easy", "normal", "hard")))
    await players.close()
    legal = set(state.legal_actions(seat))
    assert all(Action.parse(t, player=seat) in legal for t in texts)
    try:
        await players.choose(state.to_dict(), seat, "easy", 1, 0.1)
    except RuntimeError:
        pass
    else:
        raise AssertionError("a closed pool must refuse work")


def test_queued_budget_shares_the_workers_and_counts_the_wait():
    from bot.ai.pool import queued_budget

    assert queued_budget(0.7, 0.0, 0, 2) == 0.7          # nobody waiting: the full budget
    assert queued_budget(0.7, 0.0, 8, 2) == 0.7 * 2 / 10  # 8 behind on 2 workers: a fifth
    assert queued_budget(0.7, 0.6, 0, 2) == 0.7 - 0.6     # waited: only what is left
    assert queued_budget(0.7, 0.9, 0, 2) == 0.0           # waited past it: nothing left
    assert queued_budget(0.7, 0.0, 2, 1) < queued_budget(0.7, 0.0, 2, 2)


async def test_queued_searches_never_exceed_the_workers_and_get_smaller_budgets():
    """Four hard requests at once on one worker: one search at a time; the first gets the
    whole budget, every one that waited gets less, or normal's move when too little is
    left (run(None))."""
    players = ComputerPlayers(workers=1)
    running = 0
    most = 0
    given: list[float | None] = []

    async def run(budget: float | None) -> str:
        nonlocal running, most
        running += 1
        most = max(most, running)
        given.append(budget)
        await asyncio.sleep(0.05)
        running -= 1
        return "ok"

    results = await asyncio.gather(*(players._searching(0.2, True, run) for _ in range(4)))
    await players.close()
    assert results == ["ok"] * 4 and most == 1
    assert given[0] == 0.2
    assert all(b is None or b < 0.2 for b in given[1:])
    counts = players.counts
    assert counts["searches"] + counts["normal"] == 4
    assert counts["shrunk"] + counts["normal"] == 3  # each waited at least one 0.05 s run


async def test_a_dead_worker_is_replaced_and_computer_moves_go_on():
    """A worker killed mid-game (OOM killer, a crash) must not stop every later move."""
    import os
    import signal

    from bot.ai.pool import _warm_up

    state = new_deal(RuleSet.preset("podkidnoy", players=3), seed=5)
    seat = state.waiting_on()[0]
    legal = set(state.legal_actions(seat))
    async with ComputerPlayers(workers=1) as players:
        first_pid = await players._run(_warm_up)
        os.kill(first_pid, signal.SIGKILL)
        text = await players.choose(state.to_dict(), seat, "normal", 1, 0.0)
        assert Action.parse(text, player=seat) in legal
        hard_text = await players.choose(state.to_dict(), seat, "hard", 1, 0.1)
        assert Action.parse(hard_text, player=seat) in legal
        assert await players._run(_warm_up) != first_pid
