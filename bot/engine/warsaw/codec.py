"""JSON-safe dicts for ``WarsawState`` (cards as short text, like ``forms/codec.py``). game.py
reads a dict back through ``warsaw_from_dict`` when its rules are Warsaw's; ``"game":
"warsaw"`` marks the format."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from ..core.cards import card_text, cards_text, mask_of, parse_card, parse_cards
from ..core.codes import Code
from ..core.errors import InvalidState
from ..core.outcome import Outcome
from ..core.phase import Phase
from ..core.rules import RuleSet

if TYPE_CHECKING:
    from .moves import WarsawMoves

W = TypeVar("W", bound="WarsawMoves")

FORMAT = 1


def warsaw_to_dict(s: WarsawMoves) -> dict[str, Any]:
    return {
        "format": FORMAT, "game": "warsaw", "rules": s.rules.to_dict(), "seed": s.seed,
        "dealer": s.dealer, "hands": [cards_text(h) for h in s.hands],
        "front": [cards_text(f) for f in s.front],
        "known": [cards_text(k & h) for k, h in zip(s.known, s.hands, strict=True)],
        "stock": cards_text(s.stock[::-1]),  # in draw order; the last is the turn-up
        "turnup": card_text(s.turnup, True) if s.turnup >= 0 else None,
        "trump": s.trump, "discard": cards_text(s.discard),
        "attacks": cards_text(s.attacks),
        "covers": " ".join(card_text(c, True) if c >= 0 else "-" for c in s.covers),
        "attack_by": s.attack_by[:], "phase_starts": s.phase_starts[:],
        "attacker": s.attacker, "defender": s.defender, "stage": s.stage,
        "lead_ranks": s.lead_ranks, "order": list(s.order), "order_pos": s.order_pos,
        "passed": s.passed, "capacity": s.capacity, "beaten": s.beaten,
        "phase": s.phase.value, "exchange_holder": s.exchange_holder, "queue": s.queue[:],
        "version": s.version, "attack_no": s.attack_no,
        "outcome": s.outcome.to_dict() if s.outcome else None,
        "later_deal": s.later_deal, "prev_fool": s.prev_fool,
        "first_attacker": s.first_attacker_seat, "history": dict(s.history),
    }


def warsaw_from_dict(cls: type[W], rules: RuleSet, d: dict[str, Any]) -> W:
    """A ``cls`` state from ``d`` (whose rules, already read, are ``rules``)."""
    if d.get("format") != FORMAT or d.get("game") != "warsaw":
        raise InvalidState(Code.WARSAW_STATE_FORMAT, format=FORMAT)
    rules.validate()
    s = cls._blank(rules, d["trump"])
    s.seed, s.dealer = d["seed"], d["dealer"]
    s.hands = [mask_of(parse_cards(h)) for h in d["hands"]]
    s.front = [mask_of(parse_cards(f)) for f in d["front"]]
    s.known = [mask_of(parse_cards(k)) for k in d["known"]]
    if not len(s.hands) == len(s.front) == len(s.known) == s.n:
        raise InvalidState(Code.STATE_SEAT_LISTS)
    s.stock = parse_cards(d["stock"])[::-1]
    s.turnup = parse_card(d["turnup"]) if d["turnup"] else -1
    s.discard = mask_of(parse_cards(d["discard"]))
    s.attacks = parse_cards(d["attacks"])
    s.covers = [-1 if t == "-" else parse_card(t) for t in d["covers"].split()]
    s.attack_by = [int(x) for x in d["attack_by"]]
    if not len(s.attacks) == len(s.covers) == len(s.attack_by):
        raise InvalidState(Code.STATE_TABLE_LENGTHS)
    s.phase_starts = [int(x) for x in d["phase_starts"]]
    s.n_unc = s.covers[s.phase_starts[-1]:].count(-1)
    s.attacker, s.defender, s.stage = d["attacker"], d["defender"], d["stage"]
    s.lead_ranks, s.order, s.order_pos = d["lead_ranks"], tuple(d["order"]), d["order_pos"]
    s.passed, s.capacity, s.beaten = d["passed"], d["capacity"], d["beaten"]
    s.phase = Phase(d["phase"])
    s.exchange_holder, s.queue = d["exchange_holder"], list(d["queue"])
    s.version, s.attack_no = d["version"], d["attack_no"]
    s.outcome = Outcome.from_dict(d["outcome"]) if d["outcome"] else None
    s.later_deal, s.prev_fool = d["later_deal"], d["prev_fool"]
    s.first_attacker_seat = d["first_attacker"]
    s.history = {str(k): int(v) for k, v in d["history"].items()}
    return s
