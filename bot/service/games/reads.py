"""Reads beside the game itself: the ids of its table and hand messages, the buttons each
hand showed (for every instance to see), and the deal's log as a hard computer player
replays it. The game itself: ``GameCore.snapshot``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.service.deal_inputs import DealInputs
from bot.service.errors import Code, NotFound
from bot.service.events import GameMessages
from bot.storage import games as game_repo

from .core import GameCore

if TYPE_CHECKING:
    pass


class Reads(GameCore):
    """Where a deal's messages are, what its hands showed, and its log."""

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

    async def deal_log(self, game_id: int, version: int) -> dict[str, Any] | None:
        """What the deal's public history at ``version`` is rebuilt from (rules, seed, deal
        inputs and the first ``version`` moves: ``bot.ai.pool`` replays it in a worker, off
        the event loop, for the hard player); None when the log does not reach it."""
        async with self.db.read() as s:
            game = await game_repo.load_game(s, game_id, lock=False)
            if game is None:
                raise NotFound(Code.NO_SUCH_GAME)
            moves = [m for m in await game_repo.move_log(s, game_id) if m.idx < version]
        if len(moves) != version:
            return None
        return {"rules": game.rules, "seed": game.seed,
                "deal": DealInputs.stored(game).to_dict(),
                "moves": [f"{m.seat}:{m.action}" for m in moves]}

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
