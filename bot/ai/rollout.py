"""The playout policy of the search: a quick greedy player on full (sampled) states.

Deterministic and cheap (a few microseconds a move): cheapest lead (with the rest of
its rank when that rank is plain), cheapest complete covering or a cheap transfer or
take, throw in plain low cards (anything plain once the stock is gone or the defender
takes). Seats move in the order the game waits on them (``waiting_on``), the principal
attacker first among attackers; throw-ins while a card is still uncovered are left out
of playouts (a simplification of search only, never of the rules).
"""

from __future__ import annotations

from bot.engine import ActionKind, GameState

ATTACK, COVER, TAKE, PASS = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS
TRANSFER, SHOW, KEEP = ActionKind.TRANSFER, ActionKind.SHOW, ActionKind.KEEP
PREMIUM = 20


def _cost(card: int, trump: int) -> int:
    return (card & 15) + (PREMIUM if (card >> 4) & 3 == trump else 0)


def playout_action(s: GameState, seat: int, legal: list):
    """The playout move of ``seat`` given its legal actions (non-empty)."""
    if len(legal) == 1:
        return legal[0]
    trump = s.trump
    kind = legal[0][1]
    if not s.attacks:
        if kind is not ATTACK:
            for a in legal:
                if a[1] is KEEP:
                    return a
            return legal[0]
        best = None
        best_key = None
        for a in legal:
            cards = a[2]
            c0 = cards[0]
            key = _cost(c0, trump)
            if (c0 >> 4) & 3 != trump:
                key -= len(cards) * 0.5  # a plain pair goes out together
            elif len(cards) > 1:
                key += 50
            if best is None or key < best_key:
                best, best_key = a, key
        return best
    if seat == s.defender:
        return _defend(s, legal, trump)
    # attacker: cheapest plain throw-in, else pass
    generous = s.taking or not s.stock
    best = None
    best_cost = 99
    for a in legal:
        if a[1] is ATTACK:
            c = a[2][0]
            if (c >> 4) & 3 == trump and not (not s.stock and s.taking):
                continue
            if not generous and c & 15 > 10:
                continue
            k = _cost(c, trump)
            if k < best_cost:
                best, best_cost = a, k
    if best is not None:
        return best
    for a in legal:
        if a[1] is PASS:
            return a
    return legal[0]


def _defend(s: GameState, legal: list, trump: int):
    take = None
    transfer = None
    transfer_cost = 99
    cheapest: dict[int, tuple[int, object]] = {}
    for a in legal:
        k = a[1]
        if k is COVER:
            att, c = a[2]
            cc = _cost(c, trump)
            prev = cheapest.get(att)
            if prev is None or cc < prev[0]:
                cheapest[att] = (cc, a)
        elif k is TAKE:
            take = a
        elif k is SHOW:
            return a
        elif k is TRANSFER:
            cc = _cost(a[2][0], trump)
            if cc < transfer_cost:
                transfer, transfer_cost = a, cc
    if transfer is not None and transfer_cost < PREMIUM:
        return transfer
    covers = s.covers
    uncovered = [a for a, c in zip(s.attacks, covers, strict=False) if c < 0]
    if all(a in cheapest for a in uncovered) and cheapest:
        total = sum(cheapest[a][0] for a in uncovered)
        # While the stock is thick, do not pay high trumps for a small table.
        if take is None or not s.stock or total < PREMIUM + 10 or len(s.stock) < 10:
            att = max(uncovered, key=lambda a: _cost(a, trump))
            return cheapest[att][1]
    if transfer is not None and transfer_cost < PREMIUM + 10:
        return transfer
    if take is not None:
        return take
    return legal[0]


def next_seat(s: GameState) -> int:
    """Who moves next in a playout: the seat the game waits on (principal attacker first)."""
    waiting = s.waiting_on()
    if len(waiting) == 1:
        return waiting[0]
    a, n = s.attacker, s.n
    return min(waiting, key=lambda x: (x - a) % n)


def playout(s: GameState, max_moves: int = 2000) -> None:
    """Play ``s`` to the end in place with the playout policy."""
    moves = 0
    while s.outcome is None and moves < max_moves:
        seat = next_seat(s)
        legal = list(s.legal_actions(seat))
        s.apply_unchecked(playout_action(s, seat, legal))
        moves += 1
