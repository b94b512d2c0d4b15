"""Beliefs about the hidden hands from the whole deal: worlds weighted by how well they
explain what every seat was seen to do.

``inference.unlikely`` reads only the bout on the table. People remember more: the seat
that led a nine probably had no plain six, seven or eight *then*; the seat that covered a
plain card with a trump probably had no plain card of that suit to cover it with; the
seat that passed while eights lay there probably had only trump eights. Each such reading
is about the hand the seat held *at that moment*, and it has drawn cards since, so it says
little about a card that may have come later and a lot about one that was already there.

So a belief here is a *particle*: for every other seat, which of the unknown cards it holds
now, and when each of its unseen cards arrived (its first hand or one of its draws; the
cards it played from an unseen hand arrived at some draw before they were played). That
gives the seat's whole hand at every moment of the deal, and the textbook reading of each
of its moves (as greedy plays: lead the lowest plain card, cover with the cheapest card, pass
a throw-in only when the cards that fit are trumps, take only when covering is
impossible) is checked against that hand. A reading the hand breaks costs the particle a
factor ``MISS`` (a person deviates now and then: a bluff, a plan, a mistake); a fact it
breaks (the engine passed for a seat with room, so it held none of the table's ranks)
costs ``FACT_MISS``. Particles are proposed uniformly (unknown cards dealt at random,
arrivals drawn among the slots each card could have used) and worlds are drawn from them
in proportion to their weights: importance sampling with the prior as the proposal.

The history is public by contract (``bot.engine.history``), so nothing here can cheat.
Histories with moves this module does not model (a shown trump, exchanges, Warsaw, welis)
give no particles (``DealBeliefs.build`` returns None) and hard samples as before.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

from bot.engine import HistoryKind, PlayerView, PublicHistory
from bot.engine.core.cards import bits

from .inference import of_ranks, ruled_out
from .knowledge import JOKER_RANK, Knowledge
from .sampling import place_ruled_out

MISS = 0.1      # weight factor for one move the textbook would not have made with the hand
FACT_MISS = 1e-4  # for a hand the rules would not have allowed that move with
TAKE_WITH_TRUMPS_MISS = 0.6  # taking when covering needed trumps: people keep trumps
PARTICLES = 400  # proposals per decision (about 30 µs each with two players)
_UNMODELLED = {HistoryKind.SHOW, HistoryKind.EXCHANGED, HistoryKind.KEEP,
               HistoryKind.TRUMP_CHANGED, HistoryKind.PICKED_UP, HistoryKind.PHASE,
               HistoryKind.DONE}
_CARD_IDS = 192  # three packs of 64; a weli named as a suit has a virtual id above


def _suit_cards(suit: int, low: int, high: int) -> int:
    """Every pack's cards of ``suit`` with rank in low..high (inclusive)."""
    m = 0
    for p in range(3):
        for r in range(max(low, 2), min(high, 14) + 1):
            m |= 1 << (p * 64 + suit * 16 + r)
    return m


def _plain(trump: int | None, low: int, high: int) -> int:
    m = 0
    for s in range(4):
        if s != trump:
            m |= _suit_cards(s, low, high)
    return m


def cheaper_beaters(attack: int, cover: int, trump: int | None) -> int:
    """Cards that beat ``attack`` and cost less than ``cover`` (the textbook cover)."""
    ra, sa = attack & 15, (attack >> 4) & 3
    rc, sc = cover & 15, (cover >> 4) & 3
    if ra == JOKER_RANK or rc == JOKER_RANK:
        return 0
    if sc == sa:
        return _suit_cards(sa, ra + 1, rc - 1)
    if sc == trump:  # a plain card covered with a trump: any plain beater was cheaper
        return _suit_cards(sa, ra + 1, 14) | _suit_cards(trump, 2, rc - 1)
    return 0


def _beaters(attack: int, trump: int | None) -> tuple[int, int]:
    """(plain beaters, trump beaters) of ``attack``."""
    ra, sa = attack & 15, (attack >> 4) & 3
    if ra == JOKER_RANK:
        return 0, 0
    if sa == trump:
        return 0, _suit_cards(sa, ra + 1, 14)
    return _suit_cards(sa, ra + 1, 14), (0 if trump is None else _suit_cards(trump, 2, 14))


def _covers_all(hand: int, uncovered: tuple[tuple[int, int], ...]) -> bool:
    """Can ``hand`` cover every card (given as its (plain, trump) beater masks, most
    constrained first), each with a card of its own, plain before trump? Greedy
    matching: enough for the few cards of a bout."""
    used = 0
    for plain, trumps in uncovered:
        free = plain & hand & ~used or trumps & hand & ~used
        if not free:
            return False
        used |= free & -free  # the cheapest of its suit
    return True


