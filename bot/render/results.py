"""The end of a deal in words: the fool (or the draw), titles, who went out in which order,
the matchsticks of the series so far (or the Warsaw stakes), rating changes as signed
points, and the fool of the series when it ends.

Decisions (RULES.md is silent on presentation):
- ratings are shown in points: 1000 + 10 x the stored ordinal (mu - 3 sigma, see
  bot/service/ratings.py), rounded; a newcomer has 1000 and one deal moves a rating by
  roughly 5-15 points, so "+12" and "−8" read as a change where "0.5" read as nothing. The
  change is the difference of the rounded totals, so the shown numbers always add up;
- "Out in this order" appears when at least two players went out (with two players the
  winner is obvious); the fool is never listed there;
- the series standing lists every seat, fewest matchsticks first (fewer is better);
- the reader's own seat (``you``, the solo view) is spoken to in the second person.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from bot.i18n import t, tn

if TYPE_CHECKING:
    from bot.engine import Outcome
    from bot.service.events import DealEnded, GameSnapshot

RATING_BASE = 1000
RATING_SCALE = 10
MINUS = "\u2212"  # a real minus sign: "−8" reads better than "-8" next to "+12"
SEPARATOR = " · "
SEPARATOR_COMMA = ", "


def rating_points(ordinal: float) -> int:
    """A stored rating (an ordinal near 0) as the points players see (near 1000)."""
    return round(RATING_BASE + RATING_SCALE * ordinal)


def signed(n: int) -> str:
    """"+12", "−8", "±0"."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"{MINUS}{-n}"
    return "±0"


def achievement_names(locale: str, keys: Iterable[str]) -> str:
    """Achievements by name, in the order given ("First win, Clean hands")."""
    return SEPARATOR_COMMA.join(t(locale, f"ach.{key}") for key in keys)


def achievement_message(locale: str, keys: Iterable[str]) -> str:
    """The private message that tells a person what they earned, and why (one paragraph
    each)."""
    return "\n\n".join(t(locale, "ach.new", name=t(locale, f"ach.{key}"),
                           why=t(locale, f"ach.{key}.why")) for key in keys)


def places(outcome: Outcome, seats: list[int]) -> list[int]:
    """Every seat, best first: in the order they went out, then the rest (the fools)."""
    fools = set(outcome.fools)
    order = [s for s in outcome.out_order if s not in fools]
    return order + [s for s in seats if s not in order]


def _standing(values: dict[int, int], ranked: list[int], name: Callable[[int], str],
              fmt: Callable[[int], str], lowest_first: bool) -> str:
    rank = {seat: i for i, seat in enumerate(ranked)}
    seats = sorted(values, key=lambda s: ((values[s] if lowest_first else -values[s]),
                                          rank.get(s, len(rank))))
    return SEPARATOR.join(f"{name(s)}: {fmt(values[s])}" for s in seats)


def _verdict(locale: str, outcome: Outcome, name: Callable[[int], str],
             you: int | None, forfeits: list[int]) -> list[str]:
    if forfeits:  # who left the deal lost it (the service records it so)
        return [t(locale, "result.left_you") if seat == you
                else t(locale, "result.left", name=name(seat)) for seat in forfeits]
    fools = list(outcome.fools)
    if outcome.draw or not fools:
        lines = [t(locale, "result.draw")]
    elif len(fools) == 1:
        lines = [t(locale, "result.fool_you") if fools[0] == you
                 else t(locale, "result.fool", name=name(fools[0]))]
    else:
        lines = [t(locale, "result.fools", names=", ".join(name(s) for s in fools))]
    for seat, title in sorted((outcome.titles or {}).items()):
        if title in ("necktie", "epaulettes"):
            lines.append(t(locale, f"result.{title}_you") if seat == you
                         else t(locale, f"result.{title}", name=name(seat)))
    return lines


def result_lines(locale: str, snap: GameSnapshot, names: dict[int, str], ended: DealEnded | None,
                 you: int | None = None) -> list[str]:
    """The result block under the table. ``ended``: the service's DealEnded (None when
    not known, e.g. right after a restart); ``you``: the reader's seat in the solo view."""
    outcome = snap.state.outcome
    lines = [t(locale, "result.title")]
    if outcome is None:
        return lines

    def name(seat: int) -> str:
        return names.get(seat, "?")

    seats = sorted(names) or list(range(snap.state.rules.players))
    forfeits = [s.seat for s in snap.seats if s.left]
    ranked = [s for s in places(outcome, seats) if s not in forfeits] + forfeits
    lines += _verdict(locale, outcome, name, you, forfeits)
    went_out = [s for s in ranked if s in set(outcome.out_order) - set(outcome.fools)
                and s not in forfeits]
    if len(went_out) >= 2:
        lines.append(t(locale, "result.order", order=SEPARATOR.join(
            f"{place}. {name(s)}" for place, s in enumerate(went_out, start=1))))
    if ended is None:
        return lines
    rules = snap.state.rules
    if rules.scoring == "stakes":
        stakes = {s: int(ended.stakes.get(s, 0)) for s in seats}
        lines.append(t(locale, "result.stakes",
                       standing=_standing(stakes, ranked, name, signed, lowest_first=False)))
    else:
        sticks = {s: int(ended.matchsticks.get(s, 0)) for s in seats}
        standing = _standing(sticks, ranked, name, str, lowest_first=True)
        lines.append(t(locale, "result.matchsticks_to", target=rules.series_to,
                       standing=standing) if rules.series_to
                     else t(locale, "result.matchsticks", standing=standing))
    if ended.ratings:
        changes = []
        for seat in ranked:
            if seat in ended.ratings:
                before, after = (rating_points(r) for r in ended.ratings[seat])
                changes.append(f"{name(seat)}: {after} ({signed(after - before)})")
        lines.append(t(locale, "result.ratings", changes=SEPARATOR.join(changes)))
    for seat in ranked:
        if ended.achievements.get(seat):
            lines.append(t(locale, "result.achievements", name=name(seat),
                           achievements=achievement_names(locale, ended.achievements[seat])))
    if ended.series_over and ended.series_loser is not None:
        loser = ended.series_loser
        count = int(ended.matchsticks.get(loser, 0))
        lines.append(tn(locale, "result.series_fool_you", count) if loser == you
                     else tn(locale, "result.series_fool", count, name=name(loser)))
    return lines
