"""``HouseState``: ``ThrowInState`` plus the rules that need state or actions of their own.

game.py deals one only when one of these is on (``StateConfig.house``), so the plain game's
hot path never pays for them:

- pagat (``on_fail=take_unbeaten``, seed 000): the defender covers any subset, then says
  done (``d``); covered pairs go to the discard, unbeaten cards to the defender's hand.
  Once every attack card is covered the bout ends by itself (RULES.md 'Further decisions').
- ``trump_exchange=six_any_time`` (000): the holder of the trump six swaps it for the
  turn-up (``x 6h``) whenever the turn-up is still in the stock, at any moment of play.
- poker: before leading, the principal attacker may swap one or two cards with the top of
  the stock (``p 7h 9c``), once per lead, three times per deal.
- weli: the 6♦ is played with a named suit (``a 6d>s``); it then is the 6 of that suit.
- changeable_trump: the card under the turn-up is revealed when the turn-up is drawn.
- albanian: whoever draws the turn-up (drawn first) is known to hold it.

Decisions where RULES.md is silent:
- six_any_time: only while the turn-up is a trump (crazy may turn up a non-trump) and is
  still in the stock; any seat in play may swap, in any phase of a bout; the move changes
  no turn. Poker counts per deal, not per player (RULES.md: "three times per deal").
- poker: the stock must hold more cards than are swapped, not counting the turn-up (and
  the hidden card of changeable_trump); the given cards go back at random (seeded)
  positions above them; the cards drawn are private.
- weli: a lead/throw-in/transfer names the suit; a cover names a suit under which the 6
  beats the attack card. Showing (``s``) the 6♦ is not playing it and names nothing.
  Timeout move with the weli: it is named diamonds.
- changeable_trump: when one draw takes both the turn-up and the hidden card, the hidden
  card is still revealed and its suit becomes trump.
"""

from __future__ import annotations

from ..core.actions import WELI_AS, Action, ActionKind, Event, EventKind
from ..core.beats import WELI, build_beats, weli_beats, weli_tables
from ..core.cards import bits, card_text, mask_of
from ..core.codes import Code
from ..core.deal import Dealt, SeedStream
from ..core.errors import IllegalAction
from ..core.phase import Phase
from ..core.seats import replenish_order
from ..core.tables import DONE_ACTION
from ..throwin.state import ThrowInState

ATTACK, COVER, TAKE, SHOW = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.SHOW
TRANSFER, DONE = ActionKind.TRANSFER, ActionKind.DONE
SWAP_SIX, POKER = ActionKind.SWAP_SIX, ActionKind.POKER
P_PLAY = Phase.PLAY
POKER_SWAPS_PER_DEAL = 3
_SUIT_LETTER = "shdc"
_mk = tuple.__new__


