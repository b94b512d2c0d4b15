"""One action as a short phrase for the table's "last move" line ("beats 7♥ with 9♥")."""

from __future__ import annotations

from bot.engine import Action, ActionKind
from bot.i18n import t

from .cards import card_label, cards_text


def describe(locale: str, action_text: str, *, lead: bool, cause: str = "player") -> str:
    """``lead``: the attack opened the bout (else it was thrown in)."""
    try:
        action = Action.parse(action_text, 0)
    except ValueError:
        return action_text
    kind, cards = action.kind, action.cards
    if kind is ActionKind.ATTACK:
        text = t(locale, "act.lead" if lead else "act.throw_in",
                 cards=cards_text(cards, sort=False))
    elif kind is ActionKind.COVER:
        text = t(locale, "act.cover", target=card_label(cards[0]), card=card_label(cards[1]))
    elif kind is ActionKind.TRANSFER:
        text = t(locale, "act.transfer", card=card_label(cards[0]))
    elif kind is ActionKind.SHOW:
        text = t(locale, "act.show", card=card_label(cards[0]))
    else:
        text = t(locale, {ActionKind.TAKE: "act.take", ActionKind.PASS: "act.pass",
                          ActionKind.EXCHANGE: "act.exchange",
                          ActionKind.KEEP: "act.keep"}[kind])
    if cause == "timeout":
        text = t(locale, "act.by_timer", text=text)
    return text
