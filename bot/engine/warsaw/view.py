"""``WarsawView``: a ``PlayerView`` with what Warsaw adds (all public): the cards lying in
front of each player, the phase of the attack, whose turn it is to lead, the ranks that
may be led now, who has beaten off an attack this deal (the trump-two condition), and
whether the first-phase lead is still being staged (its cards are in ``table`` already)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.cards import Card, CardSet, bits
from ..core.phase import ADD, DEFEND, LEAD
from ..forms.view import PlayerView

if TYPE_CHECKING:
    from .moves import WarsawMoves


@dataclass(frozen=True)
class WarsawView(PlayerView):
    # defaults only because PlayerView's last fields have defaults; always filled in
    front: tuple[CardSet, ...] = ()      # per seat, face up; counts as held
    held_counts: tuple[int, ...] = ()    # hand + front per seat (what stakes would count)
    warsaw_phase: int = 1                # 1 = the lead, 2.. = later phases of this attack
    stage: str = "lead"                  # lead / add / defend
    phase_start: int = 0                 # index in ``table`` where the current phase starts
    leader: int | None = None            # seat whose turn it is to lead (lead/add stages)
    lead_order: tuple[int, ...] = ()     # who leads in turn in a later phase
    lead_ranks: tuple[int, ...] = ()     # ranks that may be led now (2..14; all in phase 1)
    beaten_off: tuple[int, ...] = ()     # seats that beat off an attack this deal
    lead_open: bool = False              # phase 1: the leader is still staging cards (the
                                         # table shows them; nobody covers until ``d``)
    lead_complete: bool = False          # the staged cards are a legal lead (``d`` closes)
    cover_options: tuple[Any, ...] = ()            # the defender's own view only: every (uncovered
                                         # card, beater in hand) as a cover Action, for
                                         # planning a complete covering; only those of the
                                         # first uncovered card are legal now (covers go in
                                         # table order)


def make_warsaw_view(s: WarsawMoves, p: int) -> WarsawView:
    playing = s.phase.value == "play"
    if playing and s.stage == LEAD:
        ranks: tuple[int, ...] = tuple(range(s.rules.lowest_rank, 15))
        leader: int | None = s.attacker
    elif playing and s.stage == ADD:
        ranks, leader = tuple(bits(s.lead_ranks)), s.order[s.order_pos]
    else:
        ranks, leader = (), None
    start = s.phase_starts[-1]
    return WarsawView(
        player=p, rules=s.rules, phase=s.phase, hand=CardSet(s.hands[p]),
        hand_counts=tuple(h.bit_count() for h in s.hands),
        known=tuple(CardSet(k & h) for k, h in zip(s.known, s.hands, strict=True)),
        table=tuple((Card(a), Card(c) if c >= 0 else None)
                    for a, c in zip(s.attacks, s.covers, strict=True)),
        attack_by=tuple(s.attack_by),
        trump_suit=s.trump if s.trump >= 0 else None,
        turnup=Card(s.turnup) if s.turnup >= 0 else None,
        turnup_in_stock=bool(s.stock) and s.stock[0] == s.turnup,
        stock_count=len(s.stock), discard=CardSet(s.discard), dealer=s.dealer,
        attacker=s.attacker, defender=s.defender,
        attackers=tuple(x for x in range(s.n) if x != s.defender), taking=False,
        passed=tuple(i for i in range(s.n) if (s.passed >> i) & 1), shown=CardSet(0),
        limit=s.capacity if playing and s.stage in (LEAD, ADD, DEFEND) else 0,
        first_bout=s.attack_no == 0, in_play=tuple(range(s.n)),
        out_order=s.outcome.out_order if s.outcome else (),
        legal=tuple(s.legal_actions(p)), waiting_on=s.waiting_on(), version=s.version,
        outcome=s.outcome, exchange_holder=None if s.exchange_holder < 0 else s.exchange_holder,
        front=tuple(CardSet(f) for f in s.front),
        held_counts=tuple(s.held(x) for x in range(s.n)),
        warsaw_phase=len(s.phase_starts), stage=s.stage, phase_start=start,
        leader=leader, lead_order=s.order if playing and s.stage in (ADD, DEFEND) else (),
        lead_ranks=ranks, beaten_off=tuple(bits(s.beaten)),
        cover_options=tuple(s.cover_options()) if playing and p == s.defender else (),
        lead_open=playing and s.stage == LEAD, lead_complete=playing and s.stage == LEAD
        and s.lead_is_complete(),
    )
