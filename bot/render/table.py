"""The group's one table message: everything public about the deal, edited as it moves.

Decision (RULES.md is silent on presentation): no countdown. A number of seconds left
would be false a second after the edit, and editing every second would spend the group's
budget (about 20 messages a minute). The table says what stays true until its next edit:
"⏱ 60 seconds a move" while the turn is young, and from the moment the turn timer passes
``warning_seconds`` before the deadline (the runtime redraws then, once per turn)
"⏱ under 15 seconds left". The acting person's hand says the same to them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from bot.engine import Action, ActionKind, PublicView, public_view
from bot.i18n import t, tn

from .actions import describe
from .callback import encode_game_ui
from .card_letters import letters_for
from .cards import card_label
from .results import result_lines
from .rules import preset_label
from .screen import Screen

if TYPE_CHECKING:
    from bot.service.events import SeatInfo


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
    taken_over: set[int] = field(default_factory=set)  # a computer plays: can be taken back
    timed_out: set[int] = field(default_factory=set)  # ... because the person timed out
    left: set[int] = field(default_factory=set)  # /leave: a computer plays on for good
    # Seats whose hand with their move Telegram has not taken for a while (5xx, timeouts):
    # the others are told why the game waits (their clock waits too).
    undelivered: set[int] = field(default_factory=set)
    # The deal's time per move (None: no timer), and whether the turn now on the table
    # is in its last ``warning_seconds`` (set by the turn timers, cleared by each move).
    turn_seconds: int | None = None
    running_out: bool = False
    # After a group deal: the seats whose people pressed "Play again" (None: nobody yet),
    # and whether the next deal has started (the old table then keeps no buttons).
    ready: set[int] | None = None
    next_started: bool = False

    def note_seats(self, seats: Iterable[SeatInfo]) -> None:
        """What the seats of a snapshot say: taken over, left."""
        self.left = {s.seat for s in seats if s.left}
        self.taken_over = {s.seat for s in seats if s.taken_over and not s.left}
        self.timed_out = {s.seat for s in seats if s.timed_out and not s.left}
        self.blocked -= self.left


def warning_seconds(turn_seconds: int) -> int:
    """How long before the deadline a turn counts as running out (and says so)."""
    return 15 if turn_seconds >= 45 else max(5, turn_seconds // 3)


def clock_text(locale: str, turn_seconds: int, running_out: bool, *, you: bool = False) -> str:
    """What stays true about the turn's time until the next edit (see the top)."""
    if running_out:
        return tn(locale, "clock.you_running_out" if you else "clock.running_out",
                  warning_seconds(turn_seconds))
    return tn(locale, "hand.turn_seconds", turn_seconds)


def expectation(view, seat: int) -> str:
    """What ``seat`` is expected to do: "lead", "cover", "throw_in", "pick_up" or
    "exchange"; public facts only, so the deal's public view (or any seat's view) will do.
    The words are ``table.expect.*`` (about one player), ``table.expect_many.*`` (several)
    and ``hand.expect.*`` (to the reader)."""
    if view.phase.value == "exchange":
        return "exchange"
    if not view.table or getattr(view, "lead_open", False):  # Warsaw: a lead being built
        return "lead"
    if seat == view.defender and not view.taking:
        return "cover"
    if view.taking:
        return "pick_up"
    return "throw_in"


def expected_key(view, seat: int) -> str:
    """The third-person words for ``expectation`` (one player)."""
    return "table.expect." + expectation(view, seat)


def role_key(view, seat: int, *, you: bool = False) -> str:
    """Attacking, defending, waiting or out; after the deal the fool or out (public facts:
    the public view will do). ``you``: the words spoken to the reader."""
    prefix = "role.you." if you else "role."
    if view.is_over:
        outcome = view.outcome
        fool = outcome is not None and not outcome.draw and seat in outcome.fools
        return prefix + ("fool" if fool else "out")
    if seat not in view.in_play or (view.hand_counts[seat] == 0 and view.stock_count == 0):
        return prefix + "out"  # (played their last card: out once the bout is over)
    if seat == view.defender:
        return prefix + "defending"
    if seat == view.attacker or seat in view.waiting_on:  # a co-attacker asked to add
        return prefix + "attacking"
    return prefix + "waiting"


def pairs_text(table, letters: str | None = None) -> str:
    """The cards on the table (a view's ``table``: (attack, cover or None) pairs);
    ``letters``: whose court letters (``card_letters``)."""
    return "  ".join(card_label(a, letters=letters)
                     + ("/" + card_label(c, letters=letters) if c is not None else "")
                     for a, c in table)


def last_move_text(locale: str, view: PublicView, names: dict[int, str],
                   last: LastMove | None, you: int | None = None) -> str:
    if last is None:
        return ""
    lead = False
    try:
        action = Action.parse(last.action, last.seat)
        if action.kind is ActionKind.ATTACK and last.version == view.version:
            lead = len(view.table) == len(action.cards)
    except ValueError:
        pass
    words = describe(locale, last.action, lead=lead, cause=last.cause, rules=view.rules,
                     you=last.seat == you)
    if last.seat == you:
        return t(locale, "table.your_last_action", action=words)
    return t(locale, "table.last_action", name=names.get(last.seat, "?"), action=words)


def turn_line(locale: str, view: PublicView, shown: dict[int, str], you: int | None) -> str:
    """Who the game waits on and for what ("Now: Anna (beats the cards or takes them)");
    nothing when it waits on the reader, whose hand below says "Your move: …"."""
    waiting = list(view.waiting_on)
    if not waiting or you in waiting:
        return ""
    what = expectation(view, waiting[0])
    if len(waiting) == 1:
        return t(locale, "table.turn", name=shown[waiting[0]],
                 expected=t(locale, "table.expect." + what))
    return t(locale, "table.turn_many", names=", ".join(shown[s] for s in waiting),
             expected=t(locale, "table.expect_many." + what))


