"""Arena in paired deals with a running JSON line after each pair, for long hard runs.

    nice -n 10 .venv/bin/python scripts/bench_ai_pairs.py --a hard --b normal \
        --preset podkidnoy --players 2 --pairs 80 --seed 5000 [--clock cpu]
    ... scripts/bench_ai_pairs.py --rows podkidnoy:3 perevodnoy:4 --pairs 60 --seed 7000
    ... scripts/bench_ai_pairs.py --a hard --b greedy --solo --rows podkidnoy:3 podkidnoy:4

Same games as ``bot.ai.arena.run_arena`` (pair ``k`` is the deal ``seed + k`` played twice
with the sides swapped, budgets from ``bot.ai.DEFAULT_BUDGET_S`` unless ``--budget``), but
each line carries the cumulative wins, the Wilson 95% interval and the per-side move
times so far, so a run stopped early (time budget) still leaves exact figures, and
``pair`` the winners of the deal's games just played ("a", "b", "-" a draw), so that two
arms run on the same deals can be compared deal by deal.
``--solo``: a holds one seat and b every other (``arena`` solo mode); a "pair" is then
one deal played once per seat with a's seat going round, and each line also carries
``a_fool_rate`` (a's seat the fool, over all games) with its interval.

``--set NAME=VALUE`` (repeatable) sets a constant of ``bot.ai.beliefs``, ``bot.ai.hard``,
``bot.ai.oracle`` or ``bot.ai.normal`` (looked up in that order) for the whole run, e.g.
``--set OTHERS=policy`` (hard's playouts play the other seats by the playout policy;
``textbook``, or the default ``fitted``: ``models.py``), ``--set SEES=hands`` (the oracle
sees the hands but not the stock's order), ``--set MODEL=fitted`` (the oracle models the
other seats as hard does) or ``--set TAKE_SCALE=1.0 --set ENDGAME_NODES=0`` (normal as it
played before 2026-11-25, except that it still reads endings of under 256 positions; a
normal constant also changes the normal move hard's search starts from); a constant of
any other ``bot.ai`` module is named with it, e.g. ``--set rollout.TAKE_SCALE=1.0``; each
line carries what was set.

``--clock cpu`` (the default here) gives hard its budget in CPU time of the searching
thread, so a run on cores shared with other jobs measures the same player as a run on a
quiet machine; the move times (``*_move_mean_s``, ``*_move_p95_s``, ``*_decision_p95_s``)
are on that clock, ``*_wall_p95_s`` on the wall clock.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from bench_ai_regret import constant

from bot.ai import DEFAULT_BUDGET_S
from bot.ai.arena import percentile, play_game, wilson
from bot.engine import RuleSet


class Row:
    """One table row (preset x players): its games so far and the running figures."""

    def __init__(self, preset: str, players: int) -> None:
        self.preset, self.players = preset, players
        self.rules = RuleSet.preset(preset, players=players)
        self.times: dict[str, list[float]] = {"a": [], "b": []}
        self.decisions: dict[str, list[float]] = {"a": [], "b": []}
        self.wall: dict[str, list[float]] = {"a": [], "b": []}
        self.wins = {"a": 0, "b": 0}
        self.draws = 0
        self.pairs = 0
        self.last: list[str] = []  # the winners of the last pair's games ("a", "b", "-")

    def play_pair(self, args: argparse.Namespace, strengths: dict[str, str],
                  budgets: dict[str, float]) -> None:
        k = self.pairs
        group = self.players if args.solo else 2  # games on one deal
        self.last = []
        for g in range(group * k, group * k + group):  # arena.side_of: a's seats change
            winner = play_game(self.rules, args.seed + k, g, strengths, budgets, self.times,
                               self.decisions, move_seed=args.seed * 100_003 + g,
                               clock=args.clock, wall_times=self.wall, solo=args.solo)
            if winner is None:
                self.draws += 1
            else:
                self.wins[winner] += 1
            self.last.append(winner or "-")
        self.pairs += 1

    def games(self, args: argparse.Namespace) -> int:
        return (self.players if args.solo else 2) * self.pairs

    def line(self, args: argparse.Namespace, budgets: dict[str, float], t0: float) -> dict:
        wins = self.wins
        decided = wins["a"] + wins["b"]
        lo, hi = wilson(wins["a"], decided)
        line = {"preset": self.preset, "players": self.players, "a": args.a, "b": args.b,
                "budgets": budgets, "clock": args.clock, "seed": args.seed,
                "set": args.set,
                "games": self.games(args), "a_wins": wins["a"], "b_wins": wins["b"],
                "draws": self.draws,
                "a_win_rate": round(wins["a"] / decided, 4) if decided else None,
                "a_win_rate_ci95": [round(lo, 4), round(hi, 4)],
                "wall_s": round(time.perf_counter() - t0, 1),
                "pair": "".join(self.last)}  # this deal's games, for paired comparisons
        if args.solo:
            games = self.games(args)
            flo, fhi = wilson(wins["b"], games)
            line["a_fool_rate"] = round(wins["b"] / games, 4) if games else None
            line["a_fool_rate_ci95"] = [round(flo, 4), round(fhi, 4)]
        for s in "ab":
            times = self.times[s]
            line[f"{s}_decisions"] = len(self.decisions[s])
            line[f"{s}_move_mean_s"] = round(sum(times) / max(1, len(times)), 4)
            line[f"{s}_move_p95_s"] = round(percentile(times, 0.95), 4)
            line[f"{s}_decision_p95_s"] = round(percentile(self.decisions[s], 0.95), 4)
            line[f"{s}_decision_max_s"] = round(max(self.decisions[s], default=0.0), 4)
            line[f"{s}_wall_p95_s"] = round(percentile(self.wall[s], 0.95), 4)
        return line


def _row(text: str) -> tuple[str, int]:
    preset, _, players = text.partition(":")
    return preset, int(players or 2)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--a", default="hard")
    p.add_argument("--b", default="normal")
    p.add_argument("--preset", default="podkidnoy")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--rows", type=_row, nargs="+", default=None, metavar="PRESET:PLAYERS",
                   help="several rows played in turn, one pair each (overrides --preset "
                        "and --players), so a run stopped early has figures for all")
    p.add_argument("--pairs", type=int, default=50, help="pairs per row")
    p.add_argument("--seed", type=int, default=5000)
    p.add_argument("--solo", action="store_true",
                   help="a holds one seat, b all the others (a_fool_rate)")
    p.add_argument("--budget", type=float, default=None,
                   help="seconds per move of the searching players (hard, mcts, oracle)")
    p.add_argument("--budget-b", type=float, default=None,
                   help="side b's seconds per move (overrides --budget for b); mcts with 0 "
                        "plays the public yardstick's fixed 5 worlds x 40 random playouts")
    p.add_argument("--clock", choices=("wall", "cpu"), default="cpu",
                   help="what the budget and move times measure (default: cpu)")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                   help="a constant of bot.ai.beliefs, hard, oracle or normal for the run")
    args = p.parse_args(argv)
    for text in args.set:
        module, name, value = constant(text)
        setattr(module, name, value)
    rows = [Row(preset, n) for preset, n in (args.rows or [(args.preset, args.players)])]
    strengths = {"a": args.a, "b": args.b}
    searching = ("hard", "mcts", "oracle")  # players with a time budget: equal time
    budgets = {s: (args.budget if args.budget is not None and strengths[s] in searching
                   else DEFAULT_BUDGET_S[strengths[s]]) for s in "ab"}
    if args.budget_b is not None:
        budgets["b"] = args.budget_b
    t0 = time.perf_counter()
    for _ in range(args.pairs):
        for row in rows:
            row.play_pair(args, strengths, budgets)
            print(json.dumps(row.line(args, budgets, t0)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
