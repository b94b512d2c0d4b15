"""THE rule that seats waiting people together (pure: no database).

Decision: the longest waiter is seated first, with the people whose ratings are closest to
theirs. Walk the waiting people in the order they queued; each in turn is the *anchor* of
a table: add the others by how close their rating ordinal is to the anchor's (a tie goes
to the one who waited longer), skipping anyone blocked with the anchor or with anyone
already added (a block counts both ways), until the table is full. An anchor who cannot
fill a table (too few, or blocks) stays waiting and the next person is tried as anchor
(the one passed over may still be chosen for that table).

So nobody waits behind a newcomer who has a closer rating, while among several people
waiting the closest ratings sit together; for two-player games it is exact (the partner
is the closest rating the anchor may meet). For bigger tables closeness is measured to
the anchor, not the spread of the whole table, which keeps the choice linear and
predictable ("you are matched around the person who waited longest").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Waiter:
    """One waiting person as the rule sees them."""

    user_id: int
    rating: float
    queued_at: datetime
    order: int  # position in the queue, longest waiting first


def pick_groups(waiting: Sequence[Waiter], size: int,
                blocked: set[frozenset[int]]) -> list[list[Waiter]]:
    """Tables of ``size`` formed from ``waiting`` (longest waiting first) by the rule
    above, each listed in queue order."""
    free = sorted(waiting, key=lambda w: w.order)
    groups: list[list[Waiter]] = []
    i = 0
    while i < len(free) and len(free) >= size:
        group = _around(free[i], free[:i] + free[i + 1:], size, blocked)
        if group is None:
            i += 1
            continue
        groups.append(sorted(group, key=lambda w: w.order))
        taken = {w.user_id for w in group}
        free = [w for w in free if w.user_id not in taken]
    return groups


def _around(anchor: Waiter, others: Sequence[Waiter], size: int,
            blocked: set[frozenset[int]]) -> list[Waiter] | None:
    chosen = [anchor]
    for other in sorted(others, key=lambda w: (abs(w.rating - anchor.rating), w.order)):
        if all(frozenset((other.user_id, c.user_id)) not in blocked for c in chosen):
            chosen.append(other)
            if len(chosen) == size:
                return chosen
    return None
