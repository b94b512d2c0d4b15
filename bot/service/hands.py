"""Small derived facts the renderer needs: whose hand changed, which team a seat is on."""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine import CardSet, GameState

# Each seat's own view of its hand, by seat (``seat_hands``).
Hands = tuple[CardSet, ...]

# RULES.md "Teams": 2x2 and 3x2 partners sit opposite, 2x3 alternate.
_TEAM_COUNT = {"2x2": 2, "3x2": 3, "2x3": 2}


def team_of(teams: str | None, seat: int) -> int | None:
    """Team index of a seat: opposite partners are seat mod (number of teams)."""
    count = _TEAM_COUNT.get(teams or "none")
    return None if count is None else seat % count


def seat_hands(state: GameState) -> Hands:
    """Each seat's own view of its hand (the values ``hands_changed`` compares)."""
    return tuple(state.view(seat).hand for seat in range(state.rules.players))


def changed_seats(before: Hands, after: Hands) -> frozenset[int]:
    """``hands_changed`` from hands already taken with ``seat_hands`` (the service keeps the
    hands of the position it cached, so each action computes the views of one state only)."""
    return frozenset(seat for seat, (old, new) in enumerate(zip(before, after, strict=True))
                     if old != new)


def hands_changed(before: GameState, after: GameState,
                  engine_events: Iterable[object]) -> frozenset[int]:
    """Seats whose private hand differs after the action (so only their hand messages are
    re-rendered). Compares each seat's own view of its hand before and after."""
    changed = set()
    for seat in range(after.rules.players):
        if before.view(seat).hand != after.view(seat).hand:
            changed.add(seat)
    return frozenset(changed)
