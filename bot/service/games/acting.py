"""Acting: a person's or a computer's press, and the turn timer's default moves. Both are
plans run through ``GameCore._run``; a press on a cached game is planned on the cached
position first."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from bot.engine import Action, GameState, IllegalAction, deal_from_dict
from bot.service.errors import (
    Code,
    IllegalMove,
    InvalidMove,
    NotAllowed,
    NotYet,
    ServiceError,
    StaleVersion,
    engine_details,
)
from bot.service.events import ActResult, MoveApplied, SeatTakenOver
from bot.service.hands import BoutKey, Hands, bout_key, changed_seats, hands_changed, seat_hands
from bot.service.positions import CachedGame, SeatRow

from .core import GameCore, Plan, Seats, aware

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncSession


TAKEOVER_AFTER = 2  # timeouts in a row after which a computer plays the seat


class Acting(GameCore):
    """A press or a computer's move (``act``) and the timer's default moves (``time_out``)."""

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
                                   or same_bout(drawn_in, cached.state)):
            result = await self._act_cached(cached, action, user_id, seat, cause)
            if result is not None:
                return result

        async def plan(s: AsyncSession, game: Any, seats: Seats) -> Plan:
            actor = self._actor(seats, user_id, seat, cause)
            action_text = self._parse(action, actor.seat).text()
            state = deal_from_dict(game.state)
            deadline = aware(game.turn_deadline) if game.turn_deadline else None
            if expected_version is None or expected_version == game.version:
                return self._plan_press(game_id, state, None, game.version, actor,
                                        action_text, cause, deadline)
            if expected_version > game.version:  # no screen ever showed it: forged
                await self._refuse_stale(s, game_id, expected_version, actor.seat,
                                         action_text)
            try:
                planned = self._plan_press(game_id, state, None, game.version, actor,
                                           action_text, cause, deadline)
            except IllegalMove:
                # No longer possible: a double press is told so, any other press why (not
                # their turn any more, the table is full, that card was covered...).
                await self._refuse_double(s, game_id, expected_version, actor.seat,
                                          action_text)
                raise
            if same_bout(drawn_in, state):
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
                                       cached.version, actor, action_text, cause,
                                       cached.deadline)
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
                    actor: SeatRow, action_text: str, cause: str,
                    deadline: datetime | None) -> Plan:
        """Apply one press to a clone of ``before`` (which stays untouched); ``deadline``:
        the turn deadline stored with ``before`` (kept while every task stays as it was)."""
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
        return Plan(state, [(move, actor.user_id)], seat_updates, (), actor.seat, action_text,
                    hands, before=before, deadline_before=deadline)

    async def time_out(self, game_id: int, expected_version: int) -> ActResult:
        """Play the default action for every seat the game is waiting on, if the deadline
        has passed and nobody moved since ``expected_version`` (the timer's snapshot). The
        next turn's clock starts afresh (the plan names no position before it)."""

        async def plan(s: AsyncSession, game: Any, seats: Seats) -> Plan:
            if expected_version != game.version:
                raise StaleVersion(Code.GAME_MOVED_ON, "the turn was played before the timer fired")
            now = self.clock()
            if game.turn_deadline is None or aware(game.turn_deadline) > now:
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
            return Plan(state, moves, seat_updates, tuple(extra), None, None)

        return await self._run(game_id, plan, claim=True)

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


def same_bout(drawn_in: BoutKey | None, state: GameState) -> bool:
    """Whether a screen drawn in the bout ``drawn_in`` is still of the bout ``state`` is in
    (None: the caller did not say; only a current screen counts then)."""
    return drawn_in is not None and not state.is_over and bout_key(state) == drawn_in
