"""Benchmark the Telegram layer: the real Application against the fake Bot API server.

    .venv/bin/python scripts/bench_bot.py [--games 200] [--seconds 60] [--coalesce 0.25]
        [--table-debounce 0.8] [--think 1.0,3.0]
        [--mode group|solo|inline|link[,...]] [--players 2] [--webhook]
        [--pg-url postgresql+asyncpg://postgres@127.0.0.1/postgres]

N group games of ``--players`` people each (default 2; ``--mode solo``: N solo games, a
person against a computer player, table and hand in one message) run at the same time;
scripted users press the first move button the bot accepts (buttons they were sent,
nothing else). The same people may play elsewhere (issue 37, bench_venues.py):
``--mode inline``, the table in an inline message the host sent through @bot in a chat
without the bot (the two people's own chat; a group without the bot for more), edited by
inline_message_id; ``--mode link``, a table by link (/newgame in the host's private chat,
the others open ``?start=j<invite>``) that lives in the hands only. Several modes, comma
separated (``--mode group,inline,link``), run one after another and end with a line
comparing each venue's requests per action with the group's (``vs_group``).

What it measures: the bot's cost at a realistic human pace, not its throughput. Each
person plays on their own: they think ``--think`` seconds (uniform, per press) after
their hand shows a move before pressing, as people do; with 200 games that is ~100
actions/s on the bot, the load of 400 people playing at once. ``--think 0,0`` floods
instead: then handler times mostly measure queueing in a saturated process, and
coalescing looks better than real.
Printed (JSON):
- handler_ms p50/p99: time inside the move handler's work (runtime.presses.press: load,
  engine, versioned commit, scheduling the redraw), excluding every Telegram call;
- requests_per_action: Bot API HTTP requests (answerCallbackQuery, hand and table edits
  and sends; getUpdates excluded) divided by the actions applied, counted from the start
  of play; webhook_replies_per_action: calls the bot made in its webhook responses
  (``--webhook``: the bot runs in webhook mode, bot.launch.serve.serve, and the fake
  POSTs the updates; a press's answer rides on the response); per_action_split: answers
  (over HTTP / in replies), hand (private chat) and group requests per action;
- chat_requests_per_game: requests to a game's group (lobby + table; solo: the private
  chat's one message; inline: its message), from /newgame to the last move, averaged over
  finished games; and the edits among them. per_action_split's ``table``: requests that
  draw the table itself (the group's, or the inline message's edits) per action.
- bot_cpu_ms_per_action: CPU seconds of the bot process (all its threads: the event loop
  and aiosqlite's) from the start of play to its end, per action; saturation-independent,
  unlike the handler times (bot_cpu_share: that CPU per wall second, 1.0 = one whole core);
- fake_and_users_cpu_ms_per_action: the same for this process (the fake Telegram and the
  scripted users), which the bot's figures exclude.
Profiles of the bot process during play: BENCH_BOT_PROFILE=path (cProfile, main thread) or
BENCH_BOT_PYSPY=path (py-spy raw, all threads; summarise with scripts/bench_bot_spy.py).
- limits, too_many_requests: by default the fake enforces Telegram's flood limits
  (tests/fakebot/ratelimit.py TELEGRAM_LIMITS) and the bot runs with its own limits as
  deployed; too_many_requests counts the 429s given during play per scope (token, group,
  private). ``--no-limits``: neither (the old way: only the fake's lenient group rule off);
- press_answer_ms p50/p99: from a scripted press until the bot answered it, as the person
  waits (presses_unanswered: none within 30 s).
- acting_hand_ms p50/p99: after each accepted move, until some player of that game was
  shown move buttons (the game can go on); table_stale_ms p50/p99: until the group table
  was edited after it (a table edit draws the newest state);
- ``--capacity 20,30,40``: runs with each number of games and prints the largest one
  token holds (0 x 429, every press answered, answers and acting hands p99 < 1 s).

Measured (2026-11-28, the 2-core machine, load average about 1.5 (a niced search beside
it); SQLite, webhook, Telegram's limits, 40 tables of 2 people, --think 1,3, 30 s each):

    python scripts/bench_bot.py --games 40 --seconds 30 --mode group,inline,link --webhook

    venue   actions  req/action  vs group  429s  answer p99  acting hand p99
    group   536      1.74        1.00      0     9.8 ms      476 ms
    inline  536      1.73        0.99      0     10.1 ms     425 ms
    link    549      1.30        0.75      0     14.0 ms     264 ms

(per action: every press answered in the webhook reply (1.0); hands 1.30 / 1.29 / 1.30;
the table 0.44 (group) / 0.44 (inline message) / none.) Issue 37's target, no more
requests per action than the group's 1.8 and 0 x 429: met by both. The same command
earlier that day gave group 1.92 / inline 1.88 / link 1.25 requests per action with 95 /
19 / 0 token 429s: the outbox let a whole second's budget go at once, and on a busy
machine the end of one burst and the start of the next arrived within Telegram's second;
it now sends a burst of 5 and then evenly. In that run 2 of the 40 inline answers (all
asked at once at the start) were refused with 429: answerInlineQuery skipped the outbox
like a press's answer, which Telegram does not count; it takes its place in the token's
budget now, first in line (the inline run again: 1.70 requests per action, 0 x 429, 0
inline answers refused).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import signal
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "scripts")]

from bench_harness import (  # noqa: E402
    STALE_TEXTS,
    BotReport,
    count_by_method,
    count_moves,
    drop_postgres,
    free_port,
    fresh_postgres,
    game_over,
    hand_message,
    known_settings,
    move_buttons,
    percentile,
    press,
    solo_message,
    spawn_bot,
    stop_bots,
    wait_for_bots,
)
from bench_venues import (  # noqa: E402
    Place,
    compared,
    inline_id,
    modes,
    open_tables,
    table_of,
)
from fakebot import FakeBotServer  # noqa: E402


async def play_game(fake, users, group, deadline: float, done: list,
                    find=hand_message, think: tuple[float, float] = (0.0, 0.0),
                    rng: random.Random | None = None,
                    answer_waits: list | None = None,
                    accepted: list | None = None,
                    refusals: dict | None = None) -> None:
    """Each person of the game plays on their own until the table says Game over or time
    runs out: when their hand shows move buttons they have not acted on, they think
    ``think`` seconds, look again and press the first move the bot accepts.
    ``answer_waits`` collects, per press, the seconds until the bot answered it (30.0 for
    one never answered); ``accepted``, the (loop time, group id) of each accepted move
    when its answer came; ``refusals``, each refusal's text -> how many."""
    rng = rng or random.Random(group.id)
    over = group.over if isinstance(group, Place) else (lambda: game_over(fake, group))
    await asyncio.gather(*(_person(fake, user, group, deadline, done, find, think,
                                   random.Random(rng.random()), answer_waits, accepted,
                                   refusals, over)
                           for user in users))


