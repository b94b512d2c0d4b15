"""One action as a short phrase for the table's "last move" line ("beats 7♥ with 9♥")."""

from __future__ import annotations

from bot.engine import Action, ActionKind
from bot.i18n import t

from .cards import card_label, cards_text, suit_symbol

WELI_AS = 192  # bot.engine.actions.WELI_AS: the weli (6♦) named a suit, in Action.cards
WELI = 2 * 16 + 6


def weli_label(card: int) -> str:
    """A card of an action; the weli named a suit reads "6♦️→♠️" (issue 3 house rule)."""
    if card >= WELI_AS:
        return card_label(WELI) + "→" + suit_symbol(card - WELI_AS)
    return card_label(card)


def describe(locale: str, action_text: str, *, lead: bool, cause: str = "player") -> str:
    """``lead``: the attack opened the bout (else it was thrown in)."""
    try:
        action = Action.parse(action_text, 0)
    except ValueError:
        return action_text
    kind, cards = action.kind, action.cards
    if kind is ActionKind.ATTACK:
        text = t(locale, "act.lead" if lead else "act.throw_in",
                 cards=" ".join(weli_label(c) for c in cards) if any(c >= WELI_AS for c in cards)
                 else cards_text(cards, sort=False))
    elif kind is ActionKind.COVER:
        text = t(locale, "act.cover", target=card_label(cards[0]), card=weli_label(cards[1]))
    elif kind is ActionKind.TRANSFER:
        text = t(locale, "act.transfer", card=weli_label(cards[0]))
    elif kind is ActionKind.SHOW:
        text = t(locale, "act.show", card=card_label(cards[0]))
    elif kind in (ActionKind.TAKE, ActionKind.PASS, ActionKind.EXCHANGE, ActionKind.KEEP):
        text = t(locale, {ActionKind.TAKE: "act.take", ActionKind.PASS: "act.pass",
                          ActionKind.EXCHANGE: "act.exchange",
                          ActionKind.KEEP: "act.keep"}[kind])
    else:  # issue 3 kinds (done, trump-six swap, poker) until they get their own phrases
        text = action_text
    if cause == "timeout":
        text = t(locale, "act.by_timer", text=text)
    return text
