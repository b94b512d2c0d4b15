"""Leases on drawing a game (``GameRenderer``): claim, renew, and the games nobody holds."""

from __future__ import annotations

from datetime import datetime
from typing import cast

from sqlalchemy import ColumnElement, Table, or_, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import Game, GameRenderer
from bot.storage.upsert import insert_for

renderers_t = cast(Table, GameRenderer.__table__)
games_t = cast(Table, Game.__table__)
# PostgreSQL NOTIFY channel (runtime/table/renderers.py says what it carries)
CHANNEL = "durak_game"


# An instance is alive while its LISTEN connection is (runtime/table/renderers.py names it
# "durak:<instance>"): a killed process's connections close with it, so its games are
# taken over at the next touch, not only when the lease runs out.
APPLICATION_PREFIX = "durak:"
_HOLDER_CONNECTED = ("EXISTS (SELECT 1 FROM pg_stat_activity WHERE application_name = "
                     f"'{APPLICATION_PREFIX}' || game_renderers.instance)")
_HOLDER_ALIVE = text(_HOLDER_CONNECTED)
_HOLDER_GONE = text("NOT " + _HOLDER_CONNECTED)


async def claim(session: AsyncSession, game_id: int, instance: str, now: datetime,
                until: datetime, *, force: bool = False) -> tuple[bool, str | None]:
    """Take the game's lease when nobody holds it (it ran out, its instance is gone, or
    it is ours; with ``force``, in any case): (whether ``instance`` holds it now, the
    instance that held it before, None when none did)."""
    before = (await session.execute(select(renderers_t.c.instance).where(
        renderers_t.c.game_id == game_id))).scalar_one_or_none()
    stmt = insert_for(session, renderers_t).values(game_id=game_id, instance=instance,
                                                   until=until)
    stmt = stmt.on_conflict_do_update(
        index_elements=[renderers_t.c.game_id],
        set_={"instance": stmt.excluded.instance, "until": stmt.excluded.until},
        where=None if force else or_(renderers_t.c.until < now,
                                     renderers_t.c.instance == instance, _HOLDER_GONE))
    await session.execute(stmt)
    holder = (await session.execute(select(renderers_t.c.instance).where(
        renderers_t.c.game_id == game_id))).scalar_one_or_none()
    return holder == instance, before


async def renew(session: AsyncSession, instance: str, until: datetime,
                ended_since: datetime) -> dict[int, int]:
    """Extend the leases ``instance`` holds on games still running or finished since
    ``ended_since`` (older ones lapse: whoever touches such a game next takes it); those
    games, each with its version in the database."""
    result = await session.execute(
        update(renderers_t)
        .where(renderers_t.c.instance == instance, games_t.c.id == renderers_t.c.game_id,
               or_(games_t.c.status == "running", games_t.c.finished_at >= ended_since))
        .values(until=until)
        .returning(renderers_t.c.game_id, games_t.c.version))
    return {row.game_id: row.version for row in result}


# A deal just dealt has no lease until the instance that dealt it takes one (after its
# commit: runtime ``launch``); for this long (the database's clock) it is not an orphan,
# or another instance would take it in that moment and both would send its messages.
NEW_DEAL_GRACE = text("CURRENT_TIMESTAMP - interval '10 seconds'")


async def orphans(session: AsyncSession, now: datetime,
                  ended_since: datetime | None = None) -> list[int]:
    """Running games whose lease ran out, whose instance is gone, or that never had one
    (once past ``NEW_DEAL_GRACE``); with ``ended_since``, also the games that finished
    since then whose instance is gone or whose lease ran out (their end may never have
    been drawn)."""
    held = select(renderers_t.c.game_id).where(renderers_t.c.until >= now,
                                                _HOLDER_ALIVE)
    leased = select(renderers_t.c.game_id)
    wanted: ColumnElement[bool] = (games_t.c.status == "running") & or_(games_t.c.id.in_(leased),
                                                    games_t.c.created_at < NEW_DEAL_GRACE)
    if ended_since is not None:  # a finished game nobody had is no orphan
        wanted = or_(wanted, (games_t.c.status == "finished")
                     & (games_t.c.finished_at >= ended_since) & games_t.c.id.in_(leased))
    stmt = select(games_t.c.id).where(wanted, games_t.c.id.not_in(held))
    return [row.id for row in await session.execute(stmt)]


async def notify(session: AsyncSession, payload: str) -> None:
    await session.execute(text("SELECT pg_notify(:channel, :payload)"),
                          {"channel": CHANNEL, "payload": payload})
