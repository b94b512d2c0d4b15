"""Dureń Piątkowy (Warsaw) moves the rule-of-thumb players do not model themselves.

The Warsaw engine offers one card per action: the first-phase lead is built card by card
and closed with ``d``, and the defender covers the led cards in table order (only the
first uncovered card's covers are legal; ``view.cover_options`` lists every pair for
planning). The throw-in players' habits misread both (they would never close a lead and
would give up whenever more than one card is uncovered), so ``simple``, ``easy`` and
``normal`` ask here first:

- lead: the cheapest card, then every other card of that rank (a pair or more goes out
  together, trumps are not added to a non-trump lead), then ``d``;
- defend: cover when a complete covering exists (the cheapest one, found by a small
  search over ``cover_options``), playing its cover of the first uncovered card; give up
  otherwise. Covering part and then giving up loses nothing in Warsaw (the covers come
  back), so a plan that later fails costs no cards.

``hard`` keeps its own search: it evaluates the legal moves themselves.
"""

from __future__ import annotations

from bot.engine import Action, ActionKind, PlayerView

from .knowledge import cost

ATTACK, COVER, TAKE, DONE = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.DONE


def is_warsaw(view: PlayerView) -> bool:
    return getattr(view, "front", None) is not None and hasattr(view, "lead_open")


def warsaw_move(view: PlayerView) -> Action | None:
    """The move for a Warsaw lead being built or a Warsaw defence; None otherwise (the
    caller's usual habits apply: later-phase leads, passes, the trump-two exchange)."""
    if not is_warsaw(view):
        return None
    legal = list(view.legal)
    if getattr(view, "lead_open", False) and view.player == view.attacker:
        return _lead_step(view, legal)
    if view.player == view.defender and any(a.kind is TAKE for a in legal):
        return _defend(view, legal)
    return None


def _lead_step(view: PlayerView, legal: list[Action]) -> Action | None:
    trump = view.trump_suit
    adds = [a for a in legal if a.kind is ATTACK]
    done = next((a for a in legal if a.kind is DONE), None)
    staged = [a for a, _ in view.table]
    if not staged:
        return min(adds, key=lambda a: (cost(a.cards[0], trump), a.cards[0]), default=done)
    ranks = {c & 15 for c in staged}
    trump_lead = trump is not None and all((c >> 4) & 3 == trump for c in staged)
    same = [a for a in adds if a.cards[0] & 15 in ranks
            and (trump_lead or trump is None or (a.cards[0] >> 4) & 3 != trump)]
    if same:
        return min(same, key=lambda a: (cost(a.cards[0], trump), a.cards[0]))
    if done is not None:
        return done
    return min(adds, key=lambda a: (cost(a.cards[0], trump), a.cards[0]), default=None)


def _defend(view: PlayerView, legal: list[Action]) -> Action | None:
    take = next(a for a in legal if a.kind is TAKE)
    covers_now = {a for a in legal if a.kind is COVER}
    if not covers_now:
        return take
    plan = cheapest_covering(view)
    if plan is None:
        return take
    for act in plan:
        if act in covers_now:
            return act
    return take


def cheapest_covering(view: PlayerView, max_nodes: int = 20_000) -> list[Action] | None:
    """A complete covering of the uncovered cards with the least total card cost, from
    ``view.cover_options``; None when there is none (or the search budget runs out)."""
    trump = view.trump_suit
    uncovered = [a for a, c in view.table if c is None]
    options: dict[int, list[Action]] = {a: [] for a in uncovered}
    for act in getattr(view, "cover_options", ()):
        if act.cards[0] in options:
            options[act.cards[0]].append(act)
    for opts in options.values():
        opts.sort(key=lambda x: (cost(x.cards[1], trump), x.cards[1]))
    order = sorted(uncovered, key=lambda a: len(options[a]))
    best: list = [None, None]
    nodes = [0]

    def dfs(i: int, used: int, total: int, plan: list[Action]) -> None:
        nodes[0] += 1
        if nodes[0] > max_nodes or (best[0] is not None and total >= best[0]):
            return
        if i == len(order):
            best[0], best[1] = total, plan[:]
            return
        for act in options[order[i]]:
            c = act.cards[1]
            if (used >> c) & 1:
                continue
            plan.append(act)
            dfs(i + 1, used | (1 << c), total + cost(c, trump), plan)
            plan.pop()

    dfs(0, 0, 0, [])
    return best[1]
