"""The playout policy of the search: a quick greedy player on full (sampled) states.

The same habits as ``normal``, written on the raw state for speed (a few microseconds a
move), with the one hand that matters known instead of estimated (a sampled world):
lead with ``normal``'s weights (cheap cards, a plain group together, a card the defender
can beat costs more, much more once the stock is gone); defend with the cheapest
covering unless strong trumps would pay for a small table while the stock is thick
(then take), transfer with a plain card; throw in plain cards (low ones onto a taker
while the stock lasts; once it is gone, first what the defender cannot beat, trumps
too, but never a trump onto a taker). Against ``normal`` itself this policy wins 48%
(podkidnoy 3p) to 56% (podkidnoy 2p) of decided games; the earlier one (cheapest lead,
"any card it cannot beat" as a bonus, no trump throw-ins) won 41%, and the search's
estimates were biased by it (``scripts/bench_ai_policy.py``; hard vs normal at 3
players: the AI README).

Seats move in the order the game waits on them (``waiting_on``), the principal attacker
first among attackers; throw-ins while a card is still uncovered are left out of
playouts (a simplification of search only, never of the rules).
"""

from __future__ import annotations

from bot.engine import Action, ActionKind, ThrowInState

from .knowledge import none_among

ATTACK, COVER, TAKE, PASS = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS
TRANSFER, SHOW, KEEP = ActionKind.TRANSFER, ActionKind.SHOW, ActionKind.KEEP
TRUMP_BONUS = 20  # a trump is worth more than any plain card (as in ``normal``)
# Players who all keep taking can pass the same cards round a full table forever while
# nobody needs to draw. Past this many actions in a deal, play for progress instead:
# lead one card, add nothing, cover whenever possible (every bout beaten off moves cards
# to the discard, so the deal ends). The same rule holds for the players (``normal``).
LONG_DEAL = 300
# The lead and throw-in weights are ``normal``'s (its beat chances are 0 or 1 here): a
# playout player as strong as normal makes the search's estimates less biased (the old
# policy, "any unbeatable card makes a good lead", won 41% against normal at 3 players).
LEAD_BEATABLE = 4
LEAD_BEATABLE_ENDGAME = 12
ENDGAME_UNBEATABLE = 12
THROW_IN_RISK = 4.0
# Taking instead of covering (as ``normal.TAKE_SCALE``): the table's cost, scaled.
TAKE_SCALE = 5.0
TAKE_SCALE_TRANSFER = 1.5


def playout_action(s: ThrowInState, seat: int, legal: list, blind: bool = False):
    """The playout move of ``seat`` given its legal actions (non-empty). ``blind``: the
    seat reads the other hands as chances from what it could see (``Unseen``), not as
    the cards the sampled world put there."""
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
        return _lead(s, seat, legal, trump, low, Unseen(s, seat) if blind else None)
    if seat == s.defender:
        return _defend(s, legal, trump, low, Unseen(s, seat) if blind else None)
    return _throw_in(s, legal, trump, Unseen(s, seat) if blind and not s.stock else None)


class Unseen:
    """What ``seat`` can tell of the other hands in a playout without looking at them:
    the cards publicly known in each (picked up, shown) and the rest of the cards it
    cannot place, of which each hand holds its unknown count (the chances of
    ``normal.NormalTurn.beat_chance``, on the raw state). The playout policy of a blind
    seat reads these instead of the sampled world's cards, so the search does not value a
    move by later play that sees hidden cards."""

    __slots__ = ("s", "unknown", "pool", "_none")

    def __init__(self, s: ThrowInState, seat: int) -> None:
        placed = s.hands[seat] | s.discard
        for c in s.attacks:
            placed |= 1 << c
        for c in s.covers:
            if c >= 0:
                placed |= 1 << c
        if s.stock and s.stock[0] == s.turnup:
            placed |= 1 << s.turnup  # the turn-up lies face up under the stock
        for other in range(s.n):
            if other != seat:
                placed |= s.known[other] & s.hands[other]
        self.s = s
        self.unknown = s.deck_mask & ~placed
        self.pool = self.unknown.bit_count()
        self._none: dict[tuple[int, int], float] = {}

    def known(self, seat: int) -> int:
        return self.s.known[seat] & self.s.hands[seat]

    def slots(self, seat: int) -> int:
        return self.s.hands[seat].bit_count() - self.known(seat).bit_count()

    def chance(self, cards: int, seat: int) -> float:
        """The chance that ``seat`` holds at least one of ``cards``."""
        known = self.s.known[seat] & self.s.hands[seat]
        if cards & known:
            return 1.0
        good = (cards & self.unknown).bit_count()
        if not good:
            return 0.0
        slots = self.s.hands[seat].bit_count() - known.bit_count()
        p_none = self._none.get((good, slots))
        if p_none is None:
            p_none = self._none[good, slots] = none_among(self.pool, good, slots)
        return 1.0 - p_none

    def expected(self, cards: int, seat: int) -> float:
        """How many of ``cards`` ``seat`` holds, on average."""
        known = (cards & self.known(seat)).bit_count()
        if not self.pool:
            return known
        return known + (cards & self.unknown).bit_count() * self.slots(seat) / self.pool


