"""A simple computer player: plausible, legal, deterministic, no search.

It sees only its `PlayerView` and the legal actions (the view carries them too), and
follows the habits of a casual player:

- lead the cheapest card (non-trumps before trumps, low before high), with every other
  card of that rank when the lead rules allow and they are not trumps;
- defend: transfer for free by showing a trump, transfer with a non-trump; otherwise cover
  the cheapest way if every uncovered card can be covered, else take (a low trump
  transfer is still preferred to taking);
- throw in low non-trumps (anything but trumps once the stock is empty or the defender
  is taking), otherwise pass;
- always accept the lowest-trump exchange (the turn-up is higher).

"Cheap" is `_cost`: rank, plus a large premium for trumps.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Action, ActionKind, PlayerView

from .common import legal_and_forced

ATTACK, COVER, TAKE, PASS = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS
TRANSFER, SHOW = ActionKind.TRANSFER, ActionKind.SHOW
EXCHANGE, KEEP = ActionKind.EXCHANGE, ActionKind.KEEP

TRUMP_PREMIUM = 100
# Throw-ins above this rank are kept for later while the stock lasts (10 and below go).
THROW_IN_MAX_RANK = 10
# A trump this low may be spent on a transfer rather than taking the whole table.
CHEAP_TRUMP_MAX_RANK = 11


def _rank(card: int) -> int:
    return card & 15


def _suit(card: int) -> int:
    return (card >> 4) & 3


class SimplePlayer:
    """Stateless; one instance can play any number of seats and deals."""

    name = "simple"

    def choose(self, view: PlayerView, legal: Sequence[Action] | None = None) -> Action:
        return choose_action(view, legal)


def choose_action(view: PlayerView, legal: Sequence[Action] | None = None) -> Action:
    """A plausible legal action for `view.player`; `legal` defaults to `view.legal`."""
    actions, forced = legal_and_forced(view, legal)
    if forced is not None:
        return forced
    if legal is None:  # Warsaw's card-by-card lead and ordered covers (ai/warsaw.py)
        from .warsaw import warsaw_move
        move = warsaw_move(view)
        if move is not None:
            return move
    trump = view.trump_suit

    def cost(card: int) -> int:
        return _rank(card) + (TRUMP_PREMIUM if trump is not None and _suit(card) == trump else 0)

    def is_trump(card: int) -> bool:
        return trump is not None and _suit(card) == trump

    by_kind: dict[ActionKind, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)

    if EXCHANGE in by_kind:
        return by_kind[EXCHANGE][0]
    if COVER in by_kind or TAKE in by_kind or TRANSFER in by_kind or SHOW in by_kind:
        return _defend(view, by_kind, cost, is_trump)
    if ATTACK in by_kind:
        if not view.table:
            return _lead(by_kind[ATTACK], cost, is_trump)
        return _throw_in(view, by_kind, cost, is_trump)
    if PASS in by_kind:
        return by_kind[PASS][0]
    return min(actions, key=lambda a: (a.kind.value, a.cards))


def _lead(leads: list[Action], cost, is_trump) -> Action:
    cheapest = min((c for a in leads for c in a.cards), key=lambda c: (cost(c), c))
    rank = _rank(cheapest)
    # The widest legal lead of that rank without other trumps (a pair of sixes goes out
    # together); a trump is led alone.
    same_rank = [a for a in leads if cheapest in a.cards and all(
        _rank(c) == rank and (c == cheapest or not is_trump(c)) for c in a.cards)]
    if is_trump(cheapest):
        same_rank = [a for a in same_rank if len(a.cards) == 1] or same_rank
    return max(same_rank, key=lambda a: (len(a.cards), [-c for c in a.cards]))


def _throw_in(view: PlayerView, by_kind, cost, is_trump) -> Action:
    generous = view.taking or view.stock_count == 0
    candidates = [a for a in by_kind[ATTACK]
                  if not is_trump(a.cards[0])
                  and (generous or _rank(a.cards[0]) <= THROW_IN_MAX_RANK)]
    if candidates:
        return min(candidates, key=lambda a: (cost(a.cards[0]), a.cards[0]))
    if PASS in by_kind:
        return by_kind[PASS][0]
    return min(by_kind[ATTACK], key=lambda a: (cost(a.cards[0]), a.cards[0]))


def _defend(view: PlayerView, by_kind, cost, is_trump) -> Action:
    if SHOW in by_kind:  # showing keeps the card: a free transfer
        return by_kind[SHOW][0]
    transfers = sorted(by_kind.get(TRANSFER, []), key=lambda a: (cost(a.cards[0]), a.cards[0]))
    if transfers and not is_trump(transfers[0].cards[0]):
        return transfers[0]
    plan = _cover_plan(by_kind.get(COVER, []), view, cost)
    if plan is not None:
        return plan
    if transfers and _rank(transfers[0].cards[0]) <= CHEAP_TRUMP_MAX_RANK:
        return transfers[0]
    if TAKE in by_kind:
        return by_kind[TAKE][0]
    return (transfers or by_kind[COVER])[0]


def _cover_plan(covers: list[Action], view: PlayerView, cost) -> Action | None:
    """The first cover of a cheap complete covering of the uncovered cards, or None.

    Greedy: the attack cards with the fewest answers choose first, each takes its cheapest
    unused card. Greedy can miss a covering that exists; then the player takes, which is
    a plausible (if timid) move, never an illegal one.
    """
    uncovered = [a for a, c in view.table if c is None]
    if not uncovered:
        return None
    options: dict[int, list[Action]] = {a: [] for a in uncovered}
    for action in covers:
        options.setdefault(action.cards[0], []).append(action)
    used: set[int] = set()
    first: Action | None = None
    for attack in sorted(uncovered, key=lambda a: (len(options[a]), -cost(a), a)):
        free = [x for x in options[attack] if x.cards[1] not in used]
        if not free:
            return None
        best = min(free, key=lambda x: (cost(x.cards[1]), x.cards[1]))
        used.add(best.cards[1])
        if first is None or cost(best.cards[1]) < cost(first.cards[1]):
            first = best
    return first