class HouseState(ThrowInState):
    __slots__ = ("hidden", "poker_left", "poker_bout", "weli_suit", "base_beaters")
    hidden: int          # changeable_trump: the face-down card under the turn-up (-1: none)
    poker_left: int      # poker swaps left this deal
    poker_bout: int      # bout_no of the last poker swap (one per lead)
    weli_suit: int       # suit named for the weli on the table (-1: not on the table)
    base_beaters: list[int]  # the beats table without the weli's wildness

    # ------------------------------------------------------------------ set-up
    def _house_init(self) -> None:
        self.hidden, self.poker_left, self.poker_bout, self.weli_suit = (
            -1, POKER_SWAPS_PER_DEAL, -1, -1)
        self._set_tables(self.beaters)

    def _set_tables(self, table: list[int]) -> None:
        self.base_beaters = table
        self.beaters = weli_tables(table)[0] if self.cfg.weli else table

    def _house_deal(self, d: Dealt) -> None:
        self.hidden = d.hidden

    def clone(self) -> HouseState:
        s = super().clone()
        assert isinstance(s, HouseState)
        s.hidden, s.poker_left, s.poker_bout = self.hidden, self.poker_left, self.poker_bout
        s.weli_suit, s.base_beaters = self.weli_suit, self.base_beaters
        return s

    # ------------------------------------------------------------------ legal actions
    def _legal_list(self, p: int) -> list[Action]:
        key = self.version * 16 + p
        if self._lc_key == key:
            return self._lc
        out = super()._legal_list(p)
        if self.phase is not P_PLAY:
            return out
        cfg, hand = self.cfg, self.hands[p]
        out = list(out)
        if cfg.pagat and out and p == self.defender and out[-1][1] is TAKE:
            out[-1] = DONE_ACTION[p]
        if cfg.weli and (hand >> WELI) & 1:
            out = self._name_weli(p, out)
        if cfg.six:
            six = self._six_to_swap(p)
            if six >= 0:
                out.append(_mk(Action, (p, SWAP_SIX, (six,))))
        if cfg.poker and p == self.attacker and self._poker_room() > 0:
            cards = bits(hand)
            out += [_mk(Action, (p, POKER, (c,))) for c in cards]
            if self._poker_room() > 1:
                out += [_mk(Action, (p, POKER, (a, b))) for i, a in enumerate(cards)
                        for b in cards[i + 1:]]
        self._lc = out
        return out

    def _name_weli(self, p: int, out: list[Action]) -> list[Action]:
        named: list[Action] = []
        for act in out:
            kind, cards = act[1], act[2]
            if WELI not in cards or kind is SHOW:
                named.append(act)
                continue
            for suit in range(4):
                if kind is COVER and not weli_beats(self.base_beaters, cards[0], suit):
                    continue
                named.append(_mk(Action, (p, kind, tuple(WELI_AS + suit if c == WELI else c
                                                         for c in cards))))
        return named

    def _six_to_swap(self, p: int) -> int:
        """The trump six seat ``p`` may swap for the turn-up now, or -1."""
        if self.trump < 0 or not self.stock or not self.in_play[p]:
            return -1
        six, up = self.trump * 16 + 6, self.turnup
        if not (self.hands[p] >> six) & 1 or up == six or (up >> 4) & 3 != self.trump:
            return -1
        return six if up in self.stock else -1

    def _poker_room(self) -> int:
        """How many cards a poker swap may take now (0: no swap)."""
        if self.attacks or self.poker_left <= 0 or self.poker_bout == self.bout_no:
            return 0
        return max(0, len(self.stock) - self._fixed_bottom())

    def _fixed_bottom(self) -> int:
        """Cards at the bottom of the stock a poker swap never reaches."""
        if self.rules.albanian or not self.stock:
            return 1 if self.stock else 0
        return 2 if self.hidden >= 0 else 1

    def default_action(self, player: int) -> Action | None:
        act = super().default_action(player)
        if act is None:
            return None
        if act.kind is TAKE and self.cfg.pagat:
            return DONE_ACTION[player]
        if self.cfg.weli and WELI in act.cards:
            return Action(player, act.kind, tuple(WELI_AS + 2 if c == WELI else c
                                                  for c in act.cards))
        return act

    # ------------------------------------------------------------------ checking
    def _check(self, action: Action) -> Action:
        try:
            p, kind, cards = action
        except (TypeError, ValueError):
            raise IllegalAction(Code.NOT_AN_ACTION, action=repr(action)) from None
        if type(cards) is tuple and any(type(c) is int and WELI_AS <= c < WELI_AS + 4
                                        for c in cards):
            if not self.cfg.weli:
                raise IllegalAction(Code.WELI_NOT_IN_PLAY)
            virtual = [c for c in cards if type(c) is int and c >= WELI_AS]
            if len(virtual) != 1 or WELI in cards:
                raise IllegalAction(Code.WELI_NAMED_TWICE)
            if kind not in (ATTACK, COVER, TRANSFER, "a", "c", "r"):
                raise IllegalAction(Code.WELI_NAMED_NOT_PLAYED)
            suit = virtual[0] - WELI_AS
            physical = tuple(WELI if c == virtual[0] else c for c in cards)
            canon = super()._check(Action(p, kind, physical))
            if canon.kind is COVER and not weli_beats(self.base_beaters, physical[0], suit):
                raise IllegalAction(Code.WELI_DOES_NOT_BEAT, suit=_SUIT_LETTER[suit],
                                    card=card_text(physical[0]))
            return _mk(Action, (canon[0], canon[1], cards))
        canon = super()._check(action)
        if (self.cfg.weli and WELI in canon.cards and canon.kind in (ATTACK, TRANSFER, COVER)
                and not (canon.kind is COVER and canon.cards[0] == WELI)):
            raise IllegalAction(Code.WELI_NAME_SUIT)
        return canon

    def _check_rules(self, p: int, kind: ActionKind, cards: tuple[int, ...]) -> None:
        if kind is DONE:
            if not self.cfg.pagat:
                raise IllegalAction(Code.DONE_NOT_PAGAT)
            if self.phase is not P_PLAY or p != self.defender:
                raise IllegalAction(Code.DONE_NOT_DEFENDER)
            if not self.n_unc:
                raise IllegalAction(Code.DONE_NOTHING_UNCOVERED)
            return
        if kind is TAKE and self.cfg.pagat:
            raise IllegalAction(Code.PAGAT_TAKE)
        if kind is SWAP_SIX:
            if not self.cfg.six:
                raise IllegalAction(Code.SIX_SWAP_NOT_IN_PLAY)
            if self.phase is not P_PLAY or len(cards) != 1 or self._six_to_swap(p) != cards[0]:
                raise IllegalAction(Code.SIX_SWAP_NOT_NOW)
            return
        if kind is POKER:
            self._check_poker(p, cards)
            return
        super()._check_rules(p, kind, cards)

    def _check_poker(self, p: int, cards: tuple[int, ...]) -> None:
        if not self.cfg.poker:
            raise IllegalAction(Code.POKER_NOT_IN_PLAY)
        if self.phase is not P_PLAY or p != self.attacker or self.attacks:
            raise IllegalAction(Code.POKER_NOT_NOW)
        if self.poker_left <= 0:
            raise IllegalAction(Code.POKER_USED_UP)
        if self.poker_bout == self.bout_no:
            raise IllegalAction(Code.POKER_ONCE_PER_LEAD)
        if not 1 <= len(cards) <= 2 or len(set(cards)) != len(cards):
            raise IllegalAction(Code.POKER_CARD_COUNT)
        for c in cards:
            if not (self.hands[p] >> c) & 1:
                raise IllegalAction(Code.NOT_IN_HAND, card=card_text(c))
        if self._poker_room() < len(cards):
            raise IllegalAction(Code.POKER_STOCK_SHORT, count=len(cards))

    # ------------------------------------------------------------------ playing
    def apply_unchecked(self, action: Action) -> tuple[Event, ...]:
        p, kind, cards = action
        if kind is DONE:
            self.version += 1
            return self._done(p)
        if kind is SWAP_SIX:
            self.version += 1
            return self._swap_six(p, cards[0])
        if kind is POKER:
            self.version += 1
            return self._poker(p, cards)
        if self.cfg.weli and any(c >= WELI_AS for c in cards):
            virtual = next(c for c in cards if c >= WELI_AS)
            cards = tuple(WELI if c == virtual else c for c in cards)
            if kind is ATTACK or kind is TRANSFER:
                self.weli_suit = virtual - WELI_AS
                self.beaters = weli_tables(self.base_beaters)[1][self.weli_suit]
            action = _mk(Action, (p, kind, cards))
        return super().apply_unchecked(action)

    def _done(self, d: int) -> tuple[Event, ...]:
        """Pagat: covered pairs to the discard, unbeaten cards to the defender (000)."""
        beaten = 0
        taken = []
        for a, c in zip(self.attacks, self.covers, strict=True):
            if c >= 0:
                beaten |= (1 << a) | (1 << c)
            else:
                taken.append(a)
        self.discard |= beaten
        m = mask_of(taken)
        self.hands[d] |= m
        self.known[d] |= m
        events: list[Event] = []
        if beaten:
            events.append(Event(EventKind.BEATEN_OFF, d, beaten.bit_count(), ()))
        events.append(Event(EventKind.TAKEN, d, len(taken), tuple(taken)))
        return self._close_bout(self.attacker, d, True, events)

    def _swap_six(self, p: int, six: int) -> tuple[Event, ...]:
        up = self.turnup
        self.hands[p] = (self.hands[p] & ~(1 << six)) | (1 << up)
        self.known[p] |= 1 << up
        self.stock[self.stock.index(up)] = six
        self.turnup = six
        return (Event(EventKind.EXCHANGED, p, 1, (six, up)),)

    def _poker(self, p: int, cards: tuple[int, ...]) -> tuple[Event, ...]:
        stock, k = self.stock, len(cards)
        drawn = stock[-k:]
        del stock[-k:]
        stream = SeedStream(self.seed)
        stream._key = f"{self.seed}/poker/{self.version}".encode()  # seeded per swap
        bottom = 0 if self.rules.albanian else self._fixed_bottom()
        for c in cards:
            stock.insert(bottom + stream.below(len(stock) - bottom + 1), c)
        hand = self.hands[p]
        for c in cards:
            hand &= ~(1 << c)
        got = mask_of(drawn)
        self.hands[p] = hand | got
        if (got >> self.turnup) & 1:  # albanian: the turn-up was on top
            self.known[p] |= 1 << self.turnup
        self.poker_left -= 1
        self.poker_bout = self.bout_no
        return (Event(EventKind.EXCHANGED, p, k, ()),)

    def _close_bout(self, a: int, d: int, taken: bool, events: list[Event]) -> tuple[Event, ...]:
        if self.weli_suit >= 0:
            self.weli_suit = -1
            self.beaters = weli_tables(self.base_beaters)[0]
        return super()._close_bout(a, d, taken, events)

    def _replenish(self, a: int, d: int, events: list[Event]) -> None:
        """As the plain game, plus: whoever draws the turn-up is known to hold it (albanian
        draws it first), and changeable_trump reveals the hidden card."""
        stock, hands, in_play = self.stock, self.hands, self.in_play
        hs = self.cfg.hand_size
        for s in replenish_order(self.n, a, d):
            if not stock:
                break
            if not in_play[s]:
                continue
            need = hs - hands[s].bit_count()
            if need <= 0:
                continue
            drawn = stock[-need:]
            del stock[-need:]
            got = mask_of(drawn)
            hands[s] |= got
            events.append(_mk(Event, (EventKind.DREW, s, len(drawn), ())))
            if (got >> self.turnup) & 1:
                self.known[s] |= 1 << self.turnup
                if self.hidden >= 0:
                    self._reveal(events)
                    if (got >> self.turnup) & 1:  # drew the hidden card too
                        self.known[s] |= 1 << self.turnup

    def _reveal(self, events: list[Event]) -> None:
        """changeable_trump: the hidden card becomes the turn-up and its suit trump."""
        card, self.hidden = self.hidden, -1
        self.turnup = card
        self.trump = (card >> 4) & 3
        table, self.deck_mask = build_beats(self.rules, self.trump)
        self._set_tables(table)
        events.append(Event(EventKind.TRUMP_CHANGED, -1, 1, (card,)))
