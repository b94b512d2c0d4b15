"""Determinization: full game states consistent with one seat's view.

A sampled world keeps everything the view shows (own hand, table, discard, stock size,
turn-up at the bottom of the stock, the bout's passes/take/limit) and deals the cards the
seat cannot place at random: first the unseen slots of every other hand (its known
picked-up cards stay in that hand), then the stock above the turn-up. The deal is not
uniform: what the bout says about a seat (``inference.unlikely``: a taking defender had
no cheap plain cover, a seat that passed had no plain card of the table's ranks) keeps
those cards out of that hand with probability ``inference.BELIEF`` each, and what the
deal's history rules out (``inference.ruled_out``) always; seats with such facts, then
beliefs are dealt first, the cards they probably lack go to the others and the stock.
The engine has no "state from a view" constructor, so this builds one through its public
``deal_from_position`` (which also recomputes the attackers of the bout). Worlds are
throw-in deals: a Warsaw view (its phases, cards in front) is not sampled.
"""

from __future__ import annotations

import random

from bot.engine import Phase, PlayerView, ThrowInState, WarsawView, deal_from_position
from bot.engine.core.cards import bits

from .inference import BELIEF, unlikely
from .knowledge import Knowledge, read_view


class CannotSample(ValueError):
    """The view holds something this module does not model (e.g. an exchange phase)."""


def can_sample(view: PlayerView, know: Knowledge | None = None) -> bool:
    know = know or read_view(view)
    return (view.phase is Phase.PLAY and not view.is_over and know.consistent
            and not isinstance(view, WarsawView))


def sample_world(view: PlayerView, rng: random.Random, know: Knowledge | None = None,
                 beliefs: dict[int, int] | None = None,
                 facts: dict[int, int] | None = None) -> ThrowInState:
    """One full state consistent with ``view``; unknown cards dealt at random, biased by
    ``beliefs`` ({seat: cards it probably lacks}; default ``inference.unlikely``) and
    kept from ``facts`` ({seat: cards it certainly lacks}, ``inference.ruled_out``)."""
    know = know or read_view(view)
    if not can_sample(view, know):
        raise CannotSample("this view cannot be completed into a full state")
    if beliefs is None:
        beliefs = unlikely(view, know)
    pool = bits(know.unknown)
    rng.shuffle(pool)
    n = len(view.hand_counts)
    dealt: list[list[int]] = [[] for _ in range(n)]
    to_stock: list[int] = []
    if facts:
        pool, dealt, to_stock = place_ruled_out(pool, facts, know, view.player, rng)
    order = sorted((s for s in range(n) if s != view.player),
                   key=lambda s: 0 if beliefs.get(s) else 1)
    for s in order:
        take = know.slots[s] - len(dealt[s])
        avoid = beliefs.get(s, 0)
        if not avoid:
            dealt[s], pool = dealt[s] + pool[:take], pool[take:]
            continue
        chosen: list[int] = []
        rest: list[int] = []
        for c in pool:
            if len(chosen) < take and not ((avoid >> c) & 1 and rng.random() < BELIEF):
                chosen.append(c)
            else:
                rest.append(c)
        short = take - len(chosen)
        if short:  # not enough cards it plausibly holds: the beliefs give way
            chosen += rest[:short]
            rest = rest[short:]
        dealt[s], pool = dealt[s] + chosen, rest
    hands = [bits(know.known[s]) + dealt[s] for s in range(n)]
    stock = pool
    if to_stock:
        stock += to_stock
        rng.shuffle(stock)
    if know.turnup_in_stock and know.turnup is not None:
        stock.append(know.turnup)  # drawn last
    return build_state(view, hands, stock)


def world_with_hands(view: PlayerView, know: Knowledge, hidden: list[list[int]],
                     rng: random.Random) -> ThrowInState:
    """The world where each other seat's unseen slots hold ``hidden[seat]`` (e.g. a
    ``beliefs.DealBeliefs`` particle) and the rest of the unknown cards make the stock, in
    random order."""
    placed = 0
    for cards in hidden:
        for c in cards:
            placed |= 1 << c
    stock = bits(know.unknown & ~placed)
    rng.shuffle(stock)
    if know.turnup_in_stock and know.turnup is not None:
        stock.append(know.turnup)  # drawn last
    hands = [bits(know.known[s]) + list(hidden[s]) for s in range(len(view.hand_counts))]
    return build_state(view, hands, stock)


def place_ruled_out(pool: list[int], facts: dict[int, int], know: Knowledge, me: int,
                     rng: random.Random) -> tuple[list[int], list[list[int]], list[int]]:
    """Deal first the cards some seat certainly lacks, each to a random place that may
    hold it (a seat's unseen slots or the stock, in proportion to the room left), the
    cards with the fewest places first so that no card is left without one. Returns
    (the rest of the pool, the cards dealt to each seat, the cards for the stock)."""
    room = {s: know.slots[s] for s in range(len(know.slots)) if s != me}
    stock_room = know.stock_unknown
    ruled = 0
    for m in facts.values():
        ruled |= m
    fixed = [c for c in pool if (ruled >> c) & 1]
    rest = [c for c in pool if not (ruled >> c) & 1]

    def allowed(c: int) -> list[int]:
        return [s for s in room if not (facts.get(s, 0) >> c) & 1]

    fixed.sort(key=lambda c: len(allowed(c)))  # stable: the shuffle orders equal ones
    dealt: list[list[int]] = [[] for _ in know.slots]
    to_stock: list[int] = []
    for c in fixed:
        places = [(s, room[s]) for s in allowed(c) if room[s] > 0]
        if not places and not stock_room:  # facts a view cannot keep all: they give way
            places = [(s, r) for s, r in room.items() if r > 0]
        if stock_room:
            places.append((-1, stock_room))
        if not places:
            rest.append(c)
            continue
        x = rng.random() * sum(w for _, w in places)
        place = places[-1][0]
        for s, w in places:
            x -= w
            if x < 0:
                place = s
                break
        if place < 0:
            to_stock.append(c)
            stock_room -= 1
        else:
            dealt[place].append(c)
            room[place] -= 1
    return rest, dealt, to_stock


def known_world(view: PlayerView, know: Knowledge | None = None) -> ThrowInState | None:
    """The one world there is when the stock is empty and two players are left (every
    unseen card is in the other hand), or None when the view is not such an ending."""
    know = know or read_view(view)
    if view.stock_count or len(view.in_play) != 2 or not can_sample(view, know):
        return None
    other = next(s for s in view.in_play if s != view.player)
    hands = [bits(know.known[s]) + (bits(know.unknown) if s == other else [])
             for s in range(len(view.hand_counts))]
    return build_state(view, hands, [])


def build_state(view: PlayerView, hands: list[list[int]], stock: list[int]) -> ThrowInState:
    """The full state of ``view`` with these hands and this stock (draw order)."""
    out = [s for s in view.out_order]
    world = deal_from_position(
        view.rules, hands=hands, trump=-1 if view.trump_suit is None else view.trump_suit,
        attacker=view.attacker, defender=view.defender, stock=stock,
        turnup=None if view.turnup is None else int(view.turnup),
        table=[(int(a), None if c is None else int(c)) for a, c in view.table],
        attack_by=list(view.attack_by), taking=view.taking, passed=view.passed,
        first_bout=view.first_bout, limit=view.limit, out=out,
        shown=[int(c) for c in view.shown], dealer=view.dealer)
    assert isinstance(world, ThrowInState)  # can_sample: never a Warsaw view
    return world
