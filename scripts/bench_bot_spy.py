"""Where the bot process's CPU goes, from a py-spy raw profile of bench_bot.py.

    BENCH_BOT_PYSPY=/tmp/bot.spy .venv/bin/python scripts/bench_bot.py --games 200
    .venv/bin/python scripts/bench_bot_spy.py /tmp/bot.spy

Each sample (a thread on CPU) is put in one bucket, the first rule that matches its stack:
- (not counted: threads blocked in a wait, which py-spy's idle detection misses here);
- service: a frame of bot/service or bot/storage, SQLAlchemy, or aiosqlite's worker thread
  (the SQL the service runs), i.e. GameService.act & co. with their database work;
- http: the Bot API client under python-telegram-bot (httpx, httpcore, h11, anyio);
- telegram: python-telegram-bot itself (building requests, parsing updates and replies);
- render, engine (outside the service: the driver following moves, views for screens),
  runtime, handlers: the bot's own layers (leaf-most frame of ours decides);
- asyncio/other: the event loop and everything else.
"""

from __future__ import annotations

import collections
import sys

# Leaf frames of threads waiting, not running: aiosqlite's worker and the default
# executor's workers in queue.get, the event loop in epoll.
IDLE = ("_connection_worker_thread (aiosqlite/core.py", "_worker (concurrent/futures/thread.py",
        "EpollSelector.select (selectors.py", "thread (")


def _in(frames: list[str], *packages: str) -> bool:
    # py-spy names a frame "function (path/of/file.py:line)", the path relative to sys.path
    return any(f"({p}" in f for f in frames for p in packages)


def bucket(stack: str) -> str | None:
    frames = stack.split(";")
    if frames[-1].startswith(IDLE):
        return None  # a thread blocked in a wait that py-spy did not see as idle
    # SQLAlchemy's async work runs in greenlets whose stacks do not show the caller
    if _in(frames, "bot/service/", "bot/storage/", "aiosqlite/", "sqlalchemy/"):
        return "service"
    if _in(frames, "httpx/", "httpcore/", "h11/", "anyio/", "aiohttp/"):
        return "http"
    for f in reversed(frames):  # the leaf-most frame of ours or of PTB decides
        for name in ("bot/render/", "bot/engine/", "bot/runtime/", "bot/handlers/",
                     "bot/i18n/", "telegram/"):
            if f"({name}" in f:
                return name.strip("/").split("/")[-1]
    return "asyncio/other"


def main(path: str) -> None:
    counts: collections.Counter[str] = collections.Counter()
    for line in open(path, encoding="utf-8"):
        stack, _, n = line.rstrip("\n").rpartition(" ")
        if stack and n.isdigit() and bucket(stack) is not None:
            counts[bucket(stack)] += int(n)
    total = sum(counts.values()) or 1
    for name, n in counts.most_common():
        print(f"{name:14} {100 * n / total:5.1f}%  ({n} samples)")


if __name__ == "__main__":
    main(sys.argv[1])
