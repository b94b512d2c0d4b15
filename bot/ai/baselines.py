"""Yardsticks for the arena, not strengths offered to people: ``greedy`` and ``mcts``.

``greedy`` is the textbook player every Durak program is first measured against:

- lead the lowest plain (non-trump) card, one card; the lowest trump when it holds only
  trumps;
- throw in the lowest plain card of a rank on the table whenever it can (onto a taker
  too); trumps only once the stock is empty; otherwise pass;
- defend: cover each uncovered card with the cheapest card that beats it, plain before
  trump (it covers only when every uncovered card can be covered: a complete covering
  exists; it plays the cheapest cover of the first uncovered card that keeps one);
  take when some card cannot be covered;
- perevodnoy (keep it simple): transfer with the lowest matching plain card when it
  could not otherwise cover cheaply, i.e. when no complete covering exists or the
  covering needs a trump; show a trump (``play_or_show``) under the same condition;
- accept the lowest-trump exchange; every other action kind gets ``safe_fallback``.

``mcts`` is plain determinized flat Monte Carlo: each iteration deals the unseen cards
uniformly at random (no inference from the bout), then plays every legal action once in
that world and finishes the deal with uniformly random moves; the action with the best
mean score (1 another seat is the fool, 0.5 draw, 0 this seat) wins. It stops at its
budget (``clock`` as in ``hard``) or after ``max_rollouts`` playouts; without a budget it
plays ``WORLDS`` x ``PLAYOUTS_PER_WORLD`` playouts spread over the legal actions.
No endgame solver, no playout policy: a yardstick for what search alone gives.
"""

from __future__ import annotations

import random

from bot.engine import Action, PlayerView, ThrowInState

from .common import (
    ATTACK,
    COVER,
    EXCHANGE,
    PASS,
    SHOW,
    TAKE,
    TRANSFER,
    by_kind,
    legal_and_forced,
    safe_fallback,
)
from .hard import clock_of, score
from .knowledge import read_view
from .rollout import next_seat
from .sampling import can_sample, sample_world

# Without a time budget: 5 determinizations x 40 random playouts each per move.
WORLDS = 5
PLAYOUTS_PER_WORLD = 40
RANDOM_PLAYOUT_MAX_MOVES = 2000  # a random deal this long is scored as a draw


# ---------------------------------------------------------------------------- greedy
def _is_trump(card: int, trump: int | None) -> bool:
    return trump is not None and (card >> 4) & 3 == trump


def _cheap(card: int, trump: int | None) -> tuple[int, int, int]:
    """Order of cheapness: plain before trump, then low rank before high (then the id)."""
    return (1 if _is_trump(card, trump) else 0, card & 15, card)


def greedy_covering(uncovered: list[int], covers: list[Action], trump: int | None,
                    ) -> list[Action] | None:
    """Covers for ``uncovered`` in order, each the cheapest card that still leaves a
    complete covering of the rest (plain before trump), or None when none exists."""
    options: dict[int, list[Action]] = {a: [] for a in uncovered}
    for act in covers:
        if act.cards[0] in options:
            options[act.cards[0]].append(act)
    for opts in options.values():
        opts.sort(key=lambda x: _cheap(x.cards[1], trump))

    def fill(i: int, used: int) -> list[Action] | None:
        if i == len(uncovered):
            return []
        for act in options[uncovered[i]]:
            c = act.cards[1]
            if (used >> c) & 1:
                continue
            rest = fill(i + 1, used | (1 << c))
            if rest is not None:
                return [act, *rest]
        return None

    return fill(0, 0)


def greedy_choose(view: PlayerView, seed: int = 0) -> Action:
    legal, forced = legal_and_forced(view)
    if forced is not None:
        return forced
    trump = view.trump_suit
    kinds = by_kind(legal)
    if EXCHANGE in kinds:
        return kinds[EXCHANGE][0]
    if view.player == view.defender and (COVER in kinds or TAKE in kinds
                                         or TRANSFER in kinds or SHOW in kinds):
        return _greedy_defend(view, kinds, trump)
    if ATTACK in kinds and not view.table:
        return _greedy_lead(kinds[ATTACK], trump)
    if ATTACK in kinds:
        stock_gone = view.stock_count == 0
        options = [a for a in kinds[ATTACK] if len(a.cards) == 1
                   and (stock_gone or not _is_trump(a.cards[0], trump))]
        if options:
            return min(options, key=lambda a: _cheap(a.cards[0], trump))
    if PASS in kinds:
        return kinds[PASS][0]
    return safe_fallback(legal)


