"""What the benches of the whole bot share: the bot in its own process against the fake Bot
API (tests/fakebot), scripted people pressing the buttons they were sent, and the counting.

``bench_bot.py`` (one process: requests, answers, CPU per action) and
``bench_instances.py`` (several processes behind one URL on PostgreSQL, one killed) each
keep only what is their own; ``bench_webapp.py`` and ``webapp_screenshots.py`` borrow
a few pieces. The bot process is this module run as a script:

    python scripts/bench_harness.py --serve-bot TOKEN BASE_URL DB_URL COALESCE OUT_PATH
        TABLE_DEBOUNCE EXTRA_JSON WEBHOOK_PORT LIMITS

(``spawn_bot`` writes that line). On SIGTERM it writes to OUT_PATH, as JSON, its press
handler's timings, the CPU marks SIGUSR1 asked for, and how often it read a game from the
database (``GameService.snapshot``) by the function that asked, against how many renders
(``Presenter._render``) and presses it made: the figures ``BotReport`` reads.
"""

from __future__ import annotations

import asyncio
import json
import random
import resource
import signal
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bot.app import build_application  # noqa: E402
from bot.config import Settings  # noqa: E402

# The refusals of a press that meant what its screen showed (English, the users' language).
STALE_TEXTS = frozenset({"This button is out of date.", "Already done."})
NEVER_ANSWERED = 30.0  # seconds a scripted person waits for a press's answer


# -- figures -----------------------------------------------------------------------------
def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def count_by_method(calls) -> dict[str, int]:
    out: dict[str, int] = {}
    for call in calls:
        out[call.method] = out.get(call.method, 0) + 1
    return out


async def count_moves(db_url: str) -> int:
    from sqlalchemy import func, select

    from bot.storage.database import Database
    from bot.storage.models import Move

    db = Database(db_url)
    try:
        async with db.read() as s:
            return (await s.execute(select(func.count()).select_from(Move))).scalar_one()
    finally:
        await db.dispose()


# -- what a scripted person sees and presses ---------------------------------------------
def hand_message(fake, user):
    for message in reversed(fake.bot_messages(user.id)):
        if message.text.startswith("Your cards"):
            return message
    return None


def solo_message(fake, user):
    """Solo: table and hand are the one (last) message of the private chat."""
    return fake.last_bot_message(user.id)


def move_buttons(message) -> list[str]:
    """The callback data of a message's move buttons and its card-choice buttons."""
    return [b["callback_data"] for b in message.buttons
            if b.get("callback_data", "")[:1] in ("m", "M") or "pick" in b.get(
                "callback_data", "")]


def game_over(fake, group) -> bool:
    table = fake.last_bot_message(group)
    return table is not None and "Game over" in table.text


@dataclass(frozen=True)
class Answer:
    """How the bot answered one press: its text ("" when a choice screen opened) and the
    seconds the person waited for it (``NEVER_ANSWERED``: no answer came)."""

    text: str
    waited: float
    at: float  # when it was pressed (loop time)
    answered: bool = True

    @property
    def accepted(self) -> bool:  # an accepted move's answer says "✓ you led ..."
        return self.text.startswith("✓")

    @property
    def refused(self) -> bool:
        return self.answered and bool(self.text) and not self.accepted

    @property
    def stale(self) -> bool:
        """Refused although it meant what the screen showed (out of date, already done)."""
        return self.text in STALE_TEXTS


async def press(fake, user, message, data: str) -> Answer | None:
    """``user`` presses the button ``data`` of ``message`` and waits for the answer; None
    when the keyboard changed under the finger (nothing was pressed)."""
    try:
        query = await fake.user_presses(user, message, data)
    except LookupError:
        return None
    loop = asyncio.get_running_loop()
    pressed_at = loop.time()
    try:
        answer = await fake.wait_for_answer(query, NEVER_ANSWERED)
    except AssertionError:
        return Answer("", NEVER_ANSWERED, pressed_at, answered=False)
    return Answer(answer.get("text") or "", loop.time() - pressed_at, pressed_at)


