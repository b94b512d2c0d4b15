"""Fixed-seed regression counts, like chess "perft": along recorded games, the number of
legal actions of every seat at every step. Any change to the rules shows up here.

The games are played by a policy defined in this file (not the engine's random player),
so only the rules engine itself is pinned. After a deliberate rules change, check the
change is intended, then regenerate the expected file:

    cd tests && ../.venv/bin/python -m engine.test_regression_counts --write
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from bot.engine import RuleSet, new_deal

EXPECTED = Path(__file__).with_name("regression_counts.json")
CASES = [("podkidnoy", 2, 1), ("podkidnoy", 4, 2), ("perevodnoy", 3, 3),
         ("perevodnoy_showing", 2, 4), ("perevodnoy_showing", 5, 5), ("prostoy_classic", 3, 6),
         ("prostoy_transfer", 4, 7), ("single_card", 2, 8), ("large_deck", 6, 9),
         ("two_player_24", 2, 10), ("vietnamese", 3, 11), ("podkidnoy", 6, 12)]


def record(preset: str, players: int, seed: int) -> dict:
    rules = RuleSet.preset(preset, players=players)
    state = new_deal(rules, seed)
    rng = random.Random(seed * 7919)
    counts: list[int] = []
    while not state.is_over:
        per_seat = [list(state.legal_actions(s)) for s in range(players)]
        counts.append(sum(len(a) for a in per_seat))
        options = [a for a in per_seat if a]
        acts = options[rng.randrange(len(options))]
        state.apply(acts[rng.randrange(len(acts))])
    digest = hashlib.sha256(",".join(map(str, counts)).encode()).hexdigest()[:16]
    return {"preset": preset, "players": players, "seed": seed, "steps": len(counts),
            "total_legal": sum(counts), "first_counts": counts[:12], "digest": digest,
            "fools": list(state.outcome.fools)}


@pytest.mark.parametrize("preset, players, seed", CASES)
def test_legal_action_counts_match_the_recording(preset, players, seed):
    expected = {(e["preset"], e["players"], e["seed"]): e
                for e in json.loads(EXPECTED.read_text())}
    assert record(preset, players, seed) == expected[(preset, players, seed)]


if __name__ == "__main__" and "--write" in sys.argv:
    EXPECTED.write_text(json.dumps([record(*c) for c in CASES], indent=1) + "\n")
    print(f"wrote {EXPECTED}")
