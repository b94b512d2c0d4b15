"""The computer players as the bot sees them: a small async protocol, and its providers.

The driver only needs "what would the computer play here" and "what would you advise this
person"; it must never block the event loop doing so. ``ComputerBrain`` is that contract.
``make_brain()`` uses the process-pool players of ``bot.ai.pool`` when that module exists
(searches run in other processes with a time budget) and otherwise the rule-based
``bot.ai.simple`` player, which decides in microseconds and so may run inline.
"""

from __future__ import annotations

from typing import Protocol

from bot.engine import GameState


class ComputerBrain(Protocol):
    async def choose(self, state: GameState, seat: int, strength: str, seed: int) -> str:
        """The engine action text the computer in ``seat`` plays now."""

    async def hint(self, state: GameState, seat: int, seed: int) -> tuple[str, str, dict]:
        """(action text, i18n key of a one-line reason, its parameters)."""

    async def close(self) -> None:
        """Release workers (process pools)."""


class SimpleBrain:
    """bot.ai.simple for every strength: instant, legal, plausible."""

    async def choose(self, state: GameState, seat: int, strength: str, seed: int) -> str:
        from bot.ai.simple import choose_action

        view = state.view(seat)
        return choose_action(view).text()

    async def hint(self, state: GameState, seat: int, seed: int) -> tuple[str, str, dict]:
        from bot.ai.simple import choose_action

        action = choose_action(state.view(seat))
        return action.text(), "hint.reason.simple", {}

    async def close(self) -> None:
        return None


class PoolBrain:
    """bot.ai.pool.ComputerPlayers: the real strengths, searched in worker processes."""

    def __init__(self, budget_s: float, workers: int | None = None) -> None:
        from bot.ai.pool import ComputerPlayers  # type: ignore[import-not-found]

        self.players = ComputerPlayers(workers)
        self.budget_s = budget_s

    async def choose(self, state: GameState, seat: int, strength: str, seed: int) -> str:
        return await self.players.choose(state.to_dict(), seat, strength, seed, self.budget_s)

    async def hint(self, state: GameState, seat: int, seed: int) -> tuple[str, str, dict]:
        action, (key, params) = await self.players.hint(state.to_dict(), seat, seed,
                                                        self.budget_s)
        text = action if isinstance(action, str) else action.text()
        return text, key, dict(params or {})

    async def close(self) -> None:
        close = getattr(self.players, "close", None) or getattr(self.players, "shutdown", None)
        if close is not None:
            result = close()
            if hasattr(result, "__await__"):
                await result


def make_brain(budget_s: float, workers: int | None = None) -> ComputerBrain:
    """``workers``: search processes (None: one per core, see bot.ai.pool)."""
    try:
        return PoolBrain(budget_s, workers)
    except ImportError:
        return SimpleBrain()
