"""``StateConfig``: what a throw-in deal (state.py) derives from its RuleSet, computed once per
RuleSet and shared by every state and clone of it.

Compiled with the states (state_config.pxd types its fields), so the hot path reads them as
C fields. The plain game (no house rules, no pagat, no teams) never looks at the fields
below ``one_pack`` per action: house rules pay for themselves in ``HouseState``.
"""

from __future__ import annotations

from ..core.leads import LEADS, with_jokers
from ..core.rules import RuleSet
from ..core.seats import TEAM_SEATS, replenish_order, team_of_seats
from ..core.tables import JOKERS


class StateConfig:
    """Rule-derived constants of a throw-in deal."""

    __slots__ = ("hand_size", "lead_enum", "lead_check", "throw_in", "others_join", "transfer",
                 "show", "limit_first", "limit_later", "lowest_rank", "attack_again",
                 "attackers_key", "team_of", "teams", "house", "pagat", "six",
                 "poker", "weli", "changeable", "jokers", "orders", "attackers", "beats",
                 "one_pack")

    def __init__(self, rules: RuleSet):
        self.hand_size = rules.hand_size
        lead = LEADS[rules.lead]
        self.lead_enum, self.lead_check = lead.enumerate, lead.check
        self.throw_in = rules.throw_in
        self.others_join = rules.others_join_after_first_beat
        self.transfer = rules.transfer != "none"
        self.show = rules.transfer == "play_or_show"
        self.limit_first = rules.base_limit(True)
        self.limit_later = rules.base_limit(False)
        self.lowest_rank = rules.lowest_rank
        self.attack_again = rules.after_defender_out == "attack_again"
        # every card id below 64: masks fit C integers (the compiled build's fast paths)
        self.one_pack = rules.packs == 1
        if rules.jokers:
            self.lead_enum, self.lead_check = with_jokers(lead, JOKERS)
        self.teams = TEAM_SEATS.get(rules.teams, ())
        self.team_of = team_of_seats(self.teams, rules.players)
        self.attackers_key = (rules.throw_in, rules.teams)
        self.pagat = rules.on_fail == "take_unbeaten"
        self.six = rules.trump_exchange == "six_any_time"
        self.poker, self.weli = rules.poker, rules.weli
        self.changeable, self.jokers = rules.changeable_trump, bool(rules.jokers)
        # rules that need state or actions of their own: the deal is a HouseState (game.py)
        self.house = (self.pagat or self.six or self.poker or self.weli or self.changeable
                      or rules.albanian)
        # Per-bout lookups as list/dict indexing by small ints instead of tuple keys:
        # orders[a * 16 + d] = replenish order; attackers[a | d << 4 | out seats << 8] =
        # (att_list, att_mask) (it depends only on who is still in play).
        n = rules.players
        self.orders = [replenish_order(n, a, d) if a != d else ()
                       for a in range(16) for d in range(16)] if n <= 16 else []
        self.attackers: dict[int, tuple[tuple[int, ...], int]] = {}
        # beats[trump] = build_beats(rules, trump), without its per-call cache key
        self.beats: dict[int, tuple[list[int], int]] = {}


_configs: dict[RuleSet, StateConfig] = {}


def config_for(rules: RuleSet) -> StateConfig:
    """The shared config (validating the rules once), stashed on the frozen RuleSet object
    itself so that dealing does not hash a 31-field dataclass every game."""
    cfg = rules.__dict__.get("_engine_cfg")
    if cfg is None:
        cfg = _configs.get(rules)
        if cfg is None:
            rules.validate()
            cfg = _configs[rules] = StateConfig(rules)
        object.__setattr__(rules, "_engine_cfg", cfg)
    return cfg
