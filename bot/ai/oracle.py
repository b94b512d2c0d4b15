"""``oracle``: hard's search given the true state instead of sampled worlds (arena only).

A yardstick for what hidden cards cost, never a player people meet: it sees every hand
and the order of the stock, so it is not a fair opponent, and it needs the full state
(``choose_from_view`` refuses it; ``arena.play_game`` calls ``choose`` here). The same
search (``hard.search``: candidates, playouts, exact endings) in the one world that is
real shows how far better reading of the hidden cards could take hard at the same time
per move, and where a target is beyond any player of this kind (bot/ai/README.md).
"""

from __future__ import annotations

import random

from bot.engine import Action, GameState, ThrowInState

from .hard import search


def choose(state: GameState, seat: int, seed: int, budget_s: float,
           clock: str = "wall") -> Action:
    def worlds(rng: random.Random) -> ThrowInState:
        world = state.clone()
        assert isinstance(world, ThrowInState)  # throw-in presets only (like hard's worlds)
        return world

    return search(state.view(seat), seed, budget_s, clock=clock, worlds=worlds)[0]
