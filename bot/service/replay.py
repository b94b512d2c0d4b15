"""Rebuild a game from its rules, seed, what it was dealt from and its move log (the restart
check and `durak replay`), and its public history (what a computer player may read of the
deal so far: rebuilt from the log, so it is never stored twice)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bot.engine import Action, EngineError, Event, GameState, PublicHistory, RuleSet, history_of
from bot.service.deal_inputs import DealInputs
from bot.service.errors import Code, NotFound
from bot.storage import games as game_repo
from bot.storage import people
from bot.storage.database import Database


@dataclass(frozen=True)
class GameRecord:
    """Everything stored about one deal, read in one transaction."""

    game: Any
    seats: list[Any]  # seat rows
    moves: list[Any]  # move rows, in order
    names: dict[int, str]

    @property
    def rules(self) -> RuleSet:
        return RuleSet.from_dict(self.game.rules)

    def initial_state(self) -> GameState:
        return DealInputs.stored(self.game).deal(self.rules, self.game.seed)

    def steps(self) -> Iterator[tuple[Any, GameState, tuple[Event, ...]]]:
        """(move row, state after it, engine events) for every logged move, in order."""
        state = self.initial_state()
        for move in self.moves:
            events = state.apply(Action.parse(move.action, move.seat))
            yield move, state, tuple(events)

    def history(self) -> PublicHistory:
        """What everyone at the table has seen of this deal, replayed from the move log."""
        return history_of(self.rules, self.game.seed,
                          (Action.parse(m.action, m.seat) for m in self.moves),
                          **DealInputs.stored(self.game).to_dict())

    def replay_matches(self) -> bool:
        """True when the deal and its log reproduce the stored state and version exactly."""
        return self.replay_mismatch() is None

    def replay_mismatch(self) -> str | None:
        """None when the deal and its log reproduce the stored state and version exactly;
        else the first thing that differs, in words (for `durak replay`)."""
        if [m.idx for m in self.moves] != list(range(len(self.moves))):
            return "the move numbers have a gap"
        if len(self.moves) != self.game.version:
            return (f"the log holds {len(self.moves)} moves but the stored state is at "
                    f"version {self.game.version}")
        state = self.initial_state()
        for move in self.moves:
            try:
                state.apply(Action.parse(move.action, move.seat))
            except EngineError as exc:  # the replayed deal is not the one played
                return f"move {move.idx + 1} ({move.seat}:{move.action}) is refused: {exc}"
        replayed, stored = state.to_dict(), self.game.state
        differ = [k for k in {**replayed, **stored} if replayed.get(k) != stored.get(k)]
        if differ:
            return "the replayed state differs from the stored one in " + ", ".join(differ)
        return None

    def seat_name(self, seat: int) -> str:
        row = next((x for x in self.seats if x.seat == seat), None)
        if row is None:
            return f"seat {seat}"
        if row.user_id is None:
            return f"Computer ({row.computer_strength})"
        return self.names.get(row.user_id) or str(row.user_id)


async def load_record(db: Database, game_id: int) -> GameRecord:
    async with db.read() as s:
        game = await game_repo.load_game(s, game_id, lock=False)
        if game is None:
            raise NotFound(Code.NO_SUCH_GAME, f"no game {game_id}")
        seats = await game_repo.load_seats(s, game_id)
        moves = await game_repo.move_log(s, game_id)
        names = await people.user_names(s, [x.user_id for x in seats])
        return GameRecord(game=game, seats=seats, moves=moves, names=names)


async def stored_game_ids(db: Database) -> list[int]:
    async with db.read() as s:
        return await game_repo.game_ids(s)
