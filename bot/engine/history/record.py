"""One step of a deal as the table saw it: the entries of an action.

``step_entries`` reads only public things: the ``PublicView`` before and after the action
(no hand in it), the action and the engine's events (whose cards are public by contract).
The action's own cards are public for every kind but poker, whose swapped cards go into
the stock face down: a poker entry keeps the count of the engine's event only. So the
history can hold no hidden card whatever the caller passes.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.actions import WELI_AS, Action, ActionKind, Event, EventKind
from ..core.beats import WELI  # the 6♦: what a weli's virtual id stands for on the table
from ..core.cards import JOKER_RANK, Card, bits
from ..forms.public import PublicView
from .entries import Entry, HistoryKind

_ACTION_KINDS = {
    ActionKind.ATTACK: HistoryKind.ATTACK, ActionKind.COVER: HistoryKind.COVER,
    ActionKind.TRANSFER: HistoryKind.TRANSFER, ActionKind.SHOW: HistoryKind.SHOW,
    ActionKind.TAKE: HistoryKind.TAKE, ActionKind.DONE: HistoryKind.DONE,
    ActionKind.PASS: HistoryKind.PASS, ActionKind.KEEP: HistoryKind.KEEP,
}  # EXCHANGE, SWAP_SIX and POKER speak through their EXCHANGED event
_EVENT_KINDS = {
    EventKind.TAKEN: HistoryKind.TAKEN, EventKind.BEATEN_OFF: HistoryKind.BEATEN_OFF,
    EventKind.DREW: HistoryKind.DREW, EventKind.EXCHANGED: HistoryKind.EXCHANGED,
    EventKind.TRUMP_CHANGED: HistoryKind.TRUMP_CHANGED, EventKind.OUT: HistoryKind.OUT,
    EventKind.PICKED_UP: HistoryKind.PICKED_UP, EventKind.NEW_PHASE: HistoryKind.PHASE,
    EventKind.END: HistoryKind.END,
}  # TRANSFERRED repeats the TRANSFER / SHOW entry; NEW_BOUT becomes BOUT


def real(card: int) -> int:
    """The card on the table for an action's card (a weli named as a suit is the 6♦)."""
    return WELI if card >= WELI_AS else card


def table_ranks(table: Sequence[tuple[Card, Card | None]], more: Sequence[int] = ()) -> int:
    """The throw-in ranks of the cards on the table and ``more`` (jokers have none)."""
    m = 0
    for a, c in table:
        m |= 1 << (int(a) & 15)
        if c is not None:
            m |= 1 << (int(c) & 15)
    for x in more:
        m |= 1 << (real(x) & 15)
    return m & ~(1 << JOKER_RANK)


def room(view: PublicView, added: int = 0) -> int:
    """Cards the bout could still take: the limit left, and no more than the defender
    could cover (a throw-in needs a card in the defender's hand to answer it)."""
    on_table = len(view.table) + added
    uncovered = sum(1 for _, c in view.table if c is None) + added
    return max(0, min(view.limit - on_table, view.hand_counts[view.defender] - uncovered))


def start_entry(view: PublicView) -> Entry:
    """The first bout of a deal (or of a history begun mid-deal)."""
    return Entry(0, HistoryKind.BOUT, view.attacker, target=view.defender,
                 stock=view.stock_count)


def step_entries(bout: int, before: PublicView, action: Action, events: Sequence[Event],
                 after: PublicView) -> tuple[Entry, ...]:
    """The entries ``action`` (with its ``events``) adds to a history whose last bout is
    ``bout``."""
    stock = before.stock_count
    out: list[Entry] = []
    kind = _ACTION_KINDS.get(action.kind)
    cards = action.cards
    if kind is HistoryKind.PASS:
        out.append(Entry(bout, kind, action.player, ranks=table_ranks(before.table),
                         room=room(before), stock=stock))
    elif kind is HistoryKind.ATTACK:
        out.append(Entry(bout, kind, action.player, cards, count=len(before.table),
                         stock=stock))
    elif kind in (HistoryKind.TRANSFER, HistoryKind.SHOW):
        out.append(Entry(bout, kind, action.player, cards, target=after.defender,
                         stock=stock))
    elif kind is not None:
        out.append(Entry(bout, kind, action.player, cards, stock=stock))
    seen = 0  # cards entered into a hand in plain sight by an entry of this step
    ended = False  # pagat ends a bout with two events: the declined seats once
    if kind is HistoryKind.SHOW:
        seen |= 1 << cards[0]
    for ev in events:
        if ev.kind is EventKind.NEW_BOUT:
            bout += 1
            out.append(Entry(bout, HistoryKind.BOUT, after.attacker, target=after.defender,
                             stock=after.stock_count))
            continue
        hk = _EVENT_KINDS.get(ev.kind)
        if hk is None:
            continue
        if hk in (HistoryKind.TAKEN, HistoryKind.BEATEN_OFF) and not ended and not before.front:
            ended = True
            out += _declined(bout, before, action, stock)
        if hk is HistoryKind.BEATEN_OFF:  # the event has no cards: the discard grew by them
            gone = after.discard.mask & ~before.discard.mask
            out.append(Entry(bout, hk, ev.seat, tuple(bits(gone)), ev.count, stock=stock))
        elif hk is HistoryKind.DREW:
            known = after.known[ev.seat].mask & ~before.known[ev.seat].mask & ~seen
            out.append(Entry(bout, hk, ev.seat, tuple(bits(known)), ev.count,
                             stock=stock))
        else:
            for c in ev.cards:
                seen |= 1 << c
            out.append(Entry(bout, hk, ev.seat, tuple(ev.cards), ev.count, stock=stock))
    return tuple(out)


def _declined(bout: int, before: PublicView, action: Action, stock: int) -> list[Entry]:
    """Throw-in seats that added nothing to a bout that ends now, with the ranks that lay
    there at the end and the room that was left for that seat. ``count`` 1: its pass
    stood (a pass is legal only with a card to add, so it held one and kept it); 0: the
    engine passed for it, so with ``room`` it held no card of those ranks."""
    added = list(action.cards) if action.kind in (ActionKind.ATTACK, ActionKind.COVER) else []
    ranks = table_ranks(before.table, added)
    new_attacks = len(added) if action.kind is ActionKind.ATTACK else 0
    left = room(before, new_attacks)
    covered = action.kind is ActionKind.COVER or any(c is not None for _, c in before.table)
    # others_join_after_first_beat: before the first cover only the attacker may add
    only_attacker = before.rules.others_join_after_first_beat and not covered
    stood = set(before.passed) | ({action.player} if action.kind is ActionKind.PASS else set())
    return [Entry(bout, HistoryKind.DECLINED, s, count=int(s in stood), ranks=ranks,
                  room=0 if only_attacker and s != before.attacker else left, stock=stock)
            for s in before.attackers if s in before.in_play and s != before.defender]