async def open_group_games(fake, games: int, players: int, *, name: str, title: str,
                           before_start=None, find=hand_message) -> list[tuple[list, object]]:
    """``games`` groups of ``players`` people who started the bot; the first sends
    /newgame, the others join, the first presses Start; (people, group) of each once every
    hand has come. ``before_start(users, group)``: awaited before Start (the lobby's
    settings)."""
    tables = []
    for n in range(games):
        users = [fake.add_user(f"{name}{n}{'abcdef'[k]}") for k in range(players)]
        for user in users:
            await fake.user_starts_bot(user)
        tables.append((users, fake.add_group(f"{title} {n}", users)))
    for users, group in tables:
        await fake.user_sends(users[0], group, "/newgame")
    for users, group in tables:
        lobby = await fake.wait_for_message(group, lambda m: "Join" in m.button_texts(), 60)
        for joiner in users[1:]:
            await fake.wait_for_answer(await fake.user_presses(joiner, lobby, "Join"), 60)
        if before_start is not None:
            await before_start(users, group)
        await fake.wait_for_answer(await fake.user_presses(users[0], lobby, "Start"), 60)
    for users, _group in tables:
        for user in users:
            await fake.wait_for(lambda u=user: find(fake, u), 60, "hands")
    return tables


# -- the bot process ---------------------------------------------------------------------
def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def spawn_bot(fake, db_url: str, out_path: str, *, coalesce: float = 0.25,
                    table_debounce: float = 0.8, extra: dict | None = None,
                    webhook_port: int = 0, limits: bool = True, env: dict | None = None):
    """A bot process (``serve_bot``) against ``fake``; its figures go to ``out_path``."""
    return await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--serve-bot", fake.token, fake.base_url, db_url,
        str(coalesce), out_path, str(table_debounce), json.dumps(extra or {}),
        str(webhook_port), "1" if limits else "0", env=env)


async def wait_for_bots(fake, bots, *, webhook: bool) -> None:
    """Until the bots set their webhook (or one polls); a bot that exits meanwhile (its
    error is above) stops the bench."""
    if webhook:
        await fake.wait_for(lambda: fake.webhook_url or any(
            bot.returncode is not None for bot in bots), 60, "the bots to set the webhook")
    else:
        await fake.wait_for(lambda: fake.poll_count > 0 or any(
            bot.returncode is not None for bot in bots), 60, "the bot to poll")
    if any(bot.returncode is not None for bot in bots):
        raise RuntimeError("a bot process did not start (its error is above)")


async def wait_listening(ports) -> None:
    """Until every instance accepts connections on its port (60 s at most each)."""
    for port in ports:
        for _ in range(600):
            try:
                _r, w = await asyncio.open_connection("127.0.0.1", port)
                w.close()
                break
            except OSError:
                await asyncio.sleep(0.1)


async def stop_bots(bots) -> None:
    """SIGTERM every bot process still running, then wait for each (killed after 30 s);
    also on Ctrl-C or an error: a bot process is always stopped and reaped."""
    for bot in bots:
        if bot.returncode is None:
            bot.terminate()
    for bot in bots:
        try:
            await asyncio.wait_for(bot.wait(), 30)
        except (TimeoutError, asyncio.CancelledError):
            bot.kill()
            await bot.wait()


