"""Helpers that drive the real service the way handlers and computer players will:
read a snapshot, pick a legal action, press it. Shared by tests and the worker scripts."""

from __future__ import annotations

import random

from bot.service.events import ActResult, GameStarted
from bot.service.games import GameService
from bot.service.lobby import LobbyService


async def new_game(lobbies: LobbyService, games: GameService, chat_id: int, host_id: int,
                   *, people: tuple[int, ...] = (), computers: tuple[str, ...] = ("normal",),
                   settings: dict | None = None) -> GameStarted:
    lobby = await lobbies.create(chat_id, host_id, f"host{host_id}", settings=settings)
    for user in people:
        await lobbies.join(lobby.lobby_id, user, f"p{user}")
    for strength in computers:
        await lobbies.add_computer(lobby.lobby_id, host_id, strength)
    _lobby, started = await games.start(lobby.lobby_id, host_id)
    return started


def press_args(snapshot, seat: int) -> dict:
    """How the action of ``seat`` reaches the service: as its person, or as the computer."""
    info = snapshot.seats[seat]
    if info.user_id is not None and not info.taken_over:
        return {"user_id": info.user_id}
    return {"seat": seat, "cause": "computer"}


async def random_step(games: GameService, game_id: int, rng: random.Random) -> ActResult | None:
    """One random legal action by a random seat that can act; None when the deal is over."""
    snap = await games.snapshot(game_id)
    if snap.status != "running":
        return None
    seat = rng.choice(sorted(snap.state.actors()))
    action = rng.choice(list(snap.state.legal_actions(seat)))
    return await games.act(game_id, action.text(), expected_version=snap.version,
                           **press_args(snap, seat))


async def play_out(games: GameService, game_id: int, rng: random.Random,
                   max_steps: int = 2000) -> list[ActResult]:
    results = []
    for _ in range(max_steps):
        result = await random_step(games, game_id, rng)
        if result is None:
            return results
        results.append(result)
    raise AssertionError(f"game {game_id} did not end in {max_steps} steps")
