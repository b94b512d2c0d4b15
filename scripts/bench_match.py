"""Benchmark of quick matching: seconds from the last person of a table queueing to the
table being seated (``QuickMatchService``: ``queue`` seats it at once, or the periodic
``sweep`` after a race between instances), p50/p99.

1,000 people (``--people``) queue over 60 s (``--seconds``, arrival times spread uniformly
at random, seeded) for two-player Podkidnoy (``--players``), on one service and then on
two services over two ``Database`` objects on one PostgreSQL (two "instances": each person
queues on one of them, alternately); every instance runs its sweep every ``--sweep``
seconds, as the bot's periodic task would. Target: p99 <= 1 s. Everyone is unrated (one
rating): the rule then seats the longest waiter with the next to come.

``match_run`` is the measuring part, to be called by other benches: it takes the services
and an optional ``on_matched(matched)`` coroutine (creating the game and dealing, say),
whose completion is timed too (``ready`` latencies), so the same run can measure "both
have cards".

    python scripts/bench_match.py [--people 1000] [--seconds 60] [--players 2]
        [--sweep 1.0] [--instances 1,2] [--database-url URL] [--seed 1]

``--bot``: the same through the whole bot (``bench_match_bot.py``): the real Application
in its own process(es) against the fake Bot API with Telegram's limits, people sending
/quick in their private chats; seconds from a table's last /quick to every person at it
having their hand with cards; on two instances, two bot processes on one PostgreSQL
behind one URL.

Measured with ``--bot`` (2026-11-28, the 2-core machine, load average 1.3-1.4 (a niced
search beside it); PostgreSQL 15, webhook, Telegram's limits in the fake; nobody plays,
so the first tables' turn clocks warn at 45 s and run out at 60 s during the run):

    python scripts/bench_match.py --bot --people 1000 --seconds 60 --instances 1,2
    python scripts/bench_match.py --bot --people 1000 --seconds 60 --instances 2 \
        --balance turns

    run                        last /quick -> cards p50 / p99 / max   requests a person
    1 instance                 0.028 / 0.317 / 0.360 s                1.15
    2 instances, random        0.036 / 0.822 / 0.905 s                1.17
    2 instances, turns         1.719 / 12.871 / 13.399 s              1.16

    Every run: 500 tables, nobody seated twice, nobody matchable left waiting, no /quick
    left unhandled, 0 x 429; requests: 1,000 hands, 1 waiting message and its "Table
    found" (the rest were never needed), 150-170 hand edits (the first tables' turn
    warnings and timeouts). The game's row was made 0.010-0.048 s (p50-p99) after the
    last /quick. Target p99 <= 1 s: met on one instance and on two behind a balancer
    that picks an instance per update.

"turns" is the ceiling of a static share: each instance keeps 1/instances of the token's
30 a second (14.3 with the outbox's margin), and with nothing but /quick arriving in
strict turns every second person of a table lands on the same instance, which then
seats, and sends the hands of, every table: 16.7 hands a second against its 14.3 (the
other instance idle: bot CPU 0.08 against 0.20 of a core). Every hand still arrived (the
last 13.6 s after the last /quick, 0 x 429, nobody lost).

Before (same command, main of the morning, load 3-10): p50 25-67 s, p99 94-129 s, up to
88 /quick not handled two minutes later, 200-500 token 429s, 3.9-4.3 requests a person.
Why, and what changed (runtime/matchmaking.py, runtime/delivery/outbox.py):
- each person cost a hand, a "Table found" message, often a waiting message already
  untrue when it went, and a "your turn" nudge 5 s into the deal: ~50 requests a second
  against the token's 30. Now the hand (a new message, which notifies) names the others;
  the waiting message goes 0.3 s after /quick only if the person still waits then and at
  its turn in the outbox (the queue is asked: a seat taken on another instance counts),
  else it is withdrawn unsent, its budget given back; a deal's first turn is not nudged;
- /quick's handler awaited its waiting message and its table's hands through the outbox,
  so under load all 64 concurrent handlers waited on Telegram's budget and the next
  updates waited to be handled at all. Both go beside the handler now;
- the token's budget went out in bursts of a whole second's worth (the 429s); now a
  burst of 5 and then evenly;
- a hand's first sending waits behind no other hand (the acting hands' class).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]  # this checkout's bot, not an installed one

from bot.service.quick import Matched, QuickMatchService, QuickRequest  # noqa: E402
from bot.storage.database import Database  # noqa: E402
from bot.storage.scratch import scratch_database  # noqa: E402

DEFAULT_PG = os.environ.get("TEST_DATABASE_URL",
                            "postgresql+asyncpg://postgres@127.0.0.1:5432/durak_test")
FIRST_USER = 8_000_000_000


@dataclass
class MatchRun:
    """What one run measured: per seated table, seconds from its last person's queue call
    to the Matched (``matched``) and to ``on_matched`` finishing (``ready``)."""

    matched: list[float] = field(default_factory=list)
    ready: list[float] = field(default_factory=list)
    by_queue: int = 0  # tables seated by queue itself
    by_sweep: int = 0  # tables seated by a sweep (after a race)
    seated_twice: int = 0  # must stay 0
    left_waiting: int = 0  # people still waiting at the end


def pct(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def match_run(services: Sequence[QuickMatchService], *, people: int = 1000,
                    seconds: float = 60.0, request: QuickRequest | None = None,
                    sweep_every: float = 1.0, seed: int = 1,
                    on_matched: Callable[[Matched], Awaitable[None]] | None = None,
                    ) -> MatchRun:
    """Queue ``people`` over ``seconds`` on ``services`` in turn and time every table."""
    request = request or QuickRequest()
    rng = random.Random(seed)
    arrivals = sorted(rng.uniform(0, seconds) for _ in range(people))
    run = MatchRun()
    queued_at: dict[int, float] = {}
    seen: set[int] = set()
    pending: list[asyncio.Task] = []
    start = time.perf_counter()

    async def seated(matched: Matched, by_sweep: bool) -> None:
        at = time.perf_counter()
        users = [x.user_id for x in matched.seats]
        run.seated_twice += sum(u in seen for u in users)
        seen.update(users)
        last = max(queued_at[u] for u in users)
        run.matched.append(at - last)
        if by_sweep:
            run.by_sweep += 1
        else:
            run.by_queue += 1
        if on_matched is not None:
            await on_matched(matched)
            run.ready.append(time.perf_counter() - last)

    async def arrive(i: int, when: float) -> None:
        await asyncio.sleep(max(0.0, start + when - time.perf_counter()))
        user = FIRST_USER + i
        queued_at[user] = time.perf_counter()
        result = await services[i % len(services)].queue(user, f"p{i}", None, request)
        if isinstance(result, Matched):
            await seated(result, by_sweep=False)

    async def sweeper(service: QuickMatchService) -> None:
        while True:
            await asyncio.sleep(sweep_every)
            for matched in await service.sweep():
                pending.append(asyncio.create_task(seated(matched, by_sweep=True)))

    sweepers = [asyncio.create_task(sweeper(s)) for s in services]
    await asyncio.gather(*(arrive(i, when) for i, when in enumerate(arrivals)))
    await asyncio.sleep(sweep_every * 1.5)  # one more tick for the last races
    for task in sweepers:
        task.cancel()
    await asyncio.gather(*sweepers, return_exceptions=True)
    await asyncio.gather(*pending)
    run.left_waiting = await services[0].waiting(request)
    return run


def report(label: str, run: MatchRun) -> None:
    tables = len(run.matched)
    print(f"{label}: {tables} tables ({run.by_queue} seated by queue, {run.by_sweep} by a "
          f"sweep), {run.left_waiting} left waiting, {run.seated_twice} seated twice")
    print(f"  last queue -> matched: p50 {pct(run.matched, 0.5):.4f} s, "
          f"p99 {pct(run.matched, 0.99):.4f} s, max {max(run.matched, default=0):.4f} s, "
          f"mean {statistics.fmean(run.matched) if run.matched else 0:.4f} s")
    if run.ready:
        print(f"  last queue -> ready:   p50 {pct(run.ready, 0.5):.4f} s, "
              f"p99 {pct(run.ready, 0.99):.4f} s")


async def bench(url: str, instances: int, args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        async with scratch_database(None if url.startswith("sqlite") else url,
                                    Path(tmp)) as db:
            others = [Database(db.url.render_as_string(hide_password=False), schema=db.schema)
                      for _ in range(instances - 1)]
            try:
                services = [QuickMatchService(d) for d in [db, *others]]
                run = await match_run(services, people=args.people, seconds=args.seconds,
                                      request=QuickRequest("podkidnoy", args.players),
                                      sweep_every=args.sweep, seed=args.seed)
            finally:
                for other in others:
                    await other.dispose()
    backend = "SQLite" if url.startswith("sqlite") else "PostgreSQL"
    report(f"{backend}, {instances} instance{'s' if instances > 1 else ''}, "
           f"{args.people} people over {args.seconds:g} s", run)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--sweep", type=float, default=1.0, help="sweep period, seconds")
    parser.add_argument("--instances", default="1,2", help="comma-separated counts")
    parser.add_argument("--database-url", default=DEFAULT_PG,
                        help="PostgreSQL (a scratch schema is made), or 'sqlite' for a file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", action="store_true",
                        help="through the whole bot: bot processes against the fake Bot "
                             "API, people sending /quick; time to both having cards")
    parser.add_argument("--balance", choices=("random", "turns"), default="random",
                        help="--bot, several instances: how the proxy picks the instance "
                             "for each update")
    args = parser.parse_args()
    for n in (int(x) for x in args.instances.split(",")):
        if args.bot:
            print(json.dumps(asyncio.run(bot_bench(n, args))), flush=True)
        else:
            asyncio.run(bench(args.database_url, n, args))


async def bot_bench(instances: int, args: argparse.Namespace) -> dict:
    """``--bot``: one run of bench_match_bot.py (a script beside this one)."""
    from bench_match_bot import bot_run

    url = None if args.database_url.startswith("sqlite") else args.database_url
    return await bot_run(instances, people=args.people, seconds=args.seconds,
                         players=args.players, sweep=args.sweep, seed=args.seed,
                         pg_url=url, balance=args.balance)


if __name__ == "__main__":
    main()
