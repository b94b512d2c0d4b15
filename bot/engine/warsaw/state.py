"""``WarsawState``: one deal of Dureń Piątkowy (seed 002, RULES.md 'Warsaw phases').

The same public face as every deal (game_state.GameState: legal_actions, actors,
waiting_on, default_action, apply/apply_unchecked, clone, is_over, outcome, view, to_dict,
version); game.py deals a ``WarsawState`` when ``on_fail=warsaw``. The refusals of ``apply``
are in warsaw/checks.py, the JSON form in warsaw/codec.py, the view in warsaw/view.py.

An attack runs in phases. ``stage`` says who is asked:
- ``lead``: phase 1, the principal attacker builds the lead one card per action
  (``a 4h``, ``a 4d``, ...; lead=warsaw_pairs) and closes it with ``d``. The staged cards
  lie on the table (``attacks``; everyone sees them) but cannot be covered until the lead
  is closed. A card may be added only while the staged cards can still end as a legal lead
  within the defender's hand (warsaw/leads.py has the exact test); ``d`` is legal only
  when the staged cards are a legal lead. Once closed, the cards lying in front of the
  leader (lost last attack) are picked up.
- ``defend``: the defender covers every card of the phase (``c 7h 9h`` one at a time) or
  gives up (``t``).
- ``add``: a later phase. In turn (principal attacker, then clockwise from the defender's
  left) each non-defender leads cards of the ranks the defender covered with in the
  previous phase, one card per action (``a 9h``), and ends the turn with ``p``.
The trump-two exchange is asked (``e`` / ``k``) while replenishing: ``phase`` is then
``exchange`` and ``exchange_holder`` the seat asked.

Decisions where RULES.md and seed 002 are silent (also in the tests):
- The lead is built card by card (a whole lead as one action would mean listing every
  legal lead: 4 million for a 28-card hand of two packs against a 12-card defender, and no
  keyboard can offer that). A staged card is on the table and cannot be taken back. The
  lead closes by itself when the staged cards are a legal lead and no card can be added
  (the limit is reached or nothing more fits), as a later-phase turn ends by itself.
  A several-card ``a`` in the lead is refused: one card per action, then ``d``.
- Later phases: one card per action, ``p`` ends the turn; a seat is skipped when it holds
  no card of a leadable rank or when the phase already holds as many cards as the
  defender; a turn ends by itself when the seat has nothing more to lead.
- The defender may give up at any moment of their turn, also after covering some cards.
- The defender covers the led cards in the order they lie on the table (the legal covers
  are the beaters of the first uncovered card: O(hand) actions, not led x hand pairs).
  No option is lost: every card must be covered before anything else happens, any final
  assignment of covers is reachable in that order, and giving up returns every cover.
- The exchange card is the deck's lowest trump (the 2 with 52 cards; the 6 if a group
  plays 36 cards), only from the hand (cards in front are on the table), the first
  pack's copy first; it is not offered when the turn-up itself is a trump of that rank
  (the swap would change nothing) or when there is no trump suit.
- Cards in front of a player count as held for replenishing, for the end and for stakes,
  but not for the lead limit (only the defender's hand counts, and a defender never has
  cards in front: they lie in front of the next principal attacker only, until picked up).
- An empty hand with cards in front: the player picks them up first and then leads.
- The deal ends when, after an attack and its replenishing, the stock is empty and some
  player holds no cards (hand and front). Nobody holding cards then is a draw.
- Stakes: ``Outcome.stakes`` seat -> +won / -paid; a share that does not divide evenly is
  an exact ``fractions.Fraction`` (ints when whole). ``Outcome.fools`` are the payers,
  most cards first (ties: first after the dealer), so ``next_deal`` gives the deal to the
  biggest payer (RULES.md: the fool deals).
- Repetition: if an attack would start for the third time from the same position
  (principal attacker, every hand, every front, the stock) with no card discarded or
  drawn in between, the deal ends as a draw (nobody pays), also while the stock lasts.
  Without it a deal can go on forever: three players holding one card each where no one
  can beat the card led to them pass the cards round and round by giving up; and while
  everybody holds five or more (cards in front count), nobody draws, so a table that
  always gives up (every player timing out: the timeout move of a defender is to give
  up) circles forever with a full stock. Any endless play repeats a position (finitely
  many), so every deal ends.
- ``scoring=matchsticks`` with Warsaw: every payer is a fool and takes a matchstick,
  ``Outcome.stakes`` is None.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.actions import Action, ActionKind, Event, EventKind
from ..core.cards import RANK_MASKS, SUIT_MASKS, bits, card_text, mask_of
from ..core.deal import deal
from ..core.outcome import Outcome
from ..core.phase import ADD, DEFEND, LEAD, Phase
from ..core.rules import RuleSet
from .checks import check_warsaw_action
from .codec import warsaw_to_dict
from .moves import WarsawMoves
from .view import WarsawView, make_warsaw_view

ATTACK, COVER, TAKE, PASS = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS
EXCHANGE, KEEP, DONE = ActionKind.EXCHANGE, ActionKind.KEEP, ActionKind.DONE
P_EXCHANGE, P_PLAY, P_OVER = Phase.EXCHANGE, Phase.PLAY, Phase.OVER
_mk = tuple.__new__


class WarsawState(WarsawMoves):
    """One Warsaw deal. Mutated by ``apply``; ``clone`` for search. Seats 0..players-1.
    (The fields and the read-only queries are WarsawMoves', warsaw/moves.py.)"""

    __slots__ = ()

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, rules: RuleSet, seed: int, dealer: int | None = None, *,
            later_deal: bool = False, prev_fool: int | None = None,
            deck_order: Any = None) -> WarsawState:
        """Deal a Warsaw game (game.new_deal picks this class for ``on_fail=warsaw``)."""
        rules.validate()
        d = deal(rules, seed, dealer, deck_order)
        s = cls._blank(rules, d.trump)
        s.seed, s.dealer = seed, d.dealer
        s.hands, s.known, s.stock, s.turnup = d.hands, d.known, d.stock, d.turnup
        s.later_deal, s.prev_fool = later_deal, prev_fool
        att = s._first_attacker()
        s.first_attacker_seat = att
        s._start_attack(att)
        return s

    def _first_attacker(self) -> int:
        rules, n = self.rules, self.n
        how = rules.next_deal_first_attacker if self.later_deal else rules.first_attacker
        if how == "fools_right" and self.prev_fool is not None:
            return (self.prev_fool - 1) % n
        if how == "lowest_trump" and self.trump >= 0:
            held = [(min(c & 15 for c in bits(h & SUIT_MASKS[self.trump])), seat)
                    for seat, h in enumerate(self.hands) if h & SUIT_MASKS[self.trump]]
            if held:
                return min(held)[1]
        return (self.dealer + 1) % n

    # ------------------------------------------------------------------ apply
    def apply_unchecked(self, action: Action) -> tuple[Event, ...]:
        """Play ``action`` without checking it."""
        p, kind, cards = action
        self.version += 1
        if kind is COVER:
            return self._cover(p, cards[0], cards[1])
        if kind is ATTACK:
            return self._lead(p, cards)
        if kind is PASS:
            self.passed |= 1 << p
            return self._next_leader(self.order_pos + 1)
        if kind is TAKE:
            return self._end_attack(given_up=True)
        if kind is DONE:
            return self._close_lead(p)
        if kind is EXCHANGE:
            events = [self._exchange(p)]
        else:  # KEEP
            events = []
        self.phase, self.exchange_holder = P_PLAY, -1
        events += self._draw(self.queue.pop(0))
        return tuple(events + self._replenish())

    def _lead(self, p: int, cards: tuple[int, ...]) -> tuple[Event, ...]:
        hand = self.hands[p]
        for c in cards:
            hand &= ~(1 << c)
            self.attacks.append(c)
            self.covers.append(-1)
            self.attack_by.append(p)
        self.hands[p] = hand
        self.n_unc += len(cards)
        if self.stage == LEAD:  # phase 1: closes by itself once nothing more can join
            if not self._lead_addable() and self.lead_is_complete():
                return self._close_lead(p)
            return ()
        if self._room() <= 0 or not self._addable(p):  # nothing more to lead: turn over
            self.passed |= 1 << p
            return self._next_leader(self.order_pos + 1)
        return ()

    def _close_lead(self, p: int) -> tuple[Event, ...]:
        """Phase 1's lead is made: the defender answers; the leader lifts the cards in front."""
        self.stage = DEFEND
        if self.front[p]:
            return (self._pick_up(p),)
        return ()

    def _next_leader(self, start: int) -> tuple[Event, ...]:
        """Hand the later-phase lead to the next seat in order with something to lead;
        after the last, the defender answers (or, if nothing was led, has beaten off)."""
        order = self.order
        for i in range(start, len(order)):
            if self._addable(order[i]):
                self.order_pos = i
                return ()
            self.passed |= 1 << order[i]  # no card of a leadable rank: skipped
        if len(self.attacks) > self.phase_starts[-1]:
            self.stage = DEFEND
            return ()
        return self._end_attack(given_up=False)

    def _cover(self, p: int, a: int, c: int) -> tuple[Event, ...]:
        i = self.attacks.index(a, self.phase_starts[-1])
        self.covers[i] = c
        self.hands[p] &= ~(1 << c)
        self.n_unc -= 1
        if self.n_unc:
            return ()
        if not self.hands[p]:
            return self._end_attack(given_up=False)
        # the phase is won: next phase, led by the ranks the defender covered with
        ranks = 0
        for cover in self.covers[self.phase_starts[-1]:]:
            ranks |= 1 << (cover & 15)
        self.lead_ranks = ranks
        self.phase_starts.append(len(self.attacks))
        self.capacity = self.hands[p].bit_count()
        self.stage, self.passed = ADD, 0
        d, n = self.defender, self.n
        self.order = (self.attacker,) + tuple(
            s for s in ((d + k) % n for k in range(1, n)) if s != self.attacker)
        events = [_mk(Event, (EventKind.NEW_PHASE, self.attacker, len(self.phase_starts),
                              ()))]
        return tuple(events) + self._next_leader(0)

    def _end_attack(self, given_up: bool) -> tuple[Event, ...]:
        d, a = self.defender, self.attacker
        led = mask_of(self.attacks)
        played = mask_of(c for c in self.covers if c >= 0)
        if given_up:  # seed 002: covers back to the hand, every led card in front
            self.hands[d] |= played
            self.known[d] |= played
            self.front[d] |= led
            events = [_mk(Event, (EventKind.TAKEN, d, len(self.attacks),
                                  tuple(self.attacks)))]
        else:
            self.discard |= led | played
            self.beaten |= 1 << d
            self.history.clear()  # cards left play: no earlier position can come back
            events = [_mk(Event, (EventKind.BEATEN_OFF, d, led.bit_count() + played.bit_count(),
                                  ()))]
        self.attacks, self.covers, self.attack_by = [], [], []
        self.phase_starts, self.n_unc = [0], 0
        self.lead_ranks, self.order, self.order_pos, self.passed = 0, (), 0, 0
        self.attack_no += 1
        n = self.n
        # Replenish: principal attacker, defender, then the others in rotation
        self.queue = [a, d] + [s for s in ((d + k) % n for k in range(1, n)) if s != a]
        return tuple(events + self._replenish())

    def _exchange_eligible(self, seat: int) -> bool:
        """Seed 002: holds the trump two, at least one other card in the stock, has beaten
        off an attack this deal (and the swap changes something)."""
        if self.rules.trump_exchange != "warsaw_two" or self.trump < 0:
            return False
        if len(self.stock) < 2 or not (self.beaten >> seat) & 1:
            return False
        low = self.rules.lowest_rank
        if self.turnup & 15 == low and (self.turnup >> 4) & 3 == self.trump:
            return False
        return bool(self.hands[seat] & SUIT_MASKS[self.trump] & RANK_MASKS[low])

    def _exchange(self, p: int) -> Event:
        low = bits(self.hands[p] & SUIT_MASKS[self.trump] & RANK_MASKS[self.rules.lowest_rank])[0]
        up = self.turnup
        self.hands[p] = (self.hands[p] & ~(1 << low)) | (1 << up)
        self.known[p] |= 1 << up
        self.stock[0] = self.turnup = low
        return _mk(Event, (EventKind.EXCHANGED, p, 1, (low, up)))

    def _draw(self, seat: int) -> list[Event]:
        need = self.hand_size - self.held(seat)
        stock = self.stock
        if need <= 0 or not stock:
            return []
        drawn = stock[-need:]
        del stock[-need:]
        self.history.clear()  # the stock shrank: no earlier position can come back
        for c in drawn:
            self.hands[seat] |= 1 << c
        if not stock:
            self.known[seat] |= 1 << self.turnup
        return [_mk(Event, (EventKind.DREW, seat, len(drawn), ()))]

    def _replenish(self) -> list[Event]:
        """Draw for the queued seats in order, pausing to ask the trump-two holder."""
        events: list[Event] = []
        queue = self.queue
        while queue and self.stock:
            seat = queue[0]
            if self._exchange_eligible(seat):
                self.phase, self.exchange_holder = P_EXCHANGE, seat
                return events
            events += self._draw(queue.pop(0))
        queue.clear()
        if not self.stock and any(not self.held(s) for s in range(self.n)):
            fools = self._finish()
            events.append(_mk(Event, (EventKind.END, fools[0] if fools else -1, 0, ())))
            return events
        if self._repeated(self.defender):
            self._finish(repetition=True)
            events.append(_mk(Event, (EventKind.END, -1, 0, ())))
            return events
        return events + self._start_attack(self.defender)

    def _repeated(self, att: int) -> bool:
        """Decision: an attack that would start from the same position (principal
        attacker, stock, hands, cards in front) for the third time since cards last left
        play or were drawn ends the deal as a draw: with only give-ups, cards can circle
        forever (see the module docstring)."""
        key = (f"{att}:{len(self.stock)}:" + ",".join(f"{h:x}" for h in self.hands) + ";"
               + ",".join(f"{f:x}" for f in self.front))
        seen = self.history.get(key, 0) + 1
        self.history[key] = seen
        return seen >= 3

    def _finish(self, repetition: bool = False) -> tuple[int, ...]:
        """Seed 002 scoring: each player with cards pays one stake per card held, split
        equally among the players who hold none."""
        self.phase, self.stage = P_OVER, LEAD
        n = self.n
        held = [self.held(s) for s in range(n)]
        winners = [s for s in range(n) if not held[s]]
        if repetition:  # a draw: nobody went out, nobody pays
            self.outcome = Outcome(fools=(), draw=True, out_order=(), stakes=(
                {s: 0 for s in range(n)} if self.rules.scoring == "stakes" else None))
            return ()
        after_dealer = [(self.dealer + k) % n for k in range(1, n + 1)]
        payers = sorted((s for s in after_dealer if held[s]),
                        key=lambda s: (-held[s], after_dealer.index(s)))
        stakes: dict[int, Any] | None = None
        if self.rules.scoring == "stakes":
            total = sum(held)
            share = Fraction(total, len(winners)) if winners else Fraction(0)
            won = int(share) if share.denominator == 1 else share
            stakes = {s: (won if not held[s] else -held[s]) for s in range(n)}
        self.outcome = Outcome(fools=tuple(payers), draw=not payers, stakes=stakes,
                               out_order=tuple(winners))
        return self.outcome.fools

    # ------------------------------------------------------------------ checking (warsaw/checks.py)
    def _check(self, action: Action) -> Action:
        """The action with canonical types, or IllegalAction naming the rule."""
        return check_warsaw_action(self, action)

    # ------------------------------------------------------------------ copies, views, JSON
    def clone(self) -> WarsawState:
        s = WarsawState.__new__(WarsawState)
        for name in ("rules", "beaters", "deck_mask", "hand_size", "seed", "dealer", "n",
                     "turnup", "trump", "discard", "attacker", "defender", "stage", "n_unc",
                     "lead_ranks", "order", "order_pos", "passed", "capacity", "beaten",
                     "phase", "exchange_holder", "outcome", "version", "attack_no",
                     "later_deal", "prev_fool", "first_attacker_seat"):
            setattr(s, name, getattr(self, name))
        for name in ("hands", "front", "known", "stock", "phase_starts", "attacks", "covers",
                     "attack_by", "queue"):
            setattr(s, name, getattr(self, name)[:])
        s.history = dict(self.history)
        s._lc_key, s._lc, s._la_key, s._la = -1, [], -1, 0
        return s

    def view(self, player: int) -> WarsawView:
        return make_warsaw_view(self, player)

    def to_dict(self) -> dict[str, Any]:
        return warsaw_to_dict(self)

    def __repr__(self) -> str:
        def cs(m: int) -> str:
            return " ".join(card_text(c, True) for c in bits(m))
        hands = " | ".join(cs(h) + (f" [front {cs(f)}]" if f else "")
                           for h, f in zip(self.hands, self.front, strict=True))
        table = " ".join(card_text(a, True) + ("/" + card_text(c, True) if c >= 0 else "")
                         for a, c in zip(self.attacks, self.covers, strict=True))
        return (f"<WarsawState v{self.version} {self.phase.value}/{self.stage} "
                f"phase={self.phase_number()} att={self.attacker} def={self.defender} "
                f"trump={card_text(self.turnup, True) if self.turnup >= 0 else '-'} "
                f"stock={len(self.stock)} table=[{table}] hands=[{hands}]>")