def _throw_in(s: ThrowInState, legal: list, trump: int, unseen: Unseen | None = None):
    """Cheapest plain throw-in (only low ones onto a taker while the stock lasts); once
    the stock is gone, first what the defender cannot beat, trumps included (never a
    trump onto a taker: it would only strengthen that hand)."""
    stock = len(s.stock)
    max_rank = 14
    if s.taking and stock:
        max_rank = 9 if stock > 6 else 10
    endgame = not stock and not s.taking
    opp = s.hands[s.defender]
    beaters = s.beaters
    best = None
    best_key = 99
    for a in legal:
        if a[1] is ATTACK:
            c = a[2][0]
            r = c & 15
            if r > max_rank:
                continue
            is_trump = (c >> 4) & 3 == trump
            key = r
            if endgame and not (opp & beaters[c] if unseen is None
                                else unseen.chance(beaters[c], s.defender) >= 0.5):
                key -= ENDGAME_UNBEATABLE
            elif is_trump:
                continue
            if is_trump:
                key += TRUMP_BONUS
            if key < best_key:
                best, best_key = a, key
    return _or_pass(best, legal)


def _or_pass(best, legal: list):
    """A throw-in's choice, else pass (else the first legal move)."""
    if best is not None:
        return best
    for a in legal:
        if a[1] is PASS:
            return a
    return legal[0]


def _lead(s: ThrowInState, seat: int, legal: list, trump: int, low: int,
          unseen: Unseen | None = None):
    """``normal``'s lead with the defender's hand known (a sampled world): the average
    value of the cards, a plain group together (splitting one costs), trumps kept back
    (more so in a group, and while the stock is thick), a lead the defender can beat
    costs ``LEAD_BEATABLE`` (``LEAD_BEATABLE_ENDGAME`` once the stock is gone, when
    leading the last cards is a way out)."""
    hand = s.hands[seat]
    opp = s.hands[s.defender]
    beaters = s.beaters
    stock = len(s.stock)
    n_hand = hand.bit_count()
    best = None
    best_key = 0.0
    for a in legal:
        cards = a[2]
        n = len(cards)
        val = 0
        trumps = 0
        beatable = 0.0
        for c in cards:
            val += (c & 15) - low
            if (c >> 4) & 3 == trump:
                trumps += 1
                val += TRUMP_BONUS
            if unseen is not None:
                beatable = max(beatable, unseen.chance(beaters[c], s.defender))
            elif opp & beaters[c]:
                beatable = 1.0
        key = val / n
        if trumps:
            if n > 1:
                key += 6 * trumps
        else:
            key -= 2.0 * (n - 1)
            if (hand & _RANK[cards[0] & 15] & ~_SUIT[trump]).bit_count() > n:
                key += 1.5  # splitting a plain group wastes a lead
        if not stock:
            key += LEAD_BEATABLE_ENDGAME * beatable - (3 if n == n_hand else 0)
        else:
            key += LEAD_BEATABLE * beatable
            if trumps and stock > 4:
                key += 4
        if best is None or key < best_key:
            best, best_key = a, key
    return best


def _progress_action(s: ThrowInState, seat: int, legal: list, trump: int, low: int):
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


def _defences(legal: list, trump: int, low: int):
    """A defender's legal moves sorted out: ({attack card: its covers}, take, show, the
    cheapest transfer, that transfer's value)."""
    take = show = transfer = None
    transfer_value = 99
    options: dict[int, list] = {}
    for a in legal:
        k = a[1]
        if k is COVER:
            options.setdefault(a[2][0], []).append(a)
        elif k is TAKE:
            take = a
        elif k is SHOW:
            show = a
        elif k is TRANSFER and (v := _value(a[2][0], trump, low)) < transfer_value:
            transfer, transfer_value = a, v
    return options, take, show, transfer, transfer_value


def _defend(s: ThrowInState, legal: list, trump: int, low: int, unseen: Unseen | None = None):
    options, take, show, transfer, transfer_value = _defences(legal, trump, low)
    if show is not None:
        return show
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
    total: float = 0
    chosen: list[Action] = []
    plan: list[Action] | None = None  # every attack covered, cheapest first; None: can't
    for att in sorted(uncovered, key=lambda x: len(options.get(x, ()))):
        best = None
        best_v: float = 99
        for a in options.get(att, ()):
            c = a[2][1]
            if (used >> c) & 1:
                continue
            v: float = _value(c, trump, low)
            if not (ranks_on_table >> c) & 1:
                if unseen is None:
                    v += THROW_IN_RISK * (attackers & _RANK[c & 15]).bit_count()
                elif not s.taking:
                    v += THROW_IN_RISK * sum(unseen.expected(_RANK[c & 15], p)
                                             for p in s.att_list)
            if v < best_v:
                best, best_v = a, v
        if best is None:
            break
        used |= 1 << best[2][1]
        total += best_v
        chosen.append(best)
    else:
        plan = chosen
    if plan:
        # A big hand covers: taking more only makes it bigger, and when every player
        # keeps taking, the same cards can go round the table without end.
        worth = take is None or not s.stock or (
            s.hands[s.defender].bit_count() >= s.cfg.hand_size + 2)
        if not worth:
            table_cards = len(s.attacks) + len(s.attacks) - len(uncovered)
            share = min(1.0, len(s.stock) / s.rules.deck)
            scale = TAKE_SCALE_TRANSFER if s.cfg.transfer else TAKE_SCALE
            worth = total * (0.3 + 0.7 * share) <= scale * (5.0 * table_cards + 4.0)
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


