"""JSON-safe dicts for ``GameState`` (compact: cards as space-separated short text)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import bits, card_text, mask_of, parse_card
from .outcome import Outcome
from .rules import RuleSet
from .state import RANK_MASKS as THROW_IN_RANKS

if TYPE_CHECKING:
    from .state import GameState

FORMAT = 1


def _cards(mask_or_list) -> str:
    seq = bits(mask_or_list) if isinstance(mask_or_list, int) else mask_or_list
    return " ".join(card_text(c, ascii=True) for c in seq)


def _parse(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def state_to_dict(s: GameState) -> dict[str, Any]:
    return {
        "format": FORMAT, "rules": s.rules.to_dict(), "seed": s.seed, "dealer": s.dealer,
        "hands": [_cards(h) for h in s.hands],
        "known": [_cards(k & h) for k, h in zip(s.known, s.hands, strict=False)],
        "stock": _cards(s.stock[::-1]),  # in draw order; the last is the turn-up
        "turnup": card_text(s.turnup, True) if s.turnup >= 0 else None,
        "trump": s.trump, "discard": _cards(s.discard),
        "attacks": _cards(s.attacks),
        "covers": " ".join(card_text(c, True) if c >= 0 else "-" for c in s.covers),
        "attack_by": s.attack_by[:], "attacker": s.attacker, "defender": s.defender,
        "passed": s.passed, "taking": s.taking, "limit": s.limit, "shown": _cards(s.shown),
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


def state_from_dict(cls: type[GameState], d: dict[str, Any]) -> Any:
    from .state import Phase, _config

    if d.get("format") != FORMAT:
        raise ValueError(f"unknown state format {d.get('format')!r}")
    rules = RuleSet.from_dict(d["rules"])
    s = cls._blank(rules, _config(rules), d["trump"])
    s.seed, s.dealer = d["seed"], d["dealer"]
    s.hands = [mask_of(_parse(h)) for h in d["hands"]]
    s.known = [mask_of(_parse(k)) for k in d["known"]]
    s.stock = _parse(d["stock"])[::-1]
    s.turnup = parse_card(d["turnup"]) if d["turnup"] else -1
    s.discard = mask_of(_parse(d["discard"]))
    s.attacks = _parse(d["attacks"])
    s.covers = [-1 if t == "-" else parse_card(t) for t in d["covers"].split()]
    s.attack_by = list(d["attack_by"])
    if not len(s.attacks) == len(s.covers) == len(s.attack_by):
        raise ValueError("attacks, covers and attack_by differ in length")
    s.n_unc = s.covers.count(-1)
    for c in s.attacks + [c for c in s.covers if c >= 0]:
        s.rank_cards |= THROW_IN_RANKS[c & 15]
    s.first_bout, s.bout_no = d["first_bout"], d["bout_no"]
    s.out_order = list(d["out_order"])
    s.in_play = [i not in s.out_order for i in range(s.n)]
    s.attacker, s.defender = d["attacker"], d["defender"]
    s._set_attackers()
    s.passed, s.taking, s.limit = d["passed"], d["taking"], d["limit"]
    s.shown = mask_of(_parse(d["shown"]))
    s.phase = Phase(d["phase"])
    if s.phase is Phase.OVER:
        s.att_mask, s.att_list = 0, ()
    s.exchange_holder, s.version = d["exchange_holder"], d["version"]
    s.outcome = Outcome.from_dict(d["outcome"]) if d["outcome"] else None
    s.later_deal, s.prev_fool = d["later_deal"], d["prev_fool"]
    s.first_attacker_seat = d["first_attacker"]
    house = d.get("house")
    if s.cfg.house and house:
        from .beats import weli_tables

        hs: Any = s  # a HouseState (cfg.house)
        hs.hidden = parse_card(house["hidden"]) if house["hidden"] else -1
        hs.poker_left, hs.poker_bout = house["poker_left"], house["poker_bout"]
        hs.weli_suit = house["weli_suit"]
        if hs.weli_suit >= 0:
            hs.beaters = weli_tables(hs.base_beaters)[1][hs.weli_suit]
    return s
