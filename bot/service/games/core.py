"""The transaction and version rules every game intent keeps, stated once: how a plan is
loaded, made and committed behind the version check, and what the caller hears.

Every accepted action is one transaction: load the game row, check the version the caller
saw, apply through the engine, save the state with ``UPDATE ... WHERE version = expected
AND status = 'running'``, append to the move log, and (at deal end) write results, tallies
and ratings. Two racing identical presses can never both apply: the versioned UPDATE matches
for one of them only (on PostgreSQL a racing UPDATE waits for the row lock and re-checks the
WHERE on the committed row, in any number of processes; on SQLite writers are serialised by
the write lock), and the (game, idx) primary key of the move log is a second guard. The
loser gets ``AlreadyPlayed`` (same action already in the log) or ``StaleVersion``.

The position cache (positions.py): each GameService keeps the running games it last
committed or read, keyed by game id and tagged with their version (LRU, ``cache_size``
games). An action on a
cached game skips the load and the JSON decoding: it is planned on a clone of the cached
state (a failed commit never corrupts the cache) and written with the same versioned
UPDATE, so a cache that another process (or a cancel) made stale costs one refused UPDATE,
after which the action is planned again from the database as if there were no cache.
Refusals found on the cached position are always confirmed there too.

Every result carries the game after it (``GameSnapshot``, built by
``positions.build_snapshot``): the state the plan made, shared with the cache and read only,
so the presentation layer draws it without a query and without applying the move again.

The common action (cached game, no seat counters to reset, deal not over) is written
together with the other games' actions that arrived meanwhile
(``game_repo.save_running_many``): per batch one executemany in SQLite's group commit, or
one set-based statement on PostgreSQL. Each action still commits before its caller hears
of it, and is guarded by its own version.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, NoReturn

from bot.engine import GameState, RuleSet, deal_from_dict
from bot.service import settings as game_settings
from bot.service.errors import AlreadyPlayed, Code, GameOver, NotFound, StaleVersion
from bot.service.events import ActResult, DealEnded, GameSnapshot, MoveApplied
from bot.service.hands import Hands
from bot.service.positions import (
    CachedGame,
    GameFacts,
    PositionCache,
    SeatRow,
    build_snapshot,
    names_at_table,
    seat_infos,
    seat_name,
    updated_seats,
)
from bot.service.results import record_deal_end
from bot.storage import games as game_repo
from bot.storage import people
from bot.storage.database import Coalescer, Database

from .clocks import task_changed

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncSession


SEED_BITS = 62  # fits a signed BIGINT on every backend
CACHE_SIZE = 2048  # running games whose position a service keeps decoded


@dataclass
class Plan:
    """What an intent will write if the version still matches: the new state, the moves
    (with the acting user), seat counter changes, extra events, and for a single press the
    (seat, action) that tells an identical double press from a stale one."""

    state: GameState
    moves: list[tuple[MoveApplied, int | None]]
    seat_updates: dict[int, dict[str, Any]]
    extra_events: tuple[Any, ...]
    seat: int | None
    action: str | None
    hands: Hands | None = None  # seat_hands(state), when the plan computed them
    # The position the step was planned on and its stored deadline: the deadline stays
    # unless a seat waited on got a new task (``clocks``). None: the clock restarts.
    before: GameState | None = None
    deadline_before: datetime | None = None


Seats = tuple[SeatRow, ...]
# A step planned inside the load's session: (session, game row, seats) -> what to write.
Planner = Callable[["AsyncSession", Any, Seats], Awaitable[Plan]]


def utcnow() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; they were stored as UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class GameCore:
    """What every intent shares: the database, the clock, the position cache, and the steps
    of one versioned transaction (``_run``: load, plan, commit, settle)."""

    def __init__(self, db: Database, *, clock: Callable[[], datetime] = utcnow,
                 rng: random.Random | None = None, cache_size: int = CACHE_SIZE) -> None:
        self.db = db
        self.clock = clock
        self.rng = rng or random.SystemRandom()
        self._cache = PositionCache(cache_size)
        # game id -> how many seat changes (leave, hand over, hand back) it has had: they
        # do not move the version, so a move planned on the seats before one must not
        # cache or show them (``_settled``).
        self._seat_changes: dict[int, int] = {}
        # The common actions of all games, written together (one batch in flight).
        self._saves = Coalescer(db, game_repo.save_running_many)

    def seats_changed(self, game_id: int) -> None:
        """The deal's seats changed (hand over, hand back, leave, a person forgotten): they
        keep the version, so a move planned before must not cache or show them
        (``_settled``), and the next press reads them again."""
        self._seat_changes[game_id] = self._seat_changes.get(game_id, 0) + 1
        self._cache.forget(game_id)

    async def snapshot(self, game_id: int) -> GameSnapshot:
        """The stored game (any status), read without locking. Its state is the caller's
        own (a clone or freshly decoded)."""
        async with self.db.read() as s:
            game = await game_repo.load_game(s, game_id, lock=False)
            if game is None:
                raise NotFound(Code.NO_SUCH_GAME)
            seats = tuple(SeatRow.of(x) for x in await game_repo.load_seats(s, game_id))
            facts = GameFacts.of(game)
            names = names_at_table(facts, await people.user_names(
                s, [x.user_id for x in seats]))
        cached = self._cache.get(game_id) if game.status == "running" else None
        state = self._decoded(game)
        deadline = aware(game.turn_deadline) if game.turn_deadline else None
        if game.status == "running" and (cached is None or cached.version != game.version
                                         or cached.deadline != deadline):
            self._cache.put(CachedGame(facts, game.version, state.clone(), seats, names,
                                       deadline=deadline))
        return build_snapshot(facts, version=game.version, status=game.status, state=state,
                              seats=seats, names=names, turn_deadline=deadline)

    async def _run(self, game_id: int, plan: Planner, *, claim: bool = False) -> ActResult:
        """Load, plan (engine work, no writes), then commit behind the version check.

        On SQLite the load and the planning happen in a read snapshot outside the write
        lock, so the single writer only ever holds the lock for the short UPDATE + INSERT
        (the versioned UPDATE refuses the commit if anyone wrote since the snapshot). On
        PostgreSQL one transaction does it all with the game row locked FOR UPDATE, so a
        press that lost a race waits for the winner and then names the move it lost to;
        with ``claim`` (the turn timers) a game whose row another transaction holds is
        left to it (SKIP LOCKED): with several instances each timer fires in one of them.
        """
        generation = self._seat_changes.get(game_id, 0)
        if self.db.is_sqlite:
            async with self.db.read() as s:
                game, seats = await self._load_running(s, game_id, lock=False)
                planned = await plan(s, game, seats)
                facts = GameFacts.of(game)
                names = await self._names(s, facts, seats)
            prepared = self._prepare(facts, planned)
            result = await self.db.write(lambda s: self._commit_moves(
                s, facts, game.version, seats, names, planned, *prepared, refuse=True))
        else:
            async with self.db.transaction() as s:
                game, seats = await self._load_running(s, game_id, lock=True, claim=claim)
                planned = await plan(s, game, seats)
                facts = GameFacts.of(game)
                names = await self._names(s, facts, seats)
                result = await self._commit_moves(s, facts, game.version, seats, names,
                                                  planned, *self._prepare(facts, planned),
                                                  refuse=True)
        assert result is not None  # with refuse=True a lost race raises instead
        return await self._settled(generation, result, facts, game.version, seats, names,
                                   planned)

    async def _settled(self, generation: int, result: ActResult, facts: GameFacts,
                       version: int, seats: Seats, names: dict[int, str],
                       planned: Plan) -> ActResult:
        """A committed plan's result. When a seat changed while it ran (on SQLite a plan
        reads outside the write lock, and seat changes keep the version), its seats are
        stale: the result shows the seats as stored now and nothing is cached."""
        if self._seat_changes.get(facts.id, 0) == generation:
            self._remember(facts, version, seats, names, planned,
                           result.snapshot.turn_deadline)
            return result
        self._cache.forget(facts.id)
        async with self.db.read() as s:
            fresh = tuple(SeatRow.of(x) for x in await game_repo.load_seats(s, facts.id))
        return replace(result, snapshot=replace(result.snapshot,
                                                seats=seat_infos(fresh, names)))

    async def _names(self, s: AsyncSession, facts: GameFacts, seats: Seats) -> dict[int, str]:
        """user id -> the name the game shows of its people, for its snapshots: from the
        cache when this process knows the game (names are read once per deal), else one
        query (``names_at_table``: first names only with strangers)."""
        cached = self._cache.get(facts.id)
        if cached is not None:
            return cached.names
        return names_at_table(facts, await people.user_names(s, [x.user_id for x in seats]))

    def _remember(self, facts: GameFacts, version: int, seats: Seats, names: dict[int, str],
                  planned: Plan, deadline: datetime | None) -> None:
        """Cache the position a plan committed (called only after the commit)."""
        if planned.state.is_over:
            self._cache.forget(facts.id)
            return
        self._cache.put(CachedGame(facts, version + len(planned.moves), planned.state,
                                   updated_seats(tuple(seats), planned.seat_updates), names,
                                   planned.hands, deadline))

    @staticmethod
    def _result(facts: GameFacts, version: int, seats: Seats, names: dict[int, str], plan: Plan,
                deadline: datetime | None, events: list[Any]) -> ActResult:
        """What a committed plan tells its caller: the events and the game after them (its
        state is the plan's, shared with the cache: read only)."""
        new_version = version + len(plan.moves)
        snapshot = build_snapshot(
            facts, version=new_version, status="finished" if plan.state.is_over else "running",
            state=plan.state, seats=updated_seats(tuple(seats), plan.seat_updates),
            names=names, turn_deadline=deadline)
        return ActResult(game_id=facts.id, version=new_version, snapshot=snapshot,
                         events=tuple(events))

    def _decoded(self, game: Any) -> GameState:
        """The state of a game row: the cached position when it is that version (a clone:
        the caller may keep it), else decoded from the row."""
        cached = self._cache.get(game.id) if game.status == "running" else None
        if cached is not None and cached.version == game.version:
            return cached.state.clone()
        return deal_from_dict(game.state)

    async def _load_running(self, s: AsyncSession, game_id: int, lock: bool = True,
                            claim: bool = False) -> tuple[Any, Seats]:
        game = await game_repo.load_game(s, game_id, lock=lock, skip_locked=claim)
        if game is None and claim:  # another instance holds the game: it plays this turn
            raise StaleVersion(Code.GAME_MOVED_ON, "another instance has the game")
        if game is None:
            raise NotFound(Code.NO_SUCH_GAME)
        if game.status != "running":
            raise GameOver(Code.GAME_OVER if game.status == "finished"
                           else Code.GAME_CANCELLED)
        return game, tuple(SeatRow.of(x) for x in await game_repo.load_seats(s, game_id))

    @staticmethod
    async def _refuse_stale(s: AsyncSession, game_id: int, expected: int, seat: int,
                            action_text: str) -> NoReturn:
        await GameCore._refuse_double(s, game_id, expected, seat, action_text)
        raise StaleVersion(Code.GAME_MOVED_ON)

    @staticmethod
    async def _refuse_double(s: AsyncSession, game_id: int, expected: int, seat: int,
                             action_text: str) -> None:
        """A second press of the move that was played at ``expected``: already done."""
        played = await game_repo.move_at(s, game_id, expected)
        if played is not None and played.seat == seat and played.action == action_text:
            raise AlreadyPlayed(Code.ALREADY_PLAYED)

    def _prepare(self, facts: GameFacts,
                 plan: Plan) -> tuple[datetime, datetime | None, dict[str, Any]]:
        """(now, turn deadline, state JSON) of a plan, computed before taking a write slot
        (and once, even if a group commit has to run the write again)."""
        now = self.clock()
        deadline = self._deadline(plan.state, facts.settings, now, before=plan.before,
                                  previous=plan.deadline_before)
        return now, deadline, plan.state.to_dict()

    async def _commit_moves(self, s: AsyncSession, facts: GameFacts, version: int, seats: Seats,
                            names: dict[int, str], plan: Plan, now: datetime,
                            deadline: datetime | None, state_dict: dict[str, Any], *,
                            refuse: bool) -> ActResult | None:
        """Write a plan made on ``version``. If another writer got there first: with
        ``refuse`` raise the refusal for the caller, else return None having written nothing
        (the plan came from the cache; the caller plans again from the database)."""
        state, moves = plan.state, plan.moves
        new_version = version + len(moves)
        if state.is_over:
            assert state.outcome is not None  # a finished deal has its outcome
            ok = await game_repo.save_finished(
                s, facts.id, expected_version=version, state=state_dict, version=new_version,
                outcome=state.outcome.to_dict(), now=now)
        else:
            ok = await game_repo.save_running(s, facts.id, expected_version=version,
                                              state=state_dict, version=new_version,
                                              turn_deadline=deadline, now=now)
        if not ok:
            if not refuse:
                return None
            if plan.seat is not None and plan.action is not None:
                await self._refuse_stale(s, facts.id, version, plan.seat, plan.action)
            raise StaleVersion(Code.GAME_MOVED_ON, "the game has moved on; nothing was applied")
        await game_repo.append_moves(s, facts.id, [
            {"idx": m.version - 1, "seat": m.seat, "user_id": uid, "action": m.action,
             "cause": m.cause, "created_at": now} for m, uid in moves])
        for seat, values in plan.seat_updates.items():
            await game_repo.update_seat(s, facts.id, seat, **values)
        events: list[Any] = [replace(m, turn_deadline=deadline) for m, _ in moves]
        events.extend(plan.extra_events)
        if state.is_over:
            now_names = names_at_table(facts, await people.user_names(
                s, [x.user_id for x in seats]))
            ended: DealEnded = await record_deal_end(
                s, facts, seats, {x.seat: seat_name(x, now_names) for x in seats},
                state.outcome, RuleSet.from_dict(facts.rules), now)
            events.append(ended)
        return self._result(facts, version, seats, names, plan, deadline, events)

    @staticmethod
    def _deadline(state: GameState, settings: dict[str, Any], now: datetime, *,
                  before: GameState | None = None,
                  previous: datetime | None = None) -> datetime | None:
        """The turn deadline after a step to ``state`` from ``before``: the one it had
        (``previous``) while every seat waited on keeps its task, else a full turn from
        ``now`` (docs/rules.md, "Turn timers")."""
        if state.is_over or not tuple(state.waiting_on()):
            return None
        if before is not None and previous is not None and not task_changed(before, state):
            return previous
        seconds = int(settings.get("turn_seconds", game_settings.DEFAULT_TURN_SECONDS))
        return now + timedelta(seconds=seconds)
