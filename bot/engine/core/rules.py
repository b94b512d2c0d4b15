"""``RuleSet``: every parameter of RULES.md's table, validated, with named presets.

``PARAMETERS`` is the table the CLI prints (`durak rules`): name, default, allowed values,
what it does. ``IMPLEMENTED`` says which values this engine plays today; ``validate()``
refuses the others with "... not implemented yet" instead of pretending. Every problem is a
coded ``Reason`` (errors.py): the English sentence with ``code`` and ``params``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..warsaw.rules import WARSAW_IMPLEMENTED, is_warsaw, warsaw_problems
from .cards import LOWEST_RANK
from .codes import Code
from .errors import InvalidAssignment, Reason, RulesError


class Param(NamedTuple):
    name: str
    default: Any
    allowed: tuple[Any, ...]  # allowed values; ints/bools/None/str
    help: str


HAND_SIZE = "hand_size"

PARAMETERS: tuple[Param, ...] = (
    Param("players", 2, tuple(range(2, 11)), "number of players: 2-6 (Warsaw up to 10)"),
    Param("deck", 36, (24, 36, 52), "cards per pack: 24 (9-A), 36 (6-A), 52 (2-A)"),
    Param("packs", 1, (1, 2, 3), "identical packs shuffled together (Warsaw)"),
    Param("jokers", 0, (0, 2), "jokers per pack (house rule)"),
    Param("hand_size", 6, (5, 6, 7, 8), "cards each player is dealt and refills to"),
    Param("lead", "same_rank", ("single", "same_rank", "pagat_pattern", "warsaw_pairs"),
          "what the principal attacker may open a bout with"),
    Param("throw_in", "all", ("none", "principal", "neighbours", "all"),
          "who may add cards of ranks already on the table"),
    Param("others_join_after_first_beat", True, (True, False),
          "other attackers may add only once the first attack card is covered"),
    Param("bout_limit", 6, (6, HAND_SIZE), "max attack cards in a bout: 6 or hand_size"),
    Param("first_bout_limit", 5, (None, 5), "max attack cards in the first bout of a deal"),
    Param("transfer", "none", ("none", "play", "play_or_show"),
          "perevodnoy: the defender passes the bout on by playing (or showing) a same rank"),
    Param("on_fail", "take_all", ("take_all", "take_unbeaten", "warsaw"),
          "what a defender who gives up picks up"),
    Param("first_attacker", "lowest_trump", ("lowest_trump", "left_of_dealer"),
          "who opens the first deal"),
    Param("next_deal_first_attacker", "lowest_trump",
          ("lowest_trump", "left_of_dealer", "fools_right"),
          "who opens later deals of a series (fools_right: the fool defends first)"),
    Param("after_defender_out", "attack_again", ("attack_again", "left_attacks"),
          "who attacks next when the defender went out"),
    Param("trump_exchange", "none", ("none", "six_any_time", "lowest_before_play", "warsaw_two"),
          "swapping a low trump for the turn-up"),
    Param("teams", "none", ("none", "2x2", "3x2", "2x3"),
          "team play (partners never attack each other)"),
    Param("scoring", "matchsticks", ("matchsticks", "stakes"), "how a deal is scored"),
    Param("series_to", 0, tuple(range(0, 100)),
          "a series ends when someone reaches this many matchsticks (0: no limit)"),
    Param("spades_by_spades", False, (False, True), "house: spades only beaten by higher spades"),
    Param("crazy", False, (False, True), "house: spades_by_spades and diamonds always trump"),
    Param("no_trump", False, (False, True), "house: no trump suit"),
    Param("fallen_ace", "none", ("none", "trump", "every_suit"),
          "house: lowest card beats the ace"),
    Param("albanian", False, (False, True), "house: the turn-up is drawn first"),
    Param("changeable_trump", False, (False, True), "house: a hidden card under the turn-up"),
    Param("railway", False, (False, True), "house: every card dealt, the trump card out of play"),
    Param("poker", False, (False, True), "house: swap up to two cards with the stock"),
    Param("weli", False, (False, True), "house: the 6♦ is wild"),
    Param("jacks_high", False, (False, True), "house: trump jack highest (Ještěrka)"),
    Param("cut", False, (False, True), "house: the cut before the deal (flavour only)"),
)
PARAMS_BY_NAME = {p.name: p for p in PARAMETERS}

# Values this engine plays today. Everything else is refused by validate().
IMPLEMENTED: dict[str, tuple[Any, ...]] = {
    "players": tuple(range(2, 7)),
    "packs": (1,),
    "jokers": (0, 2),
    "lead": ("single", "same_rank", "pagat_pattern"),
    "on_fail": ("take_all", "take_unbeaten"),
    "trump_exchange": ("none", "lowest_before_play", "six_any_time"),
    "teams": ("none", "2x2", "3x2", "2x3"),
    "scoring": ("matchsticks",),
}

# House rules (RULES.md's house-rule table). ``HOUSE_RULES`` = (name, the "on" values) for
# `--random-house-rules` and for the combination checks below.
HOUSE_RULES: tuple[tuple[str, tuple[Any, ...]], ...] = (
    ("spades_by_spades", (True,)), ("crazy", (True,)), ("no_trump", (True,)),
    ("fallen_ace", ("trump", "every_suit")), ("albanian", (True,)),
    ("changeable_trump", (True,)), ("railway", (True,)), ("poker", (True,)),
    ("jokers", (2,)), ("weli", (True,)), ("jacks_high", (True,)), ("cut", (True,)),
)
HOUSE_OFF: dict[str, Any] = {"fallen_ace": "none", "jokers": 0}
# House rules that only change the beats relation (safe with any bout logic, Warsaw too).
BEATS_ONLY_RULES = ("spades_by_spades", "crazy", "no_trump", "fallen_ace", "jacks_high", "cut")


def random_house_rules(rules: RuleSet, rng: Any, chance: float = 0.3) -> RuleSet:
    """A random valid mix of house rules on top of ``rules`` (for `durak simulate
    --random-house-rules` and the tests). ``rng`` is a ``random.Random``: seeded, so a mix
    is reproducible. Each rule is switched on with ``chance``; a mix that cannot be played
    is drawn again (after 50 tries: ``rules`` unchanged)."""
    for _ in range(50):
        mix = {name: (values[int(rng.random() * len(values))] if rng.random() < chance
                      else HOUSE_OFF.get(name, False)) for name, values in HOUSE_RULES}
        candidate = dataclasses.replace(rules, **mix)
        if not candidate.problems():
            return candidate
    return rules


class Preset(NamedTuple):
    description: str
    overrides: dict[str, Any]
    players: tuple[int, int]  # allowed player counts, inclusive
    texts: str


PRESETS: dict[str, Preset] = {
    "podkidnoy": Preset("throw-in durak: defaults", {}, (2, 6), "001, 003, 004"),
    "perevodnoy": Preset("podkidnoy with transfer by playing a same-rank card",
                         {"transfer": "play"}, (2, 6), "003, 001"),
    "perevodnoy_showing": Preset("perevodnoy; the same-rank trump may just be shown",
                                 {"transfer": "play_or_show"}, (2, 6), "003"),
    "prostoy_classic": Preset("single-card leads, only the principal attacker throws in",
                              {"throw_in": "principal", "lead": "single", "transfer": "none"},
                              (2, 6), "001"),
    "prostoy_transfer": Preset("prostoy_classic with transfer",
                               {"throw_in": "principal", "lead": "single", "transfer": "play"},
                               (2, 6), "001"),
    "single_card": Preset("one card per bout, no throw-ins (Prostušnij)",
                          {"throw_in": "none", "lead": "single"}, (2, 6), "003"),
    "prostoy_pagat": Preset(
        "pagat's Prostoy: 1/3/5-card pattern leads, beat some and take the rest",
        {"hand_size": 5, "lead": "pagat_pattern", "throw_in": "none", "on_fail": "take_unbeaten",
         "first_attacker": "left_of_dealer", "next_deal_first_attacker": "left_of_dealer",
         "after_defender_out": "left_attacks", "trump_exchange": "six_any_time"},
        (2, 4), "000"),
    "duren_piatkowy": Preset(
        "Warsaw: pair leads in phases, stakes per card",
        {"deck": 52, "hand_size": 5, "lead": "warsaw_pairs", "on_fail": "warsaw",
         "first_attacker": "left_of_dealer", "next_deal_first_attacker": "left_of_dealer",
         "trump_exchange": "warsaw_two", "scoring": "stakes"},
        (2, 10), "002"),
    "large_deck": Preset("52 cards, 7 in hand, bout limit = hand size",
                         {"deck": 52, "hand_size": 7, "bout_limit": HAND_SIZE}, (2, 6), "001"),
    "two_player_24": Preset("24-card deck for two", {"deck": 24}, (2, 6), "003"),
    "vietnamese": Preset("52 cards, 8 in hand", {"deck": 52, "hand_size": 8}, (2, 4), "003"),
    "jestetka": Preset("5 in hand, the trump jack is highest",
                       {"hand_size": 5, "jacks_high": True}, (2, 6), "003"),
    "teams": Preset("podkidnoy in teams", {"teams": "2x2", "players": 4}, (4, 6), "003"),
}
PLAYABLE_PRESETS = ("podkidnoy", "perevodnoy", "perevodnoy_showing", "prostoy_classic",
                    "prostoy_transfer", "single_card", "prostoy_pagat", "duren_piatkowy",
                    "large_deck", "two_player_24", "vietnamese", "jestetka", "teams")


def parse_value(name: str, text: Any) -> Any:
    """Turn a command-line string into the parameter's value type ("6", "none", "true")."""
    param = PARAMS_BY_NAME.get(name)
    if param is None:
        raise RulesError(Code.UNKNOWN_RULE, name=name, known=", ".join(PARAMS_BY_NAME))
    if not isinstance(text, str):
        if text in param.allowed and (type(text) is type(param.default)
                                      or param.name in ("bout_limit", "first_bout_limit")):
            return text
        raise RulesError(Code.VALUE_NOT_ALLOWED, name=name, value=repr(text),
                         allowed=allowed_text(param))
    t = text.strip().lower()
    for value in param.allowed:
        if isinstance(value, bool):
            if t in (("true", "yes", "on", "1") if value else ("false", "no", "off", "0")):
                return value
        elif value is None:
            if t in ("none", "null", "off", "-"):
                return None
        elif str(value).lower() == t:
            return value
    raise RulesError(Code.VALUE_NOT_ALLOWED, name=name, value=repr(text),
                     allowed=allowed_text(param))