@dataclass
class _Check:
    """One reading of one move: ``mask`` must not meet the hand then (else the particle's
    weight gains ``log_miss``); a take reads ``uncovered`` instead."""

    time: int
    mask: int
    log_miss: float
    uncovered: tuple[tuple[int, int], ...] | None = None  # a take: the open cards' beaters
    known_hand: int = 0  # the seat's cards known to everyone then (set by read_history)


@dataclass
class _Seat:
    """What the history says about one other seat's hand over time."""

    slots: list[tuple[int, int]]            # (time, unseen cards that arrived then)
    played: list[tuple[int, int]]           # (time, card) played from an unseen card
    checks: list[_Check]                    # in order of time
    check_times: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.check_times = [c.time for c in self.checks]


class DealBeliefs:
    """Weighted particles for one decision (``build``: None when the history is not one
    this module reads); ``hands(rng)`` draws the unseen cards of every seat for one world
    (the viewer's list is empty)."""

    def __init__(self, know: Knowledge, seats: dict[int, _Seat], rng: random.Random,
                 facts: dict[int, int], particles: int | None = None) -> None:
        self.know = know
        self.seats = seats
        self._particles: list[list[list[int]]] = []
        weights: list[float] = []
        order = sorted(seats)
        # PARTICLES is read here, not bound as the default: a harness that sets it
        # (bench_ai_regret.py --set PARTICLES=...) then changes what it measures.
        for _ in range(PARTICLES if particles is None else particles):
            hands = _propose(know, facts, rng)
            self._particles.append(hands)
            weights.append(sum(_log_weight(seats[s], hands[s], rng) for s in order))
        top = max(weights)
        w = [math.exp(x - top) for x in weights]
        total = sum(w)
        self.effective = total * total / sum(x * x for x in w)  # effective sample size
        acc = 0.0
        self._cum: list[float] = []
        for x in w:
            acc += x
            self._cum.append(acc)

    def hands(self, rng: random.Random) -> list[list[int]]:
        """One particle's unseen cards per seat, drawn in proportion to its weight."""
        return rng.choices(self._particles, cum_weights=self._cum)[0]

    @classmethod
    def build(cls, view: PlayerView, know: Knowledge, history: PublicHistory | None,
              rng: random.Random, particles: int | None = None) -> DealBeliefs | None:
        if history is None:
            return None
        seats = read_history(view, know, history)
        if seats is None:
            return None
        return cls(know, seats, rng, ruled_out(view, know, history), particles)


def _propose(know: Knowledge, facts: dict[int, int], rng: random.Random) -> list[list[int]]:
    """Unseen cards for every seat's unseen slots (none for the viewer), uniformly at
    random but never breaking ``facts`` (``inference.ruled_out``: certain, so they bind
    the proposal rather than only weigh it)."""
    pool = bits(know.unknown)
    rng.shuffle(pool)
    hands: list[list[int]] = [[] for _ in know.slots]
    if facts:  # the cards some seat lacks are placed first (the rest: no fact names them)
        pool, hands, _to_stock = place_ruled_out(pool, facts, know, know.seat, rng)
    for s, k in enumerate(know.slots):
        if s != know.seat:
            take = k - len(hands[s])
            hands[s], pool = hands[s] + pool[:take], pool[take:]
    return hands


def _log_weight(seat: _Seat, hidden_now: list[int], rng: random.Random) -> float:
    """log of the weight of a particle for one seat: draws when each unseen card arrived
    and checks every reading against the hand at its moment."""
    checks = seat.checks
    if not checks:
        return 0.0
    times = seat.check_times
    # A card is in the hand for the checks after its arrival up to its departure (the
    # move that plays it is read with the card still in hand): a run of checks, marked
    # by toggling its bit at both ends.
    toggle = [0] * (len(checks) + 1)
    free = [[t, n] for t, n in seat.slots]  # capacity left per arrival
    for t_played, card in seat.played:  # in order of play: nested choices, always feasible
        options = [f for f in free if f[0] < t_played and f[1] > 0]
        x = rng.random() * sum(f[1] for f in options)
        chosen = options[-1]
        for f in options:
            x -= f[1]
            if x < 0:
                chosen = f
                break
        chosen[1] -= 1
        bit = 1 << card
        toggle[bisect_right(times, chosen[0])] ^= bit
        toggle[bisect_left(times, t_played + 1)] ^= bit
    rest = [f[0] for f in free for _ in range(f[1])]
    rng.shuffle(rest)
    for t, card in zip(rest, hidden_now, strict=False):
        toggle[bisect_right(times, t)] ^= 1 << card
    log_w = 0.0
    hidden = 0
    for i, check in enumerate(checks):
        hidden ^= toggle[i]
        hand = hidden | check.known_hand
        if check.uncovered is not None:
            if _covers_all(hand, check.uncovered):
                log_w += check.log_miss
            elif _covers_all(hand, tuple((p | q, 0) for p, q in check.uncovered)):
                log_w += math.log(TAKE_WITH_TRUMPS_MISS)  # rare: read when it happens
        elif hand & check.mask:
            log_w += check.log_miss
    return log_w


