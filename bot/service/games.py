"""Game intents: start, act, time out, cancel, next deal.

Every accepted action is one transaction: load the game row, check the version the caller
saw, apply through the engine, save the state with ``UPDATE ... WHERE version = expected
AND status = 'running'``, append to the move log, and (at deal end) write results, tallies
and ratings. Two racing identical presses can never both apply: the versioned UPDATE matches
for one of them only (on PostgreSQL a racing UPDATE waits for the row lock and re-checks the
WHERE on the committed row, in any number of processes; on SQLite writers are serialised by
the write lock), and the (game, idx) primary key of the move log is a second guard. The
loser gets ``AlreadyPlayed`` (same action already in the log) or ``StaleVersion``.

The position cache: each GameService keeps the running games it last committed or read,
keyed by game id and tagged with their version (LRU, ``cache_size`` games). An action on a
cached game skips the load and the JSON decoding: it is planned on a clone of the cached
state (a failed commit never corrupts the cache) and written with the same versioned
UPDATE, so a cache that another process (or a cancel) made stale costs one refused UPDATE,
after which the action is planned again from the database as if there were no cache.
Refusals found on the cached position are always confirmed there too.

The common action (cached game, no seat counters to reset, deal not over) is written
together with the other games' actions that arrived meanwhile
(``game_repo.save_running_many``): per batch one executemany in SQLite's group commit, or
one set-based statement on PostgreSQL. Each action still commits before its caller hears
of it, and is guarded by its own version.

Decisions (not in RULES.md):
- the turn deadline restarts with every accepted action while someone is waited on;
- a timeout plays the engine's default action for every seat waited on at the deadline
  (skipping a seat that stops being waited on as the others move); a person who times out
  ``TAKEOVER_AFTER`` times in a row is taken over by a computer player (``taken_over``),
  which the AI layer then plays through ``act(..., seat=N, cause="computer")``; acting
  themselves resets the count and hands the seat back;
- only the host (the lobby's host) cancels a running deal; a cancelled deal writes no
  results and ends its series;
- the next deal of a series may be started by any person seated in it.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError

from bot.engine import (
    Action,
    GameState,
    IllegalAction,
    RulesError,
    RuleSet,
    deal_from_dict,
    new_deal,
    next_deal,
)
from bot.service import settings as game_settings
from bot.service.errors import (
    AlreadyPlayed,
    GameOver,
    IllegalMove,
    LobbyError,
    NotAllowed,
    NotFound,
    NotYet,
    ServiceError,
    StaleVersion,
)
from bot.service.events import (
    ActResult,
    DealEnded,
    GameCancelled,
    GameSnapshot,
    GameStarted,
    LobbyUpdated,
    MoveApplied,
    SeatInfo,
    SeatTakenOver,
)
from bot.service.hands import changed_seats, hands_changed, seat_hands, team_of
from bot.service.lobby import lobby_snapshot
from bot.service.results import record_deal_end
from bot.storage import games as game_repo
from bot.storage import lobbies as lobby_repo
from bot.storage import people
from bot.storage.database import Coalescer, Database
from bot.storage.models import Game, Seat, Series

TAKEOVER_AFTER = 2
SEED_BITS = 62  # fits a signed BIGINT on every backend
CACHE_SIZE = 2048  # running games whose position a service keeps decoded


@dataclass(frozen=True)
class _GameFacts:
    """What a game's row says that does not change while the deal runs."""

    id: int
    chat_id: int
    series_id: int | None
    host_id: int | None
    settings: dict
    rules: dict

    @classmethod
    def of(cls, row) -> _GameFacts:
        return cls(row.id, row.chat_id, row.series_id, row.host_id, row.settings or {},
                   row.rules)


@dataclass(frozen=True)
class _SeatRow:
    seat: int
    user_id: int | None
    computer_strength: str | None
    team: int | None
    consecutive_timeouts: int
    taken_over: bool

    @classmethod
    def of(cls, row) -> _SeatRow:
        return cls(row.seat, row.user_id, row.computer_strength, row.team,
                   row.consecutive_timeouts, bool(row.taken_over))


@dataclass(frozen=True)
class _Cached:
    """A running game at ``version`` as committed or read by this process. ``state`` is
    never mutated (plans apply to a clone); ``hands`` are its seats' hands, or None until
    first needed."""

    facts: _GameFacts
    version: int
    state: GameState
    seats: tuple[_SeatRow, ...]
    hands: tuple | None = None


