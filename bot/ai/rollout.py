"""The playout policy of the search: a quick greedy player on full (sampled) states.

The same habits as ``normal`` without its card counting, written on the raw state for
speed (a few microseconds a move): lead the cheapest card, a plain group together;
defend with the cheapest covering unless strong trumps would pay for a small table
while the stock is thick (then take), transfer with a plain card; throw in plain cards
(low ones onto a taker while the stock lasts). It reads only what every player sees
plus the mover's own hand, so it is a fair model of an opponent too.

Seats move in the order the game waits on them (``waiting_on``), the principal attacker
first among attackers; throw-ins while a card is still uncovered are left out of
playouts (a simplification of search only, never of the rules).
"""

from __future__ import annotations

from bot.engine import ActionKind, GameState

ATTACK, COVER, TAKE, PASS = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS
TRANSFER, SHOW, KEEP = ActionKind.TRANSFER, ActionKind.SHOW, ActionKind.KEEP
TRUMP_BONUS = 20  # a trump is worth more than any plain card (as in ``normal``)
# Players who all keep taking can pass the same cards round a full table forever while
# nobody needs to draw. Past this many actions in a deal, play for progress instead:
# lead one card, add nothing, cover whenever possible (every bout beaten off moves cards
# to the discard, so the deal ends). The same rule holds for the players (``normal``).
LONG_DEAL = 300
LEAD_UNBEATABLE = 3
THROW_IN_RISK = 4.0
LEAD_UNBEATABLE_ENDGAME = 12


def playout_action(s: GameState, seat: int, legal: list):
    """The playout move of ``seat`` given its legal actions (non-empty)."""
    if len(legal) == 1:
        return legal[0]
    trump = s.trump
    low = s.cfg.lowest_rank
    if s.version >= LONG_DEAL:
        return _progress_action(s, seat, legal, trump, low)
    if not s.attacks:
        if legal[0][1] is not ATTACK:
            for a in legal:
                if a[1] is KEEP:
                    return a
            return legal[0]
        hand = s.hands[seat]
        # Inside a sampled world the defender's hand is known: prefer leads it cannot beat.
        opp = s.hands[s.defender]
        beaters = s.beaters
        unbeatable_bonus = LEAD_UNBEATABLE_ENDGAME if not s.stock else LEAD_UNBEATABLE
        best = None
        best_key = 0.0
        for a in legal:
            cards = a[2]
            c0 = cards[0]
            n = len(cards)
            key = (c0 & 15) - low
            for c in cards:
                if not opp & beaters[c]:
                    key -= unbeatable_bonus
                    break
            if (c0 >> 4) & 3 == trump:
                key += TRUMP_BONUS + (30 if n > 1 else 0)
            else:
                key -= 2.0 * (n - 1)
                if n > 1 or hand & ~(1 << c0) & _RANK[c0 & 15]:
                    # splitting a plain group wastes a lead
                    rest = hand & _RANK[c0 & 15] & ~_SUIT[trump]
                    if rest.bit_count() > n:
                        key += 1.5
            if best is None or key < best_key:
                best, best_key = a, key
        return best
    if seat == s.defender:
        return _defend(s, legal, trump, low)
    # attacker: cheapest plain throw-in (only low ones onto a taker while the stock lasts)
    stock = len(s.stock)
    max_rank = 14
    if s.taking and stock:
        max_rank = 9 if stock > 6 else 10
    best = None
    best_rank = 99
    for a in legal:
        if a[1] is ATTACK:
            c = a[2][0]
            r = c & 15
            if (c >> 4) & 3 == trump or r > max_rank:
                continue
            if r < best_rank:
                best, best_rank = a, r
    if best is not None:
        return best
    for a in legal:
        if a[1] is PASS:
            return a
    return legal[0]


def _progress_action(s: GameState, seat: int, legal: list, trump: int, low: int):
    singles = [a for a in legal if a[1] is ATTACK and len(a[2]) == 1]
    if not s.attacks and singles:
        return min(singles, key=lambda a: _value(a[2][0], trump, low))
    for a in legal:
        if a[1] is PASS:
            return a
    covers = [a for a in legal if a[1] is COVER]
    if covers:
        return min(covers, key=lambda a: _value(a[2][1], trump, low))
    for a in legal:
        if a[1] is TAKE:
            return a
    return legal[0]


def _value(card: int, trump: int, low: int) -> int:
    return (card & 15) - low + (TRUMP_BONUS if (card >> 4) & 3 == trump else 0)


def _defend(s: GameState, legal: list, trump: int, low: int):
    take = None
    transfer = None
    transfer_value = 99
    options: dict[int, list] = {}
    for a in legal:
        k = a[1]
        if k is COVER:
            options.setdefault(a[2][0], []).append(a)
        elif k is TAKE:
            take = a
        elif k is SHOW:
            return a
        elif k is TRANSFER:
            v = _value(a[2][0], trump, low)
            if v < transfer_value:
                transfer, transfer_value = a, v
    if transfer is not None and transfer_value < TRUMP_BONUS:
        return transfer
    uncovered = [a for a, c in zip(s.attacks, s.covers, strict=False) if c < 0]
    # A cover of a rank not yet on the table opens throw-ins of that rank: in a sampled
    # world the attackers' cards are known, so count them (as ``normal`` estimates).
    attackers = 0
    if not s.taking:
        for p in s.att_list:
            attackers |= s.hands[p]
    ranks_on_table = s.rank_cards
    # Greedy covering: the attack card with the fewest answers takes its cheapest free one.
    used = 0
    total = 0
    plan = []
    for att in sorted(uncovered, key=lambda x: len(options.get(x, ()))):
        best = None
        best_v = 99
        for a in options.get(att, ()):
            c = a[2][1]
            if (used >> c) & 1:
                continue
            v = _value(c, trump, low)
            if not (ranks_on_table >> c) & 1:
                v += THROW_IN_RISK * (attackers & _RANK[c & 15]).bit_count()
            if v < best_v:
                best, best_v = a, v
        if best is None:
            plan = None
            break
        used |= 1 << best[2][1]
        total += best_v
        plan.append(best)
    if plan:
        # A big hand covers: taking more only makes it bigger, and when every player
        # keeps taking, the same cards can go round the table without end.
        worth = take is None or not s.stock or (
            s.hands[s.defender].bit_count() >= s.cfg.hand_size + 2)
        if not worth:
            table_cards = len(s.attacks) + len(s.attacks) - len(uncovered)
            share = min(1.0, len(s.stock) / s.rules.deck)
            worth = total * (0.3 + 0.7 * share) <= 5.0 * table_cards + 4.0
        if worth:
            return max(plan, key=lambda a: _value(a[2][0], trump, low))
    if transfer is not None and (plan is None or transfer_value + 2 < total):
        return transfer
    if take is not None:
        return take
    return plan[0] if plan else legal[0]


def _masks():
    rank = [0] * 16
    suit = [0] * 4
    for p in range(3):
        for s in range(4):
            for r in range(2, 16):
                c = p * 64 + s * 16 + r
                rank[r] |= 1 << c
                suit[s] |= 1 << c
    return rank, suit + [0]  # suit index -1 (no trump) reads the trailing 0


_RANK, _SUIT = _masks()


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
