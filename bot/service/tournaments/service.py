"""Every change of a tournament, each in one transaction on its locked row, so that two
instances (or a press and the clock) never both make it:

    open ──Start / the join deadline──▶ running ──last match──▶ finished
      └──────────────── the host or an admin cancels ───────────────▶ cancelled

While running, one match at a time is *called* (its people press Ready within
``ready_wait``; a computer is ready at once), then *playing* (its deal is a game of the
group like any other: ``start_game`` links them in the game's own transaction), then
*done*. ``advance`` is the clock's step: the join deadline, a no-show, a cancelled deal
(called again), the next match. A deal's end is recorded by ``record_deal_end`` in the
deal's own transaction (``service/results.py``), so a result is never lost or counted twice.

Every change bumps ``version``; the standings message is drawn from it by the runtime
(``claim_draw``/``drawn``), as a new message when a match is called or the tournament ends
(``repost``: it moves down the chat to where people look), else by an edit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

import bot.service.tournaments.store as store
from bot.service import settings as game_settings
from bot.service.errors import AlreadyPlayed, Code, LobbyError, NotAllowed, NotFound
from bot.storage import achievements as achievement_store
from bot.storage import people
from bot.storage.database import Database
from bot.storage.models import (
    Game,
    Series,
    Tournament,
    TournamentEntry,
    TournamentMatch,
    user_key,
)

from .bracket import (
    FORMATS,
    KNOCKOUT,
    MAX_ENTRANTS,
    MIN_ENTRANTS,
    NOBODY,
    bracket_size,
    computers_needed,
    knockout_next,
    plan,
    standings,
)
from .views import TournamentView

COMPUTER = "normal"  # the strength of a computer that fills an empty place
MEDAL = "tournament_medal"  # the achievement (service/achievements.py)
TOLD_WINNER = -2  # ``told_match`` once the winner was told (match indexes are >= 0)
READY_WAIT = timedelta(minutes=3)  # how long a called match's people have to press Ready


class TournamentService:
    def __init__(self, db: Database, clock: Callable[[], datetime], *,
                 ready_wait: timedelta = READY_WAIT) -> None:
        self.db = db
        self.clock = clock
        self.ready_wait = ready_wait

    # -- reads ------------------------------------------------------------------------------
    async def get(self, tournament_id: int) -> TournamentView:
        async with self.db.read() as s:
            row = await store.load(s, tournament_id, lock=False)
            if row is None:
                raise NotFound(Code.NO_TOURNAMENT)
            return await store.view(s, row)

    async def in_chat(self, chat_id: int) -> TournamentView | None:
        """The group's tournament that is open or running."""
        async with self.db.read() as s:
            row = await store.active_in_chat(s, chat_id)
            return None if row is None else await store.view(s, row)

    async def active(self) -> list[int]:
        async with self.db.read() as s:
            return await store.active_ids(s)

    async def entered(self, user_id: int) -> list[int]:
        """The open and running tournaments the person is in."""
        async with self.db.read() as s:
            return await store.active_of(s, user_id)

    async def undrawn(self) -> list[int]:
        async with self.db.read() as s:
            return await store.undrawn_ids(s)

    async def medals(self, user_id: int) -> int:
        async with self.db.read() as s:
            return await store.medals(s, user_id)

    # -- the host's and the entrants' -------------------------------------------------------
    async def create(self, chat_id: int, title: str, host_id: int, host_name: str,
                     fmt: str, settings: dict[str, Any],
                     join_for: timedelta) -> TournamentView:
        """Open the group's tournament, its host entered. ``settings``: the chat's (two
        players each match; refused when its game cannot be played by two)."""
        if fmt not in FORMATS:
            raise LobbyError(Code.BAD_SETTINGS, problem=f"format {fmt!r}")
        game_settings.rules_for(settings, 2)
        now = self.clock()
        try:
            async with self.db.transaction() as s:
                await people.ensure_chat(s, chat_id)
                if await store.active_in_chat(s, chat_id) is not None:
                    raise LobbyError(Code.TOURNAMENT_EXISTS)
                row = Tournament(chat_id=chat_id, host_id=host_id, title=title[:256],
                                 format=fmt, settings=settings, status="open",
                                 join_until=now + join_for,
                                 seed=random.SystemRandom().getrandbits(62), version=0,
                                 drawn_version=-1, repost=True, created_at=now)
                await people.ensure_user(s, host_id, host_name, None)
                s.add(row)
                await s.flush()
                s.add(TournamentEntry(tournament_id=row.id, slot=0, user_id=host_id,
                                      name=host_name[:128]))
                await s.flush()
                return await store.view(s, row)
        except IntegrityError as exc:  # a racing /tournament won the unique index
            raise LobbyError(Code.TOURNAMENT_EXISTS) from exc

    async def join(self, tournament_id: int, user_id: int, name: str) -> TournamentView:
        async with self.db.transaction() as s:
            row = await self._open(s, tournament_id)
            entries = await store.entries(s, row.id)
            if any(e.user_id == user_id for e in entries):
                raise LobbyError(Code.ALREADY_ENTERED)
            if len(entries) >= MAX_ENTRANTS:
                raise LobbyError(Code.TOURNAMENT_FULL, most=MAX_ENTRANTS)
            await people.ensure_user(s, user_id, name, None)
            s.add(TournamentEntry(tournament_id=row.id, user_id=user_id, name=name[:128],
                                  slot=max((e.slot for e in entries), default=-1) + 1))
            return await self._changed(s, row)

    async def leave(self, tournament_id: int, user_id: int) -> TournamentView:
        async with self.db.transaction() as s:
            row = await self._open(s, tournament_id)
            mine = next((e for e in await store.entries(s, row.id) if e.user_id == user_id),
                        None)
            if mine is None:
                raise NotAllowed(Code.NOT_ENTERED)
            await s.delete(mine)
            return await self._changed(s, row)

    async def set_format(self, tournament_id: int, fmt: str) -> TournamentView:
        if fmt not in FORMATS:
            raise LobbyError(Code.STALE_BUTTON)
        async with self.db.transaction() as s:
            row = await self._open(s, tournament_id)
            row.format = fmt
            return await self._changed(s, row)

    async def start(self, tournament_id: int) -> TournamentView:
        """The host's Start: the draw, the computers, every match planned."""
        async with self.db.transaction() as s:
            row = await self._open(s, tournament_id)
            people_in = len(await store.entries(s, row.id))
            if people_in < MIN_ENTRANTS:
                raise LobbyError(Code.NEED_THREE, least=MIN_ENTRANTS, entered=people_in)
            await self._draw_places(s, row)
            await self._advance(s, row, self.clock())
            return await self._changed(s, row, repost=True)

    async def cancel(self, tournament_id: int) -> tuple[TournamentView, int | None]:
        """Cancelled, and the deal being played for it (for the runtime to cancel)."""
        async with self.db.transaction() as s:
            row = await store.load(s, tournament_id)
            if row is None:
                raise NotFound(Code.NO_TOURNAMENT)
            if row.status not in store.ACTIVE:
                raise LobbyError(Code.TOURNAMENT_OVER)
            row.status, row.finished_at = "cancelled", self.clock()
            playing = next((m.game_id for m in await store.matches(s, row.id)
                            if m.status == "playing"), None)
            return await self._changed(s, row), playing

    async def ready(self, tournament_id: int, idx: int, user_id: int) -> TournamentView:
        async with self.db.transaction() as s:
            row = await store.load(s, tournament_id)
            if row is None:
                raise NotFound(Code.NO_TOURNAMENT)
            match = await store.match_at(s, row.id, idx)
            if row.status != "running" or match is None or match.status != "called":
                raise LobbyError(Code.MATCH_NOT_CALLED)
            slot = next((e.slot for e in await store.entries(s, row.id)
                         if e.user_id == user_id), None)
            if slot is None or slot not in (match.a, match.b):
                raise NotAllowed(Code.NOT_YOUR_MATCH)
            if slot in (match.ready or []):
                raise LobbyError(Code.ALREADY_READY)
            match.ready = sorted({*match.ready, slot})
            return await self._changed(s, row)

    async def bump(self, tournament_id: int, *, repost: bool) -> None:
        """A new version with nothing changed: its message drawn again."""
        async with self.db.transaction() as s:
            row = await store.load(s, tournament_id)
            if row is None:
                raise NotFound(Code.NO_TOURNAMENT)
            await self._changed(s, row, repost=repost)

    # -- the clock's step -------------------------------------------------------------------
    async def advance(self, tournament_id: int) -> TournamentView | None:
        """Whatever the clock or a finished deal made due; the tournament as it is (None
        when it is over or gone)."""
        async with self.db.transaction() as s:
            row = await store.load(s, tournament_id)
            if row is None or row.status not in store.ACTIVE:
                return None
            now = self.clock()
            if row.status == "open":
                if now < (store.aware(row.join_until) or now):
                    return await store.view(s, row)
                if len(await store.entries(s, row.id)) < MIN_ENTRANTS:
                    row.status, row.finished_at = "cancelled", now  # too few: said in place
                    return await self._changed(s, row)
                await self._draw_places(s, row)
                await self._advance(s, row, now)
                return await self._changed(s, row, repost=True)
            if await self._advance(s, row, now):
                return await self._changed(s, row, repost=True)
            return await store.view(s, row)

    async def start_game(self, s: AsyncSession, tournament_id: int, idx: int,
                         game_id: int) -> None:
        """In the new deal's transaction: the called match is being played now (refused,
        and so no deal, when another press or instance started it, or it is no longer
        called)."""
        row = await store.load(s, tournament_id)
        match = None if row is None else await store.match_at(s, row.id, idx)
        if row is None or row.status != "running" or match is None or \
                match.status != "called" or not {match.a, match.b} <= set(match.ready):
            raise AlreadyPlayed(Code.MATCH_NOT_CALLED)
        match.status, match.game_id = "playing", game_id
        await self._changed(s, row)

    # -- the standings message --------------------------------------------------------------
    async def claim_draw(self, tournament_id: int, lease: timedelta, *,
                         shared: bool = True
                         ) -> tuple[TournamentView, bool, int | None] | None:
        """The tournament to draw, if its message is behind and no instance is drawing it:
        (view, whether to send it anew, the match whose people to tell it is called).
        ``shared``: other instances run; alone, a lease in the row can only be a stopped
        process's, and is not waited for."""
        now = self.clock()
        async with self.db.transaction() as s:
            row = await store.load(s, tournament_id)
            if row is None or row.drawn_version >= row.version:
                return None
            if shared and row.draw_until is not None and \
                    (store.aware(row.draw_until) or now) > now:
                return None
            row.draw_until = now + lease
            view = await store.view(s, row)
            current = view.current
            tell = current.idx if current is not None and current.status == "called" \
                and row.told_match != current.idx else None
            if row.status == "finished" and row.told_match != TOLD_WINNER:
                tell = TOLD_WINNER
            return view, row.repost, tell

    async def release_draw(self, tournament_id: int) -> None:
        """A draw that failed: the next look (any instance) draws it again."""
        async with self.db.transaction() as s:
            row = await store.load(s, tournament_id)
            if row is not None:
                row.draw_until = None

    async def drawn(self, tournament_id: int, version: int, message_id: int | None,
                    told: int | None) -> None:
        async with self.db.transaction() as s:
            row = await store.load(s, tournament_id)
            if row is None:
                return
            row.drawn_version = max(row.drawn_version, version)
            row.draw_until = None
            if message_id is not None:
                row.message_id = message_id
            if row.drawn_version >= row.version:
                row.repost = False
            if told is not None:
                row.told_match = told

    # -- helpers ----------------------------------------------------------------------------
    async def _open(self, s: AsyncSession, tournament_id: int) -> Tournament:
        row = await store.load(s, tournament_id)
        if row is None:
            raise NotFound(Code.NO_TOURNAMENT)
        if row.status != "open":
            raise LobbyError(Code.TOURNAMENT_STARTED)
        return row

    async def _changed(self, s: AsyncSession, row: Tournament, *,
                       repost: bool = False) -> TournamentView:
        row.version += 1
        row.repost = row.repost or repost
        await s.flush()
        return await store.view(s, row)

    async def _draw_places(self, s: AsyncSession, row: Tournament) -> None:
        """Running: the people in a random order, computers in the empty places, every
        match planned."""
        entries = await store.entries(s, row.id)
        order = list(entries)
        random.Random(row.seed).shuffle(order)
        kept = [(e.user_id, e.name) for e in order]
        for e in entries:
            await s.delete(e)
        await s.flush()
        for slot, (user_id, name) in enumerate(kept):
            s.add(TournamentEntry(tournament_id=row.id, slot=slot, user_id=user_id, name=name))
        for extra in range(computers_needed(row.format, len(kept))):
            s.add(TournamentEntry(tournament_id=row.id, slot=len(kept) + extra,
                                  computer_strength=COMPUTER, name=""))
        for idx, planned in enumerate(plan(row.format, len(kept))):
            s.add(TournamentMatch(tournament_id=row.id, idx=idx, round=planned.round,
                                  a=planned.a, b=planned.b, status="pending", ready=[]))
        row.status = "running"
        await s.flush()

    async def _advance(self, s: AsyncSession, row: Tournament, now: datetime) -> bool:
        """A running tournament's due steps; True when anything changed (a match called
        or decided, the tournament over): all of it is news the group should see."""
        matches = await store.matches(s, row.id)
        computers = {e.slot for e in await store.entries(s, row.id) if e.user_id is None}
        changed = False
        for match in matches:
            if match.status == "playing" and match.game_id is not None:
                game = await s.get(Game, match.game_id)
                if game is not None and game.status == "cancelled":  # /cancel: play it again
                    self._call(match, computers, now)
                    changed = True
            elif match.status == "called" and now >= (store.aware(match.ready_until) or now) \
                    and not {match.a, match.b} <= set(match.ready):
                present = [x for x in (match.a, match.b) if x in match.ready]
                decide(row, matches, match, present[0] if present else NOBODY, "no_show")
                changed = True
        if any(m.status in ("called", "playing") for m in matches):
            return changed
        rng = random.Random(row.seed)
        for match in matches:
            if match.status != "pending" or match.a is None or match.b is None:
                continue
            if NOBODY in (match.a, match.b):
                other = match.b if match.a == NOBODY else match.a
                decide(row, matches, match, other, "walkover")
                continue
            if match.a in computers and match.b in computers:
                decide(row, matches, match, rng.choice((match.a, match.b)), "lot")
                continue
            self._call(match, computers, now)
            return True
        await self._finish(s, row, matches, now)
        return True

    def _call(self, match: TournamentMatch, computers: set[int], now: datetime) -> None:
        match.status, match.game_id = "called", None
        match.ready = sorted(x for x in (match.a, match.b) if x in computers)
        match.ready_until = now + self.ready_wait

    async def _finish(self, s: AsyncSession, row: Tournament,
                      matches: list[TournamentMatch], now: datetime) -> None:
        if row.format == KNOCKOUT:
            winner = matches[-1].winner if matches else NOBODY
        else:
            slots = {x for m in matches for x in (m.a, m.b) if x is not None}
            table = standings(slots, [(m.a, m.b, m.winner) for m in matches
                                      if m.a is not None and m.b is not None])
            winner = table[0].slot if table and table[0].points > 0 else NOBODY
        row.status, row.finished_at = "finished", now
        row.winner_slot = NOBODY if winner is None else winner
        entry = next((e for e in await store.entries(s, row.id) if e.slot == row.winner_slot),
                     None)
        if entry is not None and entry.user_id is not None:
            await achievement_store.award(s, [{
                "player": user_key(entry.user_id), "key": MEDAL, "user_id": entry.user_id,
                "chat_id": row.chat_id, "game_id": None, "earned_at": now}])


