"""scripts/bench_top.py on a small history: the rows it fills add up as deals would have
written them, and the season board's read is one range of the primary key's index (what
keeps /top fast at 100,000 games: the bench's figures, not asserted here)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from bench_top import history, run  # noqa: E402


async def test_the_bench_fills_a_consistent_history_and_reads_the_season_by_index():
    rows = history(games=300, chats=5, people=40, seed=1)
    assert len(rows["games"]) == 300
    per_game = {}
    for result in rows["deal_results"]:
        per_game.setdefault(result["game_id"], []).append(result["fool"])
    assert all(fools.count(True) == 1 and 2 <= len(fools) <= 4 for fools in per_game.values())
    # every deal is in the global board of its season, once per seat
    seasonal = sum(t["games"] for t in rows["season_tallies"] if t["chat_id"] == 0)
    assert seasonal == len(rows["deal_results"])
    args = argparse.Namespace(samples=20, seed=1, pg_url="")
    figures = await run("sqlite", args, rows)
    assert figures["games"] == 300
    assert all(figures[k]["p99_ms"] > 0 for k in ("top_season", "top_all_time", "stats"))
    assert any("USING INDEX sqlite_autoindex_season_tallies_1 (season=? AND chat_id=?)" in line
               for line in figures["season_board_plan"]), figures["season_board_plan"]
