"""The weekly digest of a group (opt-in, ``/digest on``): one message a week with the
games played, the fool of the week, the longest winning streak and the biggest rating
jump, read from that week's deal results (pure; ``runtime/digests.py`` sends it).

Decisions:
- a week ends on Sunday at 18:00 UTC, when the digest goes: an evening in Europe and
  Russia, when a group is likely to read it; it covers the seven days before;
- the fool of the week lost the most deals (a tie: fewer games played, then the name);
- a winning streak is deals in a row not lost (a draw ends it), in the order they
  finished; shown from two on;
- the rating jump is the sum of a person's rating changes over the week (all-time
  rating), the biggest gain shown; computers are left out of all three.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

SEND_WEEKDAY = 6  # Sunday
SEND_HOUR = 18  # UTC


def week_end(moment: datetime) -> datetime:
    """The last digest moment at or before ``moment``: a Sunday, 18:00 UTC."""
    moment = moment.astimezone(UTC)
    sunday = moment.date() - timedelta(days=(moment.weekday() - SEND_WEEKDAY) % 7)
    end = datetime(sunday.year, sunday.month, sunday.day, SEND_HOUR, tzinfo=UTC)
    return end if end <= moment else end - timedelta(days=7)


def week_name(end: datetime) -> str:
    """The week a digest moment closes, as its ISO week ("2026-W48")."""
    year, week, _ = end.isocalendar()
    return f"{year}-W{week:02d}"


@dataclass(frozen=True)
class Digest:
    games: int
    fool: tuple[str, int] | None  # (name, deals lost)
    streak: tuple[str, int] | None  # (name, deals in a row not lost), from two on
    jump: tuple[str, float] | None  # (name, rating gained: ordinal units), if any gain


def digest_of(results: Iterable[dict[str, Any]], names: dict[str, str]) -> Digest | None:
    """The week's digest from its deal results (rows with game_id, player, user_id, fool,
    draw, rating_before, rating_after, oldest first); None when nobody played."""
    rows = [r for r in results if r["user_id"] is not None]
    if not rows:
        return None
    games = len({r["game_id"] for r in rows})
    lost: dict[str, int] = {}
    played: dict[str, int] = {}
    run: dict[str, int] = {}
    best_run: dict[str, int] = {}
    gained: dict[str, float] = {}
    for r in rows:
        key = r["player"]
        played[key] = played.get(key, 0) + 1
        lost[key] = lost.get(key, 0) + int(bool(r["fool"]))
        won = not r["fool"] and not r["draw"]
        run[key] = run.get(key, 0) + 1 if won else 0
        best_run[key] = max(best_run.get(key, 0), run[key])
        if r["rating_before"] is not None and r["rating_after"] is not None:
            gained[key] = gained.get(key, 0.0) + r["rating_after"] - r["rating_before"]

    def name(key: str) -> str:
        return names.get(key, "")

    fools = [k for k, n in lost.items() if n > 0]
    fool = min(fools, key=lambda k: (-lost[k], played[k], name(k)), default=None)
    streaker = min(best_run, key=lambda k: (-best_run[k], name(k)))
    jumper = max(gained, key=lambda k: (gained[k], name(k)), default=None)
    return Digest(
        games=games,
        fool=(name(fool), lost[fool]) if fool is not None else None,
        streak=(name(streaker), best_run[streaker]) if best_run[streaker] >= 2 else None,
        jump=(name(jumper), gained[jumper]) if jumper is not None and gained[jumper] > 0
        else None)
