"""Games, seats and the move log, in Core statements on rows.

The hot path (accepted actions on games the service has cached) is a versioned UPDATE of
each game and an INSERT into the move log, for all the actions that arrived while the
previous batch was being written (``save_running_many``): on SQLite one executemany of
each in the group commit; on PostgreSQL one statement for the whole batch, atomic by
itself, in autocommit. The statements are built once (SQLAlchemy caches their compiled
form) instead of per call."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, func, select, text, update
from sqlalchemy.engine import CursorResult, Row
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from bot.storage.models import Game, Move, Seat, ShownHand
from bot.storage.upsert import insert_for

# Core tables of the models (declarative classes type ``__table__`` as a FromClause).
games = cast(Table, Game.__table__)
seats_t = cast(Table, Seat.__table__)
moves_t = cast(Table, Move.__table__)
shown_t = cast(Table, ShownHand.__table__)


async def load_game(session: AsyncSession, game_id: int, *, lock: bool = True,
                    skip_locked: bool = False) -> Row | None:
    """The game row; with ``lock`` it is held FOR UPDATE until commit (PostgreSQL; SQLite
    already holds the database write lock from BEGIN IMMEDIATE). With ``skip_locked`` a
    row another transaction holds is not waited for: None (PostgreSQL's SKIP LOCKED: the
    turn timers of several instances each claim the games nobody else is working on)."""
    stmt = select(games).where(games.c.id == game_id)
    if lock:
        stmt = stmt.with_for_update(skip_locked=skip_locked)
    return (await session.execute(stmt)).first()


async def load_seats(session: AsyncSession, game_id: int) -> list[Row]:
    stmt = select(seats_t).where(seats_t.c.game_id == game_id).order_by(seats_t.c.seat)
    return list((await session.execute(stmt)).all())


async def save_state(session: AsyncSession, game_id: int, *, expected_version: int,
                     **values: Any) -> bool:
    """Write the new state of a running game only if nobody else wrote since we read
    version ``expected_version`` (and nobody cancelled it). False means we lost a race and
    must not continue."""
    stmt = (update(games)
            .where(games.c.id == game_id, games.c.version == expected_version,
                   games.c.status == "running")
            .values(**values))
    result = cast(CursorResult[Any], await session.execute(stmt))
    return result.rowcount == 1


# The versioned save of a running game that stays running. ``status = 'running'`` in the
# WHERE: a cancelled game keeps its version, and a writer holding an older read of it must
# not revive it.
_SAVE_RUNNING = (update(games)
                 .where(games.c.id == bindparam("b_id"),
                        games.c.version == bindparam("b_expected"),
                        games.c.status == "running")
                 .values(state=bindparam("b_state"), version=bindparam("b_version"),
                         turn_deadline=bindparam("b_deadline"), updated_at=bindparam("b_now")))
# The last save of a deal: the same guard, status finished, the outcome.
_SAVE_FINISHED = (update(games)
                  .where(games.c.id == bindparam("b_id"),
                         games.c.version == bindparam("b_expected"),
                         games.c.status == "running")
                  .values(state=bindparam("b_state"), version=bindparam("b_version"),
                          turn_deadline=None, updated_at=bindparam("b_now"), status="finished",
                          outcome=bindparam("b_outcome"), finished_at=bindparam("b_now")))
_INSERT_MOVE = moves_t.insert()
_VERSIONS = (select(games.c.id, games.c.version, games.c.status)
             .where(games.c.id.in_(bindparam("ids", expanding=True))))

# PostgreSQL: a whole batch of saves and their move-log rows in one statement, atomic by
# itself (so it runs in autocommit: one round trip and one WAL flush per batch). A row whose
# version or status no longer match is neither updated nor logged; RETURNING names the
# games written. Under READ COMMITTED a racing writer's UPDATE waits for the row and
# re-checks the version on the committed row, in any number of processes.
_SAVE_AND_LOG_MANY = text("""
WITH input AS (
    SELECT * FROM unnest(CAST(:ids AS INTEGER[]), CAST(:expected AS INTEGER[]),
                         CAST(:states AS TEXT[]), CAST(:deadlines AS TIMESTAMPTZ[]),
                         CAST(:nows AS TIMESTAMPTZ[]), CAST(:seats AS INTEGER[]),
                         CAST(:users AS BIGINT[]), CAST(:actions AS TEXT[]),
                         CAST(:causes AS TEXT[]))
        AS t(id, expected, state, deadline, now, seat, user_id, action, cause)
), moved AS (
    UPDATE games SET state = CAST(input.state AS JSON), version = input.expected + 1,
                     turn_deadline = input.deadline, updated_at = input.now
    FROM input
    WHERE games.id = input.id AND games.version = input.expected
          AND games.status = 'running'
    RETURNING games.id
)
INSERT INTO moves (game_id, idx, seat, user_id, action, cause, created_at)
SELECT input.id, input.expected, input.seat, input.user_id, input.action, input.cause,
       input.now
