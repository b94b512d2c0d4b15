"""Computer players: they see only a ``PlayerView`` and return a legal action.

    choose_action(state, seat, "hard", seed=7, budget_s=0.5) -> Action
    hint(state, seat, seed=7, budget_s=0.5) -> (Action, ("hint.cover", {...}))

Strengths: ``easy`` (plausible, no counting, some slips), ``normal`` (rules of thumb with
card counting), ``hard`` (information-set Monte Carlo tree search with two players,
determinized Monte Carlo with more; exact endgame search). The arena also knows two
yardsticks that are not offered to people (``BASELINES``, ``baselines.py``): ``greedy``
(the textbook player) and ``mcts`` (plain determinized flat Monte Carlo with random
playouts). Both entry points are pure and synchronous: they build the seat's view
themselves and pass only the view to the player, so no player can read hidden cards. Run
them off the event loop (``bot.ai.pool.ComputerPlayers``).
"""

from __future__ import annotations

from bot.engine import Action, GameState, PlayerView, PublicHistory

from . import baselines, easy, hard, normal
from .hints import explain
from .rollout import LONG_DEAL
from .warsaw import warsaw_move

STRENGTHS = ("easy", "normal", "hard")
BASELINES = ("greedy", "mcts", "oracle")  # arena yardsticks only (baselines.py, oracle.py)
PLAYERS = STRENGTHS + BASELINES
# hard: 0.7 s keeps its p95 per move under the 1 s on one loaded core (the search
# stops one world before the deadline, endgames and clear choices much earlier).
DEFAULT_BUDGET_S = {"easy": 0.0, "normal": 0.0, "hard": 0.7,
                    "greedy": 0.0, "mcts": 0.7,  # mcts: the same time per move as hard
                    "oracle": 0.7}


def choose_from_view(view: PlayerView, strength: str, *, seed: int, budget_s: float,
                     max_rollouts: int | None = None, clock: str = "wall",
                     history: PublicHistory | None = None) -> Action:
    """``history``: the deal's public history (hard reads it; the others need none)."""
    if strength not in PLAYERS:
        raise ValueError(f"unknown strength {strength!r}; known: {', '.join(PLAYERS)}")
    if view.version >= LONG_DEAL:
        return normal.progress_move(view)  # see rollout.LONG_DEAL
    if strength != "hard":  # Warsaw's card-by-card lead and ordered covers (ai/warsaw.py)
        move = warsaw_move(view)
        if move is not None:
            return move
    if strength == "easy":
        return easy.choose(view, seed)
    if strength == "normal":
        return normal.choose(view, seed)
    if strength == "hard":
        return hard.choose(view, seed, budget_s, max_rollouts, clock, history)
    if strength == "greedy":
        return baselines.greedy_choose(view, seed)
    if strength == "mcts":
        return baselines.mcts_choose(view, seed, budget_s, max_rollouts, clock)
    if strength == "oracle":
        raise ValueError("oracle sees the whole state: only the arena plays it")
    raise ValueError(f"unknown strength {strength!r}; known: {', '.join(STRENGTHS)}")


def choose_action(state: GameState, seat: int, strength: str, *, seed: int,
                  budget_s: float, max_rollouts: int | None = None,
                  clock: str = "wall", history: PublicHistory | None = None) -> Action:
    """The move of a ``strength`` computer player in ``seat`` (which must have a legal
    action). ``max_rollouts`` bounds the hard search by work instead of time (tests);
    ``clock`` is what ``budget_s`` measures: ``"wall"`` or ``"cpu"`` (``hard.CLOCKS``);
    ``history``: the deal's public history (``bot.engine.Recorder``; public by
    construction, so passing it shows the player nothing hidden)."""
    return choose_from_view(state.view(seat), strength, seed=seed, budget_s=budget_s,
                            max_rollouts=max_rollouts, clock=clock, history=history)


def hint(state: GameState, seat: int, *, seed: int, budget_s: float,
         max_rollouts: int | None = None, clock: str = "wall",
         history: PublicHistory | None = None,
         ) -> tuple[Action, tuple[str, dict[str, object]]]:
    """What ``hard`` would do for ``seat`` and a one-line reason: an i18n key of the
    ``hint.*`` family with its parameters (render with ``bot.i18n.t(locale, key, **p)``)."""
    view = state.view(seat)
    action, stats = hard.search(view, seed, budget_s, max_rollouts, clock, history=history)
    return action, explain(view, action, stats)


__all__ = ["STRENGTHS", "BASELINES", "PLAYERS", "DEFAULT_BUDGET_S", "choose_action",
           "choose_from_view", "hint"]
