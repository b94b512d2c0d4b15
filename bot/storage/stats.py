"""Deal results, tallies and ratings: writes at deal end, and the leaderboard reads."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from typing import cast as cast_type  # sqlalchemy's cast is the SQL CAST

from sqlalchemy import Float, Table, bindparam, cast, desc, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import GLOBAL_CHAT, DealResult, Game, Rating, Tally
from bot.storage.upsert import built

TALLY_COUNTERS = ("games", "fools", "draws", "matchsticks", "neckties", "epaulettes", "stakes",
                  "series_lost")


def _tally_upsert(insert) -> Any:
    stmt = insert(Tally.__table__)
    table = Tally.__table__
    update = {c: table.c[c] + stmt.excluded[c] for c in TALLY_COUNTERS}
    update["name"] = stmt.excluded.name
    return stmt.on_conflict_do_update(index_elements=[table.c.chat_id, table.c.player],
                                      set_=update)


def _rating_upsert(insert) -> Any:
    """Create missing ratings and return every one asked for, row-locked, in one statement:
    the no-op DO UPDATE (unlike DO NOTHING) returns existing rows too and locks them on
    PostgreSQL like SELECT ... FOR UPDATE (SQLite holds the database write lock anyway)."""
    stmt = insert(Rating.__table__)
    return (stmt.on_conflict_do_update(index_elements=[Rating.player],
                                       set_={"player": stmt.excluded.player})
            .returning(Rating.player, Rating.mu, Rating.sigma))


_ratings = cast_type(Table, Rating.__table__)  # declarative models type it as a FromClause
_STORE_RATING = (_ratings.update()
                 .where(_ratings.c.player == bindparam("b_player"))
                 .values(mu=bindparam("b_mu"), sigma=bindparam("b_sigma"),
                         games=_ratings.c.games + 1, updated_at=bindparam("b_now")))


async def add_results(session: AsyncSession, rows: list[dict[str, Any]]) -> None:
    await session.execute(cast_type(Table, DealResult.__table__).insert(), rows)


def merged_by_player(rows: list[dict[str, Any]], counters: tuple[str, ...],
                     **fixed: Any) -> list[dict[str, Any]]:
    """Tally rows (chat_id, player, user_id, name and any of ``counters``) with the rows of
    one (chat, player) summed (two computer seats of one strength are one player), each
    with ``fixed`` added, in one lock order."""
    merged: dict[tuple[int, str], dict[str, Any]] = {}
    for row in rows:
        into = merged.setdefault((row["chat_id"], row["player"]), {
            **fixed, "chat_id": row["chat_id"], "player": row["player"],
            "user_id": row["user_id"], "name": row["name"], **dict.fromkeys(counters, 0)})
        for c in counters:
            into[c] += row.get(c, 0)
    return [merged[k] for k in sorted(merged)]


async def bump_tallies(session: AsyncSession, rows: list[dict[str, Any]]) -> None:
    """Atomically add to players' counters. Rows: chat_id, player, user_id, name and any of
    TALLY_COUNTERS. Concurrent deals in other chats touch the same global rows, so this is
    an upsert with ``counter = counter + n``, never read-modify-write. Rows of one
    (chat, player) are summed first (``merged_by_player``)."""
    if rows:
        await session.execute(built(session, "tally", _tally_upsert),
                              merged_by_player(rows, TALLY_COUNTERS))


async def bump_tally(session: AsyncSession, chat_id: int, player: str, user_id: int | None,
                     name: str, **increments: int) -> None:
    await bump_tallies(session, [{"chat_id": chat_id, "player": player, "user_id": user_id,
                                  "name": name, **increments}])


async def load_ratings_for_update(session: AsyncSession, players: dict[str, int | None],
                                  mu: float, sigma: float) -> dict[str, tuple[float, float]]:
    """Ratings of these player keys (created at the default when new), row-locked."""
    rows = await session.execute(
        built(session, "rating", _rating_upsert),
        [{"player": p, "user_id": u, "mu": mu, "sigma": sigma, "games": 0}
         for p, u in sorted(players.items())])  # one lock order
    return {p: (m, s) for p, m, s in rows.all()}


async def store_ratings(session: AsyncSession, ratings: dict[str, tuple[float, float]],
                        now: datetime) -> None:
    """New (mu, sigma) per player key; each player's game count goes up by one."""
    if ratings:
        await session.execute(_STORE_RATING, [
            {"b_player": p, "b_mu": mu, "b_sigma": sigma, "b_now": now}
            for p, (mu, sigma) in sorted(ratings.items())])


async def store_rating(session: AsyncSession, player: str, mu: float, sigma: float,
                       now: datetime) -> None:
    await store_ratings(session, {player: (mu, sigma)}, now)


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


# -- the Mini App's stats and standings pages (bot/webapp/boards.py) ----------------------
PAGE_DEALS = 1000  # a person's page reads their newest deals, at most this many


async def rating_history(session: AsyncSession, player: str,
                         limit: int = 200) -> list[tuple[datetime, float]]:
    """(when, rating after) of the player's newest rated deals, oldest first."""
    rows = (await session.execute(
        select(DealResult.created_at, DealResult.rating_after)
        .where(DealResult.player == player, DealResult.rating_after.is_not(None))
        .order_by(desc(DealResult.created_at), desc(DealResult.game_id)).limit(limit))).all()
    return [(when, float(after or 0.0)) for when, after in reversed(rows)]


async def deals_with_tablemates(session: AsyncSession, player: str,
                                limit: int = PAGE_DEALS) -> list[dict[str, Any]]:
    """The player's newest deals: each with its game's settings, whether they were the
    fool or it was drawn, and the others at the table (player key, user id)."""
    mine = (select(DealResult.game_id, DealResult.fool, DealResult.draw)
            .where(DealResult.player == player)
            .order_by(desc(DealResult.created_at), desc(DealResult.game_id))
            .limit(limit).subquery())
    other = DealResult.__table__.alias("other")
    rows = (await session.execute(
        select(mine.c.game_id, mine.c.fool, mine.c.draw, Game.settings,
               other.c.player, other.c.user_id)
        .join(Game, Game.id == mine.c.game_id)
        .join(other, (other.c.game_id == mine.c.game_id) & (other.c.player != player),
              isouter=True))).all()
    deals: dict[int, dict[str, Any]] = {}
    for game_id, fool, draw, settings, who, user_id in rows:
        deal = deals.setdefault(game_id, {"fool": bool(fool), "draw": bool(draw),
                                          "preset": (settings or {}).get("preset", ""),
                                          "others": []})
        if who is not None:
            deal["others"].append((who, user_id))
    return list(deals.values())


async def ratings_in_chat_between(session: AsyncSession, chat_id: int, players: list[str],
                                  since: datetime, until: datetime) -> dict[str, list[float]]:
    """Each player's rating after every deal in the chat finished in [since, until), oldest
    first (a season board's trends: one range of the chat's results by time)."""
    rows = (await session.execute(
        select(DealResult.player, DealResult.rating_after)
        .where(DealResult.chat_id == chat_id, DealResult.created_at >= since,
               DealResult.created_at < until,
               DealResult.player.in_(sorted(players)), DealResult.rating_after.is_not(None))
        .order_by(DealResult.created_at, DealResult.game_id))).all()
    found: dict[str, list[float]] = {player: [] for player in players}
    for player, after in rows:
        found[player].append(float(after or 0.0))
    return found
