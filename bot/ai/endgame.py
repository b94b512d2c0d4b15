"""Exact search of a fully known endgame: the stock is empty and two players are left.

Then every card is placed (the unseen cards are exactly the other hand), so the deal is a
perfect-information game. ``solve`` runs minimax over the seat the game waits on
(principal attacker first among attackers, like the playouts), with a transposition table
and a cut as soon as a side reaches its best possible result (values are only 1 win,
0.5 draw, 0 fool, so memoised values stay exact). It gives up (returns None) at the
deadline, past ``MAX_DEPTH`` plies or with more than ``MAX_CARDS`` cards in hand; the
caller then falls back to Monte Carlo.
"""

from __future__ import annotations

import time

from bot.engine import Action, ThrowInState

from .rollout import next_seat, playout_action

MAX_DEPTH = 150  # plies; cards can shuttle between two hands by taking, so lines get long
MAX_CARDS = 18   # cards in both hands: beyond this the tree is hopeless within a second


class _OutOfTime(Exception):
    pass


def _key(s: ThrowInState) -> tuple:
    return (tuple(s.hands), tuple(s.attacks), tuple(s.covers), s.attacker, s.defender,
            s.passed, s.taking, s.limit, s.shown, tuple(s.in_play))


def _value(s: ThrowInState, me: int) -> float:
    o = s.outcome
    if o is None or not o.fools:
        return 0.5
    return 0.0 if me in o.fools else 1.0


def solve(state: ThrowInState, me: int, legal: list[Action], deadline: float = float("inf"),
          clock=time.perf_counter, max_nodes: int | None = None) -> Action | None:
    """The best of ``legal`` for ``me`` (who must be able to act now), or None.
    ``deadline`` is a reading of ``clock`` (wall by default; hard passes its own);
    ``max_nodes`` bounds the work instead (a pure function of the position: ``normal``)."""
    memo: dict[tuple, float] = {}
    counter = [0]
    read = clock

    def nodes() -> float:  # read every 256 nodes: the work done so far
        return float(counter[0])

    if max_nodes is not None:
        read, deadline = nodes, float(max_nodes)

    def value(s: ThrowInState, depth: int) -> float:
        if s.outcome is not None:
            return _value(s, me)
        key = _key(s)
        hit = memo.get(key)
        if hit is not None:
            return hit
        counter[0] += 1
        if depth > MAX_DEPTH or counter[0] & 255 == 0 and read() > deadline:
            raise _OutOfTime
        seat = next_seat(s)
        acts = list(s.legal_actions(seat))
        first = playout_action(s, seat, acts)
        acts.remove(first)
        acts.insert(0, first)
        maximise = seat == me
        best = -1.0 if maximise else 2.0
        for a in acts:
            child = s.clone()
            child.apply_unchecked(a)
            v = value(child, depth + 1)
            if maximise:
                if v > best:
                    best = v
                    if best >= 1.0:
                        break
            else:
                if v < best:
                    best = v
                    if best <= 0.0:
                        break
        memo[key] = best
        return best

    if sum(h.bit_count() for h in state.hands) > MAX_CARDS:
        return None
    try:
        best_action, best_value = None, -1.0
        order = sorted(legal, key=lambda a: a != playout_action(state, me, list(legal)))
        for a in order:
            child = state.clone()
            child.apply_unchecked(a)
            v = value(child, 1)
            if v > best_value:
                best_action, best_value = a, v
                if v >= 1.0:
                    break
        return best_action
    except _OutOfTime:
        return None
