"""How much hard's choices cost it against a judge that sees the other hand: a measure of
its reading of the hidden cards with far less noise than won games.

    .venv/bin/python scripts/bench_ai_regret.py --games 40 --budget 0.1 \
        --set MISS=0.03 --set PARTICLES=1500

Positions: ``--games`` deals of hard (max_rollouts 300, so the positions do not depend on
the machine) against greedy, two players, each of hard's decisions while the stock lasts
with more than one legal move. The judge plays every legal move out in ``--judge-worlds``
worlds that hold the other seat's *true* hand (the stock shuffled: no player can know its
order), with hard's own playouts (its seat: the playout policy; the other: the textbook,
which is what greedy plays), and takes the mean score as the move's value. A decision's
regret is the best value minus the value of hard's choice; positions where every move is
worth the same (within 0.05) are left out. Rows: hard as shipped, each ``--set`` (a
``bot.ai.beliefs`` or ``bot.ai.hard`` constant, ``NAME=value``), hard without the deal's
history, and hard given the true hand (what a perfect reading would reach with the same
search). Each decision is taken ``--reps`` times with other seeds. Prints one JSON line
per row. Budgets are CPU seconds of the searching thread.

What it can judge: the reading of the hidden hand. Its judge plays hard's later moves
seeing the true hand, so a search that drops that assumption (``SEARCH=ismcts``) scores
worse here while it wins more games (bot/ai/README.md, "fifth step"); judge such a change
in games.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import random
import time
from collections.abc import Callable
from typing import Any

from bot.ai import beliefs, hard, normal, oracle
from bot.ai.baselines import greedy_choose
from bot.ai.rollout import next_seat, playout
from bot.ai.sampling import world_with_hands
from bot.engine import PublicHistory, Recorder, RuleSet, ThrowInState, new_deal

Position = tuple[ThrowInState, PublicHistory, int]


def positions(preset: str, games: int, seed: int) -> list[Position]:
    rules = RuleSet.preset(preset, players=2)
    out: list[Position] = []
    for g in range(games):
        state = new_deal(rules, seed + g)
        assert isinstance(state, ThrowInState)
        rec = Recorder(state)
        me = g % 2
        while not state.is_over and state.version < 1500:
            seat = next_seat(state)
            if seat == me:
                if state.stock and len(list(state.legal_actions(seat))) > 1:
                    out.append((state.clone(), rec.history, seat))
                action = hard.choose(state.view(seat), seed=g, max_rollouts=300,
                                     history=rec.history)
            else:
                action = greedy_choose(state.view(seat))
            rec.apply(action)
    return out


def judge(pos: Position, worlds: int, rng: random.Random) -> dict:
    state, _history, seat = pos
    view, know, hidden = oracle.true_hands(state, seat)
    others = sum(1 << s for s in range(len(state.hands)) if s != seat)
    values = {a: 0.0 for a in state.legal_actions(seat)}
    for _ in range(worlds):
        world = world_with_hands(view, know, hidden, rng)
        for a in values:
            s = world.clone()
            s.apply_unchecked(a)
            playout(s, textbook=others)
            values[a] += hard.score(s.outcome, seat) / worlds
    return values


def shipped(pos: Position, seed: int, budget: float):
    state, history, seat = pos
    return hard.choose(state.view(seat), seed=seed, budget_s=budget, clock="cpu",
                       history=history)


def blind(pos: Position, seed: int, budget: float):
    state, _history, seat = pos
    return hard.choose(state.view(seat), seed=seed, budget_s=budget, clock="cpu")


def perfect(pos: Position, seed: int, budget: float):
    state, _history, seat = pos
    view, know, hidden = oracle.true_hands(state, seat)
    return hard.search(view, seed, budget, clock="cpu",
                       worlds=lambda rng: world_with_hands(view, know, hidden, rng))[0]


def row(name: str, choose: Callable, cases: list[tuple[Position, dict]], budget: float,
        reps: int) -> dict:
    total, wrong, n = 0.0, 0, 0
    t0 = time.thread_time()
    for i, (pos, values) in enumerate(cases):
        best = max(values.values())
        for r in range(reps):
            regret = best - values[choose(pos, i * 7 + r, budget)]
            total += regret
            wrong += regret > 0.05
            n += 1
    return {"row": name, "decisions": n, "mean_regret": round(total / n, 4),
            "share_wrong": round(wrong / n, 3), "cpu_s": round(time.thread_time() - t0, 1)}


def constant(text: str) -> tuple[Any, str, Any]:
    """(module, name, value) of ``NAME=VALUE`` or ``MODULE.NAME=VALUE`` (a module of
    ``bot.ai``, e.g. ``rollout.TAKE_SCALE=1.0``); a value that is not a Python literal is
    a string."""
    name, value = text.split("=", 1)
    try:
        parsed = ast.literal_eval(value)
    except (ValueError, SyntaxError):
        parsed = value
    if "." in name:
        prefix, name = name.rsplit(".", 1)
        try:
            module = importlib.import_module(f"bot.ai.{prefix}")
        except ImportError:
            raise SystemExit(f"no module bot.ai.{prefix}") from None
        if not hasattr(module, name):
            raise SystemExit(f"no constant {name} in bot.ai.{prefix}")
        return module, name, parsed
    for module in (beliefs, hard, oracle, normal):
        if hasattr(module, name):
            return module, name, parsed
    raise SystemExit(f"no constant {name} in bot.ai.beliefs, hard, oracle or normal")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--preset", default="podkidnoy")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=7100)
    p.add_argument("--budget", type=float, default=0.1, help="CPU seconds a decision")
    p.add_argument("--reps", type=int, default=2)
    p.add_argument("--judge-worlds", type=int, default=40)
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--no-references", action="store_true",
                   help="skip the rows without the history and with the true hand")
    args = p.parse_args(argv)
    rng = random.Random(args.seed)
    cases = []
    for pos in positions(args.preset, args.games, args.seed):
        values = judge(pos, args.judge_worlds, rng)
        if max(values.values()) - min(values.values()) >= 0.05:
            cases.append((pos, values))
    print(json.dumps({"preset": args.preset, "games": args.games, "seed": args.seed,
                      "positions": len(cases), "budget_cpu_s": args.budget}), flush=True)
    print(json.dumps(row("shipped", shipped, cases, args.budget, args.reps)), flush=True)
    for text in args.set:
        module, name, value = constant(text)
        saved = getattr(module, name)
        setattr(module, name, value)
        try:
            print(json.dumps(row(text, shipped, cases, args.budget, args.reps)), flush=True)
        finally:
            setattr(module, name, saved)
    if not args.no_references:
        print(json.dumps(row("no history", blind, cases, args.budget, args.reps)), flush=True)
        print(json.dumps(row("the true hand", perfect, cases, args.budget, args.reps)),
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