def next_seat(s: ThrowInState) -> int:
    """Who moves next in a playout: the seat the game waits on (principal attacker first)."""
    waiting = s.waiting_on()
    if len(waiting) == 1:
        return waiting[0]
    a, n = s.attacker, s.n
    return min(waiting, key=lambda x: (x - a) % n)


def playout(s: ThrowInState, max_moves: int = 2000, textbook: int = 0, blind: int = 0) -> None:
    """Play ``s`` to the end in place with the playout policy; the seats in the bitmask
    ``textbook`` play ``textbook_action`` instead (a model of the others: see there), and
    those in ``blind`` play the policy without looking at the other hands (``Unseen``)."""
    moves = 0
    while s.outcome is None and moves < max_moves:
        seat = next_seat(s)
        s.apply_unchecked(model_action(s, seat, textbook, blind))
        moves += 1


def model_action(s: ThrowInState, seat: int, textbook: int = 0, blind: int = 0):
    """``seat``'s move in a playout: ``textbook_action`` for the seats in the bitmask
    ``textbook``, else the playout policy (blind for the seats in ``blind``)."""
    legal = list(s.legal_actions(seat))
    if (textbook >> seat) & 1:
        return textbook_action(s, seat, legal)
    return playout_action(s, seat, legal, bool((blind >> seat) & 1))


def textbook_action(s: ThrowInState, seat: int, legal: list):
    """The textbook player (``baselines.greedy``'s rules) on the raw state, blind to the
    other hands: lead the cheapest single card, throw in the cheapest plain card of the
    table's ranks (trumps once the stock is gone), cover each card with the cheapest
    beater when every card can be covered, else take; transfer with the cheapest plain
    card (or show a trump) when covering would need a trump or is impossible. A player
    who does not see the cards: how the search models the other seats (``hard.OTHERS``),
    since a playout policy that reads their hands in a sampled world makes them stronger
    than a person at the table can be."""
    if len(legal) == 1 or s.version >= LONG_DEAL or (
            not s.attacks and legal[0][1] is not ATTACK):
        return playout_action(s, seat, legal)  # forced, a long deal, or not a lead
    trump = s.trump
    low = s.cfg.lowest_rank
    if not s.attacks:
        singles = [a for a in legal if a[1] is ATTACK and len(a[2]) == 1]
        if not singles:
            return playout_action(s, seat, legal)
        return min(singles, key=lambda a: _value(a[2][0], trump, low))
    if seat == s.defender:
        return _textbook_defend(s, legal, trump, low)
    stock = len(s.stock)
    best = None
    best_cost = 99
    for a in legal:
        if a[1] is ATTACK and len(a[2]) == 1:
            c = a[2][0]
            v = _value(c, trump, low)
            if (stock and v >= TRUMP_BONUS) or v >= best_cost:
                continue
            best, best_cost = a, v
    return _or_pass(best, legal)


def _textbook_defend(s: ThrowInState, legal: list, trump: int, low: int):
    options, take, show, transfer, transfer_value = _defences(legal, trump, low)
    if transfer_value >= TRUMP_BONUS:
        transfer = None  # the textbook passes a bout on with a plain card only
    uncovered = [a for a, c in zip(s.attacks, s.covers, strict=False) if c < 0]
    plan = _cheapest_covering(uncovered, options, trump, low)
    if plan is None and len(uncovered) > 1:  # the table's order left a card without one
        plan = _cheapest_covering(sorted(uncovered, key=lambda x: len(options.get(x, ()))),
                                  options, trump, low)
    if not plan or any(_value(a[2][1], trump, low) >= TRUMP_BONUS for a in plan):
        if transfer is not None:  # a plain card passes it on rather than a trump covering
            return transfer
        if show is not None:
            return show
    if plan:
        return plan[0]
    if take is not None:
        return take
    return legal[0]


def _cheapest_covering(uncovered: list[int], options: dict[int, list], trump: int,
                       low: int) -> list | None:
    """Each card in turn covered with its cheapest free beater; None when one has none."""
    used = 0
    plan = []
    for att in uncovered:
        best = None
        best_v = 99
        for a in options.get(att, ()):
            c = a[2][1]
            v = _value(c, trump, low)
            if not (used >> c) & 1 and v < best_v:
                best, best_v = a, v
        if best is None:
            return None
        used |= 1 << best[2][1]
        plan.append(best)
    return plan
