"""The group's one table message: everything public about the deal, edited as it moves.

Decision (RULES.md is silent on presentation): the time left is the whole seconds until
the deadline stored in the database at the moment of rendering; the message is not edited
every second (that would spend the group's request budget), so it reads as "about".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from bot.engine import Action, ActionKind
from bot.i18n import t, tn

from .actions import describe
from .callback import encode_game_ui
from .cards import card_label
from .screen import Screen


@dataclass(frozen=True)
class LastMove:
    seat: int
    action: str
    cause: str
    version: int


@dataclass
class TableNotes:
    """What the table must say beyond the state: blocked players, taken-over seats."""

    blocked: set[int] = field(default_factory=set)
    taken_over: set[int] = field(default_factory=set)


def preset_label(locale: str, preset: str) -> str:
    key = f"preset.{preset}"
    try:
        return t(locale, key)
    except KeyError:
        return preset


def expected_key(state, seat: int, view=None) -> str:
    """What ``seat`` is expected to do; public facts only, so any seat's ``view`` of
    this state will do (a view is not cheap: it lists that seat's legal moves)."""
    view = view if view is not None else state.view(seat)
    if view.phase.value == "exchange":
        return "table.expect.exchange"
    if not view.table or getattr(view, "lead_open", False):  # Warsaw: a lead being built
        return "table.expect.lead"
    if seat == view.defender and not view.taking:
        return "table.expect.cover"
    if view.taking:
        return "table.expect.pick_up"
    return "table.expect.throw_in"


def role_key(state, seat: int, view=None) -> str:
    """Attacking, defending, out or waiting (public facts: any seat's view will do)."""
    view = view if view is not None else state.view(seat)
    if seat not in view.in_play:
        return "role.out"
    if seat == view.defender:
        return "role.defending"
    if seat == view.attacker:
        return "role.attacking"
    return "role.waiting"


def pairs_text(state) -> str:
    pairs = state.table_pairs()
    if not pairs:
        return ""
    return "  ".join(card_label(a) + ("/" + card_label(c) if c is not None and c >= 0 else "")
                     for a, c in pairs)


def last_move_text(locale: str, state, names: dict[int, str], last: LastMove | None) -> str:
    if last is None:
        return ""
    lead = False
    try:
        action = Action.parse(last.action, last.seat)
        if action.kind is ActionKind.ATTACK and last.version == state.version:
            lead = len(state.table_pairs()) == len(action.cards)
    except ValueError:
        pass
    return t(locale, "table.last_action", name=names.get(last.seat, "?"),
             action=describe(locale, last.action, lead=lead, cause=last.cause,
                                   rules=getattr(state, "rules", None)))


def public_lines(locale: str, snap, names: dict[int, str], notes: TableNotes,
                 last: LastMove | None, now: datetime, timer_on: bool,
                 you: int | None = None) -> list[str]:
    """The table as lines; ``you`` names that seat "You" (solo view)."""
    state = snap.state
    view = state.view(0)
    shown = dict(names)
    if you is not None:
        shown[you] = t(locale, "table.you")
    lines = [t(locale, "table.title", game=preset_label(locale, state.rules.preset_name),
               n=snap.deal_number)]
    trump = (t(locale, "table.trump", card=card_label(view.turnup))
             if view.turnup is not None else t(locale, "table.no_trump"))
    lines.append(" · ".join([trump, tn(locale, "table.stock", view.stock_count),
                             tn(locale, "table.discard", len(view.discard))]))
    for seat in range(state.rules.players):
        count = view.hand_counts[seat]
        line = t(locale, "table.player", name=shown[seat], cards=tn(locale, "cards", count),
                 role=t(locale, role_key(state, seat, view)))
        lines.append(line)
    for seat, cards in enumerate(getattr(view, "front", ())):  # Warsaw: lost attacks, public
        if cards:
            lines.append(t(locale, "table.front", name=shown[seat],
                           cards=" ".join(card_label(c) for c in cards)))
    pairs = pairs_text(state)
    lines.append(t(locale, "table.pairs", pairs=pairs) if pairs else t(locale, "table.empty"))
    if not state.is_over:
        waiting = list(state.waiting_on())
        if waiting:
            lines.append(t(locale, "table.turn",
                           name=", ".join(shown[s] for s in waiting),
                           expected=t(locale, expected_key(state, waiting[0], view))))
    move = last_move_text(locale, state, shown, last)
    if move:
        lines.append(move)
    if not state.is_over and timer_on and snap.turn_deadline is not None:
        left = max(0, int((snap.turn_deadline - now).total_seconds()))
        lines.append(tn(locale, "table.time_left", left))
    for seat in sorted(notes.taken_over):
        lines.append(t(locale, "table.takeover", name=names.get(seat, "?")))
    for seat in sorted(notes.blocked):
        lines.append(t(locale, "table.blocked", name=names.get(seat, "?")))
    return lines


def result_lines(locale: str, snap, names: dict[int, str], ended) -> list[str]:
    """The result: fool(s) or draw, titles, matchsticks, stakes, the series."""
    outcome = snap.state.outcome
    lines = [t(locale, "result.title")]
    if outcome is None:
        return lines
    fools = list(outcome.fools)
    if outcome.draw or not fools:
        lines.append(t(locale, "result.draw"))
    elif len(fools) == 1:
        lines.append(t(locale, "result.fool", name=names.get(fools[0], "?")))
    else:
        lines.append(t(locale, "result.fools", names=", ".join(names.get(s, "?") for s in fools)))
    for seat, title in sorted((outcome.titles or {}).items()):
        if title in ("necktie", "epaulettes"):
            lines.append(t(locale, f"result.{title}", name=names.get(seat, "?")))
    if ended is not None:
        for seat, sticks in sorted(ended.matchsticks.items()):
            if sticks:
                lines.append(tn(locale, "result.matchsticks", sticks, name=names.get(seat, "?")))
        for seat, stakes in sorted(ended.stakes.items()):
            if stakes < 0:
                lines.append(tn(locale, "result.stakes", -stakes, name=names.get(seat, "?")))
        if ended.series_over and ended.series_loser is not None:
            lines.append(tn(locale, "result.series_fool",
                            ended.matchsticks.get(ended.series_loser, 0),
                            name=names.get(ended.series_loser, "?")))
    return lines


def next_deal_rows(locale: str, snap, ended) -> tuple:
    if snap.status != "finished" or (ended is not None and ended.series_over):
        return ()
    return (((t(locale, "btn.next_deal"), encode_game_ui(snap.game_id, snap.version, "next")),),)


def table_screen(locale: str, snap, names: dict[int, str], notes: TableNotes,
                 last: LastMove | None, ended, now: datetime, timer_on: bool) -> Screen:
    lines = public_lines(locale, snap, names, notes, last, now, timer_on)
    if snap.status == "cancelled":
        lines.append(t(locale, "game.cancelled"))
        return Screen("\n".join(lines))
    if snap.state.is_over:
        lines.append("")
        lines.extend(result_lines(locale, snap, names, ended))
        return Screen("\n".join(lines), next_deal_rows(locale, snap, ended))
    return Screen("\n".join(lines))
