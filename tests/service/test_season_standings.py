"""Seasons kept as deals finish (SQLite and PostgreSQL): each month's tallies beside the
all-time ones, season ratings that start from the all-time rating pulled halfway to the
middle and add up to zero within the season, and a cancelled deal leaving no trace."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta, timezone

import pytest
from playhelp import new_game, play_out
from sqlalchemy import select

from bot.service.games import GameService
from bot.service.lobby import LobbyService
from bot.service.ratings import DEFAULT_MU
from bot.service.seasons import previous_season, season_of, starting_mu
from bot.service.stats import StatsService
from bot.storage.models import SeasonRating, SeasonTally

CHAT = -1009999999999
ANNA, BORIS, CLEO = 8_000_000_001, 8_000_000_002, 8_000_000_003


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 20, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def test_a_season_is_the_utc_month_and_the_one_before_crosses_the_year():
    assert season_of(datetime(2026, 12, 31, 23, 59, 59, tzinfo=UTC)) == "2026-12"
    # 00:30 on 1 January in Moscow (UTC+3) is still December in UTC
    assert season_of(datetime(2027, 1, 1, 0, 30, tzinfo=timezone(timedelta(hours=3)))) \
        == "2026-12"
    assert season_of(datetime(2027, 1, 1, 0, 0, tzinfo=UTC)) == "2027-01"
    assert previous_season("2027-01") == "2026-12" and previous_season("2026-11") == "2026-10"
    assert starting_mu(DEFAULT_MU) == DEFAULT_MU
    assert starting_mu(DEFAULT_MU + 10) == DEFAULT_MU + 5


async def season_rows(db, season: str):
    async with db.read() as s:
        tallies = (await s.execute(select(SeasonTally).where(SeasonTally.season == season))
                   ).scalars().all()
        ratings = (await s.execute(select(SeasonRating).where(SeasonRating.season == season))
                   ).scalars().all()
    return tallies, {r.player: r for r in ratings}


async def test_each_month_keeps_its_own_standings_and_ratings_that_add_up(db):
    clock = Clock()
    lobbies, games = LobbyService(db), GameService(db, clock=clock, rng=random.Random(5))
    stats = StatsService(db)
    for n in range(3):  # December: three deals of Anna, Boris and a computer
        started = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,))
        await play_out(games, started.game_id, random.Random(200 + n))
    december, ratings = await season_rows(db, "2026-12")
    assert {(t.chat_id, t.player): t.games for t in december} == {
        (chat, player): 3 for chat in (CHAT, 0)
        for player in (f"u{ANNA}", f"u{BORIS}", "ai:normal")}
    # Everyone started December at the middle (no all-time rating yet), so the season's
    # changes add up to zero: the sum of season ratings is three times the middle.
    assert sum(r.mu for r in ratings.values()) == pytest.approx(3 * DEFAULT_MU)
    assert all(r.games == 3 for r in ratings.values())

    board = await stats.season_board("2026-12", CHAT)
    assert [r["games"] for r in board] == [3, 3, 3]
    assert [r["per_game"] for r in board] == sorted(r["per_game"] for r in board)

    all_time = {r["player"]: r for r in await stats.leaderboard("best_rating", CHAT)}
    clock.now = datetime(2027, 1, 3, 9, 0, tzinfo=UTC)  # January: a new season
    assert await stats.season_board("2027-01", CHAT) == []
    started = await new_game(lobbies, games, CHAT, BORIS, people=(CLEO,), computers=())
    await play_out(games, started.game_id, random.Random(300))
    january, jan_ratings = await season_rows(db, "2027-01")
    assert {t.player for t in january} == {f"u{BORIS}", f"u{CLEO}"}
    # Boris starts January halfway between his all-time rating and the middle; Cleo,
    # new, at the middle; the deal moves them by equal and opposite amounts.
    boris_mu = all_time[f"u{BORIS}"]["rating"] + 3 * (25 / 3)  # rating is mu - 3 sigma
    start = {f"u{BORIS}": starting_mu(boris_mu), f"u{CLEO}": DEFAULT_MU}
    moved = {p: jan_ratings[p].mu - start[p] for p in start}
    assert moved[f"u{BORIS}"] == pytest.approx(-moved[f"u{CLEO}"]) and moved[f"u{CLEO}"] != 0
    # December is untouched by January's deal.
    assert [(t.player, t.games) for t in december] == [
        (t.player, t.games) for t in (await season_rows(db, "2026-12"))[0]]


async def test_a_cancelled_deal_changes_no_season(db):
    clock = Clock()
    lobbies, games = LobbyService(db), GameService(db, clock=clock, rng=random.Random(5))
    started = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=())
    await games.cancel(started.game_id, ANNA)
    assert await season_rows(db, "2026-12") == ([], {})
