"""``PublicView``: what everyone at the table may know, the same for every seat (RULES.md:
counts, the table, trump, stock size, the discard, whose turn, the outcome; no hand).

The group table is drawn from it: a ``PlayerView`` is one seat's knowledge (its hand, its
legal moves) and costs a legal-move listing to build, while this costs none. Every field
has the name and the value it has in each seat's ``PlayerView`` / ``WarsawView``
(tests/engine/test_public_view.py checks that over random deals of every preset), so code
written for public facts takes either view.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import Card, CardSet
from ..core.game_state import GameState
from ..core.outcome import Outcome
from ..core.phase import ADD, DEFEND, LEAD, Phase
from ..core.rules import RuleSet
from ..throwin.state import ThrowInState
from ..warsaw.state import WarsawState


@dataclass(frozen=True)
class PublicView:
    rules: RuleSet
    phase: Phase
    version: int
    hand_counts: tuple[int, ...]
    known: tuple[CardSet, ...]  # per seat: cards everyone saw enter that hand, still there
    table: tuple[tuple[Card, Card | None], ...]  # (attack, cover or None) in play order
    attack_by: tuple[int, ...]
    trump_suit: int | None
    turnup: Card | None
    turnup_in_stock: bool
    hidden_under_turnup: bool  # changeable_trump: a face-down card lies under the turn-up
    stock_count: int
    discard: CardSet
    dealer: int
    attacker: int
    defender: int
    attackers: tuple[int, ...]
    taking: bool
    passed: tuple[int, ...]
    shown: CardSet  # trumps shown for a transfer this bout
    in_play: tuple[int, ...]
    out_order: tuple[int, ...]
    waiting_on: tuple[int, ...]  # whose turn it is
    outcome: Outcome | None
    exchange_holder: int | None
    weli_suit: int | None = None
    teams: tuple[tuple[int, ...], ...] = ()
    front: tuple[CardSet, ...] = ()  # Warsaw: the cards lying face up before each seat
    lead_open: bool = False  # Warsaw: the first-phase lead is still being staged
    limit: int = 0  # the bout limit in force (Warsaw: the attack's capacity while playing)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None


def public_view(state: GameState) -> PublicView:
    """The public facts of ``state`` (any deal class the engine hands out)."""
    if isinstance(state, WarsawState):
        return _warsaw_public(state)
    assert isinstance(state, ThrowInState)
    return _plain_public(state)


def _table(s: ThrowInState | WarsawState) -> tuple[tuple[Card, Card | None], ...]:
    return tuple((Card(a), Card(c) if c >= 0 else None)
                 for a, c in zip(s.attacks, s.covers, strict=True))


def _plain_public(s: ThrowInState) -> PublicView:
    weli = getattr(s, "weli_suit", -1)  # HouseState fields; the plain state has none
    return PublicView(
        rules=s.rules, phase=s.phase, version=s.version,
        hand_counts=tuple(h.bit_count() for h in s.hands),
        known=tuple(CardSet(k & h) for k, h in zip(s.known, s.hands, strict=False)),
        table=_table(s), attack_by=tuple(s.attack_by),
        trump_suit=s.trump if s.trump >= 0 else None,
        turnup=Card(s.turnup) if s.turnup >= 0 else None,
        turnup_in_stock=s.turnup >= 0 and s.turnup in s.stock,
        hidden_under_turnup=getattr(s, "hidden", -1) >= 0,
        stock_count=len(s.stock), discard=CardSet(s.discard), dealer=s.dealer,
        attacker=s.attacker, defender=s.defender, attackers=s.att_list, taking=s.taking,
        passed=tuple(i for i in range(s.n) if (s.passed >> i) & 1), shown=CardSet(s.shown),
        in_play=tuple(i for i in range(s.n) if s.in_play[i]), out_order=tuple(s.out_order),
        waiting_on=s.waiting_on(), outcome=s.outcome,
        exchange_holder=None if s.exchange_holder < 0 else s.exchange_holder,
        weli_suit=None if weli < 0 else weli, teams=s.cfg.teams, limit=s.limit)


def _warsaw_public(s: WarsawState) -> PublicView:
    return PublicView(
        rules=s.rules, phase=s.phase, version=s.version,
        hand_counts=tuple(h.bit_count() for h in s.hands),
        known=tuple(CardSet(k & h) for k, h in zip(s.known, s.hands, strict=True)),
        table=_table(s), attack_by=tuple(s.attack_by),
        trump_suit=s.trump if s.trump >= 0 else None,
        turnup=Card(s.turnup) if s.turnup >= 0 else None,
        turnup_in_stock=bool(s.stock) and s.stock[0] == s.turnup,
        hidden_under_turnup=False,
        stock_count=len(s.stock), discard=CardSet(s.discard), dealer=s.dealer,
        attacker=s.attacker, defender=s.defender,
        attackers=tuple(x for x in range(s.n) if x != s.defender), taking=False,
        passed=tuple(i for i in range(s.n) if (s.passed >> i) & 1), shown=CardSet(0),
        in_play=tuple(range(s.n)), out_order=s.outcome.out_order if s.outcome else (),
        waiting_on=s.waiting_on(), outcome=s.outcome,
        exchange_holder=None if s.exchange_holder < 0 else s.exchange_holder,
        front=tuple(CardSet(f) for f in s.front),
        lead_open=s.phase.value == "play" and s.stage == LEAD,
        limit=s.capacity if s.phase.value == "play" and s.stage in (LEAD, ADD, DEFEND) else 0)
