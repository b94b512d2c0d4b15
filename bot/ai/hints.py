"""A one-line reason for a suggested move, as an i18n key (``hint.*``) with parameters.

The reason is read from the position (through the view) and the move; the search's win
estimate is added as ``pct`` where the key shows it. Card parameters are card texts with
suit glyphs (``10♥``) so they read the same in every language.
"""

from __future__ import annotations

from bot.engine import Action, Card, PlayerView

from .common import ATTACK, COVER, EXCHANGE, KEEP, PASS, SHOW, TAKE, TRANSFER
from .normal import NormalTurn


def _cards(cards) -> str:
    return " ".join(str(Card(c)) for c in cards)


def explain(view: PlayerView, action: Action,
            stats: dict[Action, tuple[float, int]] | None = None) -> tuple[str, dict]:
    stats = stats or {}
    if len(view.legal) == 1:
        return "hint.only_move", {}
    kind = action.kind
    if kind is EXCHANGE:
        return "hint.exchange", {"card": _cards([view.turnup])} if view.turnup is not None \
            else {"card": "?"}
    if kind is KEEP:
        return "hint.keep", {}
    if kind is SHOW:
        return "hint.show", {"card": _cards(action.cards)}
    if kind is TRANSFER:
        return "hint.transfer", {"card": _cards(action.cards)}
    if kind is COVER:
        return "hint.cover", {"attack": _cards(action.cards[:1]), "card": _cards(action.cards[1:])}
    if kind is TAKE:
        uncovered = [a for a, c in view.table if c is None]
        coverable = {a.cards[0] for a in view.legal if a.kind is COVER}
        missing = [a for a in uncovered if a not in coverable]
        if missing:
            return "hint.take_cannot_beat", {"card": _cards(missing[:1])}
        return "hint.take_to_keep_trumps", {}
    if kind is PASS:
        return "hint.pass", {}
    if kind is ATTACK:
        if view.table:
            if view.taking:
                return "hint.throw_in_taking", {"card": _cards(action.cards)}
            return "hint.throw_in", {"card": _cards(action.cards)}
        turn = NormalTurn(view)
        if view.stock_count == 0 and all(turn.beat_chance(c, view.defender) == 0.0
                                         for c in action.cards):
            return "hint.lead_unbeatable", {"cards": _cards(action.cards)}
        if len(action.cards) > 1:
            return "hint.lead_group", {"cards": _cards(action.cards)}
        return "hint.lead_cheap", {"cards": _cards(action.cards)}
    return "hint.only_move", {}


# Every key ``explain`` can return (the i18n test checks the catalogues have them).
HINT_KEYS = ("hint.only_move", "hint.exchange", "hint.keep", "hint.show", "hint.transfer",
             "hint.cover", "hint.take_cannot_beat", "hint.take_to_keep_trumps", "hint.pass",
             "hint.throw_in_taking", "hint.throw_in", "hint.lead_unbeatable",
             "hint.lead_group", "hint.lead_cheap")
