"""Plays random games through the service until killed; prints ``ACK game version`` only
after the service call returned, i.e. after the transaction committed.

    python crash_worker.py URL SCHEMA SEED        (SCHEMA "-" for none)
"""

from __future__ import annotations

import asyncio
import random
import sys
from datetime import timedelta

from playhelp import new_game, random_step

from bot.service.errors import ServiceError
from bot.service.games import GameService, utcnow
from bot.service.lobby import LobbyService
from bot.storage import games as game_repo
from bot.storage.database import Database


async def main(url: str, schema: str | None, seed: int) -> None:
    db = Database(url, schema=schema)
    rng = random.Random(seed)
    lobbies, games = LobbyService(db), GameService(db, rng=rng)
    # A second service whose clock is a day ahead: its time_out calls always find the
    # deadline passed, so timeouts (several moves in one transaction) are exercised too.
    late = GameService(db, clock=lambda: utcnow() + timedelta(days=1), rng=rng)
    print("READY", flush=True)
    while True:
        async with db.transaction() as s:
            running = [row.id for row in await game_repo.running_games(s)]
        if len(running) < 4:
            chat = 10**12 + rng.randrange(10**9)
            started = await new_game(lobbies, games, chat, 7 * 10**9 + rng.randrange(10**6),
                                     computers=tuple(rng.choice(["easy", "normal"])
                                                     for _ in range(rng.randint(1, 3))))
            print(f"ACK {started.game_id} 0", flush=True)
            continue
        # Several games at once, so batched saves are being written when the kill lands.
        await asyncio.gather(*(step(games, late, game_id, rng)
                               for game_id in rng.sample(running, min(3, len(running)))))


async def step(games: GameService, late: GameService, game_id: int,
               rng: random.Random) -> None:
    try:
        if rng.random() < 0.05:
            snap = await games.snapshot(game_id)
            result = await late.time_out(game_id, snap.version)
        else:
            result = await random_step(games, game_id, rng)
    except ServiceError:
        return
    if result is not None:
        print(f"ACK {game_id} {result.version}", flush=True)


if __name__ == "__main__":
    url, schema, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
    asyncio.run(main(url, None if schema == "-" else schema, seed))
