"""``ThrowInState``: one deal of the throw-in family (RULES.md 'A bout'), fast and pure.

Hands are int bitmasks, the table three short parallel lists (attack card, cover or -1,
who played the attack card). Everything that depends only on the rules or the trump lives
in shared per-rule/per-trump tables (``StateConfig``, ``beaters``) that clones share.

Here: dealing, playing an action, the end of a bout and of the deal (compiled, state.pxd).
What may be played now is ``ThrowInMoves`` (moves.py); the rule-by-rule refusals of
``apply`` are in checks.py, the JSON form in forms/codec.py, views in forms/view.py. Rules that need
state or actions of their own (pagat, six_any_time, poker, weli, changeable_trump,
albanian) play in ``house.state.HouseState``; game.py picks the class. Decisions where
RULES.md is silent: README.md.
"""

from __future__ import annotations

from typing import Any

from ..core.actions import Action, ActionKind, Event, EventKind
from ..core.cards import bits, card_text
from ..core.deal import Dealt, deal, first_attacker
from ..core.outcome import Outcome, fool_title, team_fools
from ..core.phase import Phase
from ..core.rules import RuleSet
from ..core.seats import replenish_order
from ..core.tables import BEATEN_EVENTS, DREW_EVENTS, NEW_BOUT_EVENTS, THROW_IN_RANKS
from ..forms.codec import state_to_dict
from ..forms.view import PlayerView, make_view
from .checks import check_action, check_rules
from .moves import ThrowInMoves
from .state_config import config_for

try:  # Cython's pure-Python mode: ``cython.compiled`` is True only in the compiled build
    import cython
except ImportError:  # Cython is a build dependency only
    import bot.engine._cython_shim as cython

ATTACK, COVER, TAKE, PASS = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS
TRANSFER, SHOW, EXCHANGE, KEEP = (ActionKind.TRANSFER, ActionKind.SHOW, ActionKind.EXCHANGE,
                                  ActionKind.KEEP)
EV_TAKEN, EV_BEATEN, EV_DREW = EventKind.TAKEN, EventKind.BEATEN_OFF, EventKind.DREW
P_EXCHANGE, P_PLAY, P_OVER = Phase.EXCHANGE, Phase.PLAY, Phase.OVER
_mk = tuple.__new__


