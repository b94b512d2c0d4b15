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
from .results import result_lines
from .rules import preset_label
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


def expectation(state, seat: int, view=None) -> str:
    """What ``seat`` is expected to do: "lead", "cover", "throw_in", "pick_up" or
    "exchange"; public facts only, so any seat's ``view`` of this state will do (a view is
    not cheap: it lists that seat's legal moves). The words are ``table.expect.*`` (about
    one player), ``table.expect_many.*`` (several) and ``hand.expect.*`` (to the reader)."""
    view = view if view is not None else state.view(seat)
    if view.phase.value == "exchange":
        return "exchange"
    if not view.table or getattr(view, "lead_open", False):  # Warsaw: a lead being built
        return "lead"
    if seat == view.defender and not view.taking:
        return "cover"
    if view.taking:
        return "pick_up"
    return "throw_in"


def expected_key(state, seat: int, view=None) -> str:
    """The third-person words for ``expectation`` (one player)."""
    return "table.expect." + expectation(state, seat, view)


def role_key(state, seat: int, view=None, *, you: bool = False) -> str:
    """Attacking, defending, waiting or out; after the deal the fool or out (public facts:
    any seat's view will do). ``you``: the words spoken to the reader."""
    prefix = "role.you." if you else "role."
    if state.is_over:
        outcome = state.outcome
        fool = outcome is not None and not outcome.draw and seat in outcome.fools
        return prefix + ("fool" if fool else "out")
    view = view if view is not None else state.view(seat)
    if seat not in view.in_play:
        return prefix + "out"
    if seat == view.defender:
        return prefix + "defending"
    if seat == view.attacker:
        return prefix + "attacking"
    return prefix + "waiting"


def pairs_text(state) -> str:
    pairs = state.table_pairs()
    if not pairs:
        return ""
    return "  ".join(card_label(a) + ("/" + card_label(c) if c is not None and c >= 0 else "")
                     for a, c in pairs)


def last_move_text(locale: str, state, names: dict[int, str], last: LastMove | None,
                   you: int | None = None) -> str:
    if last is None:
        return ""
    lead = False
    try:
        action = Action.parse(last.action, last.seat)
        if action.kind is ActionKind.ATTACK and last.version == state.version:
            lead = len(state.table_pairs()) == len(action.cards)
    except ValueError:
        pass
    words = describe(locale, last.action, lead=lead, cause=last.cause,
                     rules=getattr(state, "rules", None), you=last.seat == you)
    if last.seat == you:
        return t(locale, "table.your_last_action", action=words)
    return t(locale, "table.last_action", name=names.get(last.seat, "?"), action=words)


def turn_line(locale: str, state, shown: dict[int, str], view, you: int | None) -> str:
    """Who the game waits on and for what ("Now: Anna (beats the cards or takes them)");
    nothing when it waits on the reader, whose hand below says "Your move: …"."""
    waiting = list(state.waiting_on())
    if not waiting or you in waiting:
        return ""
    what = expectation(state, waiting[0], view)
    if len(waiting) == 1:
        return t(locale, "table.turn", name=shown[waiting[0]],
                 expected=t(locale, "table.expect." + what))
    return t(locale, "table.turn_many", names=", ".join(shown[s] for s in waiting),
             expected=t(locale, "table.expect_many." + what))


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
                 role=t(locale, role_key(state, seat, view, you=seat == you)))
        lines.append(line)
    for seat, cards in enumerate(getattr(view, "front", ())):  # Warsaw: lost attacks, public
        if cards:
            lines.append(t(locale, "table.front", name=shown[seat],
                           cards=" ".join(card_label(c) for c in cards)))
    pairs = pairs_text(state)
    lines.append(t(locale, "table.pairs", pairs=pairs) if pairs else t(locale, "table.empty"))
    if not state.is_over:
        turn = turn_line(locale, state, shown, view, you)
        if turn:
            lines.append(turn)
    move = last_move_text(locale, state, shown, last, you)
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
