"""The rows of tournaments (``bot.storage.models``: tournaments, tournament_entries,
tournament_matches): read into views, locked for a change."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import Tournament, TournamentEntry, TournamentMatch

from .views import EntryView, MatchView, TournamentView

ACTIVE = ("open", "running")


def aware(moment: datetime | None) -> datetime | None:
    """SQLite gives naive UTC back."""
    if moment is not None and moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment


async def load(s: AsyncSession, tournament_id: int, *, lock: bool = True) -> Tournament | None:
    stmt = select(Tournament).where(Tournament.id == tournament_id)
    if lock:
        stmt = stmt.with_for_update()
    return (await s.execute(stmt)).scalar_one_or_none()


async def active_in_chat(s: AsyncSession, chat_id: int) -> Tournament | None:
    return (await s.execute(select(Tournament).where(
        Tournament.chat_id == chat_id, Tournament.status.in_(ACTIVE)))).scalar_one_or_none()


async def active_ids(s: AsyncSession) -> list[int]:
    return list((await s.execute(select(Tournament.id).where(
        Tournament.status.in_(ACTIVE)).order_by(Tournament.id))).scalars())


async def active_of(s: AsyncSession, user_id: int) -> list[int]:
    """The open and running tournaments the person entered."""
    return list((await s.execute(select(Tournament.id).join(
        TournamentEntry, TournamentEntry.tournament_id == Tournament.id).where(
        TournamentEntry.user_id == user_id, Tournament.status.in_(ACTIVE)))).scalars())


async def undrawn_ids(s: AsyncSession) -> list[int]:
    """Tournaments whose message is behind (a finished one's last draw included)."""
    return list((await s.execute(select(Tournament.id).where(
        Tournament.drawn_version < Tournament.version).order_by(Tournament.id))).scalars())


async def entries(s: AsyncSession, tournament_id: int) -> list[TournamentEntry]:
    return list((await s.execute(select(TournamentEntry).where(
        TournamentEntry.tournament_id == tournament_id)
        .order_by(TournamentEntry.slot))).scalars())


async def matches(s: AsyncSession, tournament_id: int) -> list[TournamentMatch]:
    return list((await s.execute(select(TournamentMatch).where(
        TournamentMatch.tournament_id == tournament_id)
        .order_by(TournamentMatch.idx))).scalars())


async def match_at(s: AsyncSession, tournament_id: int, idx: int) -> TournamentMatch | None:
    return (await s.execute(select(TournamentMatch).where(
        TournamentMatch.tournament_id == tournament_id, TournamentMatch.idx == idx))
        ).scalar_one_or_none()


async def match_of_game(s: AsyncSession, game_id: int) -> TournamentMatch | None:
    return (await s.execute(select(TournamentMatch).where(
        TournamentMatch.game_id == game_id, TournamentMatch.status == "playing")
        .with_for_update())).scalar_one_or_none()


async def medals(s: AsyncSession, user_id: int) -> int:
    """Tournaments the person won (their medals)."""
    return int((await s.execute(
        select(func.count()).select_from(Tournament).join(
            TournamentEntry, (TournamentEntry.tournament_id == Tournament.id)
            & (TournamentEntry.slot == Tournament.winner_slot))
        .where(Tournament.status == "finished", TournamentEntry.user_id == user_id)))
        .scalar_one())


async def view(s: AsyncSession, row: Tournament) -> TournamentView:
    return TournamentView(
        id=row.id, chat_id=row.chat_id, host_id=row.host_id, title=row.title,
        format=row.format, settings=dict(row.settings), status=row.status,
        join_until=aware(row.join_until) or row.join_until, winner_slot=row.winner_slot,
        version=row.version, message_id=row.message_id,
        entries=tuple(EntryView(e.slot, e.user_id, e.computer_strength, e.name)
                      for e in await entries(s, row.id)),
        matches=tuple(MatchView(m.idx, m.round, m.a, m.b, m.status,
                                frozenset(int(x) for x in m.ready or ()),
                                aware(m.ready_until), m.game_id, m.winner, m.how)
                      for m in await matches(s, row.id)))