FROM input JOIN moved ON moved.id = input.id
RETURNING game_id
""")
_RETRYABLE = {"40P01", "40001"}  # deadlock detected, serialization failure


def _save_params(game_id: int, expected_version: int, state: dict, version: int,
                 deadline: datetime | None, now: datetime) -> dict[str, Any]:
    return {"b_id": game_id, "b_expected": expected_version, "b_state": state,
            "b_version": version, "b_deadline": deadline, "b_now": now}


async def save_running(session, game_id: int, *, expected_version: int, state: dict,
                       version: int, turn_deadline: datetime | None, now: datetime) -> bool:
    """``save_state`` for a game that goes on (the per-action case), from a prepared
    statement. False: another writer moved (or cancelled) the game since that version."""
    result = await session.execute(_SAVE_RUNNING, _save_params(
        game_id, expected_version, state, version, turn_deadline, now))
    return result.rowcount == 1


async def save_finished(session, game_id: int, *, expected_version: int, state: dict,
                        version: int, outcome: dict, now: datetime) -> bool:
    """The versioned save of a deal's last move (``save_state`` with status finished)."""
    params = _save_params(game_id, expected_version, state, version, None, now)
    del params["b_deadline"]
    result = await session.execute(_SAVE_FINISHED, {**params, "b_outcome": outcome})
    return result.rowcount == 1


async def save_running_many(conn: AsyncConnection, items: list[dict]) -> list[bool]:
    """Many ``save_running`` with one move-log row each, written together. Items are dicts
    with game_id, expected_version, state, turn_deadline, now and move (idx, seat, user_id,
    action, cause; idx is the expected version, the new version is idx + 1). Returns, per
    item, whether it was written; an item not written changed nothing (its caller reads the
    game again and decides).

    Only one item per game is tried in one call: of several items of a game (racing presses
    planned on the same cached position) at most one can match the stored version, so the
    others are answered "not written" at once, and the one tried is the newest.

    SQLite: call inside ``Database.write`` (the write lock is held from BEGIN IMMEDIATE, so
    no other writer changes a version between our statements). PostgreSQL: call on an
    autocommit connection; the batch is one atomic statement.
    """
    newest: dict[int, int] = {}
    for n, item in enumerate(items):
        best = newest.get(item["game_id"])
        if best is None or items[best]["expected_version"] < item["expected_version"]:
            newest[item["game_id"]] = n
    tried = sorted(newest.values(), key=lambda n: items[n]["game_id"])  # one lock order
    chosen = [items[n] for n in tried]
    if conn.dialect.name == "postgresql":
        done = await _save_many_postgresql(conn, chosen)
    else:
        done = await _save_many_sqlite(conn, chosen)
    return [newest[item["game_id"]] == n and item["game_id"] in done
            for n, item in enumerate(items)]


async def _save_many_sqlite(conn: AsyncConnection, chosen: list[dict]) -> set[int]:
    if len(chosen) == 1:  # the rowcount of one UPDATE answers for its game alone
        x = chosen[0]
        result = await conn.execute(_SAVE_RUNNING, _save_params(
            x["game_id"], x["expected_version"], x["state"], x["expected_version"] + 1,
            x["turn_deadline"], x["now"]))
        ok = [x] if result.rowcount == 1 else []
    else:  # the versions first: an executemany's rowcount is a total
        rows = await conn.execute(_VERSIONS, {"ids": [x["game_id"] for x in chosen]})
        current = {row.id: row.version for row in rows if row.status == "running"}
        ok = [x for x in chosen if current.get(x["game_id"]) == x["expected_version"]]
        if ok:
            result = await conn.execute(_SAVE_RUNNING, [_save_params(
                x["game_id"], x["expected_version"], x["state"], x["expected_version"] + 1,
                x["turn_deadline"], x["now"]) for x in ok])
            if result.rowcount != len(ok):  # cannot happen under the write lock
                raise RuntimeError("game versions changed under the write lock")
    if ok:
        await conn.execute(_INSERT_MOVE, [{"game_id": x["game_id"], "created_at": x["now"],
                                           **x["move"]} for x in ok])
    return {x["game_id"] for x in ok}


async def _save_many_postgresql(conn: AsyncConnection, chosen: list[dict]) -> set[int]:
    params = {
        "ids": [x["game_id"] for x in chosen],
        "expected": [x["expected_version"] for x in chosen],
        "states": [json.dumps(x["state"]) for x in chosen],
        "deadlines": [x["turn_deadline"] for x in chosen],
        "nows": [x["now"] for x in chosen],
        "seats": [x["move"]["seat"] for x in chosen],
        "users": [x["move"]["user_id"] for x in chosen],
        "actions": [x["move"]["action"] for x in chosen],
        "causes": [x["move"]["cause"] for x in chosen],
    }
    try:
        rows = await conn.execute(_SAVE_AND_LOG_MANY, params)
    except DBAPIError as exc:
        # Two processes' batches locking the same games in different orders: the database
        # aborted one whole statement (nothing of it was written); its callers retry alone.
        if getattr(exc.orig, "sqlstate", None) in _RETRYABLE:
            return set()
        raise
    return {row.game_id for row in rows}