class _PositionCache:
    """LRU of ``_Cached`` by game id. A put never replaces a newer version with an older
    one (two tasks can finish their commits in either order)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[int, _Cached] = OrderedDict()

    def get(self, game_id: int) -> _Cached | None:
        entry = self._entries.get(game_id)
        if entry is not None:
            self._entries.move_to_end(game_id)
        return entry

    def put(self, entry: _Cached) -> None:
        if self.size <= 0:
            return
        game_id = entry.facts.id
        old = self._entries.get(game_id)
        if old is not None and old.version > entry.version:
            return
        self._entries[game_id] = entry
        self._entries.move_to_end(game_id)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def forget(self, game_id: int) -> None:
        self._entries.pop(game_id, None)

    def __len__(self) -> int:
        return len(self._entries)


@dataclass
class _Plan:
    """What an intent will write if the version still matches: the new state, the moves
    (with the acting user), seat counter changes, extra events, and for a single press the
    (seat, action) that tells an identical double press from a stale one."""

    state: GameState
    moves: list[tuple[MoveApplied, int | None]]
    seat_updates: dict[int, dict]
    extra_events: tuple
    seat: int | None
    action: str | None
    hands: tuple | None = None  # seat_hands(state), when the plan computed them


def utcnow() -> datetime:
    return datetime.now(UTC)


class GameService:
    def __init__(self, db: Database, *, clock: Callable[[], datetime] = utcnow,
                 rng: random.Random | None = None, cache_size: int = CACHE_SIZE) -> None:
        self.db = db
        self.clock = clock
        self.rng = rng or random.SystemRandom()
        self._cache = _PositionCache(cache_size)
        # The common actions of all games, written together (one batch in flight).
        self._saves = Coalescer(db, game_repo.save_running_many)

    # -- start ----------------------------------------------------------------------------
    async def start(self, lobby_id: int, user_id: int,
                    expected_version: int | None = None) -> tuple[LobbyUpdated, GameStarted]:
        """Start the lobby's first deal. Refused with too few players or rules that do not
        fit the player count (the engine's reason is passed on)."""
        async with self.db.transaction() as s:
            lobby = await lobby_repo.load_lobby(s, lobby_id)
            if lobby is None:
                raise NotFound("no such lobby")
            if lobby.status != "open":
                raise LobbyError("this lobby has already started or closed")
            if lobby.host_id != user_id:
                raise NotAllowed("only the host can start the game")
            if expected_version is not None and expected_version != lobby.version:
                raise StaleVersion("the lobby changed meanwhile; look again and retry")
            members = await lobby_repo.members(s, lobby_id)
            if len(members) < 2:
                raise LobbyError("at least 2 players are needed to start")
            try:
                rules = game_settings.rules_for(lobby.settings, len(members))
            except RulesError as exc:
                raise LobbyError(str(exc)) from exc
            series = Series(chat_id=lobby.chat_id, target=rules.series_to or None,
                            matchsticks={}, stakes={}, status="running")
            s.add(series)
            await s.flush()
            seat_rows = [{"user_id": m.user_id, "computer_strength": m.computer_strength}
                         for m in members]
            started, cached = await self._create_deal(
                s, chat_id=lobby.chat_id, lobby_id=lobby.id, series_id=series.id,
                deal_number=1, host_id=lobby.host_id, rules=rules, settings=lobby.settings,
                seat_rows=seat_rows, previous=None)
            lobby.status = "started"
            lobby.version += 1
            await s.flush()
            updated = await lobby_snapshot(s, lobby, "game started")
        self._cache.put(cached)  # committed
        return updated, started

    async def next_deal(self, game_id: int, user_id: int) -> GameStarted:
        """The next deal of the series after the finished deal ``game_id``."""
        try:
            async with self.db.transaction() as s:
                game = await game_repo.load_game(s, game_id)
                if game is None:
                    raise NotFound("no such game")
                seats = await game_repo.load_seats(s, game_id)
                if not any(seat.user_id == user_id for seat in seats):
                    raise NotAllowed("only players of this game can deal again")
                if game.status != "finished":
                    raise LobbyError("this deal is not finished yet")
                series = await s.get(Series, game.series_id, with_for_update=True)
                if series is None or series.status != "running":
                    raise LobbyError("this series is over; start a new lobby")
                if await game_repo.latest_deal_number(s, series.id) != game.deal_number:
                    raise AlreadyPlayed("the next deal has already started")
                rules = RuleSet.from_dict(game.rules)
                previous = deal_from_dict(game.state)
                seat_rows = [{"user_id": x.user_id, "computer_strength": x.computer_strength,
                              "taken_over": x.taken_over} for x in seats]
                started, cached = await self._create_deal(
                    s, chat_id=game.chat_id, lobby_id=game.lobby_id, series_id=series.id,
                    deal_number=game.deal_number + 1, host_id=game.host_id, rules=rules,
                    settings=game.settings, seat_rows=seat_rows,
                    previous=(previous.outcome, game.dealer))
        except IntegrityError as exc:  # the (series, deal_number) key: a racing press won
            raise AlreadyPlayed("the next deal has already started") from exc
        self._cache.put(cached)  # committed
        return started

    async def _create_deal(self, s, *, chat_id, lobby_id, series_id, deal_number, host_id,
                           rules: RuleSet, settings: dict, seat_rows: list[dict],
                           previous) -> tuple[GameStarted, _Cached]:
        """Insert the deal; returns what to tell and what to cache once it is committed."""
        seed = self.rng.getrandbits(SEED_BITS)
        if previous is None:
            state = new_deal(rules, seed=seed, dealer=None)
        else:
            outcome, dealer = previous
            state = next_deal(rules, outcome, dealer, seed)
        now = self.clock()
        deadline = self._deadline(state, settings, now)
        game = Game(chat_id=chat_id, lobby_id=lobby_id, series_id=series_id,
                    deal_number=deal_number, host_id=host_id, rules=rules.to_dict(),
                    settings=dict(settings), seed=seed, dealer=state.dealer,
                    state=state.to_dict(), version=state.version, status="running",
                    hand_message_ids={}, turn_deadline=deadline, updated_at=now)
        s.add(game)
        await s.flush()
        names = await people.user_names(s, [r["user_id"] for r in seat_rows])
        infos = []
        cached_seats = []
        for n, row in enumerate(seat_rows):
            team = team_of(rules.teams, n)
            s.add(Seat(game_id=game.id, seat=n, user_id=row["user_id"],
                       computer_strength=row["computer_strength"], team=team,
                       consecutive_timeouts=0, taken_over=bool(row.get("taken_over"))))
            cached_seats.append(_SeatRow(n, row["user_id"], row["computer_strength"], team, 0,
                                         bool(row.get("taken_over"))))
            infos.append(SeatInfo(seat=n, user_id=row["user_id"],
                                  name=names.get(row["user_id"], "") if row["user_id"]
                                  else f"Computer ({row['computer_strength']})",
                                  computer_strength=row["computer_strength"], team=team,
                                  taken_over=bool(row.get("taken_over"))))
        await s.flush()
        started = GameStarted(game_id=game.id, chat_id=chat_id, series_id=series_id,
                              deal_number=deal_number, version=game.version,
                              seats=tuple(infos), turn_deadline=deadline, lobby_id=lobby_id)
        facts = _GameFacts(game.id, chat_id, series_id, host_id, game.settings, game.rules)
        return started, _Cached(facts, state.version, state, tuple(cached_seats))

    # -- act ------------------------------------------------------------------------------
    async def act(self, game_id: int, action: str, *, expected_version: int | None,
                  user_id: int | None = None, seat: int | None = None,
                  cause: str = "player") -> ActResult:
        """Apply one action for the pressing user (``user_id``) or for a computer-played
        seat (``seat`` with cause "computer"). ``action`` is the engine's short text
        (untrusted: parsed and checked by the engine)."""
        if cause not in ("player", "computer"):
            raise ValueError("cause must be player or computer")
        cached = self._cache.get(game_id)
        if cached is not None and expected_version in (None, cached.version):
            result = await self._act_cached(cached, action, user_id, seat, cause)
            if result is not None:
                return result

        async def plan(s, game, seats) -> _Plan:
            actor = self._actor(seats, user_id, seat, cause)
            action_text = self._parse(action, actor.seat).text()
            if expected_version is not None and expected_version != game.version:
                await self._refuse_stale(s, game_id, expected_version, actor.seat, action_text)
            return self._plan_press(game_id, deal_from_dict(game.state), None,
                                    game.version, actor, action_text, cause)

        return await self._run(game_id, plan)

    async def _act_cached(self, cached: _Cached, action: str, user_id: int | None,
                          seat: int | None, cause: str) -> ActResult | None:
        """The action planned on the cached position and written behind its version. None
        when the cache cannot answer: a refusal (confirmed, or not, against the database by
        the caller) or a version that another writer already moved past."""
        try:
            actor = self._actor(cached.seats, user_id, seat, cause)
            action_text = self._parse(action, actor.seat).text()
            planned = self._plan_press(cached.facts.id, cached.state, cached.hands,
                                       cached.version, actor, action_text, cause)
        except ServiceError:
            return None
        facts, version, seats = cached.facts, cached.version, cached.seats
        prepared = self._prepare(facts, planned)
        if planned.seat_updates or planned.state.is_over:
            if self.db.is_sqlite:
                result = await self.db.write(lambda s: self._commit_moves(
                    s, facts, version, seats, planned, *prepared, refuse=False))
            else:
                async with self.db.transaction() as s:
                    result = await self._commit_moves(s, facts, version, seats, planned,
                                                      *prepared, refuse=False)
        else:  # the common action: a versioned save and one move-log row, batched
            now, deadline, state_dict = prepared
            move, uid = planned.moves[0]
            logged = {"idx": version, "seat": move.seat, "user_id": uid,
                      "action": move.action, "cause": move.cause}
            ok = await self._saves.submit({
                "game_id": facts.id, "expected_version": version, "state": state_dict,
                "turn_deadline": deadline, "now": now, "move": logged})
            result = (ActResult(game_id=facts.id, version=version + 1,
                                events=(replace(move, turn_deadline=deadline),))
                      if ok else None)
        if result is None:
            self._cache.forget(facts.id)
            return None
        self._remember(facts, version, seats, planned)
        return result

    @staticmethod
    def _plan_press(game_id: int, before: GameState, before_hands: tuple | None, version: int,
                    actor, action_text: str, cause: str) -> _Plan:
        """Apply one press to a clone of ``before`` (which stays untouched)."""
        state = before.clone()
        try:
            engine_events = state.apply(Action.parse(action_text, actor.seat))
        except IllegalAction as exc:
            raise IllegalMove(str(exc)) from exc
        hands = seat_hands(state)
        if before_hands is None:
            before_hands = seat_hands(before)
        move = MoveApplied(game_id=game_id, version=version + 1, seat=actor.seat,
                           action=action_text, cause=cause,
                           engine_events=tuple(engine_events),
                           hands_changed=changed_seats(before_hands, hands),
                           turn_deadline=None)
        seat_updates = {}
        if cause == "player" and (actor.consecutive_timeouts or actor.taken_over):
            seat_updates[actor.seat] = {"consecutive_timeouts": 0, "taken_over": False}
        return _Plan(state, [(move, actor.user_id)], seat_updates, (), actor.seat, action_text,
                     hands)

    async def time_out(self, game_id: int, expected_version: int) -> ActResult:
        """Play the default action for every seat the game is waiting on, if the deadline
        has passed and nobody moved since ``expected_version`` (the timer's snapshot)."""

        async def plan(s, game, seats) -> _Plan:
            if expected_version != game.version:
                raise StaleVersion("the turn was played before the timer fired")
            now = self.clock()
            if game.turn_deadline is None or _aware(game.turn_deadline) > now:
                raise NotYet("the turn time has not run out yet")
            state = deal_from_dict(game.state)
            by_seat = {x.seat: x for x in seats}
            moves: list[tuple[MoveApplied, int | None]] = []
            extra: list[Any] = []
            seat_updates: dict[int, dict] = {}
            version = game.version
            for n in sorted(state.waiting_on()):
                if state.is_over or n not in set(state.waiting_on()):
                    continue
                default = state.default_action(n)
                if default is None:
                    continue
                before = state.clone()
                engine_events = state.apply(default)
                version += 1
                moves.append((MoveApplied(game_id=game_id, version=version, seat=n,
                                          action=default.text(), cause="timeout",
                                          engine_events=tuple(engine_events),
                                          hands_changed=hands_changed(before, state,
                                                                      engine_events),
                                          turn_deadline=None), by_seat[n].user_id))
                row = by_seat[n]
                if row.user_id is not None:
                    count = row.consecutive_timeouts + 1
                    takeover = row.taken_over or count >= TAKEOVER_AFTER
                    seat_updates[n] = {"consecutive_timeouts": count, "taken_over": takeover}
                    if takeover and not row.taken_over:
                        extra.append(SeatTakenOver(game_id=game_id, seat=n,
                                                   user_id=row.user_id))
            if not moves:
                raise NotYet("nobody is being waited on")
            return _Plan(state, moves, seat_updates, tuple(extra), None, None)

        return await self._run(game_id, plan)

    async def _run(self, game_id: int, plan) -> ActResult:
        """Load, plan (engine work, no writes), then commit behind the version check.

        On SQLite the load and the planning happen in a read snapshot outside the write
        lock, so the single writer only ever holds the lock for the short UPDATE + INSERT
        (the versioned UPDATE refuses the commit if anyone wrote since the snapshot). On
        PostgreSQL one transaction does it all with the game row locked FOR UPDATE, so a
        press that lost a race waits for the winner and then names the move it lost to.
        """
        if self.db.is_sqlite:
            async with self.db.read() as s:
                game, seats = await self._load_running(s, game_id, lock=False)
                planned = await plan(s, game, seats)
            facts = _GameFacts.of(game)
            prepared = self._prepare(facts, planned)
            result = await self.db.write(lambda s: self._commit_moves(
                s, facts, game.version, seats, planned, *prepared, refuse=True))
        else:
            async with self.db.transaction() as s:
                game, seats = await self._load_running(s, game_id, lock=True)
                planned = await plan(s, game, seats)
                facts = _GameFacts.of(game)
                result = await self._commit_moves(s, facts, game.version, seats, planned,
                                                  *self._prepare(facts, planned), refuse=True)
        self._remember(facts, game.version, seats, planned)
        return result

    def _remember(self, facts: _GameFacts, version: int, seats, planned: _Plan) -> None:
        """Cache the position a plan committed (called only after the commit)."""
        if planned.state.is_over:
            self._cache.forget(facts.id)
            return
        if planned.seat_updates:
            seats = tuple(replace(x, **planned.seat_updates[x.seat])
                          if x.seat in planned.seat_updates else x for x in seats)
        self._cache.put(_Cached(facts, version + len(planned.moves), planned.state,
                                tuple(seats), planned.hands))

    async def cancel(self, game_id: int, user_id: int) -> GameCancelled:
        async with self.db.transaction() as s:
            game, _seats = await self._load_running(s, game_id)
            if game.host_id != user_id:
                raise NotAllowed("only the host can cancel the game")
            now = self.clock()
            ok = await game_repo.save_state(s, game_id, expected_version=game.version,
                                            status="cancelled", turn_deadline=None,
                                            finished_at=now, updated_at=now)
            if not ok:
                raise StaleVersion("the game changed meanwhile; try again")
            if game.series_id is not None:
                series = await s.get(Series, game.series_id, with_for_update=True)
                if series is not None and series.status == "running":
                    series.status = "finished"
                    series.finished_at = now
        self._cache.forget(game_id)
        return GameCancelled(game_id=game_id, by_user_id=user_id, reason="cancelled")

    async def snapshot(self, game_id: int) -> GameSnapshot:
        """The stored game (any status), read without locking."""
        async with self.db.read() as s:
            game = await game_repo.load_game(s, game_id, lock=False)
            if game is None:
                raise NotFound("no such game")
            seats = await game_repo.load_seats(s, game_id)
            names = await people.user_names(s, [x.user_id for x in seats])
        infos = tuple(SeatInfo(seat=x.seat, user_id=x.user_id,
                               name=names.get(x.user_id, "") if x.user_id
                               else f"Computer ({x.computer_strength})",
                               computer_strength=x.computer_strength, team=x.team,
                               taken_over=x.taken_over) for x in seats)
        deadline = _aware(game.turn_deadline) if game.turn_deadline else None
        cached = self._cache.get(game_id) if game.status == "running" else None
        if cached is not None and cached.version == game.version:
            state = cached.state.clone()  # the same position, without decoding it again
        else:
            state = deal_from_dict(game.state)
            if game.status == "running":
                self._cache.put(_Cached(_GameFacts.of(game), game.version, state.clone(),
                                        tuple(_SeatRow.of(x) for x in seats)))
        return GameSnapshot(
            game_id=game.id, chat_id=game.chat_id, series_id=game.series_id,
            deal_number=game.deal_number, version=game.version, status=game.status,
            state=state, seats=infos, turn_deadline=deadline,
            table_message_id=game.table_message_id,
            hand_message_ids={int(k): v for k, v in (game.hand_message_ids or {}).items()})

    async def set_messages(self, game_id: int, *, table_message_id: int | None = None,
                           hand_message_ids: dict[int, int] | None = None) -> None:
        async with self.db.transaction() as s:
            await game_repo.set_messages(s, game_id, table_message_id=table_message_id,
                                         hand_message_ids=hand_message_ids)

    # -- shared steps ---------------------------------------------------------------------
    async def _load_running(self, s, game_id: int, lock: bool = True):
        game = await game_repo.load_game(s, game_id, lock=lock)
        if game is None:
            raise NotFound("no such game")
        if game.status != "running":
            raise GameOver("this game is over" if game.status == "finished"
                           else "this game was cancelled")
        return game, tuple(_SeatRow.of(x) for x in await game_repo.load_seats(s, game_id))

    @staticmethod
    def _actor(seats, user_id: int | None, seat: int | None, cause: str):
        if cause == "player":
            mine = next((x for x in seats if user_id is not None and x.user_id == user_id), None)
            if mine is None:
                raise NotAllowed("you are not playing in this game")
            return mine
        target = next((x for x in seats if x.seat == seat), None)
        if target is None:
            raise NotAllowed("no such seat")
        if target.user_id is not None and not target.taken_over:
            raise NotAllowed("a person plays that seat")
        return target

    @staticmethod
    def _parse(text: str, seat: int) -> Action:
        if not isinstance(text, str) or len(text) > 64:
            raise IllegalMove("that is not an action")
        try:
            return Action.parse(text, seat)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from exc

    @staticmethod
    async def _refuse_stale(s, game_id: int, expected: int, seat: int, action_text: str):
        played = await game_repo.move_at(s, game_id, expected)
        if played is not None and played.seat == seat and played.action == action_text:
            raise AlreadyPlayed("that move was already played")
        raise StaleVersion("the game has moved on since this button was shown")

    def _prepare(self, facts: _GameFacts, plan: _Plan) -> tuple:
        """(now, turn deadline, state JSON) of a plan, computed before taking a write slot
        (and once, even if a group commit has to run the write again)."""
        now = self.clock()
        deadline = None if plan.state.is_over else self._deadline(plan.state, facts.settings,
                                                                  now)
        return now, deadline, plan.state.to_dict()

    async def _commit_moves(self, s, facts: _GameFacts, version: int, seats, plan: _Plan,
                            now: datetime, deadline: datetime | None, state_dict: dict, *,
                            refuse: bool) -> ActResult | None:
        """Write a plan made on ``version``. If another writer got there first: with
        ``refuse`` raise the refusal for the caller, else return None having written nothing
        (the plan came from the cache; the caller plans again from the database)."""
        state, moves = plan.state, plan.moves
        new_version = version + len(moves)
        if state.is_over:
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
            if plan.seat is not None:
                await self._refuse_stale(s, facts.id, version, plan.seat, plan.action)
            raise StaleVersion("the game has moved on; nothing was applied")
        await game_repo.append_moves(s, facts.id, [
            {"idx": m.version - 1, "seat": m.seat, "user_id": uid, "action": m.action,
             "cause": m.cause, "created_at": now} for m, uid in moves])
        for seat, values in plan.seat_updates.items():
            await game_repo.update_seat(s, facts.id, seat, **values)
        events: list[Any] = [replace(m, turn_deadline=deadline) for m, _ in moves]
        events.extend(plan.extra_events)
        if state.is_over:
            names = await people.user_names(s, [x.user_id for x in seats])
            seat_names = {x.seat: names.get(x.user_id, "") if x.user_id
                          else f"Computer ({x.computer_strength})" for x in seats}
            ended: DealEnded = await record_deal_end(
                s, facts, seats, seat_names, state.outcome, RuleSet.from_dict(facts.rules), now)
            events.append(ended)
        return ActResult(game_id=facts.id, version=new_version, events=tuple(events))

    @staticmethod
    def _deadline(state: GameState, settings: dict, now: datetime) -> datetime | None:
        if state.is_over or not tuple(state.waiting_on()):
            return None
        seconds = int(settings.get("turn_seconds", game_settings.DEFAULT_TURN_SECONDS))
        return now + timedelta(seconds=seconds)


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; they were stored as UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
