"""Seasons: every leaderboard also runs by calendar month (UTC).

Decisions:
- a season is a calendar month in UTC, named by its first day (``"2026-11"``): every chat
  and the global board roll over at the same moment, and a deal belongs to the season in
  which it finished;
- a season's standings are kept as deals finish (``storage/seasons.py``: one row per
  season, chat and player, added to like the all-time tallies), so /top reads one indexed
  range and never scans the games;
- a season rating is Elo like the all-time one (``ratings.rate_deal``, so each deal's
  changes add up to zero within the season); a player's first deal of a season starts
  them at their all-time rating pulled halfway toward the newcomer's (``PULL``): the
  strong stay ahead, but a newcomer can catch up within a month;
- when a season ends, every group that played in it gets one message with its podium and
  its fool of the season, unless its admins turned that off (``/season off``).
"""

from __future__ import annotations

from datetime import UTC, datetime

from .ratings import DEFAULT_MU

PULL = 0.5  # how much of the all-time rating's distance from the middle a season keeps


def season_of(moment: datetime) -> str:
    """The season a moment belongs to: ``"YYYY-MM"`` of its UTC date."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return f"{moment.year:04d}-{moment.month:02d}"


def previous_season(season: str) -> str:
    year, month = (int(part) for part in season.split("-"))
    return f"{year - 1:04d}-12" if month == 1 else f"{year:04d}-{month - 1:02d}"


def next_season(season: str) -> str:
    year, month = (int(part) for part in season.split("-"))
    return f"{year + 1:04d}-01" if month == 12 else f"{year:04d}-{month + 1:02d}"


def season_start(season: str) -> datetime:
    """The first moment of a season (UTC)."""
    year, month = (int(part) for part in season.split("-"))
    return datetime(year, month, 1, tzinfo=UTC)


def starting_mu(all_time_mu: float) -> float:
    """A player's season rating before their first deal of the season."""
    return DEFAULT_MU + PULL * (all_time_mu - DEFAULT_MU)