def public_lines(locale: str, snap, names: dict[int, str], notes: TableNotes,
                 last: LastMove | None, now: datetime, timer_on: bool,
                 you: int | None = None) -> list[str]:
    """The table as lines, from the deal's public view (the same for every reader); ``you``
    names that seat "You" (solo view)."""
    view = public_view(snap.state)
    shown = dict(names)
    if you is not None:
        shown[you] = t(locale, "table.you")
    lines = [t(locale, "table.title", game=preset_label(locale, view.rules.preset_name),
               n=snap.deal_number)]
    trump = (t(locale, "table.trump", card=card_label(view.turnup, letters=letters_for(locale)))
             if view.turnup is not None else t(locale, "table.no_trump"))
    lines.append(" · ".join([trump, tn(locale, "table.stock", view.stock_count),
                             tn(locale, "table.discard", len(view.discard))]))
    for seat in range(view.rules.players):
        count = view.hand_counts[seat]
        line = t(locale, "table.player", name=shown[seat], cards=tn(locale, "cards", count),
                 role=t(locale, role_key(view, seat, you=seat == you)))
        lines.append(line)
    for seat, cards in enumerate(view.front):  # Warsaw: lost attacks, public
        if cards:
            lines.append(t(locale, "table.front", name=shown[seat],
                           cards=" ".join(card_label(c, letters=letters_for(locale))
                                         for c in cards)))
    pairs = pairs_text(view.table, letters_for(locale))
    lines.append(t(locale, "table.pairs", pairs=pairs) if pairs else t(locale, "table.empty"))
    if not view.is_over:
        turn = turn_line(locale, view, shown, you)
        if turn:
            lines.append(turn)
    move = last_move_text(locale, view, shown, last, you)
    if move:
        lines.append(move)
    if not view.is_over and timer_on and notes.turn_seconds and view.waiting_on:
        lines.append(clock_text(locale, notes.turn_seconds, notes.running_out))
    for seat in sorted(notes.taken_over - notes.blocked):  # blocked: said below, with why
        # Why: timeouts, or the deal started without them ("Start now"): nobody is blamed
        # for a timeout they did not have.
        key = "table.takeover_timed_out" if seat in notes.timed_out else \
            "table.takeover_not_ready"
        lines.append(t(locale, key, name=names.get(seat, "?")))
    for seat in sorted(notes.left):
        lines.append(t(locale, "table.left", name=names.get(seat, "?")))
    for seat in sorted(notes.blocked):
        lines.append(t(locale, "table.blocked", name=names.get(seat, "?")))
    if not view.is_over:
        for seat in sorted(notes.undelivered - notes.blocked):
            lines.append(t(locale, "table.undelivered", name=names.get(seat, "?")))
    return lines


def next_deal_rows(locale: str, snap, ended, notes: TableNotes | None = None) -> tuple:
    """The buttons under a finished deal: solo, "Next deal"; in a group, "Play again" (a
    ready check: it starts when every player pressed it) and, once someone is ready,
    "Start now" (the host's: whoever is not ready is played by a computer until they
    come back)."""
    if snap.status != "finished" or (ended is not None and ended.series_over) or \
            (notes is not None and notes.next_started):
        return ()
    gid, v = snap.game_id, snap.version
    if snap.place.is_solo:
        return (((t(locale, "btn.next_deal"), encode_game_ui(gid, v, "next")),),)
    ready = notes.ready if notes is not None and notes.ready else set()
    if not ready:
        return (((t(locale, "btn.play_again"), encode_game_ui(gid, v, "next")),),)
    people = [s.seat for s in snap.seats if s.user_id is not None and not s.left]
    count = len([s for s in people if s in ready])
    return (((t(locale, "btn.play_again_count", ready=count, total=len(people)),
              encode_game_ui(gid, v, "next")),
             (t(locale, "btn.start_now"), encode_game_ui(gid, v, "nextnow"))),)


def ready_line(locale: str, snap, names: dict[int, str], notes: TableNotes) -> str | None:
    """Who pressed "Play again" and whom the next deal waits for."""
    if not notes.ready or notes.next_started:
        return None
    people = [s.seat for s in snap.seats if s.user_id is not None and not s.left]
    ready = ", ".join(names.get(s, "?") for s in people if s in notes.ready)
    waiting = ", ".join(names.get(s, "?") for s in people if s not in notes.ready)
    return (t(locale, "table.ready_waiting", ready=ready, waiting=waiting) if waiting
            else t(locale, "table.ready_all", ready=ready))


def table_screen(locale: str, snap, names: dict[int, str], notes: TableNotes,
                 last: LastMove | None, ended, now: datetime, timer_on: bool) -> Screen:
    lines = public_lines(locale, snap, names, notes, last, now, timer_on)
    if snap.status == "cancelled":
        lines.append(t(locale, "game.cancelled"))
        return Screen("\n".join(lines))
    if snap.state.is_over:
        lines.append("")
        lines.extend(result_lines(locale, snap, names, ended))
        ready = ready_line(locale, snap, names, notes)
        if ready:
            lines.append(ready)
        return Screen("\n".join(lines), next_deal_rows(locale, snap, ended, notes)
                      + chat_top_rows(locale, snap))
    return Screen("\n".join(lines))


def chat_top_rows(locale: str, snap) -> tuple:
    """Under a finished deal where nobody can send the bot /top (an inline message's
    chat): "🏆 This chat's best", answered with the chat's leaderboard."""
    if snap.status != "finished" or not snap.place.top_on_table:
        return ()
    return (((t(locale, "btn.chat_top"), encode_game_ui(snap.game_id, snap.version, "top")),),)
