"""``hard``: Monte Carlo search over worlds consistent with the view: in two-player deals
an information-set tree (``ismcts.py``), with more players a flat determinized search.

Each iteration samples a world: with the deal's public history, from the particles of
``beliefs.DealBeliefs`` (the unseen cards of each other hand, weighed by how well the hand
it had at each moment explains that seat's moves as the textbook reads them); without
one, ``sampling.sample_world`` (the unseen cards dealt to the other hands' unseen slots
and the stock, known picked-up cards kept where they are, the deal biased by what the
bout says, ``inference.unlikely``). It then plays every candidate move in that same
world to the end and scores it for this seat. In the playouts this seat plays the
playout policy (``rollout.playout_action``) and the other seats the textbook
(``rollout.textbook_action``, ``OTHERS``): the playout policy reads the hands of a
sampled world, and a person, who cannot, was modelled as an opponent who always knows
where every card is (measured: 73.6% -> 83.3% of decided games against greedy at 0.1 s,
bot/ai/README.md). A seat that has made a move the textbook never makes is played by
the playout policy from then on (``models.py``): against plain Monte Carlo search that
model was worth 15 points. Scores: 1 when someone else is the fool, 0.5 for a
draw, 0 when this seat is the fool. Common worlds across candidates keep the comparison
fair. The move with the best mean wins, but it replaces ``normal``'s choice only when its
paired advantage over that move is at least ``CONFIDENCE_SE`` standard errors, so that
noise never overrides a sound move. Only with 3+ players in play: there playout results
differ little (arena: hard vs normal 3p rose from 42% to 63%); with two, playouts are
decisive and the gate cost strength (66% -> 56%), so there a small bonus for normal's
move (``PRIOR_BONUS``) only breaks near-ties.

In deals of two players (``SEARCH = "ismcts"``), the worlds are the same but this seat's
later moves are chosen by a tree shared by every world (``ismcts.py``), not by a policy
that sees the world it plays in: the flat search valued each move as if this seat would
later know the hidden hand (podkidnoy against greedy at 0.7 s: 87.6% -> 90.6%, the AI
README, "fifth step"). It spends the whole budget (no early stop) and plays the most
visited move. With more players the flat search stays (its rows are measured on it).

Once the stock is empty and only two players are left, the world is fully known (the
unseen cards are exactly the other hand): ``endgame.solve`` searches it exactly within a
node budget, and the Monte Carlo loop is only the fallback when the budget runs out.

Time: the loop stops early once one move is clearly best (``_clear_winner``), else at
``budget_s`` or after ``max_rollouts`` playouts when given (deterministic, for tests);
every decision is a pure function of the view and the seed when ``max_rollouts`` bounds
it. ``clock`` says what ``budget_s`` measures (``CLOCKS``): ``"wall"`` (the default, what
a person waits; the bot's pool uses it) or ``"cpu"`` (CPU time of the searching thread,
``time.thread_time``): arena runs use ``"cpu"`` so that hard gets the same thinking per
move whether or not other jobs share the cores, and its strength figures do not depend
on the machine's load.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from bot.engine import Action, PlayerView, PublicHistory, ThrowInState

from .beliefs import DealBeliefs
from .common import ATTACK, legal_and_forced
from .endgame import solve as solve_endgame
from .inference import ruled_out, unlikely
from .ismcts import run as search_tree
from .knowledge import read_view
from .models import off_the_textbook, textbook_seats
from .normal import choose as normal_choose
from .rollout import playout
from .sampling import can_sample, sample_world, world_with_hands

PRIOR_BONUS = 0.02
MIN_WORLDS = 12
CLEAR_MARGIN_SE = 3.0  # stop early when the best move leads by this many standard errors


CONFIDENCE_SE = 1.0
# How the playouts play the other seats (models.py): "fitted" (each as the textbook until
# it makes a public move the textbook never makes, then as the playout policy),
# "textbook" (rollout.textbook_action: blind, as a person at the table is) or "policy"
# (the playout policy, which reads their hands in the sampled world).
OTHERS = "fitted"
# How the playouts play this seat: "sighted" (the playout policy reads the other hands of
# the sampled world) or "blind" (it reads them as chances from what this seat could see,
# rollout.Unseen), so that no move is valued by later play that sees hidden cards.
OWN_PLAYOUTS = "sighted"
# The search in two-player deals: "ismcts" (``ismcts.py``: this seat's later moves chosen
# by a tree shared by every world) or "flat" (every candidate played out in common
# worlds, this seat's later moves by the playout policy, which sees the world).
SEARCH = "ismcts"
# Weigh worlds by the whole deal's history when given (beliefs.py): True, False (what the
# bout says only, ``inference``), or "fitted": only while every other seat's public moves
# fit the textbook (``models.off_the_textbook``), the player whose moves the reading reads.
READ_THE_DEAL: bool | str = True
# What a budget measures: wall time (what a person waits) or CPU time of this thread.
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}


def clock_of(name: str):
    try:
        return CLOCKS[name]
    except KeyError:
        raise ValueError(f"unknown clock {name!r}; known: {', '.join(CLOCKS)}") from None


def _reads_the_deal(view: PlayerView, history: PublicHistory | None) -> bool:
    """Weigh the worlds by the whole deal (``READ_THE_DEAL``)?"""
    if READ_THE_DEAL == "fitted":
        return (history is not None
                and not off_the_textbook(view, history) & ~(1 << view.player))
    return bool(READ_THE_DEAL)


def _confidently_better(total: float, total_sq: float, n: int) -> bool:
    """Is the mean of n paired score differences above CONFIDENCE_SE standard errors?"""
    if n < 2:
        return total > 0
    mean = total / n
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1))
    return mean > CONFIDENCE_SE * (var / n) ** 0.5 and mean > 0


def _clear_winner(totals: dict[Action, float], worlds: int) -> bool:
    """True when the best mean is ahead of every other by CLEAR_MARGIN_SE standard errors
    of a difference of two means of scores in [0, 1] (worst-case variance 1/4 each):
    more worlds would not change the choice, so the time is saved."""
    means = sorted((t / worlds for t in totals.values()), reverse=True)
    return means[0] - means[1] > CLEAR_MARGIN_SE * (0.5 / worlds) ** 0.5


def candidates(legal: list[Action], view: PlayerView) -> list[Action]:
    """Prune multi-card leads: every single card, and per rank the whole group of plain
    cards (and the whole group) - splitting a group three ways is never the point."""
    return _pruned(legal, bool(view.table), view.trump_suit)


def _candidates_in(legal: list[Action], s: ThrowInState) -> list[Action]:
    """``candidates`` in a sampled world (the IS-MCTS tree's deeper nodes)."""
    return _pruned(legal, bool(s.attacks), s.trump)


def _pruned(legal: list[Action], on_table: bool, trump: int | None) -> list[Action]:
    if on_table or not any(len(a.cards) > 1 for a in legal):
        return legal
    keep: dict[tuple, Action] = {}
    largest: dict[int, Action] = {}
    largest_plain: dict[int, Action] = {}
    for a in legal:
        if a.kind is not ATTACK:
            keep[a] = a
            continue
        r = a.cards[0] & 15
        if len(a.cards) == 1:
            keep[a] = a
        if r not in largest or len(a.cards) > len(largest[r].cards):
            largest[r] = a
        if all((c >> 4) & 3 != trump for c in a.cards):
            if r not in largest_plain or len(a.cards) > len(largest_plain[r].cards):
                largest_plain[r] = a
    for a in list(largest.values()) + list(largest_plain.values()):
        keep[a] = a
    return list(keep.values())


def score(outcome, seat: int) -> float:
    if outcome is None:
        return 0.5
    if seat in outcome.fools:
        return 0.0
    if not outcome.fools:
        return 0.5
    return 1.0


def search(view: PlayerView, seed: int, budget_s: float,
           max_rollouts: int | None = None, clock: str = "wall",
           worlds: Callable[[random.Random], ThrowInState] | None = None,
           history: PublicHistory | None = None, method: str | None = None,
           model: str | None = None,
           ) -> tuple[Action, dict[Action, tuple[float, int]]]:
    """(best action, {candidate: (mean score, playouts)}). ``worlds`` replaces the
    sampling of worlds from the view (``oracle.py``: the true state, for the arena's
    measure of what hidden cards cost); people's games never pass it. ``history``: the
    deal's public history, whose facts the sampled worlds keep (``inference.ruled_out``).
    ``method``: ``SEARCH`` unless given (the oracle keeps the flat search); ``model``:
    how the playouts play the other seats, ``OTHERS`` unless given (``models.py``)."""
    method = SEARCH if method is None else method
    if method not in ("flat", "ismcts"):
        raise ValueError(f"unknown hard.SEARCH {method!r}; known: flat, ismcts")
    now = clock_of(clock)
    legal, forced = legal_and_forced(view)
    if forced is not None:
        return forced, {}
    prior = normal_choose(view, seed)
    know = read_view(view)
    if not can_sample(view, know):
        return prior, {}
    start = now()
    deadline = start + budget_s
    rng = random.Random(seed)
    deal = DealBeliefs.build(view, know, history, rng) if _reads_the_deal(view, history) else None
    if worlds is None and deal is not None:  # worlds that explain the whole deal
        def worlds(rng: random.Random) -> ThrowInState:
            return world_with_hands(view, know, deal.hands(rng), rng)
    elif worlds is None:  # no history (or one it cannot read): what the bout says
        beliefs = unlikely(view, know)
        facts = ruled_out(view, know, history)

        def worlds(rng: random.Random) -> ThrowInState:
            return sample_world(view, rng, know, beliefs, facts)
    if view.stock_count == 0 and len(view.in_play) == 2:
        world = worlds(rng)  # the only world there is
        solved = solve_endgame(world, view.player, legal, deadline=start + budget_s * 0.5,
                               clock=now)
        if solved is not None:
            return solved, {}
    cands = candidates(legal, view)
    if len(cands) == 1:
        return cands[0], {}
    if prior not in cands:
        cands.append(prior)
    totals = {a: 0.0 for a in cands}
    # Per-world score differences to normal's move: deviate from it only when the search
    # is confident (``CONFIDENCE_SE``), not on noise - with 3+ players most playouts end
    # with someone else as the fool, so mean differences are small and noisy.
    diff_sum = {a: 0.0 for a in cands}
    diff_sq = {a: 0.0 for a in cands}
    counts = 0
    rollouts = 0
    seat = view.player
    others = textbook_seats(view, history, OTHERS if model is None else model)
    blind = 1 << seat if OWN_PLAYOUTS == "blind" else 0
    if method == "ismcts" and len(view.hand_counts) == 2:
        def out_of_time(playouts: int) -> bool:
            if max_rollouts is not None:
                return playouts >= max_rollouts
            return now() >= deadline

        stats = search_tree(cands, seat, worlds, rng, score, _candidates_in, out_of_time,
                           textbook=others, blind=blind)
        best = max(cands, key=lambda a: (stats[a][1], stats[a][0]) if a in stats else (0, 0))
        return best, stats
    while True:
        world = worlds(rng)
        scores = {}
        for a in cands:
            s = world.clone()
            s.apply_unchecked(a)
            playout(s, textbook=others, blind=blind)
            scores[a] = score(s.outcome, seat)
            totals[a] += scores[a]
            rollouts += 1
        base = scores[prior]
        for a in cands:
            d = scores[a] - base
            diff_sum[a] += d
            diff_sq[a] += d * d
        counts += 1
        if counts >= MIN_WORLDS and counts % 4 == 0 and _clear_winner(totals, counts):
            break
        if max_rollouts is not None:
            if rollouts >= max_rollouts:
                break
        elif (t := now()) >= deadline - (t - start) / counts:
            break  # the next world would end past the deadline
    stats = {a: (totals[a] / counts, counts) for a in cands}
    best = max(cands, key=lambda a: stats[a][0] + (PRIOR_BONUS if a == prior else 0.0))
    if (len(view.in_play) > 2 and best != prior
            and not _confidently_better(diff_sum[best], diff_sq[best], counts)):
        best = prior
    return best, stats


def choose(view: PlayerView, seed: int = 0, budget_s: float = 0.5,
           max_rollouts: int | None = None, clock: str = "wall",
           history: PublicHistory | None = None) -> Action:
    return search(view, seed, budget_s, max_rollouts, clock, history=history)[0]
