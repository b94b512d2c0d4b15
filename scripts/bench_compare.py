"""Engine speed of the current tree against an older revision, as a ratio.

    .venv/bin/python scripts/bench_compare.py BASE_REV [--rounds 5] [--seconds 2]

The machine is shared and noisy, so absolute games/s drift by tens of percent between
runs. This script extracts BASE_REV's ``bot/`` into a temporary directory (``git archive``,
the working tree is not touched) and runs the very same bench loop (the one of
``durak bench``: random 2-player podkidnoy deals through the public legal_actions + apply
path) alternately on the base code and the current code, each round in a fresh subprocess.
Noise hits both sides alike, so the median of the per-round ratios current/base is the
figure to read: >= 1.0 means the common path did not slow down.

The extracted base tree has no compiled engine (pure Python), while the current tree runs
whatever build is installed (bot/engine/README.md, "Compiled build"): run with
``DURAK_PURE_ENGINE=1`` to compare pure Python with pure Python.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The loop of bot.cli.bench.bench, inlined so both sides run identical driver code
# (only the engine under bot/ differs). It counts CPU time to dampen scheduler noise.
BENCH_LOOP = """
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from bot.engine import RuleSet
from bot.engine.random_play import play_random_game
rules = RuleSet.preset("podkidnoy", players=2)
seconds = float(sys.argv[2])
rng = random.Random(0)
for i in range(50):  # warm-up: caches, tables
    play_random_game(rules, i, rng)
games = 0
start = time.process_time()
while True:
    play_random_game(rules, games, rng)
    games += 1
    now = time.process_time()
    if now - start >= seconds:
        break
print(json.dumps({"games_per_cpu_sec": games / (now - start)}))
"""


def extract(rev: str, into: Path) -> None:
    data = subprocess.run(["git", "archive", "--format=tar", rev, "bot"], cwd=ROOT,
                          check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")


def run(code_root: Path, seconds: float) -> float:
    out = subprocess.run([sys.executable, "-c", BENCH_LOOP, str(code_root), str(seconds)],
                         check=True, capture_output=True, text=True, cwd=code_root).stdout
    return json.loads(out.strip().splitlines()[-1])["games_per_cpu_sec"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("base_rev")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base_root = Path(tmp)
        extract(args.base_rev, base_root)
        ratios, base_runs, cur_runs = [], [], []
        for i in range(args.rounds):
            # alternate which side goes first so a drift in load favours neither
            if i % 2 == 0:
                b, c = run(base_root, args.seconds), run(ROOT, args.seconds)
            else:
                c, b = run(ROOT, args.seconds), run(base_root, args.seconds)
            base_runs.append(b)
            cur_runs.append(c)
            ratios.append(c / b)
            print(f"round {i + 1}: base {b:.0f} games/s, current {c:.0f} games/s, "
                  f"ratio {c / b:.3f}", flush=True)
    print(json.dumps({"base_rev": args.base_rev,
                      "base_games_per_cpu_sec": round(statistics.median(base_runs), 1),
                      "current_games_per_cpu_sec": round(statistics.median(cur_runs), 1),
                      "ratio_median": round(statistics.median(ratios), 3),
                      "ratios": [round(r, 3) for r in ratios]}))


if __name__ == "__main__":
    main()
