"""Random legal play for `durak simulate` and `durak bench`.

Both use the engine's `play_random_game` (the one definition of a random legal game: it
goes through the public `legal_actions` + `apply` path, the same one the bot uses, so
`bench` measures what users get).

Game `i` of a run with seed `S` is dealt from seed `S + i` and its moves are chosen by
`random.Random(S + i)`, so a failing game can be replayed alone from its deal seed and the
printed action list (`GameState.replay(rules, seed, actions)`).

With `random_house_rules`, game `i` plays a random valid mix of house rules on top of the
given rules, drawn from `random.Random(f"house/{S + i}")` (the moves still come from
`random.Random(S + i)`): the failure report prints that game's full rule set, so it
reproduces alone.
"""

from __future__ import annotations

import json
import random
import time

from bot.engine import RuleSet
from bot.engine._build import engine_build
from bot.engine.random_play import InvariantViolation, play_random_game


class SimulationFailure(Exception):
    """An invariant broke, a deal did not end, or the engine raised, in one game."""

    def __init__(self, problems: list[str], seed: int, actions: list | None, rules: RuleSet,
                 explore: bool):
        super().__init__("; ".join(problems))
        self.problems, self.seed, self.actions = problems, seed, actions
        self.rules, self.explore = rules, explore

    def report(self) -> str:
        how = "random.Random(seed), check=True" + (", explore=True" if self.explore else "")
        lines = [f"invariant violated: {'; '.join(self.problems)}", f"seed: {self.seed}"]
        if self.actions is not None:
            actions = [a.log_text() for a in self.actions]
            lines.append(f"actions ({len(actions)}): {json.dumps(actions, ensure_ascii=False)}")
        lines.append(f"rules: {json.dumps(self.rules.to_dict(), sort_keys=True)}")
        if self.actions is not None:
            lines.append("reproduce: GameState.replay(RuleSet.from_dict(rules), seed, actions)")
        else:  # the engine raised inside play_random_game, which keeps its action list
            lines.append("actions: not available (the engine raised); reproduce with "
                         f"play_random_game(RuleSet.from_dict(rules), seed, {how})")
        return "\n".join(lines)


def simulate(rules: RuleSet, games: int, seed: int, check: bool = False,
             explore: bool = False, random_house_rules: bool = False) -> dict:
    """Play `games` random deals; the counts `durak simulate` prints as JSON.

    `explore` lets any seat with a legal action move (throw-ins while cards are still
    uncovered, late passes), not only the seats the game is waiting on.
    """
    from bot.engine.rules import random_house_rules as house_mix

    losses = [0] * rules.players
    draws = actions = decided = 0
    mixes: dict[str, int] = {}
    base_rules = rules
    started = time.perf_counter()
    for i in range(games):
        deal_seed = seed + i
        rng = random.Random(deal_seed)
        if random_house_rules:  # own generator: the moves stay random.Random(deal_seed)
            rules = house_mix(base_rules, random.Random(f"house/{deal_seed}"))
            for name in rules.house_rules_on():
                mixes[name] = mixes.get(name, 0) + 1
        try:
            state, played = play_random_game(rules, deal_seed, rng,
                                             check=check, explore=explore)
        except InvariantViolation as v:
            raise SimulationFailure(v.problems, v.seed, v.actions, rules, explore) from None
        except Exception as exc:  # an engine crash is a failure to report with its seed
            if not check:
                raise
            problem = f"the engine raised {type(exc).__name__}: {exc}"
            raise SimulationFailure([problem], deal_seed, None, rules, explore) from exc
        actions += len(played)
        outcome = state.outcome
        assert outcome is not None  # play_random_game returns finished deals only
        if outcome.draw:
            draws += 1
        else:
            decided += 1
            for seat in outcome.fools:
                losses[seat] += 1
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "actions": actions,
        "draws": draws,
        "decided": decided,
        "losses": losses,
        "seed": seed,
        "check": check,
        "seconds": round(seconds, 3),
        "games_per_sec": round(games / seconds, 1) if seconds > 0 else None,
        **({"house_rules_played": dict(sorted(mixes.items()))} if random_house_rules else {}),
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
        **engine_build(),  # "engine": compiled or pure (bot/engine/README.md), and why
    }
