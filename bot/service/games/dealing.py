"""Dealing: a lobby's first deal, the next deal of a series, and the "Play again" ready
check between them. A deal is inserted with its seats in the caller's transaction and
cached once committed."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError

from bot.engine import RuleSet, deal_from_dict, new_deal, next_deal
from bot.service import settings as game_settings
from bot.service.deal_inputs import DealInputs
from bot.service.errors import AlreadyPlayed, Code, LobbyError, NotAllowed, NotFound, StaleVersion
from bot.service.events import GameStarted, LobbyUpdated
from bot.service.hands import team_of
from bot.service.lobby import lobby_snapshot
from bot.service.positions import (
    FIRST_NAMES,
    CachedGame,
    GameFacts,
    SeatRow,
    build_snapshot,
    names_at_table,
)
from bot.service.venues import Venue
from bot.storage import games as game_repo
from bot.storage import lobbies as lobby_repo
from bot.storage import people
from bot.storage.models import Game, Seat, Series

from .core import SEED_BITS, GameCore

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncSession


class Dealing(GameCore):
    """The first deal of a lobby, the next deal of a series, and "Play again" between."""

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
            seat_rows = [{"user_id": m.user_id, "computer_strength": m.computer_strength}
                         for m in members]
            started, cached = await self._first_deal(
                s, Venue.of(lobby.venue, lobby.chat_id, lobby.inline_message_id),
                lobby_id=lobby.id, host_id=lobby.host_id, rules=rules,
                settings=lobby.settings, seat_rows=seat_rows)
            lobby.status = "started"
            lobby.version += 1
            await s.flush()
            updated = await lobby_snapshot(s, lobby, "game started")
        self._cache.put(cached)  # committed
        return updated, started

    async def start_table(self, venue: Venue, settings: dict[str, Any],
                          people_seated: list[tuple[int, str]]) -> GameStarted:
        """Deal a table no lobby gathered (a quick match): these people, in this order
        (the first is its host: "Start now" after a deal), with ``settings``; with
        strangers the game shows each by the first name given here (``names_at_table``)."""
        async with self.db.transaction() as s:
            await people.ensure_chat(s, venue.chat_id)
            rules = game_settings.rules_for(settings, len(people_seated))
            stored = dict(settings)
            if venue.strangers:
                stored[FIRST_NAMES] = {str(uid): name for uid, name in people_seated}
            started, cached = await self._first_deal(
                s, venue, lobby_id=None, host_id=people_seated[0][0], rules=rules,
                settings=stored, seat_rows=[{"user_id": uid, "computer_strength": None}
                                            for uid, _name in people_seated])
        self._cache.put(cached)  # committed
        return started

    async def start_match(self, venue: Venue, settings: dict[str, Any],
                          seats: list[tuple[int | None, str | None]], host_id: int | None,
                          within: Callable[[AsyncSession, int], Awaitable[None]]
                          ) -> GameStarted:
        """Deal a tournament's match (``service/tournaments``): ``seats`` in order, each
        a person's id or (None, a computer's strength). ``within`` runs in the deal's
        transaction with its game id: the tournament records the match there, and a
        refusal there deals nothing (two Ready presses racing start one deal)."""
        async with self.db.transaction() as s:
            await people.ensure_chat(s, venue.chat_id)
            rules = game_settings.rules_for(settings, len(seats))
            started, cached = await self._first_deal(
                s, venue, lobby_id=None, host_id=host_id, rules=rules,
                settings=dict(settings), seat_rows=[{"user_id": uid, "computer_strength": c}
                                                    for uid, c in seats],
                series_to=False)  # one deal: the tournament's match, not a series
            await within(s, started.game_id)
        self._cache.put(cached)  # committed
        return started

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
                    s, venue=Venue.of(game.venue, game.chat_id, game.inline_message_id),
                    lobby_id=game.lobby_id, series_id=series.id,
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

    async def _first_deal(self, s: AsyncSession, venue: Venue, *, lobby_id: int | None,
                          host_id: int | None, rules: RuleSet, settings: dict[str, Any],
                          seat_rows: list[dict[str, Any]], series_to: bool = True
                          ) -> tuple[GameStarted, CachedGame]:
        """A new series and its first deal (a lobby's start, a quick table, a tournament's
        match); ``series_to``: whether the rules' matchstick target ends the series."""
        series = Series(chat_id=venue.chat_id,
                        target=(rules.series_to or None) if series_to else None,
                        matchsticks={}, stakes={}, status="running")
        s.add(series)
        await s.flush()
        return await self._create_deal(
            s, venue=venue, lobby_id=lobby_id, series_id=series.id, deal_number=1,
            host_id=host_id, rules=rules, settings=settings, seat_rows=seat_rows,
            previous=None)

    async def _create_deal(self, s: AsyncSession, *, venue: Venue, lobby_id: int | None,
                           series_id: int, deal_number: int, host_id: int | None,
                           rules: RuleSet, settings: dict[str, Any],
                           seat_rows: list[dict[str, Any]],
                           previous: tuple[Any, int] | None
                           ) -> tuple[GameStarted, CachedGame]:
        """Insert the deal; returns what to tell and what to cache once it is committed."""
        chat_id = venue.chat_id
        seed = self.rng.getrandbits(SEED_BITS)
        if previous is None:
            state = new_deal(rules, seed=seed, dealer=None)
        else:
            outcome, dealer = previous
            state = next_deal(rules, outcome, dealer, seed)
        inputs = DealInputs.of(state, dealer_drawn=previous is None)
        now = self.clock()
        deadline = self._deadline(state, settings, now)
        game = Game(chat_id=chat_id, venue=venue.kind.value,
                    inline_message_id=venue.inline_message_id,
                    lobby_id=lobby_id, series_id=series_id,
                    deal_number=deal_number, host_id=host_id, rules=rules.to_dict(),
                    settings=dict(settings), seed=seed, dealer=state.dealer,
                    deal_inputs=inputs.to_dict(),
                    state=state.to_dict(), version=state.version, status="running",
                    hand_message_ids={}, turn_deadline=deadline, updated_at=now)
        s.add(game)
        await s.flush()
        facts = GameFacts(game.id, chat_id, series_id, deal_number, host_id, game.settings,
                          game.rules, venue)
        names = names_at_table(facts, await people.user_names(
            s, [r["user_id"] for r in seat_rows]))
        seats = []
        for n, row in enumerate(seat_rows):
            team = team_of(rules.teams, n)
            s.add(Seat(game_id=game.id, seat=n, user_id=row["user_id"],
                       computer_strength=row["computer_strength"], team=team,
                       consecutive_timeouts=0, taken_over=bool(row.get("taken_over"))))
            seats.append(SeatRow(n, row["user_id"], row["computer_strength"], team, 0,
                                 bool(row.get("taken_over"))))
        await s.flush()
        snapshot = build_snapshot(facts, version=state.version, status="running", state=state,
                                  seats=tuple(seats), names=names, turn_deadline=deadline)
        started = GameStarted(game_id=game.id, chat_id=chat_id, series_id=series_id,
                              deal_number=deal_number, version=game.version,
                              seats=snapshot.seats, turn_deadline=deadline,
                              snapshot=snapshot, lobby_id=lobby_id)
        return started, CachedGame(facts, state.version, state, tuple(seats), names,
                                   deadline=deadline)