@dataclass
class BotReport:
    """What a bot process wrote when it stopped (nothing if it was killed)."""

    timings: list[float] = field(default_factory=list)
    marks: list[dict] = field(default_factory=list)
    reads: dict[str, int] = field(default_factory=dict)  # snapshot reads by caller
    renders: int = 0
    presses: int = 0

    @classmethod
    def pooled(cls, reports: list[BotReport]) -> BotReport:
        """Several processes' counts added up (their timings and marks are left out)."""
        reads: Counter = Counter()
        for report in reports:
            reads.update(report.reads)
        return cls(reads=dict(reads), renders=sum(r.renders for r in reports),
                   presses=sum(r.presses for r in reports))

    def read_figures(self) -> dict:
        """Reads of a game from the database per render (those the presenter and the
        runtime make to draw: ``Presenter.*``, ``GameRuntime.*``) and per press (made by
        ``Presses.*`` to judge it), with every caller's count."""
        def by(prefix: str) -> int:
            return sum(n for caller, n in self.reads.items() if caller.startswith(prefix))

        return {
            "db_reads_per_render": round((by("Presenter.") + by("GameRuntime."))
                                         / max(1, self.renders), 2),
            "db_reads_per_press": round(by("Presses.") / max(1, self.presses), 2),
            "renders": self.renders, "db_reads_by_caller": dict(sorted(self.reads.items())),
        }

    @classmethod
    def load(cls, path: str) -> BotReport:
        if not Path(path).exists():
            return cls()
        data = json.loads(Path(path).read_text())
        return cls(data.get("timings", []), data.get("marks", []), data.get("reads", {}),
                   data.get("renders", 0), data.get("presses", len(data.get("timings", []))))


async def exit_with_parent(stop: asyncio.Event) -> None:
    """The bot process never outlives the benchmark (killed, crashed or interrupted):
    once its parent is gone it is re-parented, and it stops."""
    import os

    parent = os.getppid()
    while not stop.is_set():
        if os.getppid() != parent:
            stop.set()
        await asyncio.sleep(0.5)



def known_settings(values: dict) -> dict:
    """The Settings fields among ``values`` that this revision of the bot has (a 'before'
    run may lack newer ones: those are left out, i.e. that revision's behaviour)."""
    import dataclasses

    names = {f.name for f in dataclasses.fields(Settings)}
    return {k: v for k, v in values.items() if k in names and v is not None}


def count_reads(app) -> tuple[Counter, list[int]]:
    """From now on, count the game's reads from the database by the function that asked (a
    plain wrapper: the caller's frame is the one that called ``snapshot``) and the renders
    of ``app``'s runtime: (reads by caller's qualified name, [renders]), both live.
    tests/bot/test_shared_reads.py counts with it too."""
    runtime = app.bot_data["services"].runtime
    games, presenter = runtime.games, runtime.presenter
    snapshot, render = games.snapshot, presenter._render
    reads: Counter = Counter()
    renders = [0]

    def counted_snapshot(game_id):
        reads[sys._getframe(1).f_code.co_qualname] += 1
        return snapshot(game_id)

    def counted_render(*args, **kwargs):
        renders[0] += 1
        return render(*args, **kwargs)

    games.snapshot = counted_snapshot
    presenter._render = counted_render
    return reads, renders


