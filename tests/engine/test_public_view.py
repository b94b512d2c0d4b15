"""The public view: the same facts as every seat's own view, and nothing private.

Random deals of every playable preset (and random house-rule mixes) at the smallest and
largest table; after every action each field of ``public_view(state)`` equals the field of
the same name in every seat's ``state.view(seat)``."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.engine import (
    PLAYABLE_PRESETS,
    PublicView,
    RulesError,
    RuleSet,
    new_deal,
    public_view,
)
from bot.engine.core.rules import random_house_rules

PUBLIC_FIELDS = [f.name for f in dataclasses.fields(PublicView)]


def _tables(preset: str) -> list[RuleSet]:
    found = []
    for players in range(2, 11):
        try:
            found.append(RuleSet.preset(preset, players=players).validate())
        except RulesError:
            continue
    return [found[0], found[-1]] if found else []


CASES = [rules for preset in PLAYABLE_PRESETS for rules in _tables(preset)]


def _check(state) -> None:
    public = public_view(state)
    for seat in range(state.rules.players):
        view = state.view(seat)
        for name in PUBLIC_FIELDS:
            assert getattr(public, name) == getattr(view, name, getattr(public, name)), \
                (name, seat, state.version)
        # a Warsaw-only field the plain view lacks must be its empty default there
        if not hasattr(view, "front"):
            assert public.front == () and public.lead_open is False
    assert public.is_over == state.is_over


def _play(rules: RuleSet, seed: int) -> int:
    rng = random.Random(seed)
    state = new_deal(rules, seed=seed, dealer=None)
    steps = 0
    while not state.is_over:
        _check(state)
        seat = rng.choice(sorted(state.actors()))
        state.apply(rng.choice(list(state.legal_actions(seat))))
        steps += 1
    _check(state)
    return steps


@pytest.mark.parametrize("rules", CASES, ids=lambda r: f"{r.preset_name}-{r.players}")
def test_public_facts_match_every_seats_view(rules):
    assert sum(_play(rules, seed) for seed in range(4)) > 20


def test_public_facts_match_with_house_rules():
    rng = random.Random(5)
    played = 0
    while played < 12:
        try:
            rules = random_house_rules(RuleSet.preset("podkidnoy", players=rng.randint(2, 5)),
                                       rng, chance=0.4).validate()
        except RulesError:
            continue
        _play(rules, rng.getrandbits(32))
        played += 1


def test_the_public_view_holds_no_hand():
    rules = RuleSet.preset("podkidnoy", players=3)
    public = public_view(new_deal(rules, seed=1, dealer=None))
    assert not {"hand", "legal", "cover_options", "player"} & set(PUBLIC_FIELDS)
    assert sum(public.hand_counts) + public.stock_count == 36
