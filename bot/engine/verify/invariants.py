"""RULES.md 'Invariants every implementation keeps', as a checker for tests and
``durak simulate --check``: ``check_invariants(state)`` returns a list of violations."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.cards import card_text
from ..core.tables import THROW_IN_RANKS  # jokers have no rank for throw-ins
from ..warsaw.invariants import check_warsaw_invariants
from ..warsaw.state import WarsawState
from .conservation import conservation_problems

if TYPE_CHECKING:
    from ..core.game_state import GameState
    from ..throwin.state import ThrowInState


def check_invariants(s: GameState) -> list[str]:
    """Violations of RULES.md's invariants in ``s`` ([] when it is sound)."""
    if isinstance(s, WarsawState):  # Warsaw keeps cards in front too (warsaw_invariants)
        return check_warsaw_invariants(s)
    return _throw_in_problems(s)  # type: ignore[arg-type]


def _throw_in_problems(s: ThrowInState) -> list[str]:
    problems: list[str] = []
    # Cards are conserved: hands + table + stock + discard = the deck, no card twice.
    places = list(s.hands) + [1 << c for c in s.stock] + [1 << c for c in s.attacks] + [
        1 << c for c in s.covers if c >= 0] + [s.discard]
    problems += conservation_problems(places, s.deck_mask)
    problems += _turnup_problems(s)
    if s.is_over:
        holding = [p for p in range(s.n) if s.in_play[p]]
        teams_left = {s.cfg.team_of[p] for p in holding}
        if s.outcome is None:
            problems.append("deal over without an outcome")
        elif len(teams_left if s.cfg.teams else holding) > 1:
            problems.append("deal over with more than one player (or team) holding cards")
        return problems
    # Someone can act.
    if not s.actors():
        problems.append("nobody has a legal action but the deal is not over")
    if not s.waiting_on():
        problems.append("the game waits on nobody but the deal is not over")
    for seat in s.waiting_on():
        if not s._legal_list(seat):
            problems.append(f"waiting on seat {seat} who has no legal action")
    # Table shape and limits.
    if not len(s.attacks) == len(s.covers) == len(s.attack_by):
        problems.append("attack/cover/attack_by lists differ in length")
    if s.covers.count(-1) != s.n_unc:
        problems.append("uncovered count out of date")
    if len(s.attacks) > s.limit and s.attacks:
        problems.append(f"{len(s.attacks)} attack cards over the limit in force {s.limit}")
    base = s.cfg.limit_first if s.first_bout else s.cfg.limit_later
    if s.limit > base:
        problems.append(f"limit in force {s.limit} above the rule limit {base}")
    if not s.taking and s.n_unc > s.hands[s.defender].bit_count():
        problems.append("more uncovered attack cards than the defender holds")
    for a, c in zip(s.attacks, s.covers, strict=False):
        if c >= 0 and not (s.beaters[a] >> c) & 1:
            problems.append(f"{card_text(c)} covers {card_text(a)} but does not beat it")
    if s.cfg.teams:
        team = s.cfg.team_of
        if any(team[a] == team[s.defender] for a in s.att_list):
            problems.append("a teammate of the defender may throw in")
    ranks = 0
    for c in s.attacks + [c for c in s.covers if c >= 0]:
        ranks |= THROW_IN_RANKS[c & 15]
    if ranks != s.rank_cards:
        problems.append("table ranks out of date")
    if s.defender == s.attacker and s.attacks:
        problems.append("the attacker is the defender")
    if not s.in_play[s.defender] or not s.in_play[s.attacker]:
        problems.append("an out player is attacker or defender")
    for seat in range(s.n):
        if not s.in_play[seat] and s.hands[seat]:
            problems.append(f"seat {seat} is out but holds cards")
        if (s.known[seat] & s.hands[seat]) & ~s.hands[seat]:
            problems.append("known cards outside the hand")
    if s.stock:
        # while the stock lasts, nobody holds fewer cards at the start of a bout than hand_size
        if not s.attacks and not s.version == 0:
            for seat in range(s.n):
                if s.in_play[seat] and s.hands[seat].bit_count() < s.cfg.hand_size:
                    problems.append(f"seat {seat} was not replenished")
    return problems


def _turnup_problems(s: ThrowInState) -> list[str]:
    """The turn-up lies at the bottom of the stock (under it the hidden card of
    changeable_trump); albanian puts it on top, drawn first."""
    if not s.stock or s.turnup < 0:
        return []
    hidden = getattr(s, "hidden", -1)
    if s.rules.albanian:  # on top, drawn first (a poker swap may put it back anywhere)
        return []
    if hidden >= 0:
        if s.stock[0] != hidden or len(s.stock) < 2 or s.stock[1] != s.turnup:
            return ["changeable_trump: the hidden card and the turn-up are not at the bottom"]
        return []
    if s.stock[0] != s.turnup:
        return ["the turn-up is not at the bottom of the stock"]
    return []


def assert_invariants(s: GameState) -> None:
    problems = check_invariants(s)
    if problems:
        raise AssertionError("; ".join(problems))
