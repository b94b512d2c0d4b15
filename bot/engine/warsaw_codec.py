"""JSON-safe dicts for ``WarsawState`` (cards as short text, like ``codec.py``).
``"game": "warsaw"`` lets ``GameState.from_dict`` hand the dict over to Warsaw."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import card_text, mask_of, parse_card
from .codec import _cards, _parse
from .outcome import Outcome
from .rules import RuleSet
from .state import Phase

if TYPE_CHECKING:
    from .warsaw import WarsawState

FORMAT = 1


def warsaw_to_dict(s: WarsawState) -> dict[str, Any]:
    return {
        "format": FORMAT, "game": "warsaw", "rules": s.rules.to_dict(), "seed": s.seed,
        "dealer": s.dealer, "hands": [_cards(h) for h in s.hands],
        "front": [_cards(f) for f in s.front],
        "known": [_cards(k & h) for k, h in zip(s.known, s.hands, strict=True)],
        "stock": _cards(s.stock[::-1]),  # in draw order; the last is the turn-up
        "turnup": card_text(s.turnup, True) if s.turnup >= 0 else None,
        "trump": s.trump, "discard": _cards(s.discard),
        "attacks": _cards(s.attacks),
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


def warsaw_from_dict(cls: type[WarsawState], d: dict[str, Any]) -> WarsawState:
    if d.get("format") != FORMAT or d.get("game") != "warsaw":
        raise ValueError(f"not a Warsaw state of format {FORMAT}")
    rules = RuleSet.from_dict(d["rules"]).validate()
    s = cls._blank(rules, d["trump"])
    s.seed, s.dealer = d["seed"], d["dealer"]
    s.hands = [mask_of(_parse(h)) for h in d["hands"]]
    s.front = [mask_of(_parse(f)) for f in d["front"]]
    s.known = [mask_of(_parse(k)) for k in d["known"]]
    if not len(s.hands) == len(s.front) == len(s.known) == s.n:
        raise ValueError("hands, front and known must have one entry per seat")
    s.stock = _parse(d["stock"])[::-1]
    s.turnup = parse_card(d["turnup"]) if d["turnup"] else -1
    s.discard = mask_of(_parse(d["discard"]))
    s.attacks = _parse(d["attacks"])
    s.covers = [-1 if t == "-" else parse_card(t) for t in d["covers"].split()]
    s.attack_by = [int(x) for x in d["attack_by"]]
    if not len(s.attacks) == len(s.covers) == len(s.attack_by):
        raise ValueError("attacks, covers and attack_by differ in length")
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
