"""``PlayerView``: exactly what one seat may know (RULES.md: own hand, counts, table, trump,
stock size, the discard, cards each opponent was seen to pick up or was shown holding)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.actions import Action
from ..core.cards import Card, CardSet
from ..core.outcome import Outcome
from ..core.phase import Phase
from ..core.rules import RuleSet

if TYPE_CHECKING:
    from ..throwin.moves import ThrowInMoves


@dataclass(frozen=True)
class PlayerView:
    player: int
    rules: RuleSet
    phase: Phase
    hand: CardSet
    hand_counts: tuple[int, ...]
    known: tuple[CardSet, ...]  # per seat: cards everyone knows are in that hand
    table: tuple[tuple[Card, Card | None], ...]  # (attack, cover or None) in play order
    attack_by: tuple[int, ...]  # who played each attack card
    trump_suit: int | None
    turnup: Card | None  # the card that showed trump (None when there was none)
    turnup_in_stock: bool  # still lying under the stock
    stock_count: int
    discard: CardSet  # every beaten-off card (all were seen on the table)
    dealer: int
    attacker: int
    defender: int
    attackers: tuple[int, ...]  # seats that may throw in this bout
    taking: bool
    passed: tuple[int, ...]
    shown: CardSet  # trumps shown for a transfer this bout
    limit: int  # the bout limit in force
    first_bout: bool
    in_play: tuple[int, ...]
    out_order: tuple[int, ...]
    legal: tuple[Action, ...]
    waiting_on: tuple[int, ...]
    version: int
    outcome: Outcome | None
    exchange_holder: int | None
    # issue 3 (defaults keep older callers working)
    weli_suit: int | None = None  # the suit named for the weli (6♦) on the table
    hidden_under_turnup: bool = False  # changeable_trump: a face-down card lies under it
    poker_left: int = 0  # poker swaps left this deal
    teams: tuple[tuple[int, ...], ...] = ()  # seats per team (teams rule)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None


def make_view(s: ThrowInMoves, p: int) -> PlayerView:
    return PlayerView(
        player=p, rules=s.rules, phase=s.phase, hand=CardSet(s.hands[p]),
        hand_counts=tuple(h.bit_count() for h in s.hands),
        known=tuple(CardSet(k & h) for k, h in zip(s.known, s.hands, strict=False)),
        table=tuple((Card(a), Card(c) if c >= 0 else None)
                    for a, c in zip(s.attacks, s.covers, strict=True)),
        attack_by=tuple(s.attack_by),
        trump_suit=s.trump if s.trump >= 0 else None,
        turnup=Card(s.turnup) if s.turnup >= 0 else None,
        turnup_in_stock=s.turnup >= 0 and s.turnup in s.stock,  # albanian: on top
        stock_count=len(s.stock), discard=CardSet(s.discard), dealer=s.dealer,
        attacker=s.attacker, defender=s.defender, attackers=s.att_list, taking=s.taking,
        passed=tuple(i for i in range(s.n) if (s.passed >> i) & 1), shown=CardSet(s.shown),
        limit=s.limit, first_bout=s.first_bout,
        in_play=tuple(i for i in range(s.n) if s.in_play[i]), out_order=tuple(s.out_order),
        legal=tuple(s.legal_actions(p)), waiting_on=s.waiting_on(), version=s.version,
        outcome=s.outcome, exchange_holder=None if s.exchange_holder < 0 else s.exchange_holder,
        weli_suit=_weli_suit(s), poker_left=getattr(s, "poker_left", 0),
        hidden_under_turnup=getattr(s, "hidden", -1) >= 0, teams=s.cfg.teams)


def _weli_suit(s: ThrowInMoves) -> int | None:
    suit = getattr(s, "weli_suit", -1)  # a HouseState field; the plain state has none
    return None if suit < 0 else suit
