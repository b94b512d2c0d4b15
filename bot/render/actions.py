"""One action as a short phrase for the table's "last move" line ("beats 7♥ with 9♥")."""

from __future__ import annotations

from bot.engine import Action, ActionKind
from bot.i18n import t, tn

from .cards import card_label, cards_text, suit_symbol

WELI_AS = 192  # bot.engine.actions.WELI_AS: the weli (6♦) named a suit, in Action.cards
WELI = 2 * 16 + 6


def weli_label(card: int, locale: str | None = None) -> str:
    """A card of an action; the weli named a suit reads "6♦️→♠️" (issue 3 house rule), or
    with a locale the catalogue's words ("6♦️ as ♠️", "6♦️ как ♠️") on buttons."""
    if card >= WELI_AS:
        if locale is not None:
            return t(locale, "card.weli_as", card=card_label(WELI),
                     suit=suit_symbol(card - WELI_AS))
        return card_label(WELI) + "→" + suit_symbol(card - WELI_AS)
    return card_label(card)


def flavour(rules) -> str:
    """Which game's words an action takes: "warsaw" (d closes the lead, t gives up),
    "pagat" (d takes the unbeaten cards) or "" (everything else)."""
    on_fail = getattr(rules, "on_fail", "")
    return {"warsaw": "warsaw", "take_unbeaten": "pagat"}.get(on_fail, "")


def describe(locale: str, action_text: str, *, lead: bool, cause: str = "player",
             rules=None) -> str:
    """``lead``: the attack opened the bout (else it was thrown in); ``rules`` picks the
    game's words for ``d`` and ``t`` (see ``flavour``). A poker swap names only how many
    cards went back: which ones is the swapper's secret."""
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
    elif kind is ActionKind.TAKE and flavour(rules) == "warsaw":
        text = t(locale, "act.give_up")
    elif kind is ActionKind.DONE:
        text = t(locale, "act.lead_done" if flavour(rules) == "warsaw" else "act.take_rest")
    elif kind is ActionKind.SWAP_SIX:
        text = t(locale, "act.swap_six", card=card_label(cards[0]))
    elif kind is ActionKind.POKER:
        text = tn(locale, "act.poker", len(cards))
    elif kind in (ActionKind.TAKE, ActionKind.PASS, ActionKind.EXCHANGE, ActionKind.KEEP):
        text = t(locale, {ActionKind.TAKE: "act.take", ActionKind.PASS: "act.pass",
                          ActionKind.EXCHANGE: "act.exchange",
                          ActionKind.KEEP: "act.keep"}[kind])
    else:  # a kind this layer does not know yet: the engine's text beats nothing
        text = action_text
    if cause == "timeout":
        text = t(locale, "act.by_timer", text=text)
    return text