def read_history(view: PlayerView, know: Knowledge, history: PublicHistory
                 ) -> dict[int, _Seat] | None:
    """Per other seat with unseen cards: its timeline and the readings of its moves; None
    when the history holds something this module does not model or does not add up."""
    trump = view.trump_suit
    plain = _plain(trump, 2, 14)
    n = len(view.hand_counts)
    me = view.player
    known_at: dict[int, list[tuple[int, int, int]]] = {s: [] for s in range(n)}
    slots: dict[int, list[tuple[int, int]]] = {s: [] for s in range(n)}
    played: dict[int, list[tuple[int, int]]] = {s: [] for s in range(n)}
    checks: dict[int, list[_Check]] = {s: [] for s in range(n)}
    held_known: dict[int, int] = {s: 0 for s in range(n)}
    balance = {s: 0 for s in range(n)}  # cards gained minus cards played since the deal
    table: list[list[int]] = []  # [attack, cover or -1]

    def depart(seat: int, card: int, t: int) -> None:
        balance[seat] -= 1
        if (held_known[seat] >> card) & 1:
            held_known[seat] &= ~(1 << card)
            known_at[seat].append((t, -1, card))
        else:
            played[seat].append((t, card))

    for t, e in enumerate(history.entries):
        if e.kind in _UNMODELLED or any(c >= _CARD_IDS for c in e.cards):
            return None
        s = e.seat
        if e.kind is HistoryKind.BOUT:
            table = []
        elif e.kind is HistoryKind.ATTACK:
            if e.count == 0 and len(e.cards) == 1 and s != me:
                c = e.cards[0]
                r = c & 15
                if r != JOKER_RANK:
                    if (c >> 4) & 3 == trump:
                        mask = _plain(trump, 2, 14)  # led a trump holding a plain card
                    else:
                        mask = _plain(trump, 2, r - 1)
                    checks[s].append(_Check(t, mask, math.log(MISS)))
            for c in e.cards:
                table.append([c, -1])
                depart(s, c, t)
        elif e.kind is HistoryKind.TRANSFER:
            for c in e.cards:
                table.append([c, -1])
                depart(s, c, t)
        elif e.kind is HistoryKind.COVER:
            a, c = e.cards
            for pair in table:
                if pair[0] == a:
                    pair[1] = c
            if s != me:
                checks[s].append(_Check(t, cheaper_beaters(a, c, trump), math.log(MISS)))
            depart(s, c, t)
        elif e.kind is HistoryKind.TAKE:
            open_cards = [a for a, c in table if c < 0]
            if s != me and open_cards:
                beaters = sorted((_beaters(a, trump) for a in open_cards),
                                 key=lambda pq: (pq[0] | pq[1]).bit_count())
                checks[s].append(_Check(t, 0, math.log(MISS), tuple(beaters)))
        elif e.kind is HistoryKind.PASS:
            if s != me and e.room > 0 and e.stock > 0:
                checks[s].append(_Check(t, of_ranks(e.ranks) & plain, math.log(MISS)))
        elif e.kind is HistoryKind.DECLINED:
            if s != me and e.count == 0 and e.room > 0:
                every_suit = of_ranks(e.ranks)
                checks[s].append(_Check(t, every_suit, math.log(FACT_MISS)))
        elif e.kind is HistoryKind.TAKEN:
            for c in e.cards:
                held_known[s] |= 1 << c
                known_at[s].append((t, 1, c))
                balance[s] += 1
        elif e.kind is HistoryKind.DREW:
            for c in e.cards:
                held_known[s] |= 1 << c
                known_at[s].append((t, 1, c))
            if e.count > len(e.cards):
                slots[s].append((t, e.count - len(e.cards)))
            balance[s] += e.count
    out: dict[int, _Seat] = {}
    for s in range(n):
        if s == me:
            continue
        first = view.hand_counts[s] - balance[s]  # the seat's first hand, all unseen
        if first < 0 or held_known[s] != know.known[s]:
            return None
        seat_slots = [(-1, first)] + slots[s] if first else slots[s]
        if sum(k for _, k in seat_slots) != len(played[s]) + know.slots[s]:
            return None
        for check in checks[s]:
            hand = 0
            for when, sign, card in known_at[s]:
                if when >= check.time:
                    break
                hand = hand | (1 << card) if sign > 0 else hand & ~(1 << card)
            check.known_hand = hand
        out[s] = _Seat(seat_slots, played[s], checks[s])
    return out
