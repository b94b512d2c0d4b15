"""How well hard's worlds read a hidden hand: the share of its unseen places that hold
the very cards the other seat holds, for three ways of dealing them.

    .venv/bin/python scripts/bench_ai_beliefs.py --preset podkidnoy --deals 20

``normal`` holds seat 0 and ``other`` (default ``greedy``) seat 1 of a 2-player deal; at
each of seat 0's turns while the stock lasts (after it, the other hand is known), it
draws ``--draws`` hands for seat 1 each way and counts the true cards among them:
``uniform`` (the unknown cards dealt at random), ``bout`` (``sampling.sample_world``
with ``inference.unlikely``, what hard read before the deal's history) and ``particles``
(``beliefs.DealBeliefs``, the whole deal read; ``--miss`` and ``--particles`` override its
constants). Prints one JSON object. Pure CPU, a few seconds for 20 deals.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from bot.ai import beliefs, choose_action
from bot.ai.knowledge import read_view
from bot.ai.rollout import next_seat
from bot.ai.sampling import can_sample, sample_world
from bot.engine import Recorder, RuleSet, ThrowInState, new_deal
from bot.engine.core.cards import bits


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--preset", default="podkidnoy")
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--seed", type=int, default=500)
    p.add_argument("--other", default="greedy", help="the strength whose hand is read")
    p.add_argument("--draws", type=int, default=50, help="hands drawn each way a turn")
    p.add_argument("--miss", type=float, default=beliefs.MISS)
    p.add_argument("--particles", type=int, default=beliefs.PARTICLES)
    args = p.parse_args(argv)
    beliefs.MISS = args.miss
    rules = RuleSet.preset(args.preset, players=2)
    hits = {"uniform": 0, "bout": 0, "particles": 0}
    places = turns = 0
    build_s: list[float] = []
    for deal in range(args.deals):
        state = new_deal(rules, args.seed + deal)
        assert isinstance(state, ThrowInState)
        rec = Recorder(state)
        while not state.is_over and state.version < 2000:
            seat = next_seat(state)
            view = state.view(seat)
            know = read_view(view)
            if seat == 0 and state.stock and know.slots[1] and can_sample(view, know):
                truth = state.hands[1] & know.unknown
                t0 = time.process_time()
                particles = beliefs.DealBeliefs.build(view, know, rec.history,
                                                      random.Random(deal), args.particles)
                build_s.append(time.process_time() - t0)
                if particles is not None:
                    turns += 1
                    rng = random.Random(turns)
                    unknown = bits(know.unknown)
                    for _ in range(args.draws):
                        drawn = {
                            "uniform": rng.sample(unknown, know.slots[1]),
                            "bout": bits(sample_world(view, rng, know).hands[1] & know.unknown),
                            "particles": particles.hands(rng)[1],
                        }
                        for way, cards in drawn.items():
                            hits[way] += sum((truth >> c) & 1 for c in cards)
                        places += know.slots[1]
            strength = "normal" if seat == 0 else args.other
            rec.apply(choose_action(state, seat, strength, seed=deal, budget_s=0.0))
    build_s.sort()
    print(json.dumps({
        "preset": args.preset, "deals": args.deals, "other": args.other, "turns": turns,
        "miss": args.miss, "particles": args.particles,
        "true_share": {way: round(n / max(1, places), 4) for way, n in hits.items()},
        "build_ms_mean": round(1000 * sum(build_s) / max(1, len(build_s)), 1),
        "build_ms_p95": round(1000 * build_s[int(0.95 * (len(build_s) - 1))], 1)
        if build_s else 0.0,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