def _greedy_lead(leads: list[Action], trump: int | None) -> Action:
    singles = [a for a in leads if len(a.cards) == 1]
    if singles:
        return min(singles, key=lambda a: _cheap(a.cards[0], trump))
    # Leads of several cards only (e.g. a pattern lead): the cheapest such lead.
    return min(leads, key=lambda a: (len(a.cards), sorted(_cheap(c, trump) for c in a.cards)))


def _greedy_defend(view: PlayerView, kinds, trump: int | None) -> Action:
    uncovered = [int(a) for a, c in view.table if c is None]
    plan = greedy_covering(uncovered, kinds.get(COVER, []), trump) if uncovered else None
    cheap = plan is not None and not any(_is_trump(a.cards[1], trump) for a in plan)
    if not cheap:
        transfers = [a for a in kinds.get(TRANSFER, []) if not _is_trump(a.cards[0], trump)]
        if transfers:
            return min(transfers, key=lambda a: _cheap(a.cards[0], trump))
        if SHOW in kinds:
            return kinds[SHOW][0]
    if plan:
        return plan[0]
    if TAKE in kinds:
        return kinds[TAKE][0]
    return safe_fallback([a for acts in kinds.values() for a in acts])


# ---------------------------------------------------------------------------- mcts
def random_playout(s: ThrowInState, rng: random.Random,
                   max_moves: int = RANDOM_PLAYOUT_MAX_MOVES) -> None:
    """Play ``s`` on in place with uniformly random legal moves (the seat the game waits
    on, principal attacker first); stops after ``max_moves`` (then no outcome: a draw)."""
    rand = rng.random
    moves = 0
    while s.outcome is None and moves < max_moves:
        seat = next_seat(s)
        acts = list(s.legal_actions(seat))
        s.apply_unchecked(acts[int(rand() * len(acts))])
        moves += 1


def mcts_search(view: PlayerView, seed: int, budget_s: float | None = None,
                max_rollouts: int | None = None, clock: str = "wall",
                ) -> tuple[Action, dict[Action, tuple[float, int]]]:
    """(best action, {action: (mean score, playouts)}) by flat Monte Carlo over uniformly
    sampled worlds (see the module doc). ``budget_s`` None or 0: a fixed number of
    playouts (``WORLDS`` x ``PLAYOUTS_PER_WORLD``) unless ``max_rollouts`` is given."""
    legal, forced = legal_and_forced(view)
    if forced is not None:
        return forced, {}
    know = read_view(view)
    if not can_sample(view, know):
        return greedy_choose(view, seed), {}
    now = clock_of(clock)
    timed = budget_s is not None and budget_s > 0 and max_rollouts is None
    if max_rollouts is None and not timed:
        max_rollouts = WORLDS * PLAYOUTS_PER_WORLD
    per_world = max(1, PLAYOUTS_PER_WORLD // len(legal))  # playouts per action per world
    rng = random.Random(seed)
    totals = {a: 0.0 for a in legal}
    counts = {a: 0 for a in legal}
    seat = view.player
    start = now()
    rollouts = 0
    worlds = 0
    uniform: dict[int, int] = {}
    while True:
        world = sample_world(view, rng, know, uniform)
        for a in legal:
            for _ in range(per_world):
                s = world.clone()
                s.apply_unchecked(a)
                random_playout(s, rng)
                totals[a] += score(s.outcome, seat)
                counts[a] += 1
                rollouts += 1
        worlds += 1
        if timed:
            assert budget_s is not None
            t = now()
            if t >= start + budget_s - (t - start) / worlds:
                break  # the next world would end past the budget
        elif max_rollouts is not None and rollouts >= max_rollouts:
            break
    stats = {a: (totals[a] / counts[a], counts[a]) for a in legal}
    best = max(legal, key=lambda a: stats[a][0])
    return best, stats


def mcts_choose(view: PlayerView, seed: int = 0, budget_s: float | None = None,
                max_rollouts: int | None = None, clock: str = "wall") -> Action:
    return mcts_search(view, seed, budget_s, max_rollouts, clock)[0]