async def _person(fake, user, group, deadline: float, done: list, find, think, rng,
                  answer_waits, accepted, refusals=None, over=None) -> None:
    loop = asyncio.get_running_loop()
    # The hand (message id, edit count) this person last acted on: they wait for it to
    # change before acting again (the bot may hold the edit that takes a played card
    # away; the press's answer told them it counted).
    acted_on: tuple[int, int] | None = None
    picked = False  # on a choice screen they opened: a glance, not a new think
    while loop.time() < deadline:
        if over():
            if group.id not in done:
                done.append(group.id)
            return
        message = find(fake, user)
        if message is None or (message.message_id, message.edit_count) == acted_on \
                or not move_buttons(message):
            await asyncio.sleep(0.05)
            continue
        if think[1] > 0:
            await asyncio.sleep(rng.uniform(0.2, 0.5) if picked else rng.uniform(*think))
        picked = False
        message = find(fake, user)  # a person looks again before pressing
        seen = (message.message_id, message.edit_count)
        for data in move_buttons(message):
            answer = await press(fake, user, message, data)
            if answer is None:  # the keyboard changed under the finger: look again
                break
            if answer_waits is not None:
                answer_waits.append(answer.waited)
            if not answer.answered:
                break
            if answer.refused:
                if refusals is not None:
                    refusals[answer.text] = refusals.get(answer.text, 0) + 1
                if answer.stale:
                    break  # the bot redraws the hand: a person looks at it again
                continue  # refused (an accepted move's answer says "✓ you led ...")
            if "pick" in data:  # a choice screen opens: choose on it next
                picked = True
                break
            acted_on = seen
            if accepted is not None:
                accepted.append((loop.time(), group.id))
            break
        else:
            acted_on = seen  # nothing here was accepted: wait for the hand to change