async def append_moves(session: AsyncSession, game_id: int, moves: list[dict]) -> None:
    """Moves as dicts with idx, seat, user_id, action, cause, created_at. The primary key
    (game_id, idx) makes a second writer of the same index fail."""
    if len(moves) == 1:
        await session.execute(_INSERT_MOVE, {"game_id": game_id, **moves[0]})
    elif moves:
        await session.execute(_INSERT_MOVE, [{"game_id": game_id, **m} for m in moves])


async def set_deadline(session: AsyncSession, game_id: int, deadline: datetime) -> None:
    await session.execute(update(games).where(games.c.id == game_id)
                          .values(turn_deadline=deadline))


async def mark_taken_over(session: AsyncSession, game_id: int, seat: int, *,
                          taken_over: bool = True) -> None:
    """A computer plays the seat until its person moves again (False: they are back)."""
    await session.execute(update(seats_t)
                          .where(seats_t.c.game_id == game_id, seats_t.c.seat == seat)
                          .values(taken_over=taken_over, consecutive_timeouts=0))


async def mark_left(session: AsyncSession, game_id: int, seat: int) -> None:
    """The seat's person left the deal: a computer plays it for good."""
    await session.execute(update(seats_t)
                          .where(seats_t.c.game_id == game_id, seats_t.c.seat == seat)
                          .values(left=True, taken_over=True))


async def move_at(session: AsyncSession, game_id: int, idx: int) -> Row | None:
    stmt = select(moves_t).where(moves_t.c.game_id == game_id, moves_t.c.idx == idx)
    return (await session.execute(stmt)).first()


async def move_log(session: AsyncSession, game_id: int) -> list[Row]:
    stmt = select(moves_t).where(moves_t.c.game_id == game_id).order_by(moves_t.c.idx)
    return list((await session.execute(stmt)).all())


async def update_seat(session: AsyncSession, game_id: int, seat: int, **values: Any) -> None:
    await session.execute(update(seats_t)
                          .where(seats_t.c.game_id == game_id, seats_t.c.seat == seat)
                          .values(**values))


async def set_messages(session: AsyncSession, game_id: int, *, table_message_id=None,
                       hand_message_ids: dict | None = None) -> None:
    """Remember the Telegram messages that show this game (they do not change the version)."""
    values: dict[str, Any] = {}
    if table_message_id is not None:
        values["table_message_id"] = table_message_id
    if hand_message_ids is not None:
        values["hand_message_ids"] = {str(k): v for k, v in hand_message_ids.items()}
    if values:
        await session.execute(update(games).where(games.c.id == game_id).values(**values))


async def record_shown(session: AsyncSession, game_id: int, seat: int, version: int,
                       buttons: list[list[str]]) -> None:
    """The seat's hand now shows ``buttons`` drawn at ``version`` (never an older one over
    a newer one: two instances may record out of order)."""
    stmt = insert_for(session, shown_t).values(game_id=game_id, seat=seat, version=version,
                                               buttons=buttons)
    stmt = stmt.on_conflict_do_update(
        index_elements=[shown_t.c.game_id, shown_t.c.seat],
        set_={"version": stmt.excluded.version, "buttons": stmt.excluded.buttons},
        where=shown_t.c.version <= stmt.excluded.version)
    await session.execute(stmt)


async def shown(session: AsyncSession, game_id: int, seat: int) -> Row | None:
    """(version, buttons) the seat's hand was last recorded showing."""
    stmt = select(shown_t.c.version, shown_t.c.buttons).where(
        shown_t.c.game_id == game_id, shown_t.c.seat == seat)
    return (await session.execute(stmt)).first()


async def due_games(session: AsyncSession, now: datetime, limit: int = 100) -> list[Row]:
    """Running games whose turn deadline has passed: (id, version) for the timeout job,
    also used after a restart to re-arm timers."""
    stmt = (select(games.c.id, games.c.version, games.c.turn_deadline)
            .where(games.c.status == "running", games.c.turn_deadline <= now)
            .order_by(games.c.turn_deadline).limit(limit))
    return list((await session.execute(stmt)).all())


async def running_games(session: AsyncSession) -> list[Row]:
    stmt = (select(games.c.id, games.c.chat_id, games.c.version, games.c.turn_deadline)
            .where(games.c.status == "running").order_by(games.c.id))
    return list((await session.execute(stmt)).all())


async def game_ids(session: AsyncSession) -> list[int]:
    """Every stored deal, oldest first (`durak replay --all`)."""
    return list((await session.execute(select(games.c.id).order_by(games.c.id))).scalars())


async def latest_deal_number(session: AsyncSession, series_id: int) -> int:
    stmt = select(func.max(games.c.deal_number)).where(games.c.series_id == series_id)
    return (await session.execute(stmt)).scalar_one() or 0


async def latest_deal(session: AsyncSession, series_id: int) -> int | None:
    """The id of the series' newest deal."""
    stmt = (select(games.c.id).where(games.c.series_id == series_id)
            .order_by(games.c.deal_number.desc()).limit(1))
    return (await session.execute(stmt)).scalar_one_or_none()
