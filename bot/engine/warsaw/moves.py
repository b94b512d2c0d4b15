"""``WarsawMoves``: the fields of a Dureń Piątkowy deal (seed 002) and what may be played now:
legal actions, who the game waits on (exactly one seat), the timeout move, the cover
options the computer players plan with. Read-only: ``WarsawState`` (warsaw.py) extends it
with dealing and playing; the rules' decisions are listed there.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Self

from ..core.actions import Action, ActionKind, Event, EventKind
from ..core.beats import build_beats
from ..core.cards import bits
from ..core.deal_base import DealBase
from ..core.phase import ADD, DEFEND, LEAD, Phase
from ..core.rules import RuleSet
from ..core.tables import DONE_ACTION, PASS_ACTION, SINGLE_ATTACK, TAKE_ACTION
from .leads import addable_lead_cards, rank_parity, rank_set_mask

ATTACK, COVER, TAKE, PASS = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS
EXCHANGE, KEEP = ActionKind.EXCHANGE, ActionKind.KEEP
P_EXCHANGE, P_PLAY, P_OVER = Phase.EXCHANGE, Phase.PLAY, Phase.OVER
_mk = tuple.__new__


class WarsawMoves(DealBase):
    """The fields of a Warsaw deal (beyond DealBase's) and the queries on them."""

    is_warsaw = True
    # + DealBase's fields: ``attacks`` holds every card led in this attack (all phases, in
    # order), ``n_unc`` the uncovered cards of the current phase, ``passed`` the seats whose
    # turn in this lead round is over
    __slots__ = ("hand_size", "front", "stage", "phase_starts", "lead_ranks", "order",
                 "order_pos", "capacity", "beaten", "queue", "attack_no", "history",
                 "_la_key", "_la")
    hand_size: int
    front: list[int]          # cards lying face up in front of each seat (lost attack)
    stage: str                # lead / add / defend (phase.py; meaningful in phase play)
    phase_starts: list[int]   # index in ``attacks`` where each phase of this attack starts
    lead_ranks: int           # rank bits leadable in the current later phase
    order: tuple[int, ...]    # who leads in turn in a later phase
    order_pos: int            # index in ``order`` of the seat leading now
    capacity: int             # most cards the current phase may hold (defender's hand)
    beaten: int               # seats that beat off an attack this deal (bitmask)
    queue: list[int]          # seats still to replenish after this attack, in order
    attack_no: int
    history: dict[str, int]   # attack-start positions since cards last left play or were drawn
    _la_key: int              # version for which ``_la`` (the addable lead cards) holds
    _la: int

    # ------------------------------------------------------------------ set-up
    @classmethod
    def _blank(cls, rules: RuleSet, trump: int) -> Self:
        """An empty Warsaw deal, every field set: dealing (warsaw.py), saved states
        (warsaw/codec.py) and positions (warsaw/position.py) fill it in."""
        s = cls.__new__(cls)
        s.rules, s.n, s.hand_size = rules, rules.players, rules.hand_size
        s.beaters, s.deck_mask = build_beats(rules, trump)
        s.trump, s.turnup = trump, -1
        s.seed = s.dealer = 0
        s.hands, s.front, s.known, s.stock = [0] * s.n, [0] * s.n, [0] * s.n, []
        s.discard = 0
        s.attacker = s.defender = 0
        s.stage, s.phase_starts = LEAD, [0]
        s.attacks, s.covers, s.attack_by = [], [], []
        s.n_unc = s.lead_ranks = 0
        s.order, s.order_pos, s.passed, s.capacity, s.beaten = (), 0, 0, 0, 0
        s.phase, s.exchange_holder, s.queue = P_PLAY, -1, []
        s.outcome, s.version, s.attack_no = None, 0, 0
        s.later_deal, s.prev_fool, s.first_attacker_seat = False, None, 0
        s.history = {}
        s._lc_key, s._lc, s._la_key, s._la = -1, [], -1, 0
        return s

    def _start_attack(self, att: int) -> list[Event]:
        """Rotation (seed 002): ``att`` leads against the player on their left."""
        self.attacker, self.defender = att, (att + 1) % self.n
        self.stage, self.phase_starts = LEAD, [0]
        self.attacks, self.covers, self.attack_by = [], [], []
        self.n_unc = self.lead_ranks = self.passed = self.order_pos = 0
        self.order = ()
        events = [_mk(Event, (EventKind.NEW_BOUT, att, 0, ()))]
        if not self.hands[att] and self.front[att]:  # Decision: pick up first, then lead
            events.append(self._pick_up(att))
        self.capacity = self.hands[self.defender].bit_count()
        return events

    def _pick_up(self, seat: int) -> Event:
        cards = self.front[seat]
        self.hands[seat] |= cards
        self.known[seat] |= cards
        self.front[seat] = 0
        return _mk(Event, (EventKind.PICKED_UP, seat, cards.bit_count(), tuple(bits(cards))))

    # ------------------------------------------------------------------ queries
    def held(self, seat: int) -> int:
        """Cards a seat holds: hand and cards in front (RULES.md: both count as held)."""
        return (self.hands[seat] | self.front[seat]).bit_count()

    def leadable(self) -> int:
        """Card mask of the ranks that may be led now (phase 1: any; later: covered ranks)."""
        if self.phase is not P_PLAY:
            return 0
        if self.stage == LEAD:
            return self.deck_mask
        if self.stage == ADD:
            return rank_set_mask(self.lead_ranks)
        return 0

    def phase_number(self) -> int:
        return len(self.phase_starts)

    def _room(self) -> int:
        """Cards the current phase may still take."""
        return self.capacity - (len(self.attacks) - self.phase_starts[-1])

    def _addable(self, seat: int) -> int:
        if self._room() <= 0:
            return 0
        return self.hands[seat] & rank_set_mask(self.lead_ranks)

    def lead_is_complete(self) -> bool:
        """Phase 1: the staged cards are a legal lead (``d`` may close it)."""
        return bool(self.attacks) and rank_parity(self.attacks).bit_count() <= 1

    def _lead_addable(self) -> int:
        """Phase 1: mask of the leader's cards that may join the staged lead (cached per
        version: asked when a card is staged and again for the legal list)."""
        if self._la_key != self.version:
            self._la_key = self.version
            self._la = addable_lead_cards(self.attacks, self.hands[self.attacker],
                                          self.capacity)
        return self._la

    def cover_options(self) -> list[Action]:
        """Every cover the defender could make in some order: (uncovered card of this
        phase, beater in hand) pairs. Only those of the first uncovered card are legal
        now; computer players plan a complete covering with all of them."""
        if self.phase is not P_PLAY or self.stage != DEFEND:
            return []
        p, hand, beaters = self.defender, self.hands[self.defender], self.beaters
        start = self.phase_starts[-1]
        return [_mk(Action, (p, COVER, (a, b)))
                for a, c in zip(self.attacks[start:], self.covers[start:], strict=True)
                if c < 0 for b in bits(hand & beaters[a])]

    def _next_to_cover(self) -> int:
        """Index in ``attacks`` of the first uncovered card of the current phase."""
        return self.covers.index(-1, self.phase_starts[-1])

    def _legal_list(self, p: int) -> list[Action]:
        key = self.version * 16 + p
        if self._lc_key == key:
            return self._lc
        self._lc_key = key
        out: list[Action] = []
        if self.phase is P_EXCHANGE:
            if p == self.exchange_holder:
                out = [_mk(Action, (p, EXCHANGE, ())), _mk(Action, (p, KEEP, ()))]
        elif self.phase is P_PLAY:
            stage = self.stage
            if stage == LEAD:
                if p == self.attacker:
                    singles = SINGLE_ATTACK[p]
                    out = [singles[c] for c in bits(self._lead_addable())]
                    if self.lead_is_complete():
                        out.append(DONE_ACTION[p])
            elif stage == DEFEND:
                if p == self.defender:
                    a = self.attacks[self._next_to_cover()]
                    out = [_mk(Action, (p, COVER, (a, b)))
                           for b in bits(self.hands[p] & self.beaters[a])]
                    out.append(TAKE_ACTION[p])
            elif p == self.order[self.order_pos]:  # ADD
                singles = SINGLE_ATTACK[p]
                out = [singles[c] for c in bits(self._addable(p))]
                out.append(PASS_ACTION[p])
        self._lc = out
        return out

    def legal_actions(self, player: int) -> Iterator[Action]:
        """Generator of every legal Action for ``player`` now (empty when nothing to do)."""
        yield from self._legal_list(player)

    def actors(self) -> tuple[int, ...]:
        return self.waiting_on()

    def waiting_on(self) -> tuple[int, ...]:
        """Warsaw is turn by turn: exactly one seat acts at a time (none when over)."""
        if self.phase is P_EXCHANGE:
            return (self.exchange_holder,)
        if self.phase is P_OVER:
            return ()
        if self.stage == LEAD:
            return (self.attacker,)
        if self.stage == DEFEND:
            return (self.defender,)
        return (self.order[self.order_pos],)

    def default_action(self, player: int) -> Action | None:
        """The timeout move: keep / the lead built progressively (the lowest single card,
        then ``d``; with staged cards that are no legal lead yet, the lowest card that pairs
        one of the odd ranks) / give up / end the turn."""
        if player not in self.waiting_on():
            return None
        if self.phase is P_EXCHANGE:
            return Action(player, KEEP, ())
        if self.stage == LEAD:
            if self.lead_is_complete():
                return DONE_ACTION[player]
            trump = self.trump
            pool = self.hands[player]
            if self.attacks:  # completable by the add rule: some odd rank has a partner
                pool &= self._lead_addable() & rank_set_mask(rank_parity(self.attacks))
            low = min(bits(pool), key=lambda c: ((c >> 4) & 3 == trump, c & 15, c))
            return SINGLE_ATTACK[player][low]
        if self.stage == DEFEND:
            return Action(player, TAKE, ())
        return Action(player, PASS, ())


__all__ = ["WarsawMoves"]
