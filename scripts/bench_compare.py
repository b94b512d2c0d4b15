"""Engine speed of the current tree against an older revision, as a ratio.

    .venv/bin/python scripts/bench_compare.py BASE_REV [--rounds 5] [--seconds 2] [--pure]

The machine is shared and noisy, so absolute games/s drift by tens of percent between
runs. This script extracts BASE_REV into a temporary directory (``git archive``, the working
tree is not touched) and runs the very same bench loop (the one of ``durak bench``: random
2-player podkidnoy deals through the public legal_actions + apply path) alternately on the
base code and the current code, each round in a fresh subprocess. Noise hits both sides
alike, so the median of the per-round ratios current/base is the figure to read: >= 1.0
means the common path did not slow down.

Both sides run the same build (bot/engine/README.md, "Compiled build"). When the current
tree runs the compiled engine, the base is compiled too, as ``pip`` builds it (``pip wheel``
in an isolated build environment, a minute or two; the wheel is unpacked next to the
extract). ``--pure`` (or ``DURAK_PURE_ENGINE=1``) compares pure Python with pure Python.
The JSON line names the build each side ran.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The loop of bot.cli.bench.bench, inlined so both sides run identical driver code
# (only the engine under bot/ differs). It counts CPU time to dampen scheduler noise.
BENCH_LOOP = """
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from bot.engine import ENGINE_BUILD, RuleSet
from bot.engine.verify.random_play import play_random_game
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
print(json.dumps({"games_per_cpu_sec": games / (now - start), "engine": ENGINE_BUILD}))
"""
# What a compiled base needs besides bot/: the build (setup.py, pyproject.toml) and the
# files pyproject.toml names (readme).
BUILD_FILES = ("bot", "setup.py", "pyproject.toml", "README.md")


def extract(rev: str, into: Path, paths: tuple[str, ...] = ("bot",)) -> None:
    data = subprocess.run(["git", "archive", "--format=tar", rev, *paths], cwd=ROOT,
                          check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")


def build_compiled(source: Path, into: Path) -> None:
    """Build ``source`` as ``pip install`` would (isolated build env, Cython from the
    index) and unpack the wheel into ``into``: bot/ with the compiled engine modules."""
    wheels = into / "wheel"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels),
                    str(source)], check=True, capture_output=True)
    with zipfile.ZipFile(next(wheels.glob("*.whl"))) as whl:
        whl.extractall(into)


def env(pure: bool) -> dict[str, str]:
    out = dict(os.environ)
    out.pop("DURAK_PURE_ENGINE", None)
    if pure:
        out["DURAK_PURE_ENGINE"] = "1"
    return out


def run(code_root: Path, seconds: float, pure: bool) -> tuple[float, str]:
    out = subprocess.run([sys.executable, "-c", BENCH_LOOP, str(code_root), str(seconds)],
                         check=True, capture_output=True, text=True, cwd=code_root,
                         env=env(pure)).stdout
    result = json.loads(out.strip().splitlines()[-1])
    return result["games_per_cpu_sec"], result["engine"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("base_rev")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--pure", action="store_true",
                    help="both sides pure Python (also with DURAK_PURE_ENGINE=1)")
    args = ap.parse_args()
    pure = args.pure or os.environ.get("DURAK_PURE_ENGINE", "") not in ("", "0")
    current_build = run(ROOT, 0.05, pure)[1]
    with tempfile.TemporaryDirectory() as tmp:
        base_root = Path(tmp) / "base"
        if current_build == "compiled":
            extract(args.base_rev, Path(tmp) / "source", BUILD_FILES)
            build_compiled(Path(tmp) / "source", base_root)
        else:
            extract(args.base_rev, base_root)
        ratios, base_runs, cur_runs, builds = [], [], [], set()
        for i in range(args.rounds):
            # alternate which side goes first so a drift in load favours neither
            if i % 2 == 0:
                (b, b_build), (c, c_build) = (run(base_root, args.seconds, pure),
                                              run(ROOT, args.seconds, pure))
            else:
                (c, c_build), (b, b_build) = (run(ROOT, args.seconds, pure),
                                              run(base_root, args.seconds, pure))
            builds.add((b_build, c_build))
            base_runs.append(b)
            cur_runs.append(c)
            ratios.append(c / b)
            print(f"round {i + 1}: base {b:.0f} games/s ({b_build}), current {c:.0f} "
                  f"games/s ({c_build}), ratio {c / b:.3f}", flush=True)
    print(json.dumps({"base_rev": args.base_rev,
                      "builds": sorted({f"base {b} / current {c}" for b, c in builds}),
                      "base_games_per_cpu_sec": round(statistics.median(base_runs), 1),
                      "current_games_per_cpu_sec": round(statistics.median(cur_runs), 1),
                      "ratio_median": round(statistics.median(ratios), 3),
                      "ratios": [round(r, 3) for r in ratios]}))


if __name__ == "__main__":
    main()
