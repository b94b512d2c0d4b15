"""Random legal play for `durak simulate` and `durak bench`.

Both use the engine's `play_random_game` (the one definition of a random legal game: it
goes through the public `legal_actions` + `apply` path, the same one the bot uses, so
`bench` measures what users get).

Game `i` of a run with seed `S` is dealt from seed `S + i` and its moves are chosen by
`random.Random(S + i)`, so a failing game can be replayed alone from its deal seed and the
printed action list (`GameState.replay(rules, seed, actions)`).
"""

from __future__ import annotations

import json
import random
import time

from bot.engine import RuleSet
from bot.engine.random_play import InvariantViolation, play_random_game


class SimulationFailure(Exception):
    """An invariant broke (or a deal did not end) in one game of a simulation."""

    def __init__(self, violation: InvariantViolation, rules: RuleSet, explore: bool):
        super().__init__(str(violation))
        self.violation, self.rules, self.explore = violation, rules, explore

    def report(self) -> str:
        v = self.violation
        actions = [a.log_text() for a in v.actions]
        return "\n".join([
            f"invariant violated: {'; '.join(v.problems)}",
            f"seed: {v.seed}",
            f"actions ({len(actions)}): {json.dumps(actions, ensure_ascii=False)}",
            f"rules: {json.dumps(self.rules.to_dict(), sort_keys=True)}",
            "reproduce: GameState.replay(RuleSet.from_dict(rules), seed, actions)"
            + ("  (moves chosen with explore=True)" if self.explore else ""),
        ])


def simulate(rules: RuleSet, games: int, seed: int, check: bool = False,
             explore: bool = False) -> dict:
    """Play `games` random deals; the counts `durak simulate` prints as JSON.

    `explore` lets any seat with a legal action move (throw-ins while cards are still
    uncovered, late passes), not only the seats the game is waiting on.
    """
    losses = [0] * rules.players
    draws = actions = 0
    started = time.perf_counter()
    for i in range(games):
        deal_seed = seed + i
        try:
            state, played = play_random_game(rules, deal_seed, random.Random(deal_seed),
                                             check=check, explore=explore)
        except InvariantViolation as violation:
            raise SimulationFailure(violation, rules, explore) from None
        actions += len(played)
        outcome = state.outcome
        assert outcome is not None  # play_random_game returns finished deals only
        if outcome.draw:
            draws += 1
        else:
            for seat in outcome.fools:
                losses[seat] += 1
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "actions": actions,
        "draws": draws,
        "losses": losses,
        "seed": seed,
        "check": check,
        "seconds": round(seconds, 3),
        "games_per_sec": round(games / seconds, 1) if seconds > 0 else None,
    }


def bench(seconds: float) -> dict:
    """Random 2-player podkidnoy deals for about `seconds`, on this one core."""
    rules = RuleSet.preset("podkidnoy", players=2)
    rng = random.Random(0)  # one move generator for the run, as scripts/bench_engine.py
    games = actions = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        _, played = play_random_game(rules, games, rng)
        games += 1
        actions += len(played)
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - started
    return {
        "games_per_sec": round(games / elapsed, 1),
        "games": games,
        "actions": actions,
        "actions_per_sec": round(actions / elapsed),
        "seconds": round(elapsed, 3),
    }
