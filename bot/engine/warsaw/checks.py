"""Why ``apply`` refuses an action in a Warsaw deal (``WarsawState``, warsaw.py): the
rule-by-rule checks of seed 002, each refusal an ``IllegalAction`` with its code (codes.py).

Only the slow path runs these: an action found in the seat's cached legal list is legal by
construction (DealBase.apply).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.actions import Action, ActionKind
from ..core.cards import bits, card_text
from ..core.codes import Code
from ..core.errors import IllegalAction
from ..core.phase import ADD, DEFEND, LEAD, Phase
from ..throwin.checks import canonical
from .leads import lead_add_problem, rank_set_mask, warsaw_pairs_check

if TYPE_CHECKING:
    from .moves import WarsawMoves

ATTACK, COVER, TAKE, PASS = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS
EXCHANGE, KEEP, DONE = ActionKind.EXCHANGE, ActionKind.KEEP, ActionKind.DONE
_mk = tuple.__new__


def check_warsaw_action(s: WarsawMoves, action: Any) -> Action:
    """The action with canonical types, or IllegalAction naming the rule."""
    p, kind, cards = canonical(action, s.n)
    if len(set(cards)) != len(cards):
        raise IllegalAction(Code.CARD_NAMED_TWICE)
    _check_rules(s, p, kind, cards)
    return _mk(Action, (p, kind, cards))


def _check_rules(s: WarsawMoves, p: int, kind: ActionKind, cards: tuple[int, ...]) -> None:
    if s.phase is Phase.OVER:
        raise IllegalAction(Code.DEAL_OVER)
    if s.phase is Phase.EXCHANGE:
        if kind is not EXCHANGE and kind is not KEEP:
            raise IllegalAction(Code.WARSAW_EXCHANGE_PENDING)
        if p != s.exchange_holder:
            raise IllegalAction(Code.WARSAW_NOT_EXCHANGE_HOLDER)
        if cards:
            raise IllegalAction(Code.EXCHANGE_NAMES_NO_CARD)
        return
    if kind is EXCHANGE or kind is KEEP:
        raise IllegalAction(Code.WARSAW_EXCHANGE_NOT_NOW)
    if kind not in (ATTACK, COVER, TAKE, PASS, DONE):
        raise IllegalAction(Code.WARSAW_NO_SUCH_ACTION, kind=kind.name.lower())
    for c in (cards[1:] if kind is COVER else cards):
        if not (s.hands[p] >> c) & 1:
            if (s.front[p] >> c) & 1:
                raise IllegalAction(Code.CARD_IN_FRONT, card=card_text(c))
            raise IllegalAction(Code.NOT_IN_HAND, card=card_text(c))
    stage = s.stage
    if kind is ATTACK:
        _check_lead(s, p, cards)
    elif kind is COVER:
        _check_cover(s, p, cards)
    elif kind is DONE:
        if stage != LEAD or p != s.attacker:
            raise IllegalAction(Code.DONE_NOT_LEAD)
        if cards:
            raise IllegalAction(Code.DONE_NAMES_NO_CARD)
        reason = warsaw_pairs_check(tuple(s.attacks), s.capacity)
        if reason:
            raise IllegalAction(reason)
    elif kind is TAKE:
        if p != s.defender:
            raise IllegalAction(Code.GIVE_UP_NOT_DEFENDER)
        if stage != DEFEND:
            if stage == LEAD:
                raise IllegalAction(Code.GIVE_UP_LEAD_OPEN)
            raise IllegalAction(Code.GIVE_UP_NOT_NOW)
    else:  # PASS
        if stage != ADD or p != s.order[s.order_pos]:
            if stage == LEAD and p == s.attacker:
                raise IllegalAction(Code.MUST_LEAD_NOT_PASS)
            raise IllegalAction(Code.NOT_YOUR_TURN_TO_LEAD)


def _check_cover(s: WarsawMoves, p: int, cards: tuple[int, ...]) -> None:
    if p != s.defender or s.stage != DEFEND:
        if p == s.defender and s.stage == LEAD:
            raise IllegalAction(Code.WARSAW_COVER_LEAD_OPEN)
        raise IllegalAction(Code.WARSAW_COVER_NOT_NOW)
    if len(cards) != 2:
        raise IllegalAction(Code.WARSAW_COVER_TWO_CARDS)
    a, c = cards
    start = s.phase_starts[-1]
    if a not in s.attacks[start:]:
        raise IllegalAction(Code.NOT_LED_THIS_PHASE, card=card_text(a))
    if s.covers[s.attacks.index(a, start)] >= 0:
        raise IllegalAction(Code.ALREADY_COVERED, card=card_text(a))
    first = s.attacks[s._next_to_cover()]
    if a != first:
        raise IllegalAction(Code.COVER_IN_ORDER, card=card_text(first))
    if not (s.beaters[a] >> c) & 1:
        raise IllegalAction(Code.DOES_NOT_BEAT, cover=card_text(c), attack=card_text(a))


def _check_lead(s: WarsawMoves, p: int, cards: tuple[int, ...]) -> None:
    stage = s.stage
    if stage == LEAD:
        if p != s.attacker:
            raise IllegalAction(Code.WARSAW_NOT_THE_LEADER)
        if len(cards) != 1:
            raise IllegalAction(Code.LEAD_ONE_CARD_AT_A_TIME)
        reason = lead_add_problem(s.attacks, s.hands[p], cards[0], s.capacity)
        if reason:
            raise IllegalAction(reason)
        return
    if stage != ADD or p != s.order[s.order_pos]:
        if p == s.defender:
            raise IllegalAction(Code.DEFENDER_LEADS)
        raise IllegalAction(Code.NOT_YOUR_TURN_TO_LEAD)
    if len(cards) != 1:
        raise IllegalAction(Code.LATER_LEAD_ONE_CARD)
    if not (rank_set_mask(s.lead_ranks) >> cards[0]) & 1:
        ranks = " ".join(card_text(r)[:-1] for r in bits(s.lead_ranks))
        raise IllegalAction(Code.LATER_LEAD_RANK, ranks=ranks)
    if s._room() <= 0:
        raise IllegalAction(Code.PHASE_FULL, count=s.capacity)
