"""The computer players as the bot sees them: a small async protocol, and its providers.

The driver only needs "what would the computer play here" and "what would you advise this
person"; it must never block the event loop doing so. ``ComputerBrain`` is that contract.
``make_brain()`` gives the process-pool players of ``bot.ai.pool`` (searches run in other
processes with a time budget); ``SimpleBrain``, the rule-based ``bot.ai.simple`` player
deciding in microseconds, serves tests that need no search processes.
"""

from __future__ import annotations

from typing import Any, Protocol

from bot.ai.pool import ComputerPlayers
from bot.ai.simple import choose_action as simple_action
from bot.engine import GameState


class ComputerBrain(Protocol):
    async def choose(self, state: GameState, seat: int, strength: str, seed: int,
                     history: dict[str, Any] | None = None) -> str:
        """The engine action text the computer in ``seat`` plays now. ``history``: the
        deal's public history, as a deal log (``GameService.deal_log``) or its JSON form
        (hard reads it)."""

    async def hint(self, state: GameState, seat: int, seed: int,
                   history: dict[str, Any] | None = None) -> tuple[str, str, dict[str, Any]]:
        """(action text, i18n key of a one-line reason, its parameters)."""

    async def close(self) -> None:
        """Release workers (process pools)."""


class SimpleBrain:
    """bot.ai.simple for every strength: instant, legal, plausible."""

    async def choose(self, state: GameState, seat: int, strength: str, seed: int,
                     history: dict[str, Any] | None = None) -> str:
        return simple_action(state.view(seat)).text()

    async def hint(self, state: GameState, seat: int, seed: int,
                   history: dict[str, Any] | None = None) -> tuple[str, str, dict[str, Any]]:
        return simple_action(state.view(seat)).text(), "hint.reason.simple", {}

    async def close(self) -> None:
        return None


class PoolBrain:
    """bot.ai.pool.ComputerPlayers: the real strengths, searched in worker processes."""

    def __init__(self, budget_s: float, workers: int | None = None) -> None:
        self.players = ComputerPlayers(workers)
        self.budget_s = budget_s

    async def choose(self, state: GameState, seat: int, strength: str, seed: int,
                     history: dict[str, Any] | None = None) -> str:
        return await self.players.choose(state.to_dict(), seat, strength, seed, self.budget_s,
                                         history)

    async def hint(self, state: GameState, seat: int, seed: int,
                   history: dict[str, Any] | None = None) -> tuple[str, str, dict[str, Any]]:
        action, (key, params) = await self.players.hint(state.to_dict(), seat, seed,
                                                        self.budget_s, history)
        return action, key, dict(params or {})

    async def close(self) -> None:
        await self.players.close()


def make_brain(budget_s: float, workers: int | None = None) -> ComputerBrain:
    """``workers``: search processes (None: one per core, see bot.ai.pool)."""
    return PoolBrain(budget_s, workers)