class ThrowInState(ThrowInMoves):
    """One deal. Mutated by ``apply``; ``clone`` for search. Seats are 0..players-1.
    (The fields and the read-only queries are ThrowInMoves', moves.py.)"""

    __slots__ = ()

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, rules: RuleSet, seed: int, dealer: int | None = None, *,
            later_deal: bool = False, prev_fool: int | None = None,
            deck_order: Any = None) -> ThrowInState:
        """Deal a new game of this class (game.new_deal picks the class from the rules).
        ``later_deal``/``prev_fool`` select next_deal_first_attacker (series);
        ``deck_order``: the cards in a known order instead of the seed's shuffle (deal.py)."""
        cfg = config_for(rules)
        d = deal(rules, seed, dealer, deck_order)
        s = cls._blank(rules, cfg, d.trump)
        s.seed, s.dealer = seed, d.dealer
        s.hands, s.known, s.stock, s.turnup = d.hands, d.known, d.stock, d.turnup
        if cfg.house or d.out_of_play:
            s.discard = d.out_of_play
            s._house_deal(d)
        s.later_deal, s.prev_fool = later_deal, prev_fool
        att = first_attacker(rules, s.hands, s.trump, s.dealer, later_deal, prev_fool)
        s.attacker = s.first_attacker_seat = att
        s._start_bout(att, (att + 1) % s.n)
        if rules.trump_exchange == "lowest_before_play" and s.stock and s.trump >= 0:
            # RULES.md decision: the lowest trump's holder decides before the first lead
            lowest = s.trump * 16 + cfg.lowest_rank
            for seat in range(s.n):
                if (s.hands[seat] >> lowest) & 1:
                    s.phase, s.exchange_holder = P_EXCHANGE, seat
        return s

    def _house_deal(self, d: Dealt) -> None:
        """House-rule state from the deal (HouseState); the plain state has none."""

    # ------------------------------------------------------------------ apply
    def apply_unchecked(self, action: Action) -> tuple[Event, ...]:
        """Play ``action`` without checking it (search/bench on generated actions)."""
        p, kind, cards = action
        self.version += 1
        if kind is COVER:
            a, c = cards  # an exact tuple: unpacked without an iterator in C too
            self.covers[self.attacks.index(a)] = c
            if cython.compiled and self.cfg.one_pack:  # C integers: card ids below 64
                one, ci = 1, c
                h64 = self.hands[p]
                self.hands[p] = h64 & ~(one << ci)
            else:
                self.hands[p] &= ~(1 << c)
            self.passed = 0
            self.rank_cards |= THROW_IN_RANKS[c & 15]
            n_unc = self.n_unc = self.n_unc - 1
            if n_unc:  # more to cover: the bout goes on
                return ()
            # RULES.md 'A bout' 3: all covered; the bout ends at the limit, when the
            # defender has no cards left or when every attacker has passed
            if (len(self.attacks) >= self.limit or not self.hands[self.defender]
                    or self._all_passed()):
                return self._end_bout(False)
            return ()
        if kind is ATTACK:
            if len(cards) == 1:  # a throw-in or a one-card lead: no loop
                c = cards[0]
                if cython.compiled and self.cfg.one_pack:  # C integers: card ids below 64
                    one, ci = 1, c
                    h64 = self.hands[p]
                    self.hands[p] = h64 & ~(one << ci)
                else:
                    self.hands[p] &= ~(1 << c)
                self.attacks.append(c)
                self.covers.append(-1)
                self.attack_by.append(p)
                self.rank_cards |= THROW_IN_RANKS[c & 15]
                self.n_unc += 1
            else:
                hand = self.hands[p]
                for c in cards:
                    hand &= ~(1 << c)
                    self.attacks.append(c)
                    self.covers.append(-1)
                    self.attack_by.append(p)
                    self.rank_cards |= THROW_IN_RANKS[c & 15]
                self.hands[p] = hand
                self.n_unc += len(cards)
            self.passed &= ~(1 << p)
            if not self.taking:  # an uncovered card is on the table: the bout goes on
                return ()
            # the defender takes: the bout ends at the limit or when every attacker passed
            if len(self.attacks) >= self.limit or self._all_passed():
                return self._end_bout(True)
            return ()
        if kind is PASS:
            self.passed |= 1 << p
        elif kind is TAKE:
            self.taking = True
            self.passed = 0
        elif kind is TRANSFER or kind is SHOW:
            return self._transfer(p, kind, cards[0])
        elif kind is EXCHANGE:
            return self._exchange(p)
        elif kind is KEEP:
            self.phase, self.exchange_holder = P_PLAY, -1
            return ()
        # RULES.md 'A bout' 3: has the bout ended? (``_settle`` inlined: the hot path)
        attacks = self.attacks
        if self.n_unc == 0:
            if attacks and (len(attacks) >= self.limit or not self.hands[self.defender]
                            or self._all_passed()):
                return self._end_bout(False)
        elif self.taking and (len(attacks) >= self.limit or self._all_passed()):
            return self._end_bout(True)
        return ()

    def _transfer(self, p: int, kind: ActionKind, c: int) -> tuple[Event, ...]:
        target = self._left(self.defender)
        if kind is TRANSFER:
            self.hands[p] &= ~(1 << c)
            self.attacks.append(c)
            self.covers.append(-1)
            self.attack_by.append(p)
            self.n_unc += 1
        else:
            self.shown |= 1 << c
            self.known[p] |= 1 << c
        self.attacker, self.defender = p, target
        self.passed, self.taking = 0, False
        self._set_attackers()
        base = self.cfg.limit_first if self.first_bout else self.cfg.limit_later
        self.limit = min(base, self.hands[target].bit_count())
        return (Event(EventKind.TRANSFERRED, target, len(self.attacks),
                      (c,)),)

    def _exchange(self, p: int) -> tuple[Event, ...]:
        low, up = self.trump * 16 + self.cfg.lowest_rank, self.turnup
        self.hands[p] = (self.hands[p] & ~(1 << low)) | (1 << up)
        self.known[p] |= 1 << up
        self.stock[self.stock.index(up)] = low
        self.turnup = low
        self.phase, self.exchange_holder = P_PLAY, -1
        return (Event(EventKind.EXCHANGED, p, 1, (low, up)),)

    def _end_bout(self, taken: bool) -> tuple[Event, ...]:
        d, a = self.defender, self.attacker
        attacks, covers = self.attacks, self.covers
        table = 0
        if cython.compiled and self.cfg.one_pack:
            # the table's mask on a C integer (every card id of one pack is below 64)
            # (``one`` is a C unsigned 64-bit 1: ``1 << cc`` would be a 32-bit shift in C)
            one, t64 = 1, 0
            n_att = len(attacks)
            for i in range(n_att):
                cc = attacks[i]
                t64 |= one << cc
            if taken:
                cards = attacks[:]
                for i in range(n_att):
                    cc = covers[i]
                    if cc >= 0:
                        cards.append(cc)
                        t64 |= one << cc
            else:
                for i in range(n_att):
                    cc = covers[i]
                    t64 |= one << cc
            table = t64
        elif taken:
            cards = attacks[:]
            for c in attacks:
                table |= 1 << c
            for c in covers:
                if c >= 0:
                    cards.append(c)
                    table |= 1 << c
        else:  # beaten off: every attack card is covered
            for c, cover in zip(attacks, covers):  # noqa: B905 (same length)
                table |= 1 << c | 1 << cover
        if taken:
            self.hands[d] |= table
            self.known[d] |= table
            events = [_mk(Event, (EV_TAKEN, d, len(cards), tuple(cards)))]
        else:
            self.discard |= table
            key = d << 8 | 2 * len(attacks)
            ev = BEATEN_EVENTS.get(key)
            if ev is None:
                ev = BEATEN_EVENTS[key] = _mk(Event, (EV_BEATEN, d, 2 * len(attacks), ()))
            events = [ev]
        return self._close_bout(a, d, taken, events)

    def _close_bout(self, a: int, d: int, taken: bool, events: list[Event]) -> tuple[Event, ...]:
        """After the table is disposed of: replenish, players out, end of deal, next bout
        (RULES.md 'A bout' 4-5). ``taken``: the defender picked up at least one card."""
        last_bout = (self.attacks, self.attack_by)
        self.attacks, self.covers, self.attack_by = [], [], []
        self.n_unc = self.rank_cards = 0
        stock, hands, in_play, n = self.stock, self.hands, self.in_play, self.n
        if stock:
            self._replenish(a, d, events)
        remaining = n
        if not stock:
            for s in range(n):
                if in_play[s] and not hands[s]:
                    in_play[s] = False
                    self.out_order.append(s)
                    events.append(Event(EventKind.OUT, s))
            remaining = in_play.count(True)
        self.first_bout = False
        self.bout_no += 1
        if self.cfg.teams and remaining > 1:
            team = self.cfg.team_of
            remaining = len({team[s] for s in range(n) if in_play[s]})
        if remaining <= 1:
            left = [s for s in range(n) if in_play[s]]
            self._finish(left, d, last_bout)
            events.append(Event(EventKind.END, left[0] if left else -1))
            return tuple(events)
        # the next bout: ``_left`` and ``_start_bout`` inlined (once per bout, every game)
        if taken or not in_play[d]:
            att = (d + 1) % n
            while not in_play[att]:
                att = (att + 1) % n
            if not taken and self.cfg.attack_again:
                att = self._right(att)
        else:
            att = d
        de = (att + 1) % n
        while not in_play[de]:
            de = (de + 1) % n
        self.attacker, self.defender = att, de
        self.passed, self.taking, self.shown = 0, False, 0
        key = att | de << 4
        for s in self.out_order:
            key |= 256 << s
        hit = self.cfg.attackers.get(key)
        if hit is None:
            self._set_attackers()
        else:
            self.att_list, self.att_mask = hit
        if cython.compiled and self.cfg.one_pack:
            held = _popcount64(hands[de])  # type: ignore[name-defined]  # noqa: F821
        else:
            held = hands[de].bit_count()
        base = self.cfg.limit_later
        self.limit = base if base < held else held
        events.append(NEW_BOUT_EVENTS[att])
        return tuple(events)

    def _replenish(self, a: int, d: int, events: list[Event]) -> None:
        stock, hands, in_play = self.stock, self.hands, self.in_play
        if stock:
            cfg = self.cfg
            hs = cfg.hand_size
            for s in cfg.orders[a * 16 + d] if cfg.orders else replenish_order(self.n, a, d):
                if not in_play[s]:
                    continue
                if cython.compiled and cfg.one_pack:
                    need = hs - _popcount64(hands[s])  # type: ignore[name-defined]  # noqa: F821
                else:
                    need = hs - hands[s].bit_count()
                if need <= 0:
                    continue
                drawn = stock[-need:]
                del stock[-need:]
                h = hands[s]
                for c in drawn:
                    h |= 1 << c
                hands[s] = h
                key = s << 8 | len(drawn)
                ev = DREW_EVENTS.get(key)
                if ev is None:
                    ev = DREW_EVENTS[key] = _mk(Event, (EV_DREW, s, len(drawn), ()))
                events.append(ev)
                if not stock:
                    self.known[s] |= 1 << self.turnup
                    break

    def _finish(self, remaining: list[int], last_defender: int,
                last_bout: tuple[list[int], list[int]]) -> None:
        """The deal is over (RULES.md 'End of the deal'): fools, titles, the losing team."""
        self.phase = P_OVER
        self.att_mask, self.att_list = 0, ()
        titles: dict[int, str] = {}
        losing_team = None
        if self.cfg.teams and remaining:
            losing_team = self.cfg.teams[self.cfg.team_of[remaining[0]]]
            remaining = team_fools(losing_team, self.hands, self.dealer)
        if remaining and remaining[0] == last_defender or (
                losing_team and last_defender in remaining and self.in_play[last_defender]):
            title = fool_title(*last_bout, self.cfg.lowest_rank)
            if title:
                titles[last_defender] = title
        self.outcome = Outcome(fools=tuple(remaining), draw=not remaining, titles=titles,
                               out_order=tuple(self.out_order), teams=losing_team)

    # ------------------------------------------------------------------ checking (checks.py)
    def _check(self, action: Action) -> Action:
        """The action with canonical types, or IllegalAction naming the rule."""
        return check_action(self, action)

    def _check_rules(self, p: int, kind: ActionKind, cards: tuple[int, ...]) -> None:
        check_rules(self, p, kind, cards)

    # ------------------------------------------------------------------ copies, views, JSON
    def clone(self) -> ThrowInState:
        s = self.__class__.__new__(self.__class__)
        s.rules, s.cfg, s.beaters, s.deck_mask = self.rules, self.cfg, self.beaters, self.deck_mask
        s.seed, s.dealer, s.n = self.seed, self.dealer, self.n
        s.hands, s.known, s.stock = self.hands[:], self.known[:], self.stock[:]
        s.turnup, s.trump, s.discard = self.turnup, self.trump, self.discard
        s.attacks, s.covers, s.attack_by = self.attacks[:], self.covers[:], self.attack_by[:]
        s.n_unc, s.rank_cards = self.n_unc, self.rank_cards
        s.attacker, s.defender, s.att_mask, s.att_list = (self.attacker, self.defender,
                                                          self.att_mask, self.att_list)
        s.passed, s.taking, s.limit, s.shown = self.passed, self.taking, self.limit, self.shown
        s.first_bout, s.bout_no = self.first_bout, self.bout_no
        s.in_play, s.out_order = self.in_play[:], self.out_order[:]
        s.phase, s.exchange_holder, s.outcome = self.phase, self.exchange_holder, self.outcome
        s.version, s.later_deal, s.prev_fool = self.version, self.later_deal, self.prev_fool
        s.first_attacker_seat = self.first_attacker_seat
        s._lc_key, s._lc = -1, []
        return s

    def view(self, player: int) -> PlayerView:
        return make_view(self, player)

    def to_dict(self) -> dict[str, Any]:
        return state_to_dict(self)

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(card_text(c, True) for c in bits(h)) for h in self.hands)
        table = " ".join(card_text(a, True) + ("/" + card_text(c, True) if c >= 0 else "")
                         for a, c in zip(self.attacks, self.covers, strict=False))
        return (f"<{type(self).__name__} v{self.version} {self.phase.value} att={self.attacker} "
                f"def={self.defender} "
                f"trump={card_text(self.turnup, True) if self.turnup >= 0 else '-'} "
                f"stock={len(self.stock)} table=[{table}] hands=[{hands}]>")


__all__ = ["ThrowInState"]
