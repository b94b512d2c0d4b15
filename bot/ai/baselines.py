"""Yardsticks for the computer players, not strengths offered to people: the textbook
greedy player and a plain determinized Monte Carlo search with random playouts. The
arena plays them (``durak arena --b greedy``, ``--b mcts``) so anyone can reproduce how
``easy``, ``normal`` and ``hard`` compare with players nobody here tuned.

``greedy`` is the heuristic of the Durak literature:
- lead the lowest non-trump card (the lowest trump when only trumps are left), alone;
- throw in the lowest non-trump card of a rank on the table, trumps only once the stock
  is empty; otherwise pass;
- defend: when every uncovered card can be covered, cover with the cheapest card that
  beats it (non-trumps before trumps); otherwise take. In perevodnoy it transfers with
  its lowest non-trump of the attack's rank when covering would cost a trump or is
  impossible;
- anything else (exchanges, shows, games it does not model): ``common.safe_fallback``.

``mcts`` is "plain" on purpose: ``worlds`` determinizations of the hidden cards, dealt
uniformly at random (no inference from the bout), each searched with UCB1 over the legal
moves and ``playouts`` uniformly random playouts to the end of the deal; the move with the
most visits over all worlds wins. Random playouts waste trumps, which is why such players
are weak at Durak; that is what makes it a fair, well-known yardstick.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from bot.engine import Action, GameState, PlayerView

from .common import ATTACK, COVER, PASS, TAKE, TRANSFER, by_kind, safe_fallback
from .sampling import CannotSample, sample_world

TRUMP_PREMIUM = 100
PLAYOUT_LIMIT = 400  # actions; a playout still running is scored as a draw (0.5)
UCB_C = 1.4
MCTS_WORLDS, MCTS_PLAYOUTS = 5, 40  # per move: the public baseline's budget


def _rank(card: int) -> int:
    return card & 15


def _suit(card: int) -> int:
    return (card >> 4) & 3


def greedy(view: PlayerView) -> Action:
    """The textbook greedy move of ``view.player`` (see the top)."""
    legal = list(view.legal)
    if not legal:
        raise ValueError(f"seat {view.player} has no legal action to choose from")
    trump = view.trump_suit

    def is_trump(card: int) -> bool:
        return trump is not None and _suit(card) == trump

    def cost(card: int) -> int:
        return _rank(card) + (TRUMP_PREMIUM if is_trump(card) else 0)

    kinds = by_kind(legal)
    if COVER in kinds or TAKE in kinds or TRANSFER in kinds:
        return _defend(view, kinds, cost, is_trump) or safe_fallback(legal)
    singles = [a for a in kinds.get(ATTACK, []) if len(a.cards) == 1]
    if singles and not view.table:  # a lead: the lowest card, non-trumps first
        return min(singles, key=lambda a: (cost(a.cards[0]), a.cards[0]))
    if singles:  # a throw-in
        allowed = [a for a in singles if not is_trump(a.cards[0]) or view.stock_count == 0]
        if allowed:
            return min(allowed, key=lambda a: (cost(a.cards[0]), a.cards[0]))
    if PASS in kinds:
        return kinds[PASS][0]
    return safe_fallback(legal)


def _defend(view: PlayerView, kinds, cost, is_trump) -> Action | None:
    covers = kinds.get(COVER, [])
    uncovered = [a for a, c in view.table if c is None]
    plan: list[Action] = []
    used: set[int] = set()
    for attack in uncovered:  # each card its cheapest unused beater, in table order
        free = [x for x in covers if x.cards[0] == attack and x.cards[1] not in used]
        if not free:
            plan = []
            break
        best = min(free, key=lambda x: (cost(x.cards[1]), x.cards[1]))
        used.add(best.cards[1])
        plan.append(best)
    transfers = sorted((a for a in kinds.get(TRANSFER, []) if not is_trump(a.cards[0])),
                       key=lambda a: (cost(a.cards[0]), a.cards[0]))
    if transfers and (not plan or any(is_trump(a.cards[1]) for a in plan)):
        return transfers[0]
    if plan:
        return plan[0]
    if TAKE in kinds:
        return kinds[TAKE][0]
    return None


def _random_playout(state: GameState, seat: int, rng: random.Random) -> float:
    """Play uniformly random legal moves to the end: 1 when ``seat`` is not the fool,
    0 when it is, 0.5 for a draw or a playout that ran too long."""
    for _ in range(PLAYOUT_LIMIT):
        if state.is_over:
            break
        mover = rng.choice(state.waiting_on())
        state.apply(rng.choice(list(state.legal_actions(mover))))
    if not state.is_over or state.outcome is None or not state.outcome.fools:
        return 0.5
    return 0.0 if seat in state.outcome.fools else 1.0


def mcts(view: PlayerView, seed: int, *, worlds: int = MCTS_WORLDS,
         playouts: int = MCTS_PLAYOUTS, budget_s: float | None = None) -> Action:
    """The plain determinized Monte Carlo move (see the top). ``budget_s``, when given,
    replaces the fixed number of playouts: the search runs until that much wall time is
    spent (at least one playout per move and world)."""
    legal: Sequence[Action] = list(view.legal)
    if len(legal) == 1:
        return legal[0]
    rng = random.Random(seed)
    seat = view.player
    visits = {a.text(): 0 for a in legal}
    wins = {a.text(): 0.0 for a in legal}
    deadline = None if budget_s is None else time.perf_counter() + budget_s
    for w in range(worlds):
        try:
            world = sample_world(view, rng, beliefs={})
        except CannotSample:
            return greedy(view)
        n_world = {a.text(): 0 for a in legal}
        w_world = {a.text(): 0.0 for a in legal}
        moves = {a.text(): a for a in world.legal_actions(seat)}
        keys = [k for k in visits if k in moves]
        if not keys:
            continue
        i = 0
        while True:
            if deadline is None and i >= playouts:
                break
            if deadline is not None and i >= len(keys) \
                    and time.perf_counter() > _world_deadline(deadline, budget_s, w, worlds):
                break
            total = max(1, i)
            key = next((k for k in keys if n_world[k] == 0), None) or max(
                keys, key=lambda k: w_world[k] / n_world[k]
                + UCB_C * math.sqrt(math.log(total) / n_world[k]))
            state = world.clone()
            state.apply(moves[key])
            score = _random_playout(state, seat, rng)
            n_world[key] += 1
            w_world[key] += score
            i += 1
        for k in keys:
            visits[k] += n_world[k]
            wins[k] += w_world[k]
    best = max(visits, key=lambda k: (visits[k], wins[k]))
    return next(a for a in legal if a.text() == best)


def _world_deadline(deadline: float, budget_s: float | None, w: int, worlds: int) -> float:
    """When world ``w`` of ``worlds`` stops searching: the budget split evenly."""
    assert budget_s is not None
    start = deadline - budget_s
    return start + budget_s * (w + 1) / worlds
