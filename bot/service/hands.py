"""Small derived facts the renderer needs: whose hand changed, which team a seat is on."""

from __future__ import annotations

# RULES.md "Teams": 2x2 and 3x2 partners sit opposite, 2x3 alternate.
_TEAM_COUNT = {"2x2": 2, "3x2": 3, "2x3": 2}


def team_of(teams: str | None, seat: int) -> int | None:
    """Team index of a seat: opposite partners are seat mod (number of teams)."""
    count = _TEAM_COUNT.get(teams or "none")
    return None if count is None else seat % count


def hands_changed(before, after, engine_events) -> frozenset[int]:
    """Seats whose private hand differs after the action (so only their hand messages are
    re-rendered). Compares each seat's own view of its hand before and after."""
    changed = set()
    for seat in range(after.rules.players):
        if before.view(seat).hand != after.view(seat).hand:
            changed.add(seat)
    return frozenset(changed)
