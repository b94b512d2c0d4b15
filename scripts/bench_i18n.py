"""What the message catalogues cost: importing bot.i18n, the first lookup (which reads
every .po file with Babel, once per process) and a lookup after that. Each figure is the
median of fresh processes, so the first-lookup cost is the cold one a bot pays at start.

    python scripts/bench_i18n.py [--runs 9]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

PROBE = """
import json, time
t0 = time.perf_counter()
from bot.i18n import t, tn
t1 = time.perf_counter()
t("ru", "btn.take")
t2 = time.perf_counter()
for _ in range(10000):
    tn("pl", "cards", 22)
t3 = time.perf_counter()
print(json.dumps({"import_ms": (t1 - t0) * 1e3, "first_lookup_ms": (t2 - t1) * 1e3,
                  "lookup_us": (t3 - t2) / 10000 * 1e6}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="fresh processes to time")
    args = parser.parse_args()
    runs = [json.loads(subprocess.run([sys.executable, "-c", PROBE], check=True,
                                      capture_output=True, text=True).stdout)
            for _ in range(args.runs)]
    print(json.dumps({key: round(statistics.median(r[key] for r in runs), 2)
                      for key in runs[0]} | {"runs": args.runs}))


if __name__ == "__main__":
    main()
