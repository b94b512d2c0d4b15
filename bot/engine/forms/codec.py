"""JSON-safe dicts for the throw-in deals (``ThrowInState``, ``HouseState``): compact, cards as
space-separated short text. game.py reads a dict back through ``state_from_dict`` with the
class it picked from the dict's rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from ..core.beats import weli_tables
from ..core.cards import card_text, cards_text, mask_of, parse_card, parse_cards
from ..core.codes import Code
from ..core.errors import InvalidState
from ..core.outcome import Outcome
from ..core.phase import Phase
from ..core.rules import RuleSet
from ..core.tables import THROW_IN_RANKS
from ..throwin.state_config import config_for

if TYPE_CHECKING:
    from ..throwin.moves import ThrowInMoves

S = TypeVar("S", bound="ThrowInMoves")
FORMAT = 1


def state_to_dict(s: ThrowInMoves) -> dict[str, Any]:
    return {
        "format": FORMAT, "rules": s.rules.to_dict(), "seed": s.seed, "dealer": s.dealer,
        "hands": [cards_text(h) for h in s.hands],
        "known": [cards_text(k & h) for k, h in zip(s.known, s.hands, strict=False)],
        "stock": cards_text(s.stock[::-1]),  # in draw order; the last is the turn-up
        "turnup": card_text(s.turnup, True) if s.turnup >= 0 else None,
        "trump": s.trump, "discard": cards_text(s.discard),
        "attacks": cards_text(s.attacks),
        "covers": " ".join(card_text(c, True) if c >= 0 else "-" for c in s.covers),
        "attack_by": s.attack_by[:], "attacker": s.attacker, "defender": s.defender,
        "passed": s.passed, "taking": s.taking, "limit": s.limit, "shown": cards_text(s.shown),
        "first_bout": s.first_bout, "bout_no": s.bout_no,
        "out_order": s.out_order[:], "phase": s.phase.value,
        "exchange_holder": s.exchange_holder, "version": s.version,
        "outcome": s.outcome.to_dict() if s.outcome else None,
        "later_deal": s.later_deal, "prev_fool": s.prev_fool,
        "first_attacker": s.first_attacker_seat,
        **({"house": _house_to_dict(s)} if s.cfg.house else {}),
    }


def _house_to_dict(s: Any) -> dict[str, Any]:
    """HouseState fields: the hidden card (changeable_trump), poker swaps, the weli's suit."""
    return {"hidden": card_text(s.hidden, True) if s.hidden >= 0 else None,
            "poker_left": s.poker_left, "poker_bout": s.poker_bout, "weli_suit": s.weli_suit}


def state_from_dict(cls: type[S], rules: RuleSet, d: dict[str, Any]) -> S:
    """A ``cls`` state from ``d`` (whose rules, already read, are ``rules``)."""
    if d.get("format") != FORMAT:
        raise InvalidState(Code.STATE_FORMAT, format=repr(d.get("format")))
    s = cls._blank(rules, config_for(rules), d["trump"])
    s.seed, s.dealer = d["seed"], d["dealer"]
    s.hands = [mask_of(parse_cards(h)) for h in d["hands"]]
    s.known = [mask_of(parse_cards(k)) for k in d["known"]]
    s.stock = parse_cards(d["stock"])[::-1]
    s.turnup = parse_card(d["turnup"]) if d["turnup"] else -1
    s.discard = mask_of(parse_cards(d["discard"]))
    s.attacks = parse_cards(d["attacks"])
    s.covers = [-1 if t == "-" else parse_card(t) for t in d["covers"].split()]
    s.attack_by = list(d["attack_by"])
    if not len(s.attacks) == len(s.covers) == len(s.attack_by):
        raise InvalidState(Code.STATE_TABLE_LENGTHS)
    s.n_unc = s.covers.count(-1)
    for c in s.attacks + [c for c in s.covers if c >= 0]:
        s.rank_cards |= THROW_IN_RANKS[c & 15]
    s.first_bout, s.bout_no = d["first_bout"], d["bout_no"]
    s.out_order = list(d["out_order"])
    s.in_play = [i not in s.out_order for i in range(s.n)]
    s.attacker, s.defender = d["attacker"], d["defender"]
    s._set_attackers()
    s.passed, s.taking, s.limit = d["passed"], d["taking"], d["limit"]
    s.shown = mask_of(parse_cards(d["shown"]))
    s.phase = Phase(d["phase"])
    if s.phase is Phase.OVER:
        s.att_mask, s.att_list = 0, ()
    s.exchange_holder, s.version = d["exchange_holder"], d["version"]
    s.outcome = Outcome.from_dict(d["outcome"]) if d["outcome"] else None
    s.later_deal, s.prev_fool = d["later_deal"], d["prev_fool"]
    s.first_attacker_seat = d["first_attacker"]
    house = d.get("house")
    if s.cfg.house and house:
        hs: Any = s  # a HouseState (cfg.house)
        hs.hidden = parse_card(house["hidden"]) if house["hidden"] else -1
        hs.poker_left, hs.poker_bout = house["poker_left"], house["poker_bout"]
        hs.weli_suit = house["weli_suit"]
        if hs.weli_suit >= 0:
            hs.beaters = weli_tables(hs.base_beaters)[1][hs.weli_suit]
    return s