async def record_deal_end(s: AsyncSession, game: Any, fools: set[int], draw: bool,
                          now: datetime, ready_wait: timedelta = READY_WAIT) -> bool:
    """In a finished deal's transaction (``service/results.py``): when it was a
    tournament's match, its result; True then (its series ends: no Play again). Seat 0 is
    the match's a, seat 1 its b (``start_game``'s order). A drawn deal in a knockout is
    played again at once (both were there); in a round-robin it is half a point each."""
    match = await store.match_of_game(s, game.id)
    if match is None:
        return False
    row = await store.load(s, match.tournament_id)
    assert row is not None
    await s.execute(update(Series).where(Series.id == game.series_id)
                    .values(status="finished", finished_at=now))
    matches = await store.matches(s, row.id)  # (``match`` is among them: one session)
    if draw and row.format == KNOCKOUT:
        match.status, match.game_id = "called", None
        match.ready, match.ready_until = sorted({match.a, match.b}), now + ready_wait
    elif draw:
        match.status, match.winner, match.how = "done", None, "draw"
    else:
        decide(row, matches, match, match.b if 0 in fools else match.a, "played")
    row.version += 1
    return True


def decide(row: Tournament, matches: list[TournamentMatch], match: TournamentMatch,
           winner: int | None, how: str) -> None:
    """The match is over: its winner (NOBODY when both stayed away) goes on to the next
    round's match in a knockout."""
    match.status, match.winner, match.how = "done", winner, how
    if row.format != KNOCKOUT:
        return
    follow = knockout_next(bracket_size(sum(1 for m in matches if m.round == 1) * 2),
                           match.idx)
    if follow is not None:
        parent = matches[follow[0]]
        side = NOBODY if winner is None else winner
        if follow[1] == 0:
            parent.a = side
        else:
            parent.b = side
