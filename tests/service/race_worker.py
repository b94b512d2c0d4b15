"""Presses prepared actions at an agreed wall-clock moment, all at once, and prints
``OK game`` or ``LOST game ErrorClass`` per press (for the two-process race test).

    python race_worker.py URL SCHEMA START_AT JSON_PRESSES [warm]

With ``warm`` the worker reads every game first, so each press is planned on the worker's
cached position and written by the batched save (the other way: read and lock the row).
"""

from __future__ import annotations

import asyncio
import json
import sys
import time

from bot.service.errors import ServiceError
from bot.service.games import GameService
from bot.storage.database import Database


async def main(url: str, schema: str | None, start_at: float, presses: list[dict],
               warm: bool) -> None:
    db = Database(url, schema=schema)
    games = GameService(db)
    async with db.engine.connect():  # open a pooled connection before the start line
        pass
    if warm:
        for p in presses:
            await games.snapshot(p["game_id"])

    async def press(p: dict) -> str:
        try:
            await games.act(p["game_id"], p["action"], expected_version=p["version"],
                            **p["who"])
            return f"OK {p['game_id']}"
        except ServiceError as exc:
            return f"LOST {p['game_id']} {type(exc).__name__}"

    await asyncio.sleep(max(0.0, start_at - time.time()))
    for line in await asyncio.gather(*(press(p) for p in presses)):
        print(line, flush=True)
    await db.dispose()


if __name__ == "__main__":
    url, schema, start_at, presses = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
    asyncio.run(main(url, None if schema == "-" else schema, start_at, json.loads(presses),
                     sys.argv[5:] == ["warm"]))
