"""A tournament in words: its one standings message in the group (entries while open; the
bracket or the table while running; the winner at the end), its buttons, and the private
message that tells a person their match is up. Times are said as a clock time in UTC, not
as "in 3 minutes": the message is edited only when something changes, and a countdown
would be untrue a minute later."""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction

from bot.i18n import t, tn
from bot.service.tournaments import (
    KNOCKOUT,
    MAX_ENTRANTS,
    NOBODY,
    MatchView,
    TournamentView,
)
from bot.service.tournaments.bracket import standings

from ..names import member_names
from ..rules import preset_label
from ..screen import Screen

DATA = r"^tr\d{1,9}:(?:j|l|s|fk|fr|r\d{1,3})$"  # the buttons' callback data


def data(tournament_id: int, action: str) -> str:
    return f"tr{tournament_id}:{action}"


def clock(moment: datetime | None) -> str:
    return moment.strftime("%H:%M") if moment is not None else "?"


def names(locale: str, view: TournamentView) -> dict[int, str]:
    """slot -> name; computers "Computer 1", "Computer 2"... in slot order (as seats are)."""
    shown = dict(zip([e.slot for e in view.entries], member_names(locale, view.entries),
                     strict=True))
    shown[NOBODY] = "—"
    return shown


def _format(locale: str, fmt: str) -> str:
    return t(locale, "tour.knockout" if fmt == KNOCKOUT else "tour.round_robin")


def _heading(locale: str, view: TournamentView) -> str:
    return t(locale, "tour.title", format=_format(locale, view.format),
             game=preset_label(locale, str(view.settings.get("preset", ""))))


def tournament_screen(locale: str, view: TournamentView) -> Screen:
    if view.status == "open":
        return _open_screen(locale, view)
    shown = names(locale, view)
    lines = [_heading(locale, view)]
    if view.knockout:
        lines += _bracket_lines(locale, view, shown)
    else:
        lines += _round_robin_lines(locale, view, shown)
    rows: tuple = ()
    current = view.current
    if view.status == "running" and current is not None:
        a, b = current.sides
        if current.status == "called":
            lines.append(t(locale, "tour.call", a=shown[a], b=shown[b],
                           time=clock(current.ready_until)))
            ready = [shown[x] for x in (a, b) if x in current.ready]
            if ready:
                lines.append(t(locale, "tour.ready", names=", ".join(ready)))
            rows = (((t(locale, "btn.tour_ready"), data(view.id, f"r{current.idx}")),),)
        else:
            lines.append(t(locale, "tour.playing", a=shown[a], b=shown[b]))
    elif view.status == "finished":
        winner = view.winner
        lines.append(t(locale, "tour.winner", name=shown[winner.slot]) if winner
                     else t(locale, "tour.no_winner"))
    elif view.status == "cancelled":
        lines.append(t(locale, "tour.cancelled"))
    return Screen("\n".join(lines), rows)


def _open_screen(locale: str, view: TournamentView) -> Screen:
    entered = [e.name or t(locale, "forget.anonymous") for e in view.people]
    lines = [_heading(locale, view),
             tn(locale, "tour.entrants", len(entered), most=MAX_ENTRANTS,
                names=", ".join(entered)),
             t(locale, "tour.how", time=clock(view.join_until))]
    knockout = view.knockout

    def choice(key: str, chosen: bool) -> str:
        return ("✓ " if chosen else "") + t(locale, key)

    rows = (
        ((t(locale, "btn.tour_join"), data(view.id, "j")),
         (t(locale, "btn.tour_leave"), data(view.id, "l"))),
        ((choice("tour.knockout", knockout), data(view.id, "fk")),
         (choice("tour.round_robin", not knockout), data(view.id, "fr"))),
        ((t(locale, "btn.tour_start"), data(view.id, "s")),),
    )
    return Screen("\n".join(lines), rows)


def _result(locale: str, match: MatchView, shown: dict[int, str]) -> str:
    a = shown.get(match.a, "?") if match.a is not None else "?"
    b = shown.get(match.b, "?") if match.b is not None else "?"
    if match.status != "done":
        return t(locale, "tour.match_next", a=a, b=b)
    if match.how == "draw":
        return t(locale, "tour.match_draw", a=a, b=b)
    if match.winner is None or match.winner == NOBODY:
        return t(locale, "tour.match_nobody", a=a, b=b)
    loser = b if match.winner == match.a else a
    key = {"no_show": "tour.match_no_show", "walkover": "tour.match_walkover",
           "lot": "tour.match_lot"}.get(match.how or "", "tour.match_won")
    return t(locale, key, winner=shown[match.winner], other=loser)


def points_text(points: Fraction) -> str:
    """A league's points as players write them: 2, ½, 10½."""
    whole = int(points)
    if points.denominator == 1:
        return str(whole)
    return f"{whole}½" if whole else "½"


def _bracket_lines(locale: str, view: TournamentView, shown: dict[int, str]) -> list[str]:
    lines: list[str] = []
    last = max((m.round for m in view.matches), default=0)
    for round_number in range(1, last + 1):
        lines.append(t(locale, "tour.final") if round_number == last else
                     t(locale, "tour.round", n=round_number))
        for match in (m for m in view.matches if m.round == round_number):
            if match.status in ("called", "playing"):
                a, b = match.sides
                lines.append(t(locale, "tour.match_now", a=shown[a], b=shown[b]))
            elif match.a is None or match.b is None:
                lines.append(t(locale, "tour.match_waits"))
            else:
                lines.append(_result(locale, match, shown))
    return lines


def _round_robin_lines(locale: str, view: TournamentView, shown: dict[int, str]) -> list[str]:
    slots = {e.slot for e in view.entries}
    results = [(m.a, m.b, m.winner) for m in view.matches
               if m.status == "done" and m.a is not None and m.b is not None]
    lines = [t(locale, "tour.standings")]
    for place, score in enumerate(standings(slots, results), start=1):
        lines.append(t(locale, "tour.standing_row", place=place, name=shown[score.slot],
                       points=points_text(score.points)))
    current = view.current
    if current is not None:  # the round being played, and what is left of it
        lines.append(t(locale, "tour.round_of", n=current.round,
                       stages=max(m.round for m in view.matches)))
        for match in view.matches:
            if match.round == current.round and match.idx != current.idx:
                lines.append(_result(locale, match, shown))
    return lines


def match_called_text(locale: str, view: TournamentView, match: MatchView,
                      opponent: str) -> str:
    """The private message to a person whose match is up (a new message: it notifies)."""
    return t(locale, "tour.your_match", opponent=opponent, group=view.title or "?",
             time=clock(match.ready_until))


def medal_text(locale: str, view: TournamentView, medals: int) -> str:
    """The winner's private message: the medal, and how many they hold now."""
    return tn(locale, "tour.medal", medals, group=view.title or "?")


def medals_line(locale: str, medals: int) -> str:
    """/stats: the person's tournament medals."""
    return tn(locale, "stats.medals", medals)