async def main(games: int, seconds: float, coalesce: float, mode: str = "group",
               pg_url: str | None = None, table_debounce: float = 0.0,
               extra: dict | None = None,
               think: tuple[float, float] = (1.0, 3.0), players: int = 2,
               webhook: bool = False, limits: bool = True) -> dict:
    """The fake Telegram and the scripted users here; the bot in its own process, so its
    handler times do not include the fake's work."""
    # limits: Telegram's flood control in the fake (30 calls/s per token, 20 messages a
    # minute per group counting edits, about one a second per private chat) and the bot's
    # own limits as deployed; without: neither (the benchmark as it was before issue 12).
    fake = FakeBotServer(telegram_limits=True) if limits else FakeBotServer(group_rate=None)
    await fake.start()
    tmp = tempfile.mkdtemp(prefix="bench-bot-")
    db_url = f"sqlite+aiosqlite:///{tmp}/bench.db"
    pg_name = None
    if pg_url:
        db_url, pg_name = await fresh_postgres(pg_url)
    out_path = f"{tmp}/timings.json"
    webhook_port = free_port() if webhook else 0
    bot = await spawn_bot(fake, db_url, out_path, coalesce=coalesce,
                          table_debounce=table_debounce, extra=extra,
                          webhook_port=webhook_port, limits=limits)
    try:
        await wait_for_bots(fake, [bot], webhook=webhook)
        find = solo_message if mode == "solo" else hand_message
        if mode != "solo":
            tables = await open_tables(fake, mode, games, players)
        else:  # solo: one person against one computer player in a private chat
            tables = []
            for n in range(games):
                user = fake.add_user(f"S{n}")
                await fake.user_sends(user, fake.private_chat(user), "/play")
                tables.append(([user], fake.private_chat(user)))
            for users, chat in tables:
                setup = await fake.wait_for_message(chat, lambda m: "Start" in m.button_texts(), 60)
                await fake.wait_for_answer(await fake.user_presses(users[0], setup, "Start"), 60)
            for users, _group in tables:
                for user in users:
                    await fake.wait_for(lambda u=user: find(fake, u)
                                        and "deal 1" in find(fake, u).text, 60, "hands")
        await fake.settle(0.2, timeout=60)
        calls_before, replies_before = len(fake.calls), len(fake.webhook_replies)
        moves_before = await count_moves(db_url)
        loop = asyncio.get_running_loop()
        done: list[int] = []
        answer_waits: list[float] = []
        accepted: list[tuple[float, int]] = []
        refusals: dict[str, int] = {}
        refused_before = dict(fake.flood.refused)
        bot.send_signal(signal.SIGUSR1)  # the bot notes its CPU time: play starts
        here_cpu = _cpu_seconds()
        spy = await _start_py_spy(bot.pid, seconds)
        started = loop.time()
        await asyncio.gather(*(play_game(fake, users, group, started + seconds, done, find,
                                         think, random.Random(i), answer_waits, accepted,
                                         refusals)
                               for i, (users, group) in enumerate(tables)))
        elapsed = loop.time() - started
        await fake.settle(0.5, timeout=30)
        bot.send_signal(signal.SIGUSR1)  # ...and play (with its last redraws) is over
        if spy is not None:
            await spy.wait()
        here_cpu = _cpu_seconds() - here_cpu
        await asyncio.sleep(0.2)
        actions = await count_moves(db_url) - moves_before
        play_calls = fake.calls[calls_before:]
        play_replies = fake.webhook_replies[replies_before:]
        refused = {scope: n - refused_before.get(scope, 0)
                   for scope, n in fake.flood.refused.items()}
    finally:  # also on Ctrl-C or an error: the bot process is always stopped and reaped
        await stop_bots([bot])
    report = BotReport.load(out_path)
    marks, timings = report.marks, report.timings
    bot_cpu = bot_wall = None
    if len(marks) >= 2:
        timings = timings[marks[0]["presses"]:marks[1]["presses"]]
        bot_cpu = marks[1]["cpu_s"] - marks[0]["cpu_s"]
        bot_wall = marks[1]["wall_s"] - marks[0]["wall_s"]
    finished = set(done)
    places = {place.id: place for _users, place in tables}

    def draws(gid: int):  # the requests that drew this game's table (solo: its chat)
        place = places[gid]
        return place.draws if isinstance(place, Place) else (lambda c: c.chat_id == gid)

    group_calls = [len([c for c in fake.calls if draws(gid)(c)]) for gid in finished
                   if mode != "link"]
    group_edits = [len([c for c in fake.calls if draws(gid)(c)
                        and c.method.lower() == "editmessagetext"]) for gid in finished
                   if mode != "link"]
    await fake.stop()
    if pg_name:
        await drop_postgres(pg_url, pg_name)
    return {
        "games": games, "finished_games": len(finished), "seconds": round(elapsed, 1),
        "actions": actions, "actions_per_second": round(actions / max(elapsed, 1e-9), 1),
        "presses_timed": len(timings),
        "handler_ms_p50": round(percentile(timings, 0.50) * 1000, 2),
        "handler_ms_p99": round(percentile(timings, 0.99) * 1000, 2),
        "bot_cpu_ms_per_action": round(bot_cpu * 1000 / max(1, actions), 2)
        if bot_cpu is not None else None,
        # the bot process's CPU over the same span, as a share of one core (1.0: saturated)
        "bot_cpu_share": round(bot_cpu / max(bot_wall, 1e-9), 2) if bot_cpu is not None
        else None,
        "fake_and_users_cpu_ms_per_action": round(here_cpu * 1000 / max(1, actions), 2),
        "requests_per_action": round(len(play_calls) / max(1, actions), 2),
        "limits": limits,
        # inline answers Telegram refused (the whole run: set-up included; bench_venues.py)
        "inline_answers_429": len([c for c in fake.calls if c.method == "answerInlineQuery"
                                   and c.error_code == 429]),
        # 429s the fake gave during play, per scope (token, group, private chat)
        "too_many_requests": {scope: n for scope, n in sorted(refused.items()) if n},
        "presses_answered": len([w for w in answer_waits if w < 30.0]),
        "presses_unanswered": len([w for w in answer_waits if w >= 30.0]),
        "press_answer_ms_p50": round(percentile(answer_waits, 0.50) * 1000, 1),
        "press_answer_ms_p99": round(percentile(answer_waits, 0.99) * 1000, 1),
        # Presses refused as out of date or already done: the person pressed what their
        # screen showed (not an illegal or out-of-turn move), yet it did not count.
        "refusals": refusals,
        "stale_refusal_rate": round(sum(n for text, n in refusals.items()
                                        if text in STALE_TEXTS) / max(1, len(answer_waits)), 4),
        **delivery_delays(play_calls, accepted, {group.id: {u.id for u in users}
                                                 for users, group in tables},
                          table_of(tables)),
        "requests_by_method": count_by_method(play_calls),
        "webhook_replies_per_action": round(len(play_replies) / max(1, actions), 2),
        "webhook_replies_by_method": count_by_method(play_replies),
        "per_action_split": split_per_action(play_calls, play_replies, actions),
        "group_requests_per_action": round(len([c for c in play_calls if (c.chat_id or 0) < 0])
                                           / max(1, actions), 2),
        "private_requests_per_action": round(len([c for c in play_calls
                                                  if (c.chat_id or 0) > 0]) / max(1, actions), 2),
        "inline_requests_per_action": round(len([c for c in play_calls if inline_id(c)])
                                            / max(1, actions), 2),
        "chat_requests_per_game": round(statistics.mean(group_calls), 1) if group_calls else None,
        "chat_edits_per_game": round(statistics.mean(group_edits), 1) if group_edits else None,
        "edit_coalesce_s": coalesce, "table_debounce_s": table_debounce,
        "settings": known_settings(extra or {}),
        "think_s": list(think), "mode": mode, "players": 2 if mode == "solo" else players,
        "delivery": "webhook" if webhook else "polling",
        "database": "postgresql" if pg_url else "sqlite",
    }


