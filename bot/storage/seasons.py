"""Season standings (bot/service/seasons.py): the writes at a deal's end, and the reads of
/top and of a season's end. Kept like the all-time tallies (``storage/stats.py``): every
write an upsert that adds (``x = x + n``), built once per dialect."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Float, Table, bindparam, desc, select
from sqlalchemy import cast as sql_cast
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage import notices
from bot.storage.models import SeasonRating, SeasonTally
from bot.storage.stats import merged_by_player
from bot.storage.upsert import built

SEASON_COUNTERS = ("games", "fools", "draws", "matchsticks", "neckties", "epaulettes")

_tallies = cast(Table, SeasonTally.__table__)
_ratings = cast(Table, SeasonRating.__table__)
_STORE_RATING = (_ratings.update()
                 .where(_ratings.c.season == bindparam("b_season"),
                        _ratings.c.player == bindparam("b_player"))
                 .values(mu=bindparam("b_mu"), games=_ratings.c.games + 1))


def _tally_upsert(insert) -> Any:
    stmt = insert(_tallies)
    update = {c: _tallies.c[c] + stmt.excluded[c] for c in SEASON_COUNTERS}
    update["name"] = stmt.excluded.name
    return stmt.on_conflict_do_update(
        index_elements=[_tallies.c.season, _tallies.c.chat_id, _tallies.c.player],
        set_=update)


def _rating_upsert(insert) -> Any:
    """Create the missing season ratings (at the start the caller computed) and return
    every one asked for, row-locked, in one statement (as ``stats._rating_upsert``)."""
    stmt = insert(_ratings)
    return (stmt.on_conflict_do_update(index_elements=[_ratings.c.season, _ratings.c.player],
                                       set_={"player": stmt.excluded.player})
            .returning(_ratings.c.player, _ratings.c.mu))


async def bump(session: AsyncSession, season: str, rows: list[dict[str, Any]]) -> None:
    """Add a deal to the season's tallies. Rows: chat_id, player, user_id, name and the
    ``SEASON_COUNTERS`` (the all-time tallies' rows; their other counters are ignored),
    summed per (chat, player) as the all-time ones (``stats.merged_by_player``)."""
    if rows:
        await session.execute(built(session, "season_tally", _tally_upsert),
                              merged_by_player(rows, SEASON_COUNTERS, season=season))


async def ratings_for_update(session: AsyncSession, season: str,
                             start: dict[str, tuple[int | None, float]]) -> dict[str, float]:
    """The season ratings (mu) of these player keys, row-locked; a player new to the
    season is created at the mu ``start`` gives (player -> (user id, mu))."""
    rows = await session.execute(
        built(session, "season_rating", _rating_upsert),
        [{"season": season, "player": p, "user_id": u, "mu": mu, "games": 0}
         for p, (u, mu) in sorted(start.items())])
    return {p: float(mu) for p, mu in rows.all()}


async def store_ratings(session: AsyncSession, season: str, ratings: dict[str, float]) -> None:
    if ratings:
        await session.execute(_STORE_RATING, [
            {"b_season": season, "b_player": p, "b_mu": mu}
            for p, mu in sorted(ratings.items())])


# -- reads ---------------------------------------------------------------------------------

async def leaderboard(session: AsyncSession, season: str, chat_id: int, limit: int = 10,
                      min_games: int = 1) -> list[dict[str, Any]]:
    """The season's board of a chat, ranked as the all-time /top (fewest matchsticks a game,
    then more games): rows with player, name, user_id, games, fools, draws, matchsticks,
    neckties, epaulettes, per_game, rating (the season rating's mu, None if unrated)."""
    per_game = sql_cast(_tallies.c.matchsticks, Float) / _tallies.c.games
    stmt = (select(_tallies.c.player, _tallies.c.name, _tallies.c.user_id, _tallies.c.games,
                   _tallies.c.fools, _tallies.c.draws, _tallies.c.matchsticks,
                   _tallies.c.neckties, _tallies.c.epaulettes, per_game.label("per_game"),
                   _ratings.c.mu.label("rating"))
            .join(_ratings, (_ratings.c.season == _tallies.c.season)
                  & (_ratings.c.player == _tallies.c.player), isouter=True)
            .where(_tallies.c.season == season, _tallies.c.chat_id == chat_id,
                   _tallies.c.games >= min_games)
            .order_by(per_game, desc(_tallies.c.games), _tallies.c.player).limit(limit))
    return [dict(r._mapping) for r in (await session.execute(stmt)).all()]


async def standing(session: AsyncSession, season: str, chat_id: int,
                   player: str) -> tuple[dict[str, int] | None, float | None]:
    """A player's season in a chat (its counters, None if they did not play there) and
    their season rating's mu (None if they played no deal this season)."""
    tally = (await session.execute(select(*(_tallies.c[c] for c in SEASON_COUNTERS)).where(
        _tallies.c.season == season, _tallies.c.chat_id == chat_id,
        _tallies.c.player == player))).first()
    mu = (await session.execute(select(_ratings.c.mu).where(
        _ratings.c.season == season, _ratings.c.player == player))).scalar_one_or_none()
    return (dict(tally._mapping) if tally is not None else None,
            float(mu) if mu is not None else None)


async def most_fools(session: AsyncSession, season: str, chat_id: int) -> dict[str, Any] | None:
    """The season's fool of a chat: the most deals lost, then the fewer games (a worse
    rate), then the player key (a stable tie-break); None when nobody lost a deal."""
    stmt = (select(_tallies.c.player, _tallies.c.name, _tallies.c.fools, _tallies.c.games)
            .where(_tallies.c.season == season, _tallies.c.chat_id == chat_id,
                   _tallies.c.fools > 0)
            .order_by(desc(_tallies.c.fools), _tallies.c.games, _tallies.c.player).limit(1))
    row = (await session.execute(stmt)).first()
    return dict(row._mapping) if row is not None else None


SEASON_END = "season_end"  # ``chat_notices.kind`` of a season's end


async def untold_chats(session: AsyncSession, season: str,
                      chat_ids: tuple[int, int]) -> list[int]:
    """The chats with a standing in the season, their ids strictly between
    ``chat_ids``'s two bounds, not yet told of its end."""
    told = notices.told(SEASON_END, season, _tallies.c.chat_id)
    low, high = chat_ids
    rows = await session.execute(
        select(_tallies.c.chat_id).where(_tallies.c.season == season,
                                         _tallies.c.chat_id > low, _tallies.c.chat_id < high,
                                         ~told)
        .distinct().order_by(_tallies.c.chat_id))
    return [int(chat) for chat in rows.scalars()]
