"""``ThrowInMoves``: what may be played now in a deal of the throw-in family (RULES.md 'A
bout'): the legal actions of each seat, who the game waits on, the timeout move. Read-only:
``ThrowInState`` (state.py) extends it with dealing and playing.

Both are compiled (moves.pxd, state.pxd): ``_legal_list`` and ``waiting_on`` run for nearly
every action of every game. The one-pack fast paths (``cython.compiled and cfg.one_pack``)
walk 64-bit masks with C integers; the other branch is the same loop on Python ints.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Self

from ..core.actions import Action, ActionKind
from ..core.beats import build_beats
from ..core.cards import SUIT_MASKS, bits
from ..core.deal_base import DealBase
from ..core.phase import Phase
from ..core.rules import RuleSet
from ..core.seats import throw_in_seats
from ..core.tables import COVER_ACTIONS, PASS_ACTION, SINGLE_ATTACK, TAKE_ACTION, THROW_IN_RANKS
from .state_config import StateConfig

try:  # Cython's pure-Python mode: ``cython.compiled`` is True only in the compiled build
    import cython
except ImportError:  # Cython is a build dependency only
    import bot.engine._cython_shim as cython

ATTACK, COVER, TAKE, PASS = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS
TRANSFER, SHOW, EXCHANGE, KEEP = (ActionKind.TRANSFER, ActionKind.SHOW, ActionKind.EXCHANGE,
                                  ActionKind.KEEP)
P_EXCHANGE, P_PLAY, P_OVER = Phase.EXCHANGE, Phase.PLAY, Phase.OVER
_mk = tuple.__new__


class ThrowInMoves(DealBase):
    """The fields of a throw-in deal (beyond DealBase's) and the queries on them."""

    __slots__ = ("cfg", "rank_cards", "att_mask", "att_list", "taking", "limit", "shown",
                 "first_bout", "bout_no", "in_play", "out_order")  # + DealBase's fields
    cfg: StateConfig
    rank_cards: int           # every card whose rank is on the table (throw-in mask)
    att_mask: int             # seats allowed by throw_in (bitmask) ...
    att_list: tuple[int, ...]  # ... and as a tuple
    taking: bool
    limit: int                # bout limit in force
    shown: int                # trumps shown for a transfer this bout
    first_bout: bool
    bout_no: int
    in_play: list[bool]
    out_order: list[int]

    # ------------------------------------------------------------------ set-up
    @classmethod
    def _blank(cls, rules: RuleSet, cfg: StateConfig, trump: int) -> Self:
        """An empty deal of this class, every field set: dealing (state.py), saved states
        (forms/codec.py) and positions (forms/position.py) fill it in."""
        s = cls.__new__(cls)
        s.rules, s.cfg, s.n = rules, cfg, rules.players
        beats = cfg.beats.get(trump)
        if beats is None:
            beats = cfg.beats[trump] = build_beats(rules, trump)
        s.beaters, s.deck_mask = beats
        s.trump = trump
        s.seed, s.dealer = 0, 0
        s.hands, s.known, s.stock, s.turnup = [0] * s.n, [0] * s.n, [], -1
        s.discard = 0
        s.attacks, s.covers, s.attack_by = [], [], []
        s.n_unc = s.rank_cards = 0
        s.attacker = s.defender = 0
        s.att_mask, s.att_list = 0, ()
        s.passed, s.taking, s.limit, s.shown = 0, False, 0, 0
        s.first_bout, s.bout_no = True, 0
        s.in_play = [True] * s.n
        s.out_order = []
        s.phase, s.exchange_holder, s.outcome, s.version = P_PLAY, -1, None, 0
        s.later_deal, s.prev_fool, s.first_attacker_seat = False, None, 0
        s._lc_key, s._lc = -1, []
        if cfg.house:
            s._house_init()
        return s

    def _house_init(self) -> None:
        """House-rule fields (HouseState); the plain state has none."""

    def _start_bout(self, attacker: int, defender: int) -> None:
        """A bout of ``attacker`` against ``defender``: throw-in seats and the limit."""
        self.attacker, self.defender = attacker, defender
        self.passed, self.taking, self.shown = 0, False, 0
        self._set_attackers()
        base = self.cfg.limit_first if self.first_bout else self.cfg.limit_later
        self.limit = min(base, self.hands[defender].bit_count())

    # ------------------------------------------------------------------ seats
    def _set_attackers(self) -> None:
        """Seats allowed by ``throw_in`` to add cards against the current defender."""
        key = self.attacker | self.defender << 4
        for s in self.out_order:
            key |= 256 << s
        cache = self.cfg.attackers
        hit = cache.get(key)
        if hit is None:
            cfg = self.cfg
            hit = cache[key] = throw_in_seats(cfg.throw_in, self.attacker, self.defender,
                                              self.in_play, cfg.team_of if cfg.teams else None)
        self.att_list, self.att_mask = hit

    def _left(self, seat: int) -> int:
        n, in_play = self.n, self.in_play
        s = (seat + 1) % n
        while not in_play[s]:
            s = (s + 1) % n
        return s

    def _right(self, seat: int) -> int:
        n, in_play = self.n, self.in_play
        s = (seat - 1) % n
        while not in_play[s]:
            s = (s - 1) % n
        return s

    # ------------------------------------------------------------------ queries
    def _addable(self, p: int) -> int:
        """Cards seat ``p`` may throw in right now (0 if none or not allowed)."""
        if not (self.att_mask >> p) & 1 or len(self.attacks) >= self.limit:
            return 0
        if (p != self.attacker and self.cfg.others_join
                and self.n_unc == len(self.attacks)):
            return 0
        return self.hands[p] & self.rank_cards

    def _transfer_target(self) -> int:
        """The seat a transfer would pass the bout to, or -1 if no transfer is possible."""
        if self.n_unc != len(self.attacks) or self.taking or not self.attacks:
            return -1
        if self.rank_cards != THROW_IN_RANKS[self.attacks[0] & 15]:
            return -1
        return self._left(self.defender)

    def _legal_list(self, p: int) -> list[Action]:
        """Legal actions of seat ``p``, cached until the next action (``apply`` uses the
        cache to accept a generated action without re-deriving the rules)."""
        key = self.version * 16 + p
        if self._lc_key == key:
            return self._lc
        self._lc_key = key
        if self.phase is not P_PLAY:
            out = []
            if self.phase is P_EXCHANGE and p == self.exchange_holder:
                out = [_mk(Action, (p, EXCHANGE, ())), _mk(Action, (p, KEEP, ()))]
            self._lc = out
            return out
        attacks = self.attacks
        if not attacks:
            if p != self.attacker:
                out = []
            else:
                out = self.cfg.lead_enum(self.hands[p], self.limit, SINGLE_ATTACK[p])
        elif p == self.defender:
            if self.taking or not self.n_unc:
                out = []
            else:
                hand, beaters = self.hands[p], self.beaters
                out = []
                made, get = COVER_ACTIONS, COVER_ACTIONS.get
                if cython.compiled and self.cfg.one_pack:
                    # the same loop on C integers (every mask of one pack fits 64 bits)
                    covers, hand64 = self.covers, hand
                    for i in range(len(attacks)):
                        cover = covers[i]
                        if cover < 0:
                            a = attacks[i]
                            b64 = beaters[a]
                            m64 = hand64 & b64
                            base = p << 16 | a << 8
                            while m64:
                                low64 = m64 & -m64
                                key = base | _ctz64(low64)  # type: ignore[name-defined]  # noqa: F821
                                act = made.get(key)
                                if act is None:
                                    act = made[key] = _mk(Action, (p, COVER, (a, key & 255)))
                                out.append(act)
                                m64 ^= low64
                else:
                    for a, cover in zip(attacks, self.covers):  # noqa: B905 (same length)
                        if cover < 0:
                            m = hand & beaters[a]
                            base = p << 16 | a << 8
                            while m:
                                low = m & -m
                                key = base | (low.bit_length() - 1)
                                act = get(key)
                                if act is None:
                                    act = made[key] = _mk(Action, (p, COVER, (a, key & 255)))
                                out.append(act)
                                m ^= low
                if self.cfg.transfer and self.n_unc == len(attacks):
                    out.extend(self._transfers(p))
                out.append(TAKE_ACTION[p])
        else:  # an attacker: ``_addable`` inlined
            m = 0
            n_att = len(attacks)
            if (self.att_mask >> p) & 1 and n_att < self.limit and (
                    p == self.attacker or not self.cfg.others_join or self.n_unc != n_att):
                m = self.hands[p] & self.rank_cards
            out = []
            if m:
                singles = SINGLE_ATTACK[p]
                if cython.compiled and self.cfg.one_pack:  # the same loop on C integers
                    m64 = m
                    while m64:
                        low64 = m64 & -m64
                        out.append(singles[_ctz64(low64)])  # type: ignore[name-defined]  # noqa: F821
                        m64 ^= low64
                else:
                    while m:
                        low = m & -m
                        out.append(singles[low.bit_length() - 1])
                        m ^= low
                if not (self.passed >> p) & 1:
                    out.append(PASS_ACTION[p])
        self._lc = out
        return out

    def _transfers(self, p: int) -> list[Action]:
        target = self._transfer_target()
        if target < 0:
            return []
        out = []
        n_table = len(self.attacks)
        rank_m = self.hands[p] & THROW_IN_RANKS[self.attacks[0] & 15]
        target_hand = self.hands[target].bit_count()
        base = self.cfg.limit_first if self.first_bout else self.cfg.limit_later
        if n_table + 1 <= base and target_hand >= n_table + 1:
            out += [_mk(Action, (p, TRANSFER, (c,))) for c in bits(rank_m)]
        if self.cfg.show and self.trump >= 0 and target_hand >= n_table:
            showable = rank_m & SUIT_MASKS[self.trump] & ~self.shown
            out += [_mk(Action, (p, SHOW, (c,))) for c in bits(showable)]
        return out

    def legal_actions(self, player: int) -> Iterator[Action]:
        """Iterator over every legal Action for ``player`` now (empty when nothing to do).

        The list behind it is built once per seat and action (``_legal_list``) and never
        changed afterwards, so an iterator over it is as lazy as a generator would be
        without a generator frame resumed per action (a fifth of a benchmark game)."""
        return iter(self._legal_list(player))

    def actors(self) -> tuple[int, ...]:
        """Seats that have at least one legal action now."""
        return tuple(s for s in range(self.n) if self._legal_list(s))

    def waiting_on(self) -> tuple[int, ...]:
        """Seats whose action the game needs to progress (the timer targets)."""
        phase = self.phase
        if phase is P_EXCHANGE:
            return (self.exchange_holder,)
        if phase is P_OVER:
            return ()
        if not self.attacks:
            return (self.attacker,)
        if self.n_unc and not self.taking:
            return (self.defender,)
        n_att = len(self.attacks)
        if n_att >= self.limit:
            return ()
        passed, hands, rank_cards = self.passed, self.hands, self.rank_cards
        only = self.attacker if self.cfg.others_join and self.n_unc == n_att else -1
        ready = []  # a loop, not a comprehension: no function frame per call
        for s in self.att_list:
            if not (passed >> s) & 1 and hands[s] & rank_cards and (only < 0 or s == only):
                ready.append(s)
        return tuple(ready)

    def default_action(self, player: int) -> Action | None:
        """The timeout move: keep / the lowest single-card lead / take / pass."""
        if player not in self.waiting_on():
            return None
        if self.phase is P_EXCHANGE:
            return Action(player, KEEP, ())
        if not self.attacks:
            trump = self.trump
            low = min(bits(self.hands[player]),
                      key=lambda c: ((c >> 4) & 3 == trump, c & 15, c))
            return Action(player, ATTACK, (low,))
        if player == self.defender:
            return Action(player, TAKE, ())
        return Action(player, PASS, ())

    def _all_passed(self) -> bool:
        """Has every attacker passed, by saying so or by having nothing to add?
        (``_addable`` inlined: this runs after most actions.)"""
        n_att = len(self.attacks)
        if n_att >= self.limit:
            return True
        passed, hands, rank_cards = self.passed, self.hands, self.rank_cards
        only = self.attacker if self.cfg.others_join and self.n_unc == n_att else -1
        for s in self.att_list:
            if not (passed >> s) & 1 and hands[s] & rank_cards and (only < 0 or s == only):
                return False
        return True


__all__ = ["ThrowInMoves"]
