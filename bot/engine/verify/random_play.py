"""Random legal play through the public ``legal_actions`` + ``apply`` path (bench, simulate).

Each step picks a random seat among those with a legal action, then a random legal action
of that seat, and applies it checked. Random play ends: every bout is bounded by its limit
and passes stand until a new cover.
"""

from __future__ import annotations

import random

from ..core.actions import Action
from ..core.game_state import GameState
from ..core.rules import RuleSet
from ..game import new_deal
from .invariants import check_invariants


class InvariantViolation(AssertionError):
    def __init__(self, problems: list[str], seed: int, actions: list[Action]):
        self.problems, self.seed, self.actions = problems, seed, actions
        super().__init__(f"seed {seed}: {'; '.join(problems)} after "
                         f"{' '.join(a.log_text() for a in actions) or 'the deal'}")


def play_random_game(rules: RuleSet, seed: int, rng: random.Random | None = None,
                     check: bool = False, explore: bool = False, max_actions: int = 100_000,
                     ) -> tuple[GameState, list[Action]]:
    """Deal from ``seed`` and play random legal actions to the end.

    ``rng`` chooses the moves (default: ``random.Random(seed)``). Each step a random seat
    among ``waiting_on()`` acts (what a table of players does); with ``explore`` any seat
    with a legal action may act, so throw-ins while cards are still uncovered happen too
    (slower; the tests use both). With ``check`` the invariants are verified after every
    action; a violation raises InvariantViolation with the seed and the action list.
    """
    rng = rng or random.Random(seed)
    rand = rng.random
    state = new_deal(rules, seed)
    actions: list[Action] = []
    n = rules.players
    seats = range(n)
    legal = state.legal_actions
    if check:
        problems = check_invariants(state)
        if problems:
            raise InvariantViolation(problems, seed, actions)
    waiting_on, apply, append = state.waiting_on, state.apply, actions.append
    if not check and not explore:  # the benchmark loop: nothing but the public API
        while state.outcome is None:
            waiting = waiting_on()
            acts = list(legal(waiting[int(rand() * len(waiting))] if len(waiting) > 1
                              else waiting[0]))
            action = acts[int(rand() * len(acts))]
            apply(action)
            append(action)
        return state, actions
    while state.outcome is None:
        if explore:
            options = [acts for acts in (list(legal(s)) for s in seats) if acts]
            acts = options[int(rand() * len(options))] if len(options) > 1 else options[0]
        else:
            waiting = waiting_on()
            seat = waiting[int(rand() * len(waiting))] if len(waiting) > 1 else waiting[0]
            acts = list(legal(seat))
        action = acts[int(rand() * len(acts))]
        apply(action)
        append(action)
        if check:
            problems = check_invariants(state)
            if problems:
                raise InvariantViolation(problems, seed, actions)
        if len(actions) > max_actions:
            raise InvariantViolation(["the deal does not end"], seed, actions)
    return state, actions
