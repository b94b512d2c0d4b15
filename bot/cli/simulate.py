"""``durak simulate``: random legal games through the rules engine; prints one JSON object.

It uses the engine's ``play_random_game`` (the one definition of a random legal game: it
goes through the public ``legal_actions`` + ``apply`` path, the same one the bot uses).

Game ``i`` of a run with seed ``S`` is dealt from seed ``S + i`` and its moves are chosen
by ``random.Random(S + i)``, so a failing game can be replayed alone from its deal seed
and the printed action list (``replay_deal(rules, seed, actions)``).

With ``random_house_rules``, game ``i`` plays a random valid mix of house rules on top of
the given rules, drawn from ``random.Random(f"house/{S + i}")`` (the moves still come from
``random.Random(S + i)``): the failure report prints that game's full rule set, so it
reproduces alone.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from bot.cli.args import add_game_options, non_negative_int, positive_int
from bot.cli.rulesets import build_rules
from bot.cli.streams import Streams
from bot.engine import Action, RuleSet
from bot.engine.core.rules import random_house_rules as house_mix
from bot.engine.verify.random_play import InvariantViolation, play_random_game

DESCRIPTION = """\
Play random legal games of one rule set and print one JSON object: games, actions, draws,
decided games, losses by seat, games per second. With --check the rules' invariants are
verified after every action; on a violation the command exits 1 and prints the seed,
the rules and the action list that replay the failing game.

example: durak simulate --preset perevodnoy --players 4 --games 500 --seed 7 --check"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "simulate", help="random legal games through the rules engine (one JSON object)",
        description=DESCRIPTION)
    add_game_options(parser)
    parser.add_argument("--games", type=positive_int, default=100, metavar="G",
                        help="how many deals to play (default: %(default)s)")
    parser.add_argument("--seed", type=non_negative_int, default=0, metavar="S",
                        help="game i is dealt and played from seed S+i, so a run repeats "
                             "exactly (default: %(default)s)")
    parser.add_argument("--check", action="store_true",
                        help="verify the invariants after every action; exit 1 with a "
                             "reproducible report on the first violation")
    parser.add_argument("--explore", action="store_true",
                        help="let any seat with a legal action move (throw-ins while cards "
                             "are uncovered, late passes), not only those the game waits on")
    parser.add_argument("--random-house-rules", action="store_true",
                        help="each game adds a seeded random valid mix of house rules")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace, streams: Streams) -> int:
    rules = build_rules(args.preset, args.players, dict(args.rule))
    try:
        result = simulate(rules, games=args.games, seed=args.seed, check=args.check,
                          explore=args.explore, random_house_rules=args.random_house_rules)
    except SimulationFailure as failure:
        streams.err.write(failure.report() + "\n")
        return 1
    streams.out.write(json.dumps({"preset": args.preset, "players": args.players,
                                  **result}) + "\n")
    return 0


class SimulationFailure(Exception):
    """An invariant broke, a deal did not end, or the engine raised, in one game."""

    def __init__(self, problems: list[str], seed: int, actions: list[Action] | None,
                 rules: RuleSet, explore: bool):
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
            lines.append("reproduce: replay_deal(RuleSet.from_dict(rules), seed, actions)")
        else:  # the engine raised inside play_random_game, which keeps its action list
            lines.append("actions: not available (the engine raised); reproduce with "
                         f"play_random_game(RuleSet.from_dict(rules), seed, {how})")
        return "\n".join(lines)


def simulate(rules: RuleSet, games: int, seed: int, check: bool = False,
             explore: bool = False, random_house_rules: bool = False) -> dict[str, Any]:
    """Play `games` random deals; the counts `durak simulate` prints as JSON.

    `explore` lets any seat with a legal action move (throw-ins while cards are still
    uncovered, late passes), not only the seats the game is waiting on.
    """
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