async def serve_bot(token: str, base_url: str, db_url: str, coalesce: float,
                    out_path: str, table_debounce: float = 0.0,
                    extra: dict | None = None, webhook_port: int = 0,
                    limits: bool = True) -> None:
    """The bot process: the real Application, its press handler timed; on SIGTERM the
    timings go to ``out_path`` as JSON. With BENCH_BOT_PROFILE=path, a cProfile of the
    play (between the two SIGUSR1 marks) is written there. ``webhook_port``: webhook mode
    on that port of 127.0.0.1 (0: polling). ``limits``: the bot's own rate limits as
    deployed (Settings' defaults); False turns them off (the benchmark's old way).
    BENCH_BOT_LOG=path: the process logs (INFO) to path.<pid>."""
    import logging
    import os

    if os.environ.get("BENCH_BOT_LOG"):  # the bot's log lines, a file per process
        logging.basicConfig(filename=f"{os.environ['BENCH_BOT_LOG']}.{os.getpid()}",
                            level=logging.INFO,
                            format="%(asctime)s %(levelname)s %(name)s %(message)s")
    extra = dict(extra or {})
    # (bench_instances.py: several bot processes behind one URL, the proxy's)
    hook = {"webhook_url": extra.pop("webhook_url", None)
            or f"http://127.0.0.1:{webhook_port}/hook", "port": webhook_port,
            "webhook_secret": "bench-secret"} if webhook_port else {}
    # Computer players move at once unless the run asks for the bot's own pace.
    pause = tuple(extra.pop("computer_pause", (0.0, 0.0)))
    settings = Settings(token=token, database_url=db_url, api_base_url=base_url,
                        computer_pause=pause, timer_tick=1.0, edit_coalesce=coalesce,
                        **({} if limits else {"overall_rate": 0, "group_rate_per_minute": 0,
                                               "private_rate_per_second": 0}),
                        **hook,
                        **known_settings({"table_debounce": table_debounce, **(extra or {})}))
    app = build_application(settings, rng=random.Random(1))
    presses = app.bot_data["services"].runtime.presses
    timings: list[float] = []
    original = presses.press

    async def timed_press(*args, **kwargs):
        started = time.perf_counter()
        try:  # a refused press (raised) is timed too
            return await original(*args, **kwargs)
        finally:
            timings.append(time.perf_counter() - started)

    presses.press = timed_press
    reads, renders = count_reads(app)
    # SIGUSR1 marks the start and the end of play: the CPU the bot process used in between
    # (all its threads: the event loop and aiosqlite's) and the presses timed by then.
    marks: list[dict] = []

    profile_path = os.environ.get("BENCH_BOT_PROFILE")
    profiler = None
    if profile_path:  # where the bot process spends its time during play (not set-up)
        import cProfile

        profiler = cProfile.Profile()

    def mark() -> None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        marks.append({"cpu_s": usage.ru_utime + usage.ru_stime, "presses": len(timings),
                      "wall_s": time.perf_counter()})
        if profiler is not None and len(marks) == 1:
            profiler.enable()
        elif profiler is not None and len(marks) == 2:
            profiler.disable()
            profiler.dump_stats(profile_path)

    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, mark)
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    asyncio.get_running_loop().add_signal_handler(signal.SIGINT, stop.set)
    watchdog = asyncio.create_task(exit_with_parent(stop))

    async def report_when_stopped() -> None:  # before the teardown, which may be slow
        await stop.wait()
        Path(out_path).write_text(json.dumps({
            "timings": timings, "marks": marks, "reads": dict(reads),
            "renders": renders[0], "presses": len(timings)}))

    reporter = asyncio.create_task(report_when_stopped())
    if webhook_port:
        from bot.launch.serve import serve

        await serve(app, settings, stop, listen_on="127.0.0.1")
    else:
        await app.initialize()
        await app.post_init(app)
        await app.start()
        await app.updater.start_polling(poll_interval=0.0, timeout=5)
        await stop.wait()
        await app.updater.stop()
        await app.stop()
        await app.post_shutdown(app)
        await app.shutdown()
    watchdog.cancel()
    await reporter


# -- databases ---------------------------------------------------------------------------
async def fresh_postgres(server_url: str) -> tuple[str, str]:
    """A new, migrated PostgreSQL database on the server of ``server_url``: (url, name)."""
    import uuid

    from sqlalchemy import text
    from sqlalchemy.engine import make_url
    from sqlalchemy.ext.asyncio import create_async_engine

    from bot.storage.database import Database
    from bot.storage.migrate import upgrade

    name = f"durak_bench_{uuid.uuid4().hex[:8]}"
    admin = create_async_engine(server_url, isolation_level="AUTOCOMMIT")
    async with admin.connect() as conn:
        await conn.execute(text(f'CREATE DATABASE "{name}"'))
    await admin.dispose()
    url = make_url(server_url).set(database=name).render_as_string(hide_password=False)
    db = Database(url)
    await upgrade(db)
    await db.dispose()
    return url, name


async def drop_postgres(server_url: str, name: str) -> None:
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    admin = create_async_engine(server_url, isolation_level="AUTOCOMMIT")
    async with admin.connect() as conn:
        await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    await admin.dispose()


if __name__ == "__main__":
    if len(sys.argv) == 11 and sys.argv[1] == "--serve-bot":
        _, _, token, base_url, db_url, coalesce, out_path, debounce, extra, port, lim = sys.argv
        asyncio.run(serve_bot(token, base_url, db_url, float(coalesce), out_path,
                              float(debounce), json.loads(extra), int(port), lim == "1"))
        sys.exit(0)
    sys.exit(__doc__)