def allowed_text(param: Param | str) -> str:
    """The allowed values as typed on the command line ("6, hand_size", "2..10"). Takes a
    ``Param`` or a parameter name; an unknown name is a RulesError, never a TypeError."""
    if not isinstance(param, Param):
        found = PARAMS_BY_NAME.get(param) if isinstance(param, str) else None
        if found is None:
            raise RulesError(Code.UNKNOWN_RULE, name=param if isinstance(param, str | int)
                             else repr(param), known=", ".join(PARAMS_BY_NAME))
        param = found
    if len(param.allowed) > 4 and all(type(v) is int for v in param.allowed):
        return f"{param.allowed[0]}..{param.allowed[-1]}"
    return ", ".join("none" if v is None else str(v).lower() for v in param.allowed)


@dataclass(frozen=True)
class RuleSet:
    """One game's rules. ``preset`` records the preset it started from (for messages)."""

    players: int = 2
    deck: int = 36
    packs: int = 1
    jokers: int = 0
    hand_size: int = 6
    lead: str = "same_rank"
    throw_in: str = "all"
    others_join_after_first_beat: bool = True
    bout_limit: int | str = 6
    first_bout_limit: int | None = 5
    transfer: str = "none"
    on_fail: str = "take_all"
    first_attacker: str = "lowest_trump"
    next_deal_first_attacker: str = "lowest_trump"
    after_defender_out: str = "attack_again"
    trump_exchange: str = "none"
    teams: str = "none"
    scoring: str = "matchsticks"
    series_to: int = 0
    spades_by_spades: bool = False
    crazy: bool = False
    no_trump: bool = False
    fallen_ace: str = "none"
    albanian: bool = False
    changeable_trump: bool = False
    railway: bool = False
    poker: bool = False
    weli: bool = False
    jacks_high: bool = False
    cut: bool = False
    preset_name: str = field(default="podkidnoy", compare=True)

    # -- construction -------------------------------------------------------------------
    @classmethod
    def preset(cls, name: str, **overrides: Any) -> RuleSet:
        """The named preset with keyword overrides (values or "NAME=VALUE"-style strings)."""
        p = PRESETS.get(name)
        if p is None:
            raise RulesError(Code.UNKNOWN_PRESET, name=name, known=", ".join(PRESETS))
        values = {**p.overrides, **{k: parse_value(k, v) for k, v in overrides.items()}}
        if "players" not in values:
            values["players"] = max(2, p.players[0])
        if name == "teams" and "teams" not in overrides:
            # Decision: the teams preset seats 4 players as 2x2 and 6 as two teams of three
            # (2x3, "typically" in 003); 3x2 is asked for with teams=3x2.
            values["teams"] = {6: "2x3"}.get(values["players"], "2x2")
        if name == "duren_piatkowy" and "packs" not in values and values["players"] >= 9:
            values["packs"] = 2  # RULES.md presets: two packs from 9 players
        return cls(**values, preset_name=name)

    def with_overrides(self, overrides: dict[str, Any]) -> RuleSet:
        """A copy with parameters set from values or strings ({"bout_limit": "hand_size"})."""
        parsed = {k: parse_value(k, v) for k, v in overrides.items()}
        return dataclasses.replace(self, **parsed)

    @staticmethod
    def parse_assignment(text: str) -> tuple[str, Any]:
        """"NAME=VALUE" -> (name, typed value). InvalidAssignment when the text is not of
        that form; RulesError on an unknown name or a value the rule does not take."""
        name, sep, value = text.partition("=")
        if not sep:
            raise InvalidAssignment(Code.ASSIGNMENT_SYNTAX, text=text)
        name = name.strip().replace("-", "_")
        return name, parse_value(name, value)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise RulesError(Code.UNKNOWN_RULES, names=", ".join(sorted(unknown)))
        values = {k: (v if k == "preset_name" else parse_value(k, v)) for k, v in data.items()}
        return cls(**values)

    # -- derived ------------------------------------------------------------------------
    @property
    def deck_size(self) -> int:
        return self.deck * self.packs + self.jokers * self.packs

    @property
    def lowest_rank(self) -> int:
        return LOWEST_RANK[self.deck]

    def base_limit(self, first_bout: bool) -> int:
        """The bout limit before the defender's hand is taken into account."""
        if first_bout and self.first_bout_limit is not None:
            base = self.first_bout_limit
        else:
            base = self.hand_size if self.bout_limit == HAND_SIZE else int(self.bout_limit)
        return base

    # -- validation ---------------------------------------------------------------------
    def problems(self) -> list[Reason]:
        """Every reason this rule set cannot be played (empty when it can); each is its
        English sentence (a str) with a ``code`` and ``params``."""
        out = []
        for p in PARAMETERS:
            value = getattr(self, p.name)
            mixed_types = p.name in ("bout_limit", "first_bout_limit")
            if value not in p.allowed or (type(value) is not type(p.default) and not mixed_types):
                out.append(Reason(Code.VALUE_NOT_ALLOWED, name=p.name, value=repr(value),
                                  allowed=allowed_text(p)))
        if out:
            return out
        warsaw = is_warsaw(self)
        for name, ok in IMPLEMENTED.items():
            if warsaw:  # Warsaw plays its own values (warsaw/rules.py)
                ok = WARSAW_IMPLEMENTED.get(name, ok)
            value = getattr(self, name)
            if value not in ok:
                shown = "none" if value is None else str(value).lower()
                out.append(Reason(Code.NOT_IMPLEMENTED, rule=name, value=shown))
        warsaw = self.lead == "warsaw_pairs" or self.on_fail == "warsaw"
        if self.players > 6 and not warsaw:
            out.append(Reason(Code.WARSAW_PLAYERS, players=self.players))
        if (self.lead == "warsaw_pairs") != (self.on_fail == "warsaw"):
            out.append(Reason(Code.WARSAW_LEAD_AND_ON_FAIL))
        if self.on_fail == "take_unbeaten" and self.throw_in != "none":
            out.append(Reason(Code.PAGAT_THROW_IN))
        if self.trump_exchange == "six_any_time" and self.deck == 24:
            out.append(Reason(Code.SIX_ANY_TIME_DECK))
        if self.trump_exchange == "warsaw_two" and not warsaw:
            out.append(Reason(Code.WARSAW_TWO_NOT_WARSAW))
        if warsaw:
            out += warsaw_problems(self)
        if self.teams != "none":
            need = {"2x2": 4, "3x2": 6, "2x3": 6}[self.teams]
            if self.players != need:
                out.append(Reason(Code.TEAMS_PLAYERS, teams=self.teams, players=need))
        out += self._house_problems(warsaw)
        preset = PRESETS.get(self.preset_name)
        if preset and not preset.players[0] <= self.players <= preset.players[1]:
            lo, hi = preset.players
            out.append(Reason(Code.PRESET_PLAYERS, preset=self.preset_name, min_players=lo,
                              max_players=hi, players=self.players))
        need_cards = self.players * self.hand_size
        if need_cards > self.deck_size:
            out.append(self._deck_advice(need_cards))
        return out

    def house_rules_on(self) -> tuple[str, ...]:
        """Names of the house rules switched on."""
        return tuple(name for name, _ in HOUSE_RULES
                     if getattr(self, name) != HOUSE_OFF.get(name, False))

    def _house_problems(self, warsaw: bool) -> list[Reason]:
        """House-rule combinations that cannot work, in words a player understands."""
        out = []
        on = set(self.house_rules_on())
        if warsaw:
            bad = sorted(on - set(BEATS_ONLY_RULES))
            if bad:
                out.append(Reason(Code.WARSAW_HOUSE_RULES, rules=", ".join(bad)))
        if self.crazy and self.no_trump:
            out.append(Reason(Code.CRAZY_NO_TRUMP))
        if self.no_trump:
            for rule in ("jacks_high", "changeable_trump"):
                if rule in on:
                    out.append(Reason(Code.NEEDS_TRUMP, rule=rule))
            if self.fallen_ace == "trump":
                out.append(Reason(Code.FALLEN_ACE_NO_TRUMP))
            if self.trump_exchange != "none":
                out.append(Reason(Code.EXCHANGE_NO_TRUMP, value=self.trump_exchange))
        if self.crazy and self.changeable_trump:
            out.append(Reason(Code.CRAZY_CHANGEABLE))
        if self.railway:
            for rule in ("albanian", "changeable_trump", "poker"):
                if rule in on:
                    out.append(Reason(Code.RAILWAY_NO_STOCK, rule=rule))
            if self.trump_exchange != "none":
                out.append(Reason(Code.RAILWAY_EXCHANGE, value=self.trump_exchange))
        if self.albanian:
            if self.changeable_trump:
                out.append(Reason(Code.ALBANIAN_CHANGEABLE))
            if self.trump_exchange != "none":
                out.append(Reason(Code.ALBANIAN_EXCHANGE, value=self.trump_exchange))
        if self.weli:
            if self.deck == 24:
                out.append(Reason(Code.WELI_DECK))
            if self.packs > 1:
                out.append(Reason(Code.WELI_PACKS))
        if self.jokers and self.packs > 1:
            out.append(Reason(Code.JOKERS_PACKS))
        return out

    def _deck_advice(self, need: int) -> Reason:
        facts = {"players": self.players, "hand_size": self.hand_size, "cards_needed": need,
                 "deck_size": self.deck_size}
        bigger = [d for d in (24, 36, 52) if d * self.packs >= need]
        if bigger:
            return Reason(Code.DECK_TOO_SMALL_USE_DECK, suggested_deck=bigger[0], **facts)
        fits = [h for h in (5, 6, 7, 8) if self.players * h <= self.deck_size]
        if fits:
            return Reason(Code.DECK_TOO_SMALL_USE_HAND, suggested_hand_size=fits[-1], **facts)
        return Reason(Code.DECK_TOO_SMALL, **facts)

    def validate(self) -> RuleSet:
        """This rule set, or RulesError with every problem (``.problems``)."""
        problems = self.problems()
        if problems:
            raise RulesError(*problems)
        return self

    def describe(self) -> str:
        """Parameters that differ from the defaults, e.g. "transfer=play, players=3"."""
        diffs = [f"{p.name}={getattr(self, p.name)}" for p in PARAMETERS
                 if getattr(self, p.name) != p.default]
        return ", ".join(diffs) or "defaults"
