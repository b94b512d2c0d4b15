"""Information-set Monte Carlo tree search for hard's seat (single observer: Cowling,
Powley and Whitehouse 2012, "Information Set Monte Carlo Tree Search").

``hard.search``'s flat search values each move by playing it out in sampled worlds, and
in those playouts this seat's later moves are made by a policy that sees the world it is
in: a move is valued as if this seat would later play knowing the hidden cards. Here
this seat's later decisions are made by a tree instead, shared by every world: a node is
what this seat has seen since the root (its own moves and the other seats' public
moves), so the statistics that choose a move at a node come from every world consistent
with what it saw there, never from one world's hidden cards. Each iteration samples one
world (the same ``worlds`` as the flat search), descends the tree choosing among the
moves available in that world (its own hand there) by UCB1 with availability counts,
adds one node, plays the rest out (``rollout.playout``) and backs the result up. The
other seats are played by the same model as in the flat search (``hard.OTHERS``), so
their moves are the world's response rather than branches of the tree.

The root's move is the one visited most. ``hard.SEARCH`` chooses this search or the flat
one (``"ismcts"`` / ``"flat"``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from bot.engine import Action, ThrowInState

from .rollout import model_action, next_seat, playout

EXPLORATION = 0.7  # UCB1's constant for scores in [0, 1] (the paper's 0.7)


class _Edge:
    """A move at a node: its playouts, their summed score, how often it was available."""

    __slots__ = ("visits", "total", "available", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0
        # what this seat saw after the move (the other seats' moves) -> the next node
        self.children: dict[tuple, dict[Action, _Edge]] = {}


def _select(edges: dict[Action, _Edge], moves: list[Action], rng: random.Random
            ) -> tuple[Action, _Edge, bool]:
    """The move to follow among those available (``moves``): an untried one first (at
    random), else the best by UCB1 over the times each was available. Marks them seen."""
    untried = []
    for a in moves:
        edge = edges.get(a)
        if edge is None:
            untried.append(a)
        else:
            edge.available += 1
    if untried:
        a = rng.choice(untried)
        edge = edges[a] = _Edge()
        edge.available = 1
        return a, edge, True
    best, best_edge, best_ucb = moves[0], edges[moves[0]], -1.0
    for a in moves:
        edge = edges[a]
        ucb = (edge.total / edge.visits
               + EXPLORATION * math.sqrt(math.log(edge.available) / edge.visits))
        if ucb > best_ucb:
            best, best_edge, best_ucb = a, edge, ucb
    return best, best_edge, False


def _others_move(s: ThrowInState, seat: int, textbook: int, blind: int) -> tuple:
    """Play the other seats (their model) until ``seat`` is to move or the deal ends;
    their moves, which ``seat`` sees."""
    seen = []
    while s.outcome is None:
        mover = next_seat(s)
        if mover == seat:
            break
        a = model_action(s, mover, textbook, blind)
        s.apply_unchecked(a)
        seen.append(a)
    return tuple(seen)


def run(root_moves: list[Action], seat: int, worlds: Callable[[random.Random], ThrowInState],
        rng: random.Random, score: Callable, prune: Callable[[list, ThrowInState], list],
        out_of_time: Callable[[int], bool], textbook: int = 0, blind: int = 0,
        ) -> dict[Action, tuple[float, int]]:
    """{root move: (mean score, playouts)} after iterating until ``out_of_time(playouts)``
    says stop. ``prune`` narrows this seat's legal moves at a deeper node as
    ``hard.candidates`` does at the root; ``score(outcome, seat)`` scores an ending."""
    root: dict[Action, _Edge] = {}
    iterations = 0
    while not out_of_time(iterations):
        s = worlds(rng)
        edges, moves = root, root_moves
        path = []
        while True:
            a, edge, new = _select(edges, moves, rng)
            path.append(edge)
            s.apply_unchecked(a)
            if new:
                break
            seen = _others_move(s, seat, textbook, blind)
            if s.outcome is not None:
                break
            moves = prune(list(s.legal_actions(seat)), s)
            if not moves:  # nothing to do yet (e.g. waiting on a throw-in): play on
                break
            edges = edge.children.setdefault(seen, {})
        if s.outcome is None:
            playout(s, textbook=textbook, blind=blind)
        result = score(s.outcome, seat)
        for edge in path:
            edge.visits += 1
            edge.total += result
        iterations += 1
    return {a: (e.total / e.visits if e.visits else 0.0, e.visits) for a, e in root.items()}
