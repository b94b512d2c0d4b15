"""``GameState``: one deal of the throw-in family (RULES.md 'A bout'), fast and pure.

Hands are int bitmasks, the table three short parallel lists (attack card, cover or -1,
who played the attack card). Everything that depends only on the rules or the trump lives
in shared per-rule/per-trump tables (``_Config``, ``beaters``) that clones share.

Decisions where RULES.md is silent (also in the README):
- A throw-in is one card per action; only the lead may hold several cards.
- The defender may declare take only while some attack card is uncovered.
- A pass is refused when the attacker has no card to add (they have passed automatically)
  or their pass already stands.
- ``others_join_after_first_beat``: if the defender takes before covering anything, the
  other attackers never get to join that bout (nothing was covered).
- A transfer by playing also respects the bout limit (the card is an attack card); after a
  transfer the limit in force is min(limit, the new defender's hand).
- With ``trump_exchange=lowest_before_play`` the holder of the deck's lowest trump is asked
  before the first lead (phase ``exchange``: exchange or keep); the first attacker waits.
- ``lowest_trump`` first attacker: in the six-player 36-card deal the turn-up given to the
  dealer counts as held by the dealer.
- Titles: the fool must have defended the final bout and the last attack card must be of
  the deck's lowest rank: necktie, or epaulettes when that attacker played two or more
  lowest-rank cards in that bout.
- Teams: the defender is still the player left of the attacker, even a teammate after
  players went out (RULES.md changes only who throws in); the defender's teammates never
  add cards. The deal ends when only one team holds cards; all its members are fools,
  listed with the next dealer first (most cards; tie: first after the old dealer). With a
  losing team the title goes to the last defender if they are one of its members.
- Rules that need state or actions of their own (pagat, six_any_time, poker, weli,
  changeable_trump, albanian) play in ``house_state.HouseState``; the config picks the
  class once per RuleSet, so the plain game never tests for them per action.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from .actions import Action, ActionKind, Event, EventKind, IllegalAction
from .beats import build_beats
from .cards import JOKER_RANK, SUIT_MASKS, bits, card_text, mask_of, rank_mask
from .cards import RANK_MASKS as _CARD_RANK_MASKS
from .deal import deal
from .deal_base import DealBase
from .leads import LEADS, with_jokers
from .outcome import Outcome
from .rules import RulesError, RuleSet

try:  # Cython's pure-Python mode: ``cython.compiled`` is True only in the compiled build
    import cython
except ImportError:  # Cython is a build dependency only
    from . import _cython_shim as cython

ATTACK, COVER, TAKE, PASS = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS
TRANSFER, SHOW, EXCHANGE, KEEP = (ActionKind.TRANSFER, ActionKind.SHOW, ActionKind.EXCHANGE,
                                  ActionKind.KEEP)
_mk = tuple.__new__
# Throw-in ranks: every card of the rank of ``c`` is ``RANK_MASKS[c & 15]``; a joker has no
# rank for throw-ins (RULES.md house rules, Decision), so its entry is empty.
RANK_MASKS = [0 if r == JOKER_RANK else m for r, m in enumerate(_CARD_RANK_MASKS)]
JOKERS = rank_mask(JOKER_RANK)
TEAM_SEATS = {"2x2": ((0, 2), (1, 3)), "3x2": ((0, 3), (1, 4), (2, 5)),
              "2x3": ((0, 2, 4), (1, 3, 5))}
EV_TAKEN, EV_BEATEN, EV_DREW, EV_NEW_BOUT = (EventKind.TAKEN, EventKind.BEATEN_OFF,
                                             EventKind.DREW, EventKind.NEW_BOUT)
# Prebuilt single-card attack actions (leads and throw-ins): a list lookup instead of
# building a tuple per legal action, the most frequent kind of action.
SINGLE_ATTACK = [[tuple.__new__(Action, (p, ATTACK, (c,))) for c in range(192)] for p in range(16)]
TAKE_ACTION = [tuple.__new__(Action, (p, TAKE, ())) for p in range(16)]
PASS_ACTION = [tuple.__new__(Action, (p, PASS, ())) for p in range(16)]
# Cover actions, made once: _COVER_ACTIONS[p << 16 | a << 8 | c] (a tuple per legal cover
# would be built and freed again on every defender turn).
_COVER_ACTIONS: dict[int, Action] = {}
_orders: dict[tuple[int, int, int], tuple[int, ...]] = {}
# Events are immutable tuples: the frequent card-less ones are made once and shared
# (_DREW_EVENTS[seat << 8 | count], _BEATEN_EVENTS[seat << 8 | count]).
_NEW_BOUT_EVENTS = [tuple.__new__(Event, (EV_NEW_BOUT, p, 0, ())) for p in range(16)]
_DREW_EVENTS: dict[int, Event] = {}
_BEATEN_EVENTS: dict[int, Event] = {}


def _replenish_order(n: int, a: int, d: int) -> tuple[int, ...]:
    """RULES.md 'A bout' 4: principal attacker, the others clockwise from them, defender last."""
    key = (n, a, d)
    order = _orders.get(key)
    if order is None:
        order = _orders[key] = tuple(
            [a] + [(a + k) % n for k in range(1, n) if (a + k) % n != d] + [d])
    return order


class Phase(StrEnum):
    EXCHANGE = "exchange"  # lowest_before_play: waiting for the lowest-trump holder
    PLAY = "play"
    OVER = "over"


P_EXCHANGE, P_PLAY, P_OVER = Phase.EXCHANGE, Phase.PLAY, Phase.OVER


class _Config:
    """Rule-derived constants, computed once per RuleSet and shared by every state."""

    __slots__ = ("hand_size", "lead_enum", "lead_check", "throw_in", "others_join", "transfer",
                 "show", "limit_first", "limit_later", "lowest_rank", "attack_again",
                 "attackers_key", "team_of", "teams", "house", "state_cls", "pagat", "six",
                 "poker", "weli", "changeable", "jokers", "orders", "attackers", "beats",
                 "one_pack")

    def __init__(self, rules: RuleSet):
        self.hand_size = rules.hand_size
        lead = LEADS[rules.lead]
        self.lead_enum, self.lead_check = lead.enumerate, lead.check
        self.throw_in = rules.throw_in
        self.others_join = rules.others_join_after_first_beat
        self.transfer = rules.transfer != "none"
        self.show = rules.transfer == "play_or_show"
        self.limit_first = rules.base_limit(True)
        self.limit_later = rules.base_limit(False)
        self.lowest_rank = rules.lowest_rank
        self.attack_again = rules.after_defender_out == "attack_again"
        # every card id below 64: masks fit C integers (the compiled build's fast paths)
        self.one_pack = rules.packs == 1
        # Everything below is resolved once per RuleSet; the plain game (no house rules,
        # no pagat, no teams) keeps ``GameState`` and never looks at these per action.
        if rules.jokers:
            self.lead_enum, self.lead_check = with_jokers(lead, JOKERS)
        self.teams = TEAM_SEATS.get(rules.teams, ())
        self.team_of = tuple(next((i for i, t in enumerate(self.teams) if s in t), s)
                             for s in range(rules.players))
        self.attackers_key = (rules.throw_in, rules.teams)
        self.pagat = rules.on_fail == "take_unbeaten"
        self.six = rules.trump_exchange == "six_any_time"
        self.poker, self.weli = rules.poker, rules.weli
        self.changeable, self.jokers = rules.changeable_trump, bool(rules.jokers)
        self.house = (self.pagat or self.six or self.poker or self.weli or self.changeable
                      or rules.albanian)
        self.state_cls: type[GameState] | None = None  # set by _config: GameState/HouseState
        # Per-bout lookups as list/dict indexing by small ints instead of tuple keys:
        # orders[a * 16 + d] = replenish order; attackers[a | d << 4 | out seats << 8] =
        # (att_list, att_mask) (it depends only on who is still in play).
        n = rules.players
        self.orders = [_replenish_order(n, a, d) if a != d else ()
                       for a in range(16) for d in range(16)] if n <= 16 else []
        self.attackers: dict[int, tuple[tuple[int, ...], int]] = {}
        # beats[trump] = build_beats(rules, trump), without its per-call cache key
        self.beats: dict[int, tuple[list[int], int]] = {}


_configs: dict[RuleSet, _Config] = {}


def _config(rules: RuleSet) -> _Config:
    """The shared config, stashed on the (frozen, immutable) RuleSet object itself so that
    dealing does not hash a 31-field dataclass every game."""
    cfg = rules.__dict__.get("_engine_cfg")
    if cfg is None:
        cfg = _configs.get(rules)
        if cfg is None:
            rules.validate()
            cfg = _configs[rules] = _Config(rules)
            if cfg.house:
                from .house_state import HouseState
                cfg.state_cls = HouseState
            else:
                cfg.state_cls = GameState
        object.__setattr__(rules, "_engine_cfg", cfg)
    return cfg


class GameState(DealBase):
    """One deal. Mutated by ``apply``; ``clone`` for search. Seats are 0..players-1."""

    __slots__ = ("rules", "cfg", "beaters", "deck_mask", "seed", "dealer", "n", "hands", "known",
                 "stock", "turnup", "trump", "discard", "attacks", "covers", "attack_by",
                 "n_unc", "rank_cards", "attacker", "defender", "att_mask", "att_list",
                 "passed", "taking", "limit", "shown", "first_bout", "bout_no", "in_play",
                 "out_order", "phase", "exchange_holder", "outcome", "later_deal",
                 "prev_fool", "first_attacker_seat")  # + DealBase's version, _lc_key, _lc
    rules: RuleSet
    cfg: _Config
    beaters: list[int]        # beaters[card] = mask of cards that beat it (shared table)
    deck_mask: int
    seed: int
    dealer: int
    n: int                    # players
    hands: list[int]          # bitmask per seat
    known: list[int]          # per seat: cards everyone saw enter that hand (& hand = known)
    stock: list[int]          # draw from the end; stock[0] is the turn-up
    turnup: int               # card that showed trump (-1: none)
    trump: int                # suit, -1 for none
    discard: int
    attacks: list[int]        # attack cards in play order
    covers: list[int]         # cover of attacks[i] or -1
    attack_by: list[int]      # seat that played attacks[i]
    n_unc: int                # uncovered attack cards
    rank_cards: int           # every card whose rank is on the table (throw-in mask)
    attacker: int             # principal attacker
    defender: int
    att_mask: int             # seats allowed by throw_in (bitmask) ...
    att_list: tuple[int, ...]  # ... and as a tuple
    passed: int               # seats whose pass stands (bitmask)
    taking: bool
    limit: int                # bout limit in force
    shown: int                # trumps shown for a transfer this bout
    first_bout: bool
    bout_no: int
    in_play: list[bool]
    out_order: list[int]
    phase: Phase
    exchange_holder: int
    outcome: Outcome | None
    version: int              # actions applied in this deal
    later_deal: bool
    prev_fool: int | None
    first_attacker_seat: int
    _lc_key: int
    _lc: list[Action]

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, rules: RuleSet, seed: int, dealer: int | None = None, *,
            later_deal: bool = False, prev_fool: int | None = None) -> GameState:
        """Deal a new game. ``later_deal``/``prev_fool`` select next_deal_first_attacker
        (series); ``GameState.next_deal`` fills them in."""
        if rules.on_fail == "warsaw":  # Dureń Piątkowy has its own state (warsaw.py)
            from .warsaw import WarsawState
            return WarsawState.new(rules, seed, dealer, later_deal=later_deal,  # type: ignore
                                   prev_fool=prev_fool)
        cfg = _config(rules)
        d = deal(rules, seed, dealer)
        s = cls._blank(rules, cfg, d.trump)
        s.seed, s.dealer = seed, d.dealer
        s.hands, s.known, s.stock, s.turnup = d.hands, d.known, d.stock, d.turnup
        if cfg.house or d.out_of_play:
            s.discard = d.out_of_play
            s._house_deal(d)
        s.later_deal, s.prev_fool = later_deal, prev_fool
        s._choose_first_attacker()
        return s

    @classmethod
    def _blank(cls, rules: RuleSet, cfg: _Config, trump: int) -> GameState:
        s = (cfg.state_cls or cls).__new__(cfg.state_cls or cls)
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

    def _house_deal(self, d) -> None:
        """House-rule state from the deal (HouseState); the plain state has none."""

    def _choose_first_attacker(self) -> None:
        """RULES.md deal step 5 (+ next_deal_first_attacker for later deals of a series)."""
        rules, n = self.rules, self.n
        how = rules.next_deal_first_attacker if self.later_deal else rules.first_attacker
        if how == "fools_right" and self.prev_fool is None:
            how = rules.first_attacker  # Decision: after a draw there is no fool to defend
        if rules.no_trump:
            how = "left_of_dealer"
        att = (self.dealer + 1) % n
        if how == "lowest_trump" and self.trump >= 0:
            trumps = SUIT_MASKS[self.trump] & ~JOKERS  # jokers are not trumps for this
            best = None
            for seat in range(n):
                m = self.hands[seat] & trumps
                while m:  # lowest id per pack = lowest rank of that pack
                    low = (m & -m).bit_length() - 1
                    key = (low & 15, low)
                    if best is None or key < best[0]:
                        best = (key, seat)
                    m &= ~(((1 << 64) - 1) << (low & ~63))  # skip the rest of that pack
            if best is not None:
                att = best[1]
        elif how == "fools_right" and self.prev_fool is not None:
            att = (self.prev_fool - 1) % n
        self.attacker = att
        self.first_attacker_seat = att
        self._start_bout(att, (att + 1) % n)
        if rules.trump_exchange == "lowest_before_play" and self.stock and self.trump >= 0:
            lowest = self.trump * 16 + self.cfg.lowest_rank
            for seat in range(n):
                if (self.hands[seat] >> lowest) & 1:
                    self.phase, self.exchange_holder = P_EXCHANGE, seat

    def _start_bout(self, attacker: int, defender: int) -> None:
        self.attacker, self.defender = attacker, defender
        self.passed, self.taking, self.shown = 0, False, 0
        self._set_attackers()
        base = self.cfg.limit_first if self.first_bout else self.cfg.limit_later
        self.limit = min(base, self.hands[defender].bit_count())

    def _set_attackers(self) -> None:
        """Seats allowed by ``throw_in`` to add cards against the current defender."""
        key = self.attacker | self.defender << 4
        for s in self.out_order:
            key |= 256 << s
        cache = self.cfg.attackers
        hit = cache.get(key)
        if hit is None:
            self._compute_attackers()
            cache[key] = (self.att_list, self.att_mask)
        else:
            self.att_list, self.att_mask = hit

    def _compute_attackers(self) -> None:
        ti, d, a = self.cfg.throw_in, self.defender, self.attacker
        if ti == "all":
            seats = [s for s in range(self.n) if self.in_play[s] and s != d]
        elif ti == "neighbours":
            seats = sorted({a, self._left(d), self._right(d)} - {d})
        elif ti == "principal":
            seats = [a]
        else:
            seats = []
        if self.cfg.teams:  # RULES.md: teammates of the defender never add cards
            team = self.cfg.team_of
            seats = [s for s in seats if team[s] != team[d]]
        self.att_list = tuple(seats)
        self.att_mask = mask_of(seats)

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
    @property
    def is_over(self) -> bool:
        return self.phase is P_OVER

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
        if self.rank_cards != RANK_MASKS[self.attacks[0] & 15]:
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
                made, get = _COVER_ACTIONS, _COVER_ACTIONS.get
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
        rank_m = self.hands[p] & RANK_MASKS[self.attacks[0] & 15]
        target_hand = self.hands[target].bit_count()
        base = self.cfg.limit_first if self.first_bout else self.cfg.limit_later
        if n_table + 1 <= base and target_hand >= n_table + 1:
            out += [_mk(Action, (p, TRANSFER, (c,))) for c in bits(rank_m)]
        if self.cfg.show and self.trump >= 0 and target_hand >= n_table:
            showable = rank_m & SUIT_MASKS[self.trump] & ~self.shown
            out += [_mk(Action, (p, SHOW, (c,))) for c in bits(showable)]
        return out

    def legal_actions(self, player: int):
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
            self.rank_cards |= RANK_MASKS[c & 15]
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
                self.rank_cards |= RANK_MASKS[c & 15]
                self.n_unc += 1
            else:
                hand = self.hands[p]
                for c in cards:
                    hand &= ~(1 << c)
                    self.attacks.append(c)
                    self.covers.append(-1)
                    self.attack_by.append(p)
                    self.rank_cards |= RANK_MASKS[c & 15]
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
            ev = _BEATEN_EVENTS.get(key)
            if ev is None:
                ev = _BEATEN_EVENTS[key] = _mk(Event, (EV_BEATEN, d, 2 * len(attacks), ()))
            events = [ev]
        return self._close_bout(a, d, taken, events)

    def _close_bout(self, a: int, d: int, taken: bool, events: list) -> tuple[Event, ...]:
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
        events.append(_NEW_BOUT_EVENTS[att])
        return tuple(events)

    def _replenish(self, a: int, d: int, events: list) -> None:
        stock, hands, in_play = self.stock, self.hands, self.in_play
        if stock:
            cfg = self.cfg
            hs = cfg.hand_size
            for s in cfg.orders[a * 16 + d] if cfg.orders else _replenish_order(self.n, a, d):
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
                ev = _DREW_EVENTS.get(key)
                if ev is None:
                    ev = _DREW_EVENTS[key] = _mk(Event, (EV_DREW, s, len(drawn), ()))
                events.append(ev)
                if not stock:
                    self.known[s] |= 1 << self.turnup
                    break

    def _finish(self, remaining: list[int], last_defender: int,
                last_bout: tuple[list[int], list[int]]) -> None:
        self.phase = P_OVER
        self.att_mask, self.att_list = 0, ()
        titles: dict[int, str] = {}
        losing_team = None
        if self.cfg.teams and remaining:
            remaining, losing_team = self._losing_team(remaining)
        if remaining and remaining[0] == last_defender or (
                losing_team and last_defender in remaining and self.in_play[last_defender]):
            attacks, by = last_bout
            low = self.cfg.lowest_rank
            if attacks and attacks[-1] & 15 == low:
                who = by[-1]
                count = sum(1 for c, s in zip(attacks, by, strict=True)
                            if s == who and c & 15 == low)
                titles[last_defender] = "epaulettes" if count >= 2 else "necktie"
        self.outcome = Outcome(fools=tuple(remaining), draw=not remaining,
                               titles=titles, out_order=tuple(self.out_order), teams=losing_team)

    def _losing_team(self, left: list[int]) -> tuple[list[int], tuple[int, ...]]:
        """RULES.md 'Further decisions', Teams: every member of the team left with cards is
        a fool. Decision: ``fools`` lists first the member who deals next (most cards; tie:
        the first after the old dealer), so ``next_deal`` needs nothing but the outcome."""
        team = self.cfg.teams[self.cfg.team_of[left[0]]]
        n, dealer = self.n, self.dealer
        order = sorted(team, key=lambda s: (-self.hands[s].bit_count(), (s - dealer - 1) % n))
        return order, tuple(team)

    # ------------------------------------------------------------------ checking
    def _check(self, action: Action) -> Action:
        """Raise IllegalAction naming the rule, or return the action with canonical types
        (seat and card ids as int, kind as ActionKind), so equal actions play alike."""
        try:
            p, kind, cards = action
        except (TypeError, ValueError):
            raise IllegalAction(f"not an action: {action!r}") from None
        if not isinstance(p, int) or not 0 <= p < self.n:
            raise IllegalAction(f"no seat {p!r} at this table")
        try:
            kind = ActionKind(kind)
        except ValueError:
            raise IllegalAction(f"unknown action kind {kind!r}") from None
        if type(cards) is not tuple:
            raise IllegalAction("cards must be a tuple of card ids")
        for c in cards:
            if not isinstance(c, int) or not 0 <= c < 192:
                raise IllegalAction("cards must be a tuple of card ids")
        p, cards = int(p), tuple(int(c) for c in cards)
        self._check_rules(p, kind, cards)
        return _mk(Action, (p, kind, cards))

    def _check_rules(self, p: int, kind: ActionKind, cards: tuple[int, ...]) -> None:
        if self.phase is P_OVER:
            raise IllegalAction("the deal is over")
        if self.phase is P_EXCHANGE:
            if kind is not EXCHANGE and kind is not KEEP:
                raise IllegalAction("trump_exchange=lowest_before_play: the holder of the "
                                    "lowest trump decides (exchange or keep) before the first lead")
            if p != self.exchange_holder:
                raise IllegalAction("only the holder of the lowest trump may exchange it")
            return
        if kind is EXCHANGE or kind is KEEP:
            raise IllegalAction("the trump exchange is only before the first lead")
        hand = self.hands[p]
        for c in (cards[1:] if kind is COVER else cards):
            if not (hand >> c) & 1:
                raise IllegalAction(f"{card_text(c)} is not in your hand")
        if len(set(cards)) != len(cards):
            raise IllegalAction("a card is named twice")
        if kind is COVER:
            self._check_cover(p, cards)
        elif kind is ATTACK:
            self._check_attack(p, cards)
        elif kind is TAKE:
            if p != self.defender:
                raise IllegalAction("only the defender may take")
            if self.taking:
                raise IllegalAction("you have already declared take")
            if not self.n_unc:
                raise IllegalAction("take: every attack card is covered, nothing to take")
        elif kind is PASS:
            if p == self.defender:
                raise IllegalAction("the defender does not pass: cover or take")
            if not self.attacks:
                raise IllegalAction("the principal attacker must lead, not pass")
            if not (self.att_mask >> p) & 1:
                raise IllegalAction(self._not_attacker_reason())
            if (self.passed >> p) & 1:
                raise IllegalAction("your pass already stands")
            if not self._addable(p):
                raise IllegalAction("you have nothing to add, so you have passed already")
        else:
            self._check_transfer(p, kind, cards)

    def _not_attacker_reason(self) -> str:
        ti = self.cfg.throw_in
        if ti == "none":
            return "throw_in=none: nobody adds cards after the lead"
        if ti == "principal":
            return "throw_in=principal: only the principal attacker adds cards"
        if ti == "neighbours":
            return "throw_in=neighbours: only the defender's neighbours add cards"
        return "you are not an attacker in this bout"

    def _check_cover(self, p: int, cards: tuple[int, ...]) -> None:
        if len(cards) != 2:
            raise IllegalAction("cover names the attack card and the covering card")
        if p != self.defender:
            raise IllegalAction("only the defender covers")
        if self.taking:
            raise IllegalAction("take is final: no more covers after it")
        a, c = cards
        try:
            i = self.attacks.index(a)
        except ValueError:
            raise IllegalAction(f"{card_text(a)} is not an attack card on the table") from None
        if self.covers[i] >= 0:
            raise IllegalAction(f"{card_text(a)} is already covered")
        if not (self.beaters[a] >> c) & 1:
            raise IllegalAction(f"{card_text(c)} does not beat {card_text(a)}: same suit and "
                                "higher rank, or a trump on a non-trump")

    def _check_attack(self, p: int, cards: tuple[int, ...]) -> None:
        if not cards:
            raise IllegalAction("attack with at least one card")
        if p == self.defender:
            raise IllegalAction("the defender does not attack")
        if not self.attacks:
            if p != self.attacker:
                raise IllegalAction("the principal attacker leads the bout")
            reason = self.cfg.lead_check(cards, self.limit)
            if reason:
                raise IllegalAction(reason)
            if len(cards) > self.limit:
                raise IllegalAction(f"bout limit: at most {self.limit} attack cards in this "
                                    "bout (limit, first-bout limit, defender's hand)")
            return
        if len(cards) != 1:
            raise IllegalAction("throw in one card at a time")
        if not (self.att_mask >> p) & 1:
            raise IllegalAction(self._not_attacker_reason())
        if len(self.attacks) >= self.limit:
            raise IllegalAction(f"bout limit: {self.limit} attack cards is the most in this "
                                "bout (limit, first-bout limit, defender's hand)")
        if p != self.attacker and self.cfg.others_join and self.n_unc == len(self.attacks):
            raise IllegalAction("others_join_after_first_beat: others add only after the "
                                "first attack card is covered")
        if not (self.rank_cards >> cards[0]) & 1:
            raise IllegalAction(f"throw-in: no {card_text(cards[0])[:-1]} on the table; add only "
                                "ranks already on the table")

    def _check_transfer(self, p: int, kind: ActionKind, cards: tuple[int, ...]) -> None:
        if not self.cfg.transfer or (kind is SHOW and not self.cfg.show):
            raise IllegalAction(f"transfer={self.rules.transfer}: this transfer is not allowed")
        if len(cards) != 1:
            raise IllegalAction("a transfer names one card")
        if p != self.defender:
            raise IllegalAction("only the defender transfers")
        if self.taking:
            raise IllegalAction("take is final: no transfer after it")
        c = cards[0]
        if c & 15 == JOKER_RANK:
            raise IllegalAction("a joker has no rank: it cannot transfer")
        if not self.attacks or self.n_unc != len(self.attacks):
            raise IllegalAction("transfer: only while no attack card is covered")
        if self.rank_cards != RANK_MASKS[self.attacks[0] & 15]:
            raise IllegalAction("transfer: only while every attack card has one rank")
        if c & 15 != self.attacks[0] & 15:
            raise IllegalAction("transfer: the card must have the rank of the attack")
        target = self._left(self.defender)
        need = len(self.attacks) + (1 if kind is TRANSFER else 0)
        if self.hands[target].bit_count() < need:
            raise IllegalAction(f"transfer: the next defender must hold at least {need} cards")
        if kind is TRANSFER:
            base = self.cfg.limit_first if self.first_bout else self.cfg.limit_later
            if need > base:
                raise IllegalAction(f"bout limit: a transfer may not exceed {base} attack cards")
        else:
            if self.trump < 0 or (c >> 4) & 3 != self.trump:
                raise IllegalAction("transfer by showing: show the trump of that rank")
            if (self.shown >> c) & 1:
                raise IllegalAction("transfer by showing: each trump may be shown once per bout")

    # ------------------------------------------------------------------ copies, series, replay
    def clone(self) -> GameState:
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

    # ------------------------------------------------------------------ views, JSON
    def view(self, player: int):
        from .view import make_view
        return make_view(self, player)

    def to_dict(self) -> dict[str, Any]:
        from .codec import state_to_dict
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        if isinstance(data, dict) and data.get("game") == "warsaw":
            from .warsaw import WarsawState
            return WarsawState.from_dict(data)  # type: ignore[return-value]
        from .codec import state_from_dict
        return state_from_dict(cls, data)

    @classmethod
    def from_position(cls, rules: RuleSet, **position: Any) -> GameState:
        from .position import build_position
        return build_position(cls, rules, **position)

    def table_pairs(self) -> list[tuple[int, int | None]]:
        return [(a, c if c >= 0 else None) for a, c in zip(self.attacks, self.covers, strict=False)]

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(card_text(c, True) for c in bits(h)) for h in self.hands)
        table = " ".join(card_text(a, True) + ("/" + card_text(c, True) if c >= 0 else "")
                         for a, c in zip(self.attacks, self.covers, strict=False))
        return (f"<GameState v{self.version} {self.phase.value} att={self.attacker} "
                f"def={self.defender} "
                f"trump={card_text(self.turnup, True) if self.turnup >= 0 else '-'} "
                f"stock={len(self.stock)} table=[{table}] hands=[{hands}]>")


__all__ = ["GameState", "Phase", "RulesError"]
