"""The playout policy as a player against ``normal``: how sound is what the search assumes?

    .venv/bin/python scripts/bench_ai_policy.py --preset podkidnoy --players 3 --games 4000

Paired deals and the arena's seat split (``arena.side_of``); side a plays
``rollout.playout_action`` on the full state (so it sees the defender's hand, as it does
inside a sampled world), side b plays ``normal`` from its view. A few thousand games take
seconds. The policy should be about as strong as normal: a weak or lopsided policy biases
the search's estimates (this went from 41% to 48% at podkidnoy 3p with the 2026-11-22
policy; what that did for hard: the AI README).
"""

from __future__ import annotations

import argparse
import json
import sys

from bot.ai import normal, rollout
from bot.ai.arena import side_of, wilson
from bot.engine import RuleSet, new_deal

MAX_MOVES = 3000


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--preset", default="podkidnoy")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--games", type=int, default=4000)
    p.add_argument("--seed", type=int, default=777)
    args = p.parse_args(argv)
    rules = RuleSet.preset(args.preset, players=args.players)
    wins = {"a": 0, "b": 0}
    for g in range(args.games):
        s = new_deal(rules, args.seed + g // 2)
        while s.outcome is None and s.version < MAX_MOVES:
            seat = rollout.next_seat(s)
            if side_of(seat, g) == "a":
                act = rollout.playout_action(s, seat, list(s.legal_actions(seat)))
            else:
                act = normal.choose(s.view(seat))
            s.apply(act)
        if s.outcome is not None and s.outcome.fools:
            wins["b" if side_of(s.outcome.fools[0], g) == "a" else "a"] += 1
    decided = wins["a"] + wins["b"]
    lo, hi = wilson(wins["a"], decided)
    print(json.dumps({"preset": args.preset, "players": args.players, "games": args.games,
                      "seed": args.seed, "policy_wins": wins["a"], "normal_wins": wins["b"],
                      "policy_win_rate": round(wins["a"] / decided, 4) if decided else None,
                      "ci95": [round(lo, 4), round(hi, 4)]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
