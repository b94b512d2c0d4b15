"""Seeded positions for the computer-player tests: every preset the engine plays."""

from __future__ import annotations

import random

from bot.engine import PRESETS, RulesError, RuleSet, new_deal


def playable_rule_sets(max_players: int = 6) -> list[RuleSet]:
    """Every preset the engine accepts, at 2, 3 and its largest player count."""
    out = []
    for name, preset in PRESETS.items():
        lo, hi = preset.players
        for n in sorted({max(2, lo), min(3, hi), min(hi, max_players)}):
            if not lo <= n <= hi:
                continue
            try:
                rules = RuleSet.preset(name, players=n)
                rules.validate()
            except RulesError:
                continue  # validate() refuses it: not playable yet
            out.append(rules)
    return out


def positions(rules: RuleSet, seed: int, every: int = 5):
    """(state clone, seat) pairs along one random-but-legal game, every ``every`` moves."""
    rng = random.Random(seed)
    state = new_deal(rules, seed)
    step = 0
    while not state.is_over:
        seat = rng.choice(state.actors())
        if step % every == 0:
            yield state.clone(), seat
        state.apply(rng.choice(list(state.legal_actions(seat))))
        step += 1
