"""Quick match through the whole bot (``bench_match.py --bot``): seconds from a table's
last person sending /quick to every person at it having a hand with cards.

The bot runs as it is deployed: real bot processes (``bench_harness.py --serve-bot``,
webhook mode, Settings' limits) behind one URL (the round-robin proxy of
bench_instances.py, as a load balancer would split updates), against the fake Bot API
with Telegram's flood limits. One instance runs on SQLite or PostgreSQL, two on one
PostgreSQL (``DURAK_INSTANCES=2``: each takes half of every Telegram budget).

The people: ``people`` scripted users, each in their own private chat with the bot. They
all send /start first (a set-up phase, not measured: about 30 replies a second is all the
token allows), then /quick at a uniformly random moment of ``seconds`` (seeded). They do
not play: a table's cost here is matching and dealing, not the game (idle hands are
nudged after a few seconds; that traffic is counted).

Measured from what the fake recorded: a /quick's moment is when the fake took it from
the person (before the webhook POST), a hand's when the fake performed the sendMessage
"Your cards in ..." to that person. Tables and seats are read from the database at the
end. Printed per run (JSON): ready_s p50/p99/max over tables; dealt_s p50/p99 (from
the last /quick to the game's row, created_at: the update taken and matched, cards not
yet delivered); tables; seated_twice
(people at two quick tables: must be 0); left_waiting (in the queue at the end) and
matchable_left (of those, how many could still form a table: must be 0); lost (neither
seated nor waiting: their /quick not handled yet); no_cards (seated, no hand yet);
too_many_requests by scope; requests_by_kind (hand, waiting, found, nudge, other, by
method, refusals apart); bot_cpu_share (each process's CPU over the measured phase; with
BENCH_BOT_PROFILE a cProfile of it); the load average seen (os.getloadavg: 1-minute
figure at start, max, end). Measured figures: bench_match.py's docstring.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "scripts")]

from bench_harness import (  # noqa: E402
    BotReport,
    drop_postgres,
    free_port,
    fresh_postgres,
    percentile,
    spawn_bot,
    stop_bots,
    wait_for_bots,
    wait_listening,
)
from bench_instances import RoundRobin  # noqa: E402
from fakebot import FakeBotServer  # noqa: E402
from sqlalchemy import select  # noqa: E402

from bot.config import Settings  # noqa: E402
from bot.service.quick import QuickMatchService, QuickRequest  # noqa: E402
from bot.service.venues import VenueKind  # noqa: E402
from bot.storage.database import Database  # noqa: E402
from bot.storage.models import Game, Seat  # noqa: E402

HAND_PREFIX = "Your cards in "  # a hand's first words (English people)
QUIET_END = 10.0  # seconds without a new hand after the last /quick: the run is over
MAX_DRAIN = 120.0  # ...or this long after the last /quick at most


class Sends:
    """What the bot sent to each private chat, read from the fake's logs incrementally
    (a scan of every stored message per person would cost the bench O(people²))."""

    def __init__(self, fake) -> None:
        self.fake = fake
        self._seen = [0, 0]  # calls, webhook replies already read
        self.first_reply: dict[int, float] = {}  # chat -> first message to it
        self.first_hand: dict[int, float] = {}  # chat -> first hand sent to it
        self.counting = False  # count the requests by kind (the measured phase)
        self.kinds: Counter = Counter()  # "kind method" -> requests (429s: "... 429")

    def read(self) -> None:
        for n, log in enumerate((self.fake.calls, self.fake.webhook_replies)):
            for call in log[self._seen[n]:]:
                if self.counting:
                    self.kinds[f"{kind(call)} {call.method}"
                               f"{'' if call.ok else f' {call.error_code}'}"] += 1
                if call.method != "sendMessage" or not call.ok or not call.chat_id:
                    continue
                self.first_reply.setdefault(call.chat_id, call.at)
                if str(call.params.get("text", "")).startswith(HAND_PREFIX):
                    self.first_hand.setdefault(call.chat_id, call.at)
            self._seen[n] = len(log)


KINDS = (("Your cards in ", "hand"), ("Looking for a quick game", "waiting"),
         ("Table found", "found"), ("🔔 Your turn", "nudge"), ("Nobody else", "lonely"))


def kind(call) -> str:
    """What a request was about, by its English text (people's language here)."""
    text = str(call.params.get("text", ""))
    return next((name for prefix, name in KINDS if text.startswith(prefix)), "other")


class Load:
    """os.getloadavg()'s 1-minute figure, sampled every few seconds while it runs."""

    def __init__(self) -> None:
        self.samples: list[float] = [os.getloadavg()[0]]
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        async def sample() -> None:
            while True:
                await asyncio.sleep(5)
                self.samples.append(os.getloadavg()[0])
        self._task = asyncio.create_task(sample())

    def stop(self) -> dict:
        if self._task is not None:
            self._task.cancel()
        self.samples.append(os.getloadavg()[0])
        return {"start": round(self.samples[0], 2), "max": round(max(self.samples), 2),
                "end": round(self.samples[-1], 2), "cores": os.cpu_count()}


async def quick_seats(db_url: str) -> tuple[dict[int, list[int]], dict[int, float]]:
    """game id -> the people seated at it, for every quick game; and when each game was
    created (Unix time: the table formed and its deal was made)."""
    db = Database(db_url)
    try:
        async with db.read() as s:
            rows = (await s.execute(select(Seat.game_id, Seat.user_id, Game.created_at).join(
                Game, Game.id == Seat.game_id).where(
                    Game.venue == VenueKind.QUICK.value))).all()
        tables: dict[int, list[int]] = {}
        created: dict[int, float] = {}
        for game_id, user_id, at in rows:
            created[game_id] = at.timestamp()
            if user_id is not None:
                tables.setdefault(game_id, []).append(user_id)
        return tables, created
    finally:
        await db.dispose()


async def still_waiting(db_url: str, request: QuickRequest) -> int:
    db = Database(db_url)
    try:
        return await QuickMatchService(db).waiting(request)
    finally:
        await db.dispose()


async def _wait_until(predicate, timeout: float, quiet_for: float | None = None,
                      progress=None) -> None:
    """Until ``predicate()`` holds, ``timeout`` passes, or (``quiet_for``) ``progress()``
    did not change for that long."""
    loop = asyncio.get_running_loop()
    deadline, last, since = loop.time() + timeout, None, loop.time()
    while loop.time() < deadline and not predicate():
        if progress is not None:
            now = progress()
            if now != last:
                last, since = now, loop.time()
            elif quiet_for is not None and loop.time() - since > quiet_for:
                return
        await asyncio.sleep(0.25)


async def bot_run(instances: int, *, people: int = 1000, seconds: float = 60.0,
                  players: int = 2, sweep: float = 1.0, seed: int = 1,
                  pg_url: str | None = None, balance: str = "random") -> dict:
    """One run on ``instances`` bot processes; the figures (module docstring)."""
    if instances > 1 and not pg_url:
        raise ValueError("several instances share one PostgreSQL: give its URL")
    fake = FakeBotServer(telegram_limits=True)
    await fake.start()
    tmp = tempfile.mkdtemp(prefix="bench-match-bot-")
    db_url, pg_name = f"sqlite+aiosqlite:///{tmp}/bench.db", None
    if pg_url:
        db_url, pg_name = await fresh_postgres(pg_url)
    ports = [free_port() for _ in range(instances)]
    # "random": the instance for each update picked at random (seeded), as a balancer
    # whose choice has nothing to do with who is second at a table. "turns": strictly in
    # turn; with nothing but /quick arriving, every second person of a table then lands
    # on the same instance, which seats (and draws) every table alone.
    proxy = RoundRobin(ports, random.Random(seed + 1) if balance == "random" else None)
    await proxy.start()
    # Nobody plays here: the first tables' turns run out (60 s) as the last people come,
    # and computers play those seats at the bot's own pace, as they would for people.
    extra = {"instances": instances, "webhook_url": f"http://127.0.0.1:{proxy.port}/hook",
             "quick_sweep": sweep, "computer_pause": list(Settings.computer_pause)}
    env = {**os.environ, "DURAK_AI_WORKERS": "1"}  # nobody plays a computer here
    bots = [await spawn_bot(fake, db_url, f"{tmp}/out{i}.json", extra=extra,
                            webhook_port=port, env=env) for i, port in enumerate(ports)]
    request = QuickRequest(players=players)
    command = "/quick" if players == 2 else f"/quick podkidnoy {players}"
    sends = Sends(fake)
    load = Load()
    sent_at: dict[int, float] = {}
    rng = random.Random(seed)
    clock_offset = time.time() - fake.clock()  # the fake's clock to Unix time
    try:
        await wait_for_bots(fake, bots, webhook=True)
        await wait_listening(ports)
        users = [fake.add_user(f"Q{i}") for i in range(people)]
        set_up = time.perf_counter()
        for user in users:
            await fake.user_starts_bot(user)

        def replied() -> int:
            sends.read()
            return len(sends.first_reply)

        await _wait_until(lambda: replied() >= people, 600)
        await fake.settle(0.5, timeout=60)
        set_up = time.perf_counter() - set_up
        refused_before = dict(fake.flood.refused)
        calls_before = len(fake.calls) + len(fake.webhook_replies)
        load.start()
        sends.counting = True
        for bot in bots:  # each notes its CPU time (and, BENCH_BOT_PROFILE, profiles)
            bot.send_signal(signal.SIGUSR1)
        arrivals = sorted(rng.uniform(0, seconds) for _ in range(people))
        loop = asyncio.get_running_loop()
        start = loop.time()
        for user, when in zip(users, arrivals, strict=True):
            await asyncio.sleep(max(0.0, start + when - loop.time()))
            sent_at[user.id] = fake.clock()
            await fake.user_sends(user, fake.private_chat(user), command)

        def hands() -> int:
            sends.read()
            return len(sends.first_hand)

        last = loop.time()
        await _wait_until(lambda: hands() >= people - people % players, MAX_DRAIN,
                          QUIET_END + 2 * sweep, hands)
        drained = loop.time() - last  # from the last /quick to the last hand (or giving up)
        # What the seating still sends (a "Table found" edit): a moment. Not until the
        # bot is quiet: the first tables' turn clocks (60 s, nobody plays here) run out
        # by the end of the arrivals, and their timeouts go on.
        await asyncio.sleep(2.0)
        for bot in bots:
            bot.send_signal(signal.SIGUSR1)
        await asyncio.sleep(0.5)
        sends.read()
        refused = {scope: n - refused_before.get(scope, 0)
                   for scope, n in fake.flood.refused.items()}
        calls = len(fake.calls) + len(fake.webhook_replies) - calls_before
    finally:
        await stop_bots(bots)
        await proxy.stop()
        figures_load = load.stop()
    tables, created = await quick_seats(db_url)
    waiting = await still_waiting(db_url, request)
    await fake.stop()
    if pg_name:
        await drop_postgres(pg_url, pg_name)

    cpu = []  # per instance: CPU seconds over wall seconds of the measured phase
    for i in range(instances):
        marks = BotReport.load(f"{tmp}/out{i}.json").marks
        if len(marks) >= 2:
            cpu.append(round((marks[1]["cpu_s"] - marks[0]["cpu_s"])
                             / max(1e-9, marks[1]["wall_s"] - marks[0]["wall_s"]), 2))
    seats = Counter(u for members in tables.values() for u in members)
    ready, dealt, no_cards = [], [], 0
    for game_id, members in tables.items():
        last = max(sent_at[u] for u in members)
        # the deal made (in the database, Unix time) after the last /quick: how much of
        # the wait is the bot taking the update and matching, not delivering the cards
        dealt.append(created[game_id] - (last + clock_offset))
        got = [sends.first_hand.get(u) for u in members]
        if None in got:
            no_cards += sum(1 for g in got if g is None)
            continue
        ready.append(max(got) - last)  # type: ignore[type-var]
    return {
        "instances": instances, "balance": balance if instances > 1 else None,
        "people": people, "seconds": seconds, "players": players,
        "database": "postgresql" if pg_url else "sqlite", "set_up_s": round(set_up, 1),
        "tables": len(tables),
        "ready_s_p50": round(percentile(ready, 0.50), 3),
        "ready_s_p99": round(percentile(ready, 0.99), 3),
        "ready_s_max": round(max(ready, default=0.0), 3),
        "dealt_s_p50": round(percentile(dealt, 0.50), 3),
        "dealt_s_p99": round(percentile(dealt, 0.99), 3),
        "seated_twice": sum(n - 1 for n in seats.values() if n > 1),
        "left_waiting": waiting, "matchable_left": waiting - waiting % players,
        "lost": people - len(seats) - waiting, "no_cards": no_cards,
        "too_many_requests": {k: v for k, v in sorted(refused.items()) if v},
        "requests_per_person": round(calls / max(1, people), 2),
        "requests_by_kind": dict(sends.kinds.most_common()),
        "drained_s": round(drained, 1),
        "forwarded": proxy.forwarded, "bot_cpu_share": cpu, "load_1min": figures_load,
    }