async def _start_py_spy(pid: int, seconds: float):
    """With BENCH_BOT_PYSPY=path: sample the bot process (all threads, CPU only) during
    play with py-spy (``pip install py-spy``; not a project dependency)."""
    import os
    import shutil

    path = os.environ.get("BENCH_BOT_PYSPY")
    if not path:
        return None
    exe = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    return await asyncio.create_subprocess_exec(
        exe, "record", "--pid", str(pid), "--duration", str(int(seconds)), "--rate", "100",
        "--format", "raw", "--threads", "--output", path,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def split_per_action(calls, replies, actions: int) -> dict[str, float]:
    """Per action: press answers over HTTP and in webhook replies, hand (private chat)
    requests, group requests."""
    def per(n: int) -> float:
        return round(n / max(1, actions), 2)

    answers = [c for c in calls if c.method == "answerCallbackQuery"]
    others = [c for c in calls if c.method != "answerCallbackQuery"]
    return {
        "answers_http": per(len(answers)),
        "answers_in_replies": per(len([c for c in replies
                                       if c.method == "answerCallbackQuery"])),
        "hand": per(len([c for c in others if (c.chat_id or 0) > 0])),
        "hand_with_buttons": per(len([
            c for c in others if (c.chat_id or 0) > 0 and c.method == "editMessageText"
            and _has_move_buttons(c.params.get("reply_markup"))])),
        "group": per(len([c for c in others if (c.chat_id or 0) < 0])),
        "inline_message": per(len([c for c in others if inline_id(c)])),
        "table": per(len([c for c in others if (c.chat_id or 0) < 0 or inline_id(c)])),
    }


def delivery_delays(calls, accepted, players: dict[int, set[int]],
                    inline_tables: dict[str, int] | None = None) -> dict[str, float]:
    """After each accepted move (its answer's time): how long until some player of that
    game was shown move buttons (a hand sent or edited with them: the game can go on),
    and until the group table (or the inline message: ``inline_tables`` maps its id to
    its place) was edited (it shows that move: a table edit draws the newest state).
    p50/p99 in ms; a move followed by neither within the run is left out (the run's last
    moves)."""
    shows: dict[int, list[float]] = {}  # chat -> times of hands with move buttons
    tables: dict[int, list[float]] = {}  # group -> times of table edits
    for call in calls:
        if not call.ok:
            continue
        if inline_id(call) in (inline_tables or {}) and call.method == "editMessageText":
            tables.setdefault((inline_tables or {})[inline_id(call)], []).append(call.at)
        elif call.chat_id is None:
            continue
        elif call.chat_id < 0 and call.method == "editMessageText":
            tables.setdefault(call.chat_id, []).append(call.at)
        elif call.chat_id > 0 and call.method in ("editMessageText", "sendMessage") \
                and _has_move_buttons(call.params.get("reply_markup")):
            shows.setdefault(call.chat_id, []).append(call.at)
    hand_waits, table_waits = [], []
    for at, group in accepted:
        hand = [t for user in players.get(group, ()) for t in shows.get(user, ()) if t >= at]
        if hand:
            hand_waits.append(min(hand) - at)
        table = [t for t in tables.get(group, ()) if t >= at]
        if table:
            table_waits.append(min(table) - at)

    def ms(values: list[float], q: float) -> float:
        return round(percentile(values, q) * 1000, 1)

    return {"acting_hand_ms_p50": ms(hand_waits, 0.5), "acting_hand_ms_p99": ms(hand_waits, 0.99),
            "table_stale_ms_p50": ms(table_waits, 0.5),
            "table_stale_ms_p99": ms(table_waits, 0.99)}


def _has_move_buttons(markup) -> bool:
    if isinstance(markup, str):
        markup = json.loads(markup)
    rows = (markup or {}).get("inline_keyboard", [])
    return any(button.get("callback_data", "")[:1] in ("m", "M") for row in rows
               for button in row)


CAPACITY_FIGURES = ("games", "actions", "actions_per_second", "requests_per_action",
                    "too_many_requests", "presses_unanswered", "press_answer_ms_p99",
                    "acting_hand_ms_p99", "table_stale_ms_p99")


def holds(result: dict) -> bool:
    """One token holds this load: Telegram refused nothing, every press was answered, and
    press answers and the acting player's hand came within a second (p99)."""
    return not result["too_many_requests"] and not result["presses_unanswered"] \
        and result["press_answer_ms_p99"] < 1000 and result["acting_hand_ms_p99"] < 1000


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--coalesce", type=float, default=0.25)
    parser.add_argument("--mode", type=modes, default=["group"],
                        help="group: --players people per group; solo: a person against a "
                             "computer; inline: the table in an inline message; link: a "
                             "table by link; several, comma separated: each in turn, then "
                             "requests per action as a ratio of the group's")
    parser.add_argument("--players", type=int, default=2, choices=range(2, 7),
                        help="people per group game (group mode)")
    parser.add_argument("--pg-url", default=None,
                        help="PostgreSQL server URL (e.g. postgresql+asyncpg://postgres@"
                             "127.0.0.1/postgres): run on a fresh database there, not SQLite")
    parser.add_argument("--table-debounce", type=float, default=0.8,
                        help="the group table is edited this long after the last move")
    parser.add_argument("--table-interval", type=float, default=None,
                        help="Settings.table_min_interval (default: the bot's own)")
    parser.add_argument("--quiet-delay", type=float, default=None,
                        help="Settings.quiet_hand_delay (default: the bot's own)")
    parser.add_argument("--webhook", action="store_true",
                        help="the bot in webhook mode; the fake POSTs updates to it")
    parser.add_argument("--no-limits", action="store_true",
                        help="no flood control in the fake and the bot's own limits off "
                             "(the benchmark as it was before issue 12)")
    parser.add_argument("--think", default="1.0,3.0",
                        help="a person's thinking time before a press, seconds: lo,hi")
    parser.add_argument("--capacity", default=None, metavar="N1,N2,...",
                        help="run with each number of games in turn (ascending) and print "
                             "the largest that one token holds: 0 x 429, no unanswered "
                             "press, press answers and acting hands p99 < 1 s")
    args = parser.parse_args()
    lo, hi = (float(x) for x in args.think.split(","))
    extra = {"table_min_interval": args.table_interval, "quiet_hand_delay": args.quiet_delay}

    def run(games: int, mode: str = args.mode[0]) -> dict:
        return asyncio.run(main(games, args.seconds, args.coalesce, mode, args.pg_url,
                                args.table_debounce, extra, (lo, hi), args.players,
                                args.webhook, not args.no_limits))

    if args.capacity is None:
        results = {}
        for mode in args.mode:
            results[mode] = run(args.games, mode)
            print(json.dumps(results[mode], indent=2), flush=True)
        if len(results) > 1:
            print(json.dumps(compared(results)))
        sys.exit(0)
    held = 0
    for games in sorted(int(n) for n in args.capacity.split(",")):
        result = run(games)
        ok = holds(result)
        print(json.dumps({k: result[k] for k in CAPACITY_FIGURES} | {"holds": ok}),
              flush=True)
        if not ok:
            break
        held = games
    print(json.dumps({"capacity_games": held, "delivery": "webhook" if args.webhook
                      else "polling", "seconds_each": args.seconds, "think_s": [lo, hi]}))
