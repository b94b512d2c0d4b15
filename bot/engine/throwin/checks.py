"""Why ``apply`` refuses an action in a throw-in deal: the rule-by-rule checks of
``ThrowInState`` (state.py), each refusal an ``IllegalAction`` with its code (codes.py).

Only the slow path runs these: an action found in the seat's cached legal list is legal by
construction (DealBase.apply). ``canonical`` (the shape of an action) is shared with Warsaw
(warsaw/checks.py) and the house rules (house/state.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.actions import Action, ActionKind
from ..core.cards import JOKER_RANK, card_text
from ..core.codes import Code
from ..core.errors import IllegalAction
from ..core.phase import Phase
from ..core.tables import THROW_IN_RANKS

if TYPE_CHECKING:
    from .moves import ThrowInMoves

ATTACK, COVER, TAKE, PASS = ActionKind.ATTACK, ActionKind.COVER, ActionKind.TAKE, ActionKind.PASS
TRANSFER, SHOW, EXCHANGE, KEEP = (ActionKind.TRANSFER, ActionKind.SHOW, ActionKind.EXCHANGE,
                                  ActionKind.KEEP)
_NOT_AN_ATTACKER = {"none": Code.THROW_IN_NONE, "principal": Code.THROW_IN_PRINCIPAL,
                    "neighbours": Code.THROW_IN_NEIGHBOURS}
_mk = tuple.__new__


def canonical(action: Any, players: int) -> tuple[int, ActionKind, tuple[int, ...]]:
    """(seat, kind, cards) with canonical types (int seat and card ids, an ActionKind), so
    equal actions play alike; IllegalAction when ``action`` is no action at this table."""
    try:
        p, kind, cards = action
    except (TypeError, ValueError):
        raise IllegalAction(Code.NOT_AN_ACTION, action=repr(action)) from None
    if not isinstance(p, int) or not 0 <= p < players:
        raise IllegalAction(Code.NO_SUCH_SEAT, seat=repr(p))
    try:
        kind = ActionKind(kind)
    except ValueError:
        raise IllegalAction(Code.UNKNOWN_ACTION_KIND, kind=repr(kind)) from None
    if type(cards) is not tuple:
        raise IllegalAction(Code.CARDS_NOT_IDS)
    for c in cards:
        if not isinstance(c, int) or not 0 <= c < 192:
            raise IllegalAction(Code.CARDS_NOT_IDS)
    return int(p), kind, tuple(int(c) for c in cards)


def check_action(s: ThrowInMoves, action: Any) -> Action:
    """The action with canonical types, or IllegalAction naming the rule. The rules are
    asked through ``s._check_rules`` (HouseState adds its own before these)."""
    p, kind, cards = canonical(action, s.n)
    s._check_rules(p, kind, cards)  # type: ignore[attr-defined]
    return _mk(Action, (p, kind, cards))


def check_rules(s: ThrowInMoves, p: int, kind: ActionKind, cards: tuple[int, ...]) -> None:
    if s.phase is Phase.OVER:
        raise IllegalAction(Code.DEAL_OVER)
    if s.phase is Phase.EXCHANGE:
        if kind is not EXCHANGE and kind is not KEEP:
            raise IllegalAction(Code.EXCHANGE_PENDING)
        if p != s.exchange_holder:
            raise IllegalAction(Code.NOT_EXCHANGE_HOLDER)
        return
    if kind is EXCHANGE or kind is KEEP:
        raise IllegalAction(Code.EXCHANGE_NOT_NOW)
    hand = s.hands[p]
    for c in (cards[1:] if kind is COVER else cards):
        if not (hand >> c) & 1:
            raise IllegalAction(Code.NOT_IN_HAND, card=card_text(c))
    if len(set(cards)) != len(cards):
        raise IllegalAction(Code.CARD_NAMED_TWICE)
    if kind is COVER:
        _check_cover(s, p, cards)
    elif kind is ATTACK:
        _check_attack(s, p, cards)
    elif kind is TAKE:
        if p != s.defender:
            raise IllegalAction(Code.TAKE_NOT_DEFENDER)
        if s.taking:
            raise IllegalAction(Code.ALREADY_TAKING)
        if not s.n_unc:
            raise IllegalAction(Code.TAKE_NOTHING_UNCOVERED)
    elif kind is PASS:
        if p == s.defender:
            raise IllegalAction(Code.DEFENDER_PASSES)
        if not s.attacks:
            raise IllegalAction(Code.MUST_LEAD_NOT_PASS)
        if not (s.att_mask >> p) & 1:
            raise IllegalAction(_not_attacker(s))
        if (s.passed >> p) & 1:
            raise IllegalAction(Code.PASS_STANDS)
        if not s._addable(p):
            raise IllegalAction(Code.NOTHING_TO_ADD)
    else:
        _check_transfer(s, p, kind, cards)


def _not_attacker(s: ThrowInMoves) -> Code:
    return _NOT_AN_ATTACKER.get(s.cfg.throw_in, Code.NOT_AN_ATTACKER)


def _check_cover(s: ThrowInMoves, p: int, cards: tuple[int, ...]) -> None:
    if len(cards) != 2:
        raise IllegalAction(Code.COVER_NEEDS_TWO_CARDS)
    if p != s.defender:
        raise IllegalAction(Code.COVER_NOT_DEFENDER)
    if s.taking:
        raise IllegalAction(Code.COVER_AFTER_TAKE)
    a, c = cards
    try:
        i = s.attacks.index(a)
    except ValueError:
        raise IllegalAction(Code.NOT_ON_TABLE, card=card_text(a)) from None
    if s.covers[i] >= 0:
        raise IllegalAction(Code.ALREADY_COVERED, card=card_text(a))
    if not (s.beaters[a] >> c) & 1:
        raise IllegalAction(Code.DOES_NOT_BEAT, cover=card_text(c), attack=card_text(a))


def _check_attack(s: ThrowInMoves, p: int, cards: tuple[int, ...]) -> None:
    if not cards:
        raise IllegalAction(Code.ATTACK_NO_CARD)
    if p == s.defender:
        raise IllegalAction(Code.DEFENDER_ATTACKS)
    if not s.attacks:
        if p != s.attacker:
            raise IllegalAction(Code.NOT_THE_LEADER)
        reason = s.cfg.lead_check(cards, s.limit)
        if reason:
            raise IllegalAction(reason)
        if len(cards) > s.limit:
            raise IllegalAction(Code.LEAD_OVER_LIMIT, limit=s.limit)
        return
    if len(cards) != 1:
        raise IllegalAction(Code.THROW_IN_ONE_CARD)
    if not (s.att_mask >> p) & 1:
        raise IllegalAction(_not_attacker(s))
    if len(s.attacks) >= s.limit:
        raise IllegalAction(Code.BOUT_LIMIT_REACHED, limit=s.limit)
    if p != s.attacker and s.cfg.others_join and s.n_unc == len(s.attacks):
        raise IllegalAction(Code.OTHERS_JOIN_AFTER_FIRST_BEAT)
    if not (s.rank_cards >> cards[0]) & 1:
        raise IllegalAction(Code.RANK_NOT_ON_TABLE, rank=card_text(cards[0])[:-1])


def _check_transfer(s: ThrowInMoves, p: int, kind: ActionKind, cards: tuple[int, ...]) -> None:
    if not s.cfg.transfer or (kind is SHOW and not s.cfg.show):
        raise IllegalAction(Code.TRANSFER_NOT_ALLOWED, transfer=s.rules.transfer)
    if len(cards) != 1:
        raise IllegalAction(Code.TRANSFER_ONE_CARD)
    if p != s.defender:
        raise IllegalAction(Code.TRANSFER_NOT_DEFENDER)
    if s.taking:
        raise IllegalAction(Code.TRANSFER_AFTER_TAKE)
    c = cards[0]
    if c & 15 == JOKER_RANK:
        raise IllegalAction(Code.JOKER_TRANSFER)
    if not s.attacks or s.n_unc != len(s.attacks):
        raise IllegalAction(Code.TRANSFER_AFTER_COVER)
    if s.rank_cards != THROW_IN_RANKS[s.attacks[0] & 15]:
        raise IllegalAction(Code.TRANSFER_MIXED_RANKS)
    if c & 15 != s.attacks[0] & 15:
        raise IllegalAction(Code.TRANSFER_WRONG_RANK)
    target = s._left(s.defender)
    need = len(s.attacks) + (1 if kind is TRANSFER else 0)
    if s.hands[target].bit_count() < need:
        raise IllegalAction(Code.TRANSFER_NEXT_DEFENDER_SHORT, need=need)
    if kind is TRANSFER:
        base = s.cfg.limit_first if s.first_bout else s.cfg.limit_later
        if need > base:
            raise IllegalAction(Code.TRANSFER_OVER_LIMIT, limit=base)
    else:
        if s.trump < 0 or (c >> 4) & 3 != s.trump:
            raise IllegalAction(Code.SHOW_NEEDS_TRUMP)
        if (s.shown >> c) & 1:
            raise IllegalAction(Code.SHOW_ONCE)
