"""Benchmark of /top and /stats with a big history: how long the bot takes to build their
answer (the database reads and the text) with 100,000 finished games stored, on SQLite and
PostgreSQL. Issue 39's target: p99 <= 50 ms.

The database is filled directly (not by playing): ``--games`` finished games over the
twelve months before ``--now``, in ``--chats`` groups among ``--people`` people, two to
four seats each, with their deal results, the all-time tallies and ratings, and each
month's season tallies and ratings, as deals finishing would have written them. Then each
answer is built ``--samples`` times for a random group and person, as the handlers do:
/top (this season's board of a group, and the all-time board its button shows) through
``StatsService`` and ``render.top.top_screen``, /stats through ``StatsService.player``
(all time and this season).
Also printed: the database's plan for the season board's read (one indexed range).

    .venv/bin/python scripts/bench_top.py [--backend sqlite|postgresql|both]
        [--games 100000] [--chats 800] [--people 5000] [--samples 2000]
        [--pg-url postgresql+asyncpg://postgres@127.0.0.1:5432/durak_test]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from bench_harness import drop_postgres, fresh_postgres  # noqa: E402
from sqlalchemy import insert, text  # noqa: E402

from bot.render.top import top_screen  # noqa: E402
from bot.service.ratings import Skill, rate_deal  # noqa: E402
from bot.service.seasons import season_of, starting_mu  # noqa: E402
from bot.service.stats import StatsService  # noqa: E402
from bot.storage.database import Database  # noqa: E402
from bot.storage.migrate import upgrade  # noqa: E402
from bot.storage.models import (  # noqa: E402
    GLOBAL_CHAT,
    Chat,
    DealResult,
    Game,
    Rating,
    SeasonRating,
    SeasonTally,
    Tally,
    User,
    user_key,
)

NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)
CHUNK = 5000
PRESET = {"preset": "podkidnoy"}


def history(games: int, chats: int, people: int, seed: int) -> dict[str, list[dict[str, Any]]]:
    """Every row the deals would have written, computed here: (table name -> rows)."""
    rng = random.Random(seed)
    group_ids = [-1_001_000_000_000 - n for n in range(chats)]
    user_ids = [1_000_000_000 + n for n in range(people)]
    # each group has its regulars: people play in a few groups
    regulars = {g: rng.sample(user_ids, rng.randint(4, 12)) for g in group_ids}
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    rows["users"] = [{"id": u, "name": f"P{u % 100000}", "language": "en",
                      "created_at": NOW - timedelta(days=400)} for u in user_ids]
    rows["chats"] = [{"id": g, "language": "en", "settings": {},
                      "created_at": NOW - timedelta(days=400)} for g in group_ids]
    tallies: dict[tuple[int, str], dict[str, Any]] = {}
    seasonal: dict[tuple[str, int, str], dict[str, Any]] = {}
    skills: dict[str, Skill] = {}
    season_mu: dict[tuple[str, str], float] = {}
    season_games: dict[tuple[str, str], int] = defaultdict(int)
    span = timedelta(days=365).total_seconds()
    moments = sorted(NOW - timedelta(seconds=rng.uniform(0, span)) for _ in range(games))
    for game_id, finished in enumerate(moments, start=1):
        group = rng.choice(group_ids)
        seated = rng.sample(regulars[group], rng.randint(2, min(4, len(regulars[group]))))
        fool = rng.randrange(len(seated))
        keys = {s: user_key(u) for s, u in enumerate(seated)}
        rows["games"].append({
            "id": game_id, "chat_id": group, "deal_number": 1, "rules": PRESET,
            "settings": {}, "seed": rng.getrandbits(48), "dealer": 0, "state": {},
            "version": 40, "status": "finished", "outcome": {"fools": [fool]},
            "hand_message_ids": {}, "created_at": finished - timedelta(minutes=6),
            "finished_at": finished})
        before = {k: skills.get(k, Skill()) for k in keys.values()}
        after = rate_deal(keys, before, {fool}, False)
        skills.update(after)
        season = season_of(finished)
        s_before = {k: Skill(season_mu.get((season, k), starting_mu(before[k].mu)))
                    for k in keys.values()}
        s_after = rate_deal(keys, s_before, {fool}, False)
        for seat, key in keys.items():
            lost = int(seat == fool)
            rows["deal_results"].append({
                "game_id": game_id, "chat_id": group, "seat": seat, "player": key,
                "user_id": seated[seat], "fool": bool(lost), "draw": False,
                "matchsticks": lost, "stakes": 0, "rating_before": before[key].ordinal,
                "rating_after": after[key].ordinal, "created_at": finished})
            for chat in (group, GLOBAL_CHAT):
                t = tallies.setdefault((chat, key), {
                    "chat_id": chat, "player": key, "user_id": seated[seat],
                    "name": f"P{seated[seat] % 100000}", "games": 0, "fools": 0, "draws": 0,
                    "matchsticks": 0, "neckties": 0, "epaulettes": 0, "stakes": 0,
                    "series_lost": 0})
                t["games"] += 1
                t["fools"] += lost
                t["matchsticks"] += lost
                st = seasonal.setdefault((season, chat, key), {
                    "season": season, "chat_id": chat, "player": key,
                    "user_id": seated[seat], "name": t["name"], "games": 0, "fools": 0,
                    "draws": 0, "matchsticks": 0, "neckties": 0, "epaulettes": 0})
                st["games"] += 1
                st["fools"] += lost
                st["matchsticks"] += lost
            season_mu[(season, key)] = s_after[key].mu
            season_games[(season, key)] += 1
    rows["tallies"] = list(tallies.values())
    rows["season_tallies"] = list(seasonal.values())
    rows["ratings"] = [{"player": k, "user_id": int(k[1:]), "mu": s.mu, "sigma": s.sigma,
                        "games": 0, "updated_at": NOW} for k, s in skills.items()]
    rows["season_ratings"] = [{"season": season, "player": k, "user_id": int(k[1:]),
                               "mu": mu, "games": season_games[(season, k)]}
                              for (season, k), mu in season_mu.items()]
    return rows


TABLES = (("users", User), ("chats", Chat), ("games", Game), ("deal_results", DealResult),
          ("tallies", Tally), ("ratings", Rating), ("season_tallies", SeasonTally),
          ("season_ratings", SeasonRating))


async def fill(db: Database, rows: dict[str, list[dict[str, Any]]]) -> None:
    for name, model in TABLES:
        table = model.__table__
        for start in range(0, len(rows[name]), CHUNK):
            async with db.transaction() as s:
                await s.execute(insert(table), rows[name][start:start + CHUNK])
    if not db.is_sqlite:
        async with db.transaction() as s:
            await s.execute(text("ANALYZE"))


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"p50_ms": round(statistics.median(ordered) * 1000, 2),
            "p99_ms": round(ordered[int(0.99 * (len(ordered) - 1))] * 1000, 2),
            "max_ms": round(ordered[-1] * 1000, 2)}


async def measure(db: Database, rows: dict[str, list[dict[str, Any]]], samples: int,
                  seed: int) -> dict[str, Any]:
    stats = StatsService(db)
    rng = random.Random(seed)
    groups = [c["id"] for c in rows["chats"]]
    people = [u["id"] for u in rows["users"]]
    season = season_of(NOW)
    timings: dict[str, list[float]] = {"top_season": [], "top_all_time": [], "stats": []}
    for _ in range(samples):
        group = rng.choice(groups)
        began = time.perf_counter()
        board = await stats.season_board(season, group, limit=10)
        top_screen("en", "c", "Best players", season, board)
        timings["top_season"].append(time.perf_counter() - began)
        began = time.perf_counter()
        board = await stats.leaderboard("fewest_matchsticks", group, limit=10)
        top_screen("en", "c", "Best players", None, board)
        timings["top_all_time"].append(time.perf_counter() - began)
        began = time.perf_counter()
        await stats.player(rng.choice(people), group, season)
        timings["stats"].append(time.perf_counter() - began)
    explain = "EXPLAIN QUERY PLAN" if db.is_sqlite else "EXPLAIN"
    async with db.read() as s:
        plan = (await s.execute(text(
            f"{explain} SELECT * FROM season_tallies WHERE season = :season "
            "AND chat_id = :chat AND games >= 1 ORDER BY player LIMIT 10"),
            {"season": season, "chat": groups[0]})).all()
    return {name: percentiles(values) for name, values in timings.items()} | {
        "season_board_plan": [" ".join(str(c) for c in row) for row in plan]}


async def run(backend: str, args: argparse.Namespace,
              rows: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    name = None
    if backend == "sqlite":
        folder = tempfile.mkdtemp(prefix="bench-top-")
        url = f"sqlite+aiosqlite:///{folder}/top.db"
        db = Database(url)
        await upgrade(db)
    else:
        url, name = await fresh_postgres(args.pg_url)
        db = Database(url)
    try:
        began = time.perf_counter()
        await fill(db, rows)
        filled = time.perf_counter() - began
        figures = await measure(db, rows, args.samples, args.seed)
    finally:
        await db.dispose()
        if name is not None:
            await drop_postgres(args.pg_url, name)
    return {"backend": backend, "games": len(rows["games"]),
            "deal_results": len(rows["deal_results"]),
            "season_tallies": len(rows["season_tallies"]), "fill_s": round(filled, 1),
            **figures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--chats", type=int, default=800)
    parser.add_argument("--people", type=int, default=5000)
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=39)
    parser.add_argument("--pg-url",
                        default="postgresql+asyncpg://postgres@127.0.0.1:5432/durak_test")
    args = parser.parse_args()
    rows = history(args.games, args.chats, args.people, args.seed)
    backends = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    for backend in backends:
        print(json.dumps(asyncio.run(run(backend, args, rows))), flush=True)


if __name__ == "__main__":
    main()
