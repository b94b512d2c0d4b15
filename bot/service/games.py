"""Game intents: start, act, time out, cancel, next deal.

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

Decisions (not in RULES.md):
- the turn deadline restarts with every accepted action while someone is waited on;
- a timeout plays the engine's default action for every seat waited on at the deadline
  (skipping a seat that stops being waited on as the others move); a person who times out
  ``TAKEOVER_AFTER`` times in a row is taken over by a computer player (``taken_over``),
  which the AI layer then plays through ``act(..., seat=N, cause="computer")``; acting
  themselves resets the count and hands the seat back;
- only the host (the lobby's host) cancels a running deal; a cancelled deal writes no
  results for those still at the table and ends its series; whoever left it (/leave)
  still loses it by forfeit (their matchstick, tally and rating stand, against the
  others);
- the next deal of a series may be started by any person seated in it.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, NoReturn

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError

from bot.engine import (
    Action,
    GameState,
    IllegalAction,
    RuleSet,
    deal_from_dict,
    new_deal,
    next_deal,
)
from bot.service import settings as game_settings
from bot.service.deal_inputs import DealInputs
from bot.service.errors import (
    AlreadyPlayed,
    Code,
    GameOver,
    IllegalMove,
    InvalidMove,
    LobbyError,
    NotAllowed,
    NotFound,
    NotYet,
    ServiceError,
    StaleVersion,
    engine_details,
)
from bot.service.events import (
    ActResult,
    DealEnded,
    GameCancelled,
    GameMessages,
    GameSnapshot,
    GameStarted,
    LobbyUpdated,
    MoveApplied,
    SeatTakenOver,
)
from bot.service.hands import (
    BoutKey,
    Hands,
    bout_key,
    changed_seats,
    hands_changed,
    seat_hands,
    team_of,
)
from bot.service.lobby import lobby_snapshot
from bot.service.positions import (
    CachedGame,
    GameFacts,
    PositionCache,
    SeatRow,
    build_snapshot,
    seat_infos,
    seat_name,
    updated_seats,
)
from bot.service.results import record_deal_end
from bot.storage import games as game_repo
from bot.storage import lobbies as lobby_repo
from bot.storage import people
from bot.storage.database import Coalescer, Database
from bot.storage.models import Game, Seat, Series

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncSession

TAKEOVER_AFTER = 2
SEED_BITS = 62  # fits a signed BIGINT on every backend
CACHE_SIZE = 2048  # running games whose position a service keeps decoded


@dataclass
class _Plan:
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


Seats = tuple[SeatRow, ...]
# A step planned inside the load's session: (session, game row, seats) -> what to write.
Planner = Callable[["AsyncSession", Any, Seats], Awaitable[_Plan]]


def utcnow() -> datetime:
    return datetime.now(UTC)


class GameService:
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

    # -- start ----------------------------------------------------------------------------
    async def start(self, lobby_id: int, user_id: int,
                    expected_version: int | None = None) -> tuple[LobbyUpdated, GameStarted]:
        """Start the lobby's first deal. Refused with too few players or rules that do not
        fit the player count (the engine's reason is passed on)."""
        async with self.db.transaction() as s:
            lobby = await lobby_repo.load_lobby(s, lobby_id)
            if lobby is None:
                raise NotFound(Code.NO_SUCH_LOBBY)
            if lobby.status != "open":
                raise LobbyError(Code.LOBBY_STARTED)
            if lobby.host_id != user_id:
                raise NotAllowed(Code.HOST_ONLY, "only the host can start the game")
            if expected_version is not None and expected_version != lobby.version:
                raise StaleVersion(Code.LOBBY_CHANGED)
            members = await lobby_repo.members(s, lobby_id)
            if len(members) < 2:
                raise LobbyError(Code.NEED_TWO, players=len(members))
            rules = game_settings.rules_for(lobby.settings, len(members))
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

    async def next_deal(self, game_id: int, user_id: int,
                        absent: frozenset[int] = frozenset()) -> GameStarted:
        """The next deal of the series after the finished deal ``game_id``, same seats and
        settings; the seats of ``absent`` people (not ready) start played by a computer,
        until they press a move themselves."""
        try:
            async with self.db.transaction() as s:
                game = await game_repo.load_game(s, game_id)
                if game is None:
                    raise NotFound(Code.NO_SUCH_GAME)
                seats = await game_repo.load_seats(s, game_id)
                if not any(seat.user_id == user_id for seat in seats):
                    raise NotAllowed(Code.NOT_PLAYING, "only players of this game can deal again")
                if game.status != "finished":
                    raise LobbyError(Code.DEAL_RUNNING)
                series = await s.get(Series, game.series_id, with_for_update=True)
                if series is None or series.status != "running":
                    raise LobbyError(Code.SERIES_OVER)
                if await game_repo.latest_deal_number(s, series.id) != game.deal_number:
                    raise AlreadyPlayed(Code.NEXT_DEAL_STARTED)
                rules = RuleSet.from_dict(game.rules)
                previous = deal_from_dict(game.state)
                # A takeover of the last deal (timeouts, /leave) does not carry over.
                seat_rows = [{"user_id": x.user_id, "computer_strength": x.computer_strength,
                              "taken_over": x.user_id is not None and x.user_id in absent}
                             for x in seats]
                started, cached = await self._create_deal(
                    s, chat_id=game.chat_id, lobby_id=game.lobby_id, series_id=series.id,
                    deal_number=game.deal_number + 1, host_id=game.host_id, rules=rules,
                    settings=game.settings, seat_rows=seat_rows,
                    previous=(previous.outcome, game.dealer))
        except IntegrityError as exc:  # the (series, deal_number) key: a racing press won
            raise AlreadyPlayed(Code.NEXT_DEAL_STARTED) from exc
        self._cache.put(cached)  # committed
        return started

    async def mark_ready(self, game_id: int, seat: int) -> frozenset[int]:
        """The person in ``seat`` pressed "Play again" after the finished deal: the seats
        ready now (stored: every instance counts the same presses)."""
        async with self.db.transaction() as s:
            game = await game_repo.load_game(s, game_id)
            if game is None:
                raise NotFound(Code.NO_SUCH_GAME)
            ready = frozenset(game.ready or ()) | {seat}
            await s.execute(update(Game).where(Game.id == game_id)
                            .values(ready=sorted(ready)))
        return ready

    async def ready_state(self, game_id: int) -> tuple[frozenset[int], bool]:
        """(the seats ready for the next deal, whether it has started)."""
        async with self.db.read() as s:
            game = await game_repo.load_game(s, game_id, lock=False)
            if game is None:
                raise NotFound(Code.NO_SUCH_GAME)
            started = game.series_id is not None and await game_repo.latest_deal_number(
                s, game.series_id) != game.deal_number
        return frozenset(game.ready or ()), started

    async def newest_deal(self, game_id: int) -> int:
        """The id of the newest deal of ``game_id``'s series (``game_id`` itself when it is
        the newest, or has no series): where a page opened on an old deal goes on to."""
        async with self.db.read() as s:
            game = await game_repo.load_game(s, game_id, lock=False)
            if game is None:
                raise NotFound(Code.NO_SUCH_GAME)
            if game.series_id is None:
                return game_id
            return await game_repo.latest_deal(s, game.series_id) or game_id

    async def check_next_deal(self, game_id: int) -> None:
        """Refuse as ``next_deal`` would (no such game, still running, series over, next
        deal already dealt), without dealing: a "Play again" ready check asks first."""
        async with self.db.read() as s:
            game = await game_repo.load_game(s, game_id, lock=False)
            if game is None:
                raise NotFound(Code.NO_SUCH_GAME)
            if game.status != "finished":
                raise LobbyError(Code.DEAL_RUNNING)
            series = await s.get(Series, game.series_id)
            if series is None or series.status != "running":
                raise LobbyError(Code.SERIES_OVER)
            if await game_repo.latest_deal_number(s, series.id) != game.deal_number:
                raise AlreadyPlayed(Code.NEXT_DEAL_STARTED)

    async def push_deadline(self, game_id: int, version: int, seconds: float) -> bool:
        """The turn at ``version`` reached its player ``seconds`` late (Telegram held the
        hand back): their turn deadline moves on by as much. False when the game moved
        on meanwhile (then the new turn has its own deadline)."""
        async with self.db.transaction() as s:
            game = await game_repo.load_game(s, game_id, lock=True)
            if game is None or game.status != "running" or game.version != version \
                    or game.turn_deadline is None:
                return False
            await game_repo.set_deadline(
                s, game_id, _aware(game.turn_deadline) + timedelta(seconds=seconds))
        return True

    async def hand_over(self, game_id: int, seat: int) -> GameSnapshot:
        """Telegram refused to deliver the seat's hand (403: blocked, never started): a
        computer plays the seat at once, as after two timeouts; the person takes it back
        with any move of theirs."""
        async with self.db.transaction() as s:
            _game, seats = await self._load_running(s, game_id, lock=True)
            target = next((x for x in seats if x.seat == seat), None)
            if target is None or target.user_id is None:
                raise NotAllowed(Code.NO_SUCH_SEAT)
            if not target.taken_over:
                await game_repo.mark_taken_over(s, game_id, seat)
        self.seats_changed(game_id)
        return await self.snapshot(game_id)

    async def hand_back(self, game_id: int, seat: int) -> GameSnapshot:
        """The person Telegram could not reach is back: their seat is theirs again (not a
        seat they left)."""
        async with self.db.transaction() as s:
            _game, seats = await self._load_running(s, game_id, lock=True)
            target = next((x for x in seats if x.seat == seat), None)
            if target is None or target.user_id is None or target.left:
                raise NotAllowed(Code.NO_SUCH_SEAT)
            await game_repo.mark_taken_over(s, game_id, seat, taken_over=False)
        self.seats_changed(game_id)
        return await self.snapshot(game_id)

    def seats_changed(self, game_id: int) -> None:
        """The deal's seats changed (hand over, hand back, leave, a person forgotten): they
        keep the version, so a move planned before must not cache or show them
        (``_settled``), and the next press reads them again."""
        self._seat_changes[game_id] = self._seat_changes.get(game_id, 0) + 1
        self._cache.forget(game_id)

    async def leave(self, game_id: int, user_id: int) -> GameSnapshot:
        """The person leaves the running deal (/leave): a computer plays their seat from
        now on (it never hands it back) and the deal counts as their loss (``results``: a
        forfeit). Refused when they do not play in it or left already."""
        async with self.db.transaction() as s:
            _game, seats = await self._load_running(s, game_id, lock=True)
            mine = next((x for x in seats if x.user_id == user_id), None)
            if mine is None:
                raise NotAllowed(Code.NOT_PLAYING)
            if mine.left:
                raise NotAllowed(Code.LEFT_GAME)
            await game_repo.mark_left(s, game_id, mine.seat)
        self.seats_changed(game_id)
        return await self.snapshot(game_id)

    async def _create_deal(self, s: AsyncSession, *, chat_id: int, lobby_id: int | None,
                           series_id: int, deal_number: int, host_id: int | None,
                           rules: RuleSet, settings: dict[str, Any],
                           seat_rows: list[dict[str, Any]],
                           previous: tuple[Any, int] | None
                           ) -> tuple[GameStarted, CachedGame]:
        """Insert the deal; returns what to tell and what to cache once it is committed."""
        seed = self.rng.getrandbits(SEED_BITS)
        if previous is None:
            state = new_deal(rules, seed=seed, dealer=None)
        else:
            outcome, dealer = previous
            state = next_deal(rules, outcome, dealer, seed)
        inputs = DealInputs.of(state, dealer_drawn=previous is None)
        now = self.clock()
        deadline = self._deadline(state, settings, now)
        game = Game(chat_id=chat_id, lobby_id=lobby_id, series_id=series_id,
                    deal_number=deal_number, host_id=host_id, rules=rules.to_dict(),
                    settings=dict(settings), seed=seed, dealer=state.dealer,
                    deal_inputs=inputs.to_dict(),
                    state=state.to_dict(), version=state.version, status="running",
                    hand_message_ids={}, turn_deadline=deadline, updated_at=now)
        s.add(game)
        await s.flush()
        names = await people.user_names(s, [r["user_id"] for r in seat_rows])
        seats = []
        for n, row in enumerate(seat_rows):
            team = team_of(rules.teams, n)
            s.add(Seat(game_id=game.id, seat=n, user_id=row["user_id"],
                       computer_strength=row["computer_strength"], team=team,
                       consecutive_timeouts=0, taken_over=bool(row.get("taken_over"))))
            seats.append(SeatRow(n, row["user_id"], row["computer_strength"], team, 0,
                                 bool(row.get("taken_over"))))
        await s.flush()
        facts = GameFacts(game.id, chat_id, series_id, deal_number, host_id, game.settings,
                          game.rules)
        snapshot = build_snapshot(facts, version=state.version, status="running", state=state,
                                  seats=tuple(seats), names=names, turn_deadline=deadline)
        started = GameStarted(game_id=game.id, chat_id=chat_id, series_id=series_id,
                              deal_number=deal_number, version=game.version,
                              seats=snapshot.seats, turn_deadline=deadline,
                              snapshot=snapshot, lobby_id=lobby_id)
        return started, CachedGame(facts, state.version, state, tuple(seats), names)

    # -- act ------------------------------------------------------------------------------
    async def act(self, game_id: int, action: str, *, expected_version: int | None,
                  user_id: int | None = None, seat: int | None = None,
                  cause: str = "player", drawn_in: BoutKey | None = None) -> ActResult:
        """Apply one action for the pressing user (``user_id``) or for a computer-played
        seat (``seat`` with cause "computer"). ``action`` is the engine's short text
        (untrusted: parsed and checked by the engine).

        A press on a screen drawn at an older version than the game's: a move the rules no
        longer allow is refused with the reason (or as already played, for a double
        press); one they allow is played at the current version when the caller says the
        screen was drawn in the bout the game is still in (``drawn_in``, a ``bout_key``:
        it means what its person saw, e.g. a throw-in pressed while the defender covered,
        a second "Beaten" after another's), else refused as out of date (it would mean
        something else now)."""
        if cause not in ("player", "computer"):
            raise ValueError("cause must be player or computer")
        cached = self._cache.get(game_id)
        if cached is not None and (expected_version in (None, cached.version)
                                   or _same_bout(drawn_in, cached.state)):
            result = await self._act_cached(cached, action, user_id, seat, cause)
            if result is not None:
                return result

        async def plan(s: AsyncSession, game: Any, seats: Seats) -> _Plan:
            actor = self._actor(seats, user_id, seat, cause)
            action_text = self._parse(action, actor.seat).text()
            state = deal_from_dict(game.state)
            if expected_version is None or expected_version == game.version:
                return self._plan_press(game_id, state, None, game.version, actor,
                                        action_text, cause)
            if expected_version > game.version:  # no screen ever showed it: forged
                await self._refuse_stale(s, game_id, expected_version, actor.seat,
                                         action_text)
            try:
                planned = self._plan_press(game_id, state, None, game.version, actor,
                                           action_text, cause)
            except IllegalMove:
                # No longer possible: a double press is told so, any other press why (not
                # their turn any more, the table is full, that card was covered...).
                await self._refuse_double(s, game_id, expected_version, actor.seat,
                                          action_text)
                raise
            if _same_bout(drawn_in, state):
                return planned  # still allowed, and means what its person saw
            # Allowed, but in another bout than the screen's: it would mean something else.
            await self._refuse_stale(s, game_id, expected_version, actor.seat, action_text)

        return await self._run(game_id, plan)

    async def _act_cached(self, cached: CachedGame, action: str, user_id: int | None,
                          seat: int | None, cause: str) -> ActResult | None:
        """The action planned on the cached position and written behind its version. None
        when the cache cannot answer: a refusal (confirmed, or not, against the database by
        the caller) or a version that another writer already moved past."""
        generation = self._seat_changes.get(cached.facts.id, 0)
        try:
            actor = self._actor(cached.seats, user_id, seat, cause)
            action_text = self._parse(action, actor.seat).text()
            planned = self._plan_press(cached.facts.id, cached.state, cached.hands,
                                       cached.version, actor, action_text, cause)
        except ServiceError:
            return None
        facts, version, seats, names = cached.facts, cached.version, cached.seats, cached.names
        prepared = self._prepare(facts, planned)
        if planned.seat_updates or planned.state.is_over:
            if self.db.is_sqlite:
                result = await self.db.write(lambda s: self._commit_moves(
                    s, facts, version, seats, names, planned, *prepared, refuse=False))
            else:
                async with self.db.transaction() as s:
                    result = await self._commit_moves(s, facts, version, seats, names, planned,
                                                      *prepared, refuse=False)
        else:  # the common action: a versioned save and one move-log row, batched
            now, deadline, state_dict = prepared
            move, uid = planned.moves[0]
            logged = {"idx": version, "seat": move.seat, "user_id": uid,
                      "action": move.action, "cause": move.cause}
            ok = await self._saves.submit({
                "game_id": facts.id, "expected_version": version, "state": state_dict,
                "turn_deadline": deadline, "now": now, "move": logged})
            result = (self._result(facts, version, seats, names, planned, deadline,
                                   [replace(move, turn_deadline=deadline)])
                      if ok else None)
        if result is None:
            self._cache.forget(facts.id)
            return None
        return await self._settled(generation, result, facts, version, seats, names, planned)

    @staticmethod
    def _plan_press(game_id: int, before: GameState, before_hands: Hands | None, version: int,
                    actor: SeatRow, action_text: str, cause: str) -> _Plan:
        """Apply one press to a clone of ``before`` (which stays untouched)."""
        state = before.clone()
        try:
            engine_events = state.apply(Action.parse(action_text, actor.seat))
        except IllegalAction as exc:
            # Out of turn is told apart (its own message); any other rule the engine names.
            code = Code.ILLEGAL_MOVE if actor.seat in before.actors() else Code.NOT_YOUR_TURN
            raise IllegalMove(code, details=engine_details(exc)) from exc
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

        async def plan(s: AsyncSession, game: Any, seats: Seats) -> _Plan:
            if expected_version != game.version:
                raise StaleVersion(Code.GAME_MOVED_ON, "the turn was played before the timer fired")
            now = self.clock()
            if game.turn_deadline is None or _aware(game.turn_deadline) > now:
                raise NotYet(Code.TOO_EARLY)
            state = deal_from_dict(game.state)
            by_seat = {x.seat: x for x in seats}
            moves: list[tuple[MoveApplied, int | None]] = []
            extra: list[Any] = []
            seat_updates: dict[int, dict[str, Any]] = {}
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
                raise NotYet(Code.TOO_EARLY, "nobody is being waited on")
            return _Plan(state, moves, seat_updates, tuple(extra), None, None)

        return await self._run(game_id, plan, claim=True)

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
                names = await self._names(s, game_id, seats)
            facts = GameFacts.of(game)
            prepared = self._prepare(facts, planned)
            result = await self.db.write(lambda s: self._commit_moves(
                s, facts, game.version, seats, names, planned, *prepared, refuse=True))
        else:
            async with self.db.transaction() as s:
                game, seats = await self._load_running(s, game_id, lock=True, claim=claim)
                planned = await plan(s, game, seats)
                names = await self._names(s, game_id, seats)
                facts = GameFacts.of(game)
                result = await self._commit_moves(s, facts, game.version, seats, names,
                                                  planned, *self._prepare(facts, planned),
                                                  refuse=True)
        assert result is not None  # with refuse=True a lost race raises instead
        return await self._settled(generation, result, facts, game.version, seats, names,
                                   planned)

    async def _settled(self, generation: int, result: ActResult, facts: GameFacts,
                       version: int, seats: Seats, names: dict[int, str],
                       planned: _Plan) -> ActResult:
        """A committed plan's result. When a seat changed while it ran (on SQLite a plan
        reads outside the write lock, and seat changes keep the version), its seats are
        stale: the result shows the seats as stored now and nothing is cached."""
        if self._seat_changes.get(facts.id, 0) == generation:
            self._remember(facts, version, seats, names, planned)
            return result
        self._cache.forget(facts.id)
        async with self.db.read() as s:
            fresh = tuple(SeatRow.of(x) for x in await game_repo.load_seats(s, facts.id))
        return replace(result, snapshot=replace(result.snapshot,
                                                seats=seat_infos(fresh, names)))

    async def _names(self, s: AsyncSession, game_id: int, seats: Seats) -> dict[int, str]:
        """user id -> stored name of the game's people, for its snapshots: from the cache
        when this process knows the game (names are read once per deal), else one query."""
        cached = self._cache.get(game_id)
        if cached is not None:
            return cached.names
        return await people.user_names(s, [x.user_id for x in seats])

    def _remember(self, facts: GameFacts, version: int, seats: Seats, names: dict[int, str],
                  planned: _Plan) -> None:
        """Cache the position a plan committed (called only after the commit)."""
        if planned.state.is_over:
            self._cache.forget(facts.id)
            return
        self._cache.put(CachedGame(facts, version + len(planned.moves), planned.state,
                                   updated_seats(tuple(seats), planned.seat_updates), names,
                                   planned.hands))

    @staticmethod
    def _result(facts: GameFacts, version: int, seats: Seats, names: dict[int, str], plan: _Plan,
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

    async def cancel(self, game_id: int, user_id: int) -> GameCancelled:
        """Cancel a running deal (the host only); the event carries the cancelled game."""
        async with self.db.transaction() as s:
            game, seats = await self._load_running(s, game_id)
            if game.host_id != user_id:
                raise NotAllowed(Code.HOST_ONLY, "only the host can cancel the game")
            now = self.clock()
            ok = await game_repo.save_state(s, game_id, expected_version=game.version,
                                            status="cancelled", turn_deadline=None,
                                            finished_at=now, updated_at=now)
            if not ok:
                raise StaleVersion(Code.GAME_MOVED_ON, "the game changed meanwhile; try again")
            names = await self._names(s, game_id, seats)
            if any(x.left for x in seats):
                # Leaving is a loss that stands: a cancel undoes the deal for those who
                # stayed, not for whoever left it (results.py: they lose it by forfeit).
                await record_deal_end(s, GameFacts.of(game), seats,
                                      {x.seat: seat_name(x, names) for x in seats}, None,
                                      RuleSet.from_dict(game.rules), now)
            if game.series_id is not None:
                series = await s.get(Series, game.series_id, with_for_update=True)
                if series is not None and series.status == "running":
                    series.status = "finished"
                    series.finished_at = now
        snapshot = build_snapshot(GameFacts.of(game), version=game.version, status="cancelled",
                                  state=self._decoded(game), seats=seats, names=names,
                                  turn_deadline=None)
        self._cache.forget(game_id)
        return GameCancelled(game_id=game_id, by_user_id=user_id, reason="cancelled",
                             snapshot=snapshot)

    def _decoded(self, game: Any) -> GameState:
        """The state of a game row: the cached position when it is that version (a clone:
        the caller may keep it), else decoded from the row."""
        cached = self._cache.get(game.id) if game.status == "running" else None
        if cached is not None and cached.version == game.version:
            return cached.state.clone()
        return deal_from_dict(game.state)

    async def snapshot(self, game_id: int) -> GameSnapshot:
        """The stored game (any status), read without locking. Its state is the caller's
        own (a clone or freshly decoded)."""
        async with self.db.read() as s:
            game = await game_repo.load_game(s, game_id, lock=False)
            if game is None:
                raise NotFound(Code.NO_SUCH_GAME)
            seats = tuple(SeatRow.of(x) for x in await game_repo.load_seats(s, game_id))
            names = await people.user_names(s, [x.user_id for x in seats])
        facts = GameFacts.of(game)
        cached = self._cache.get(game_id) if game.status == "running" else None
        state = self._decoded(game)
        if game.status == "running" and (cached is None or cached.version != game.version):
            self._cache.put(CachedGame(facts, game.version, state.clone(), seats, names))
        deadline = _aware(game.turn_deadline) if game.turn_deadline else None
        return build_snapshot(facts, version=game.version, status=game.status, state=state,
                              seats=seats, names=names, turn_deadline=deadline)

    async def record_shown(self, game_id: int, seat: int, version: int,
                           buttons: list[list[str]]) -> None:
        """The seat's hand message shows ``buttons`` (label, data at version 0) drawn at
        ``version``, for every instance to see (``shown_buttons``)."""
        async with self.db.transaction() as s:
            await game_repo.record_shown(s, game_id, seat, version, buttons)

    async def shown_buttons(self, game_id: int, seat: int,
                            version: int) -> frozenset[tuple[str, str]] | None:
        """The buttons the seat's hand showed when drawn at ``version``, as recorded by
        any instance; None when no instance recorded that version."""
        async with self.db.read() as s:
            row = await game_repo.shown(s, game_id, seat)
        if row is None or row.version != version:
            return None
        return frozenset((str(label), str(data)) for label, data in row.buttons)

    async def messages(self, game_id: int) -> GameMessages:
        """The ids of the deal's table and hand messages as last stored."""
        async with self.db.read() as s:
            game = await game_repo.load_game(s, game_id, lock=False)
        if game is None:
            raise NotFound(Code.NO_SUCH_GAME)
        return GameMessages(
            table_message_id=game.table_message_id,
            hand_message_ids={int(k): v for k, v in (game.hand_message_ids or {}).items()})

    async def set_messages(self, game_id: int, *, table_message_id: int | None = None,
                           hand_message_ids: dict[int, int] | None = None) -> None:
        async with self.db.transaction() as s:
            await game_repo.set_messages(s, game_id, table_message_id=table_message_id,
                                         hand_message_ids=hand_message_ids)

    # -- shared steps ---------------------------------------------------------------------
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
    def _actor(seats: Seats, user_id: int | None, seat: int | None, cause: str) -> SeatRow:
        if cause == "player":
            mine = next((x for x in seats if user_id is not None and x.user_id == user_id), None)
            if mine is None:
                raise NotAllowed(Code.NOT_PLAYING)
            if mine.left:
                raise NotAllowed(Code.LEFT_GAME)
            return mine
        target = next((x for x in seats if x.seat == seat), None)
        if target is None:
            raise NotAllowed(Code.NO_SUCH_SEAT)
        if target.user_id is not None and not target.taken_over:
            raise NotAllowed(Code.PERSON_PLAYS_SEAT)
        return target

    @staticmethod
    def _parse(text: str, seat: int) -> Action:
        if not isinstance(text, str) or len(text) > 64:
            raise InvalidMove(Code.NOT_AN_ACTION)
        try:
            return Action.parse(text, seat)
        except ValueError as exc:  # the engine's InvalidAction: not an action at all
            raise InvalidMove(Code.NOT_AN_ACTION, details=engine_details(exc)) from exc

    @staticmethod
    async def _refuse_stale(s: AsyncSession, game_id: int, expected: int, seat: int,
                            action_text: str) -> NoReturn:
        await GameService._refuse_double(s, game_id, expected, seat, action_text)
        raise StaleVersion(Code.GAME_MOVED_ON)

    @staticmethod
    async def _refuse_double(s: AsyncSession, game_id: int, expected: int, seat: int,
                             action_text: str) -> None:
        """A second press of the move that was played at ``expected``: already done."""
        played = await game_repo.move_at(s, game_id, expected)
        if played is not None and played.seat == seat and played.action == action_text:
            raise AlreadyPlayed(Code.ALREADY_PLAYED)

    def _prepare(self, facts: GameFacts,
                 plan: _Plan) -> tuple[datetime, datetime | None, dict[str, Any]]:
        """(now, turn deadline, state JSON) of a plan, computed before taking a write slot
        (and once, even if a group commit has to run the write again)."""
        now = self.clock()
        deadline = None if plan.state.is_over else self._deadline(plan.state, facts.settings,
                                                                  now)
        return now, deadline, plan.state.to_dict()

    async def _commit_moves(self, s: AsyncSession, facts: GameFacts, version: int, seats: Seats,
                            names: dict[int, str], plan: _Plan, now: datetime,
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
            now_names = await people.user_names(s, [x.user_id for x in seats])
            ended: DealEnded = await record_deal_end(
                s, facts, seats, {x.seat: seat_name(x, now_names) for x in seats},
                state.outcome, RuleSet.from_dict(facts.rules), now)
            events.append(ended)
        return self._result(facts, version, seats, names, plan, deadline, events)

    @staticmethod
    def _deadline(state: GameState, settings: dict[str, Any], now: datetime) -> datetime | None:
        if state.is_over or not tuple(state.waiting_on()):
            return None
        seconds = int(settings.get("turn_seconds", game_settings.DEFAULT_TURN_SECONDS))
        return now + timedelta(seconds=seconds)


def _same_bout(drawn_in: BoutKey | None, state: GameState) -> bool:
    """Whether a screen drawn in the bout ``drawn_in`` is still of the bout ``state`` is in
    (None: the caller did not say; only a current screen counts then)."""
    return drawn_in is not None and not state.is_over and bout_key(state) == drawn_in


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; they were stored as UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
