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


# What identifies the bout a screen was drawn in (``bout_key``): a press made on a hand
# drawn earlier in the same bout, that the rules still allow, means what its person saw.
BoutKey = tuple[object, ...]


def bout_key(state: GameState) -> BoutKey:
    """The bout ``state`` is in: its number where the deal counts bouts, who attacks and
    who defends (a transfer changes them), and the card that opened it (Dureń Piątkowy
    counts no bouts; a new lead is a new bout)."""
    number = getattr(state, "bout_no", None)
    if number is not None:
        return (number, state.attacker, state.defender)
    pairs = state.table_pairs()
    return (None, state.attacker, state.defender, pairs[0][0] if pairs else None)
