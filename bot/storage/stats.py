"""Deal results, tallies and ratings: writes at deal end, and the leaderboard reads."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Float, cast, desc, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import GLOBAL_CHAT, DealResult, Rating, Tally
from bot.storage.upsert import insert_for

TALLY_COUNTERS = ("games", "fools", "draws", "matchsticks", "neckties", "epaulettes", "stakes",
                  "series_lost")


async def add_results(session: AsyncSession, rows: list[dict[str, Any]]) -> None:
    await session.execute(DealResult.__table__.insert(), rows)


async def bump_tally(session: AsyncSession, chat_id: int, player: str, user_id: int | None,
                     name: str, **increments: int) -> None:
    """Atomically add to a player's counters (concurrent deals in other chats touch the same
    global row, so this is an upsert with ``counter = counter + n``, never read-modify-write)."""
    values = {c: increments.get(c, 0) for c in TALLY_COUNTERS}
    stmt = insert_for(session, Tally).values(chat_id=chat_id, player=player, user_id=user_id,
                                             name=name, **values)
    table = Tally.__table__
    update = {c: table.c[c] + stmt.excluded[c] for c in TALLY_COUNTERS}
    update["name"] = stmt.excluded.name
    await session.execute(stmt.on_conflict_do_update(
        index_elements=[table.c.chat_id, table.c.player], set_=update))


async def load_ratings_for_update(session: AsyncSession, players: dict[str, int | None],
                                  mu: float, sigma: float) -> dict[str, tuple[float, float]]:
    """Ratings of these player keys (created at the default when new), row-locked."""
    stmt = insert_for(session, Rating).values(
        [{"player": p, "user_id": u, "mu": mu, "sigma": sigma, "games": 0}
         for p, u in players.items()])
    await session.execute(stmt.on_conflict_do_nothing(index_elements=[Rating.player]))
    rows = await session.execute(
        select(Rating.player, Rating.mu, Rating.sigma)
        .where(Rating.player.in_(list(players))).order_by(Rating.player).with_for_update())
    return {p: (m, s) for p, m, s in rows.all()}


async def store_rating(session: AsyncSession, player: str, mu: float, sigma: float,
                       now: datetime) -> None:
    table = Rating.__table__
    await session.execute(table.update().where(table.c.player == player).values(
        mu=mu, sigma=sigma, games=table.c.games + 1, updated_at=now))


# -- reads ---------------------------------------------------------------------------------

LEADERBOARDS = ("fewest_matchsticks", "most_games", "most_fools", "best_rating")


async def leaderboard(session: AsyncSession, kind: str, chat_id: int = GLOBAL_CHAT,
                      limit: int = 10, min_games: int = 1) -> list[dict[str, Any]]:
    """Rows with player, name, user_id, games, fools, matchsticks, per_game, rating.

    ``fewest_matchsticks`` ranks by matchsticks per game (ascending), then more games first;
    ``best_rating`` ranks by the rating ordinal of players who played in this chat.
    """
    if kind not in LEADERBOARDS:
        raise ValueError(f"unknown leaderboard {kind!r}")
    per_game = cast(Tally.matchsticks, Float) / Tally.games
    ordinal = Rating.mu - 3 * Rating.sigma
    order = {
        "fewest_matchsticks": (per_game, desc(Tally.games), Tally.player),
        "most_games": (desc(Tally.games), Tally.player),
        "most_fools": (desc(Tally.fools), desc(Tally.games), Tally.player),
        "best_rating": (desc(ordinal), Tally.player),
    }[kind]
    stmt = (select(Tally.player, Tally.name, Tally.user_id, Tally.games, Tally.fools,
                   Tally.draws, Tally.matchsticks, Tally.neckties, Tally.epaulettes,
                   per_game.label("per_game"), ordinal.label("rating"))
            .join(Rating, Rating.player == Tally.player, isouter=True)
            .where(Tally.chat_id == chat_id, Tally.games >= min_games)
            .order_by(*order).limit(limit))
    return [dict(r._mapping) for r in (await session.execute(stmt)).all()]


async def player_tallies(session: AsyncSession, player: str) -> dict[int, dict[str, Any]]:
    """chat_id -> counters, for every chat the player played in (GLOBAL_CHAT included)."""
    rows = await session.execute(select(Tally).where(Tally.player == player))
    return {t.chat_id: {c: getattr(t, c) for c in TALLY_COUNTERS} for t in rows.scalars()}


async def rating_of(session: AsyncSession, player: str) -> Rating | None:
    return (await session.execute(select(Rating).where(Rating.player == player))
            ).scalar_one_or_none()
