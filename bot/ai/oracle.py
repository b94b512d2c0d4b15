"""``oracle``: hard's search given the true state instead of sampled worlds (arena only).

A yardstick for what hidden cards cost, never a player people meet: it sees every hand
and the order of the stock, so it is not a fair opponent, and it needs the full state
(``choose_from_view`` refuses it; ``arena.play_game`` calls ``choose`` here). The same
search (``hard.search``: candidates, playouts, exact endings) in the one world that is
real shows how far better reading of the hidden cards could take hard at the same time
per move, and where a target is beyond any player of this kind (bot/ai/README.md).

``SEES`` splits what it sees in two: ``"all"`` (the default) every hand and the stock's
order; ``"hands"`` every hand but a stock shuffled afresh in each world, as a perfect
reader of the other hands would know the deal. The gap between the two is what the
stock's order alone is worth, which no player at the table can know.
"""

from __future__ import annotations

import random

from bot.engine import Action, GameState, PlayerView, PublicHistory, ThrowInState
from bot.engine.core.cards import bits

from .hard import search
from .knowledge import Knowledge, read_view
from .sampling import world_with_hands

SEES = "all"  # "all": every hand and the stock's order; "hands": the hands only
# How its playouts play the other seats (``models.py``): "textbook" (its figures were
# measured so), or as hard does, "fitted" (from the deal's history) or "policy".
MODEL = "textbook"


def true_hands(state: ThrowInState, seat: int) -> tuple[PlayerView, Knowledge,
                                                       list[list[int]]]:
    """``seat``'s view, what it knows, and each other seat's unseen cards as they truly
    are (``sampling.world_with_hands`` deals a world from them with the stock shuffled);
    also the judge of ``scripts/bench_ai_regret.py``."""
    view = state.view(seat)
    know = read_view(view)
    hidden = [[] if s == seat else bits(state.hands[s] & know.unknown)
              for s in range(len(know.slots))]
    return view, know, hidden


def choose(state: GameState, seat: int, seed: int, budget_s: float,
           clock: str = "wall", history: PublicHistory | None = None) -> Action:
    """``history``: the deal's public history, read only by ``MODEL = "fitted"``."""
    if SEES == "hands":
        assert isinstance(state, ThrowInState)  # throw-in presets only (like hard's worlds)
        view, know, hidden = true_hands(state, seat)

        def worlds(rng: random.Random) -> ThrowInState:
            return world_with_hands(view, know, hidden, rng)
    elif SEES == "all":
        view = state.view(seat)

        def worlds(rng: random.Random) -> ThrowInState:
            world = state.clone()
            assert isinstance(world, ThrowInState)  # throw-in presets only (like hard's)
            return world
    else:
        raise ValueError(f"unknown oracle.SEES {SEES!r}; known: all, hands")

    # The flat search and its own model of the other seats (``MODEL``) in every case: the
    # oracle's figures (bot/ai/README.md) were measured with them, and a yardstick must
    # not move when hard's own search does.
    return search(view, seed, budget_s, clock=clock, worlds=worlds, method="flat",
                  history=history, model=MODEL)[0]
