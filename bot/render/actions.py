"""One action as a short phrase, the one action describer of the project: the Telegram
table's "last move" line and hints ("beats 7♥️ with 9♥️"), the terminal game's move lines
("Anna beats 7♥ with 9♥", "You beat 7♥ with 9♥") and ``durak replay``.

``action_phrase`` decides what an action is called (a catalogue key and its cards, the
same for every front end); ``describe_action`` puts it in words in a locale and a card
style, about a player (third person, ``act.*``) or to them (second person: as they make
it, ``act.you.*``, which starts with the pronoun; or afterwards, ``act.you_did.*``, the
Telegram solo table's "Last move: you led 7♥️").
"""

from __future__ import annotations

from typing import Any

from bot.engine import Action, ActionKind
from bot.engine.core.actions import WELI_AS
from bot.engine.core.cards import DIAMONDS, card_id
from bot.i18n import t, tn

from .card_letters import letters_for
from .cards import card_label, suit_symbol

WELI = card_id(6, DIAMONDS)  # the weli house rule's wild card
# Kinds whose phrase names no card, by catalogue key.
_PLAIN_KEYS = {ActionKind.TAKE: "take", ActionKind.PASS: "pass",
               ActionKind.EXCHANGE: "exchange", ActionKind.KEEP: "keep"}
SUIT_NAMES = ("suit.spades", "suit.hearts", "suit.diamonds", "suit.clubs")  # cards.py order


def weli_label(card: int, locale: str | None = None, style: str = "emoji",
               letters: str | None = None) -> str:
    """A card of an action; the weli named a suit reads "6♦️→♠️" (issue 3 house rule), or
    with a locale the catalogue's words on buttons ("6♦️ as ♠️ spades", "6♦️ как ♠️ пики").
    ``letters``: whose court letters (default: the locale's, ``card_letters``)."""
    if letters is None and locale is not None:
        letters = letters_for(locale)
    if card >= WELI_AS:
        suit = card - WELI_AS
        if locale is not None:
            return t(locale, "card.weli_as", card=card_label(WELI, style),
                     suit=f"{suit_symbol(suit, style)} {t(locale, SUIT_NAMES[suit])}")
        return card_label(WELI, style) + "→" + suit_symbol(suit, style)
    return card_label(card, style, letters)


def flavour(rules: Any) -> str:
    """Which game's words an action takes: "warsaw" (d closes the lead, t gives up),
    "pagat" (d takes the unbeaten cards) or "" (everything else)."""
    on_fail = getattr(rules, "on_fail", "")
    return {"warsaw": "warsaw", "take_unbeaten": "pagat"}.get(on_fail, "")


def action_phrase(action: Action, *, lead: bool, rules: Any = None
                  ) -> tuple[str, dict[str, Any]] | None:
    """(key under ``act.``, its parameters: card ids, or ``n`` for a count) for ``action``;
    None for a kind no catalogue has words for yet. ``lead``: the attack opened the bout
    (else it was thrown in); ``rules`` picks the game's words for ``d`` and ``t`` (see
    ``flavour``). A poker swap names only how many cards went back: which ones is the
    swapper's secret."""
    kind, cards = action.kind, action.cards
    words = flavour(rules)
    if kind is ActionKind.ATTACK:
        return ("lead" if lead else "throw_in"), {"cards": tuple(cards)}
    if kind is ActionKind.COVER:
        return "cover", {"target": cards[0], "card": cards[1]}
    if kind is ActionKind.TRANSFER:
        return "transfer", {"card": cards[0]}
    if kind is ActionKind.SHOW:
        return "show", {"card": cards[0]}
    if kind is ActionKind.TAKE and words == "warsaw":
        return "give_up", {}
    if kind is ActionKind.DONE:
        return ("lead_done" if words == "warsaw" else "take_rest"), {}
    if kind is ActionKind.SWAP_SIX:
        return "swap_six", {"card": cards[0]}
    if kind is ActionKind.POKER:
        return "poker", {"n": len(cards)}
    if kind in _PLAIN_KEYS:
        return _PLAIN_KEYS[kind], {}
    return None


def describe_action(locale: str, action: Action, *, lead: bool, rules: Any = None,
                    style: str = "emoji", you: bool = False, past: bool = False,
                    letters: str | None = None) -> str:
    """The phrase for ``action`` in ``locale``: about its player ("leads 7♥️"), or with
    ``you`` to them ("You lead 7♥"), with ``past`` too as their move told afterwards
    ("you led 7♥️"). A kind without words gives the engine's text. ``letters``: whose
    court letters (default: the locale's, ``card_letters.letters_for``)."""
    letters = letters_for(locale) if letters is None else letters
    phrase = action_phrase(action, lead=lead, rules=rules)
    if phrase is None:
        return action.text()
    name, params = phrase
    family = ("act.you_did." if past else "act.you.") if you else "act."
    key = family + name
    if "n" in params:
        return tn(locale, key, params["n"])
    shown = {k: (" ".join(weli_label(c, style=style, letters=letters) for c in v)
                 if isinstance(v, tuple) else weli_label(v, style=style, letters=letters))
             for k, v in params.items()}
    return t(locale, key, **shown)


def describe(locale: str, action_text: str, *, lead: bool, cause: str = "player",
             rules: Any = None, you: bool = False) -> str:
    """A logged move (the engine's action text) as the Telegram table says it, with
    "(time ran out)" when the turn timer played it; ``you``: the reader's own move, in the
    second person ("you beat 7♥️ with 9♥️", else "beats 7♥️ with 9♥️")."""
    try:
        action = Action.parse(action_text, 0)
    except ValueError:
        return action_text
    text = describe_action(locale, action, lead=lead, rules=rules, you=you, past=you)
    if cause == "timeout":
        text = t(locale, "act.by_timer", text=text)
    return text
