"""Computer against computer: ``run_arena`` plays many deals and counts who is the fool.

Seats: in game ``g`` side *a* holds the seats ``s`` with ``(s + g) % 2 == 0`` and side *b*
the others, so with two players they swap seats every game, and with more players a takes
the even seats in even games and the odd seats in odd games. Games come in pairs on the
same deal (same seed, same dealer) with the sides swapped, so luck of the cards cancels.
With an odd number of players a side holds one seat more in one game of a pair and one
fewer in the other.

Result: a game is *decided* when there is a fool; *a wins* when the fool sits on b's side
(with more than two players: "the fool is one of b's seats"). A draw (the last players
went out together) is neither. ``a_win_rate`` is a_wins / decided with a 95% Wilson
interval. Move times are seconds per ``choose_action`` call (every call, also forced
moves), mean and 95th percentile per side; ``*_decision_p95_s`` counts only calls with
more than one legal action. ``clock`` (``"wall"`` or ``"cpu"``, see ``hard.CLOCKS``) is
both what hard's budget measures and what the move times report; with ``"cpu"`` the
figures hold on a loaded machine (wall times are also given, ``*_wall_p95_s``).

Solo (``solo=True``, ``durak arena --solo``): side *a* holds one seat, the others are
all b's; games come in groups of ``players`` on the same deal, a's seat going round
(seat ``g % players``), so every seat of a deal is tried. The figure of interest is then
``a_fool_rate`` (a's seat is the fool, over all games, draws included) against the
``1 / players`` of an equal player.

Decision (RULES.md says a deal always ends, but players who all keep taking can pass the
same cards round a full table forever while nobody needs to draw): a deal still running
after ``MAX_MOVES`` actions counts as a draw.

Who moves: the seats the game waits on, principal attacker first, then clockwise (the
order in which a table of people would usually act); each move is applied with the
checked ``GameState.apply``, so an illegal computer move fails loudly.
"""

from __future__ import annotations

import math
import time
from typing import Any

from bot.engine import Recorder, RuleSet, new_deal

from . import DEFAULT_BUDGET_S, choose_action, oracle
from .hard import clock_of

MAX_MOVES = 3000  # a deal of 36 cards takes ~60-150 actions


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (0, 1 when n is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(math.ceil(q * len(ordered))) - 1)]


def side_of(seat: int, game: int, solo_players: int = 0) -> str:
    """The side of ``seat`` in game ``game``; ``solo_players``: a holds only the seat
    ``game % solo_players`` (solo mode; 0: the usual alternating split)."""
    if solo_players:
        return "a" if seat == game % solo_players else "b"
    return "a" if (seat + game) % 2 == 0 else "b"


def play_game(rules: RuleSet, deal_seed: int, game: int, strengths: dict[str, str],
              budgets: dict[str, float], times: dict[str, list[float]],
              decision_times: dict[str, list[float]], move_seed: int,
              clock: str = "wall", wall_times: dict[str, list[float]] | None = None,
              solo: bool = False) -> str | None:
    """One deal; returns "a", "b" (the winning side) or None for a draw."""
    now = clock_of(clock)
    state = new_deal(rules, deal_seed)
    recorder = Recorder(state)  # the deal's public history, for the players that read it
    n = rules.players
    solo_players = n if solo else 0
    while not state.is_over:
        if state.version >= MAX_MOVES:
            return None  # the same cards went round the table: a draw (see module doc)
        waiting = state.waiting_on()
        seat = min(waiting, key=lambda x: (x - state.attacker) % n)
        side = side_of(seat, game, solo_players)
        many = len(list(state.legal_actions(seat))) > 1
        w0 = time.perf_counter()
        t0 = now()
        move_rng_seed = (move_seed * 7919 + state.version) & 0x7FFFFFFF
        if strengths[side] == "oracle":  # sees the whole state (oracle.py)
            action = oracle.choose(state, seat, move_rng_seed, budgets[side], clock,
                                   history=recorder.history)
        else:
            action = choose_action(state, seat, strengths[side], seed=move_rng_seed,
                                   budget_s=budgets[side], clock=clock,
                                   history=recorder.history)
        spent = now() - t0
        times[side].append(spent)
        if wall_times is not None:
            wall_times[side].append(time.perf_counter() - w0)
        if many:
            decision_times[side].append(spent)
        recorder.apply(action)
    assert state.outcome is not None  # the loop above plays until the deal is over
    fools = state.outcome.fools
    if not fools:
        return None
    return "b" if side_of(fools[0], game, solo_players) == "a" else "a"


def run_arena(rules: RuleSet, a: str, b: str, games: int, seed: int,
              budget_a: float | None = None, budget_b: float | None = None,
              progress=None, clock: str = "wall", solo: bool = False) -> dict[str, Any]:
    strengths = {"a": a, "b": b}
    budgets = {"a": DEFAULT_BUDGET_S[a] if budget_a is None else budget_a,
               "b": DEFAULT_BUDGET_S[b] if budget_b is None else budget_b}
    times: dict[str, list[float]] = {"a": [], "b": []}
    decision_times: dict[str, list[float]] = {"a": [], "b": []}
    wall: dict[str, list[float]] = {"a": [], "b": []}
    wins = {"a": 0, "b": 0}
    draws = 0
    group = rules.players if solo else 2  # games on one deal
    for g in range(games):
        winner = play_game(rules, seed + g // group, g, strengths, budgets, times,
                           decision_times, move_seed=seed * 100_003 + g, clock=clock,
                           wall_times=wall, solo=solo)
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
        if progress is not None:
            progress(g + 1, wins["a"], wins["b"], draws)
    decided = wins["a"] + wins["b"]
    lo, hi = wilson(wins["a"], decided)
    out: dict[str, Any] = {
        "preset": rules.preset_name, "players": rules.players, "games": games, "seed": seed,
        "a": a, "b": b, "a_budget_s": budgets["a"], "b_budget_s": budgets["b"], "clock": clock,
        "a_wins": wins["a"], "b_wins": wins["b"], "draws": draws,
        "a_win_rate": wins["a"] / decided if decided else None,
        "a_win_rate_ci95": [round(lo, 4), round(hi, 4)], "solo": solo,
    }
    if solo:  # a holds one seat: how often is it the fool (draws count as not)?
        flo, fhi = wilson(wins["b"], games)
        out["a_fool_rate"] = round(wins["b"] / games, 4)
        out["a_fool_rate_ci95"] = [round(flo, 4), round(fhi, 4)]
    for side in ("a", "b"):
        ts = times[side]
        out[f"{side}_moves"] = len(ts)
        out[f"{side}_move_mean_s"] = round(sum(ts) / len(ts), 6) if ts else 0.0
        out[f"{side}_move_p95_s"] = round(percentile(ts, 0.95), 6)
        out[f"{side}_decision_p95_s"] = round(percentile(decision_times[side], 0.95), 6)
        out[f"{side}_wall_p95_s"] = round(percentile(wall[side], 0.95), 6)
    return out
