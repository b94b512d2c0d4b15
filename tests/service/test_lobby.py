"""Lobby intents: who may do what, and that no lobby gets stuck."""

from __future__ import annotations

import asyncio

import pytest

from bot.service.errors import LobbyError, NotAllowed, StaleVersion
from bot.service.games import GameService
from bot.service.lobby import LobbyService
from bot.storage import games as game_repo

CHAT = -1001234567890123  # supergroup ids exceed 32 bits
ANNA, BORIS, VERA = 5_000_000_001, 5_000_000_002, 5_000_000_003


@pytest.fixture
def lobbies(db):
    return LobbyService(db)


async def test_create_makes_host_the_first_member_and_refuses_a_second_open_lobby(lobbies):
    lobby = await lobbies.create(CHAT, ANNA, "Anna")
    assert lobby.host_id == ANNA and lobby.status == "open"
    assert [(m.user_id, m.name) for m in lobby.members] == [(ANNA, "Anna")]
    assert lobby.settings["preset"] == "podkidnoy"
    with pytest.raises(LobbyError, match="already an open lobby"):
        await lobbies.create(CHAT, BORIS, "Boris")


async def test_racing_creates_leave_exactly_one_open_lobby(lobbies):
    results = await asyncio.gather(*(lobbies.create(CHAT, ANNA + i, f"P{i}") for i in range(6)),
                                   return_exceptions=True)
    made = [r for r in results if not isinstance(r, Exception)]
    assert len(made) == 1
    assert all(isinstance(r, LobbyError) for r in results if isinstance(r, Exception))


async def test_join_twice_and_leave_without_joining_are_refused(lobbies):
    lobby = await lobbies.create(CHAT, ANNA, "Anna")
    joined = await lobbies.join(lobby.lobby_id, BORIS, "Boris")
    assert [m.user_id for m in joined.members] == [ANNA, BORIS]
    assert joined.version == lobby.version + 1
    with pytest.raises(LobbyError, match="already in"):
        await lobbies.join(lobby.lobby_id, BORIS, "Boris")
    with pytest.raises(NotAllowed):
        await lobbies.leave(lobby.lobby_id, VERA)


async def test_host_leaving_passes_host_and_last_person_leaving_closes(lobbies):
    lobby = await lobbies.create(CHAT, ANNA, "Anna")
    await lobbies.join(lobby.lobby_id, BORIS, "Boris")
    await lobbies.add_computer(lobby.lobby_id, ANNA, "hard")
    after = await lobbies.leave(lobby.lobby_id, ANNA)
    assert after.host_id == BORIS and after.status == "open"
    closed = await lobbies.leave(lobby.lobby_id, BORIS)  # only a computer player remains
    assert closed.status == "closed"
    with pytest.raises(LobbyError, match="no longer open"):
        await lobbies.join(lobby.lobby_id, VERA, "Vera")
    # The chat is free for a new lobby.
    assert (await lobbies.create(CHAT, VERA, "Vera")).status == "open"


async def test_only_the_host_changes_settings_and_bad_values_are_refused(lobbies):
    lobby = await lobbies.create(CHAT, ANNA, "Anna")
    await lobbies.join(lobby.lobby_id, BORIS, "Boris")
    with pytest.raises(NotAllowed):
        await lobbies.change_settings(lobby.lobby_id, BORIS, {"rules": {"transfer": "play"}})
    with pytest.raises(LobbyError):
        await lobbies.change_settings(lobby.lobby_id, ANNA, {"rules": {"transfer": "sideways"}})
    with pytest.raises(LobbyError):
        await lobbies.change_settings(lobby.lobby_id, ANNA, {"rules": {"no_such_rule": 1}})
    with pytest.raises(LobbyError):
        await lobbies.change_settings(lobby.lobby_id, ANNA, {"turn_seconds": 1})
    changed = await lobbies.change_settings(lobby.lobby_id, ANNA,
                                            {"preset": "perevodnoy", "rules": {"deck": "52"}})
    assert changed.settings["preset"] == "perevodnoy"
    assert changed.settings["rules"] == {"deck": 52}  # stored typed, not as the user's text
    with pytest.raises(StaleVersion):
        await lobbies.change_settings(lobby.lobby_id, ANNA, {"turn_seconds": 30},
                                      expected_version=lobby.version)


async def test_computer_players_and_the_seat_limit(lobbies):
    lobby = await lobbies.create(CHAT, ANNA, "Anna")
    with pytest.raises(LobbyError, match="unknown strength"):
        await lobbies.add_computer(lobby.lobby_id, ANNA, "godlike")
    with pytest.raises(NotAllowed):
        await lobbies.add_computer(lobby.lobby_id, BORIS, "easy")
    for _ in range(5):
        state = await lobbies.add_computer(lobby.lobby_id, ANNA, "easy")
    assert len(state.members) == 6
    assert all(m.is_computer for m in state.members[1:])
    with pytest.raises(LobbyError, match="full"):
        await lobbies.join(lobby.lobby_id, BORIS, "Boris")
    removed = await lobbies.remove_computer(lobby.lobby_id, ANNA, state.members[-1].position)
    assert len(removed.members) == 5


async def test_start_needs_the_host_two_players_and_rules_that_fit(db, lobbies):
    games = GameService(db)
    lobby = await lobbies.create(CHAT, ANNA, "Anna")
    with pytest.raises(LobbyError, match="at least 2"):
        await games.start(lobby.lobby_id, ANNA)
    await lobbies.join(lobby.lobby_id, BORIS, "Boris")
    await lobbies.join(lobby.lobby_id, VERA, "Vera")
    with pytest.raises(NotAllowed):
        await games.start(lobby.lobby_id, BORIS)
    await lobbies.change_settings(lobby.lobby_id, ANNA, {"preset": "teams"})
    with pytest.raises(LobbyError, match="4"):  # 2x2 teams need exactly 4 players
        await games.start(lobby.lobby_id, ANNA)
    await lobbies.change_settings(lobby.lobby_id, ANNA, {"preset": "podkidnoy"})
    after, started = await games.start(lobby.lobby_id, ANNA)
    assert after.status == "started"
    assert [(x.seat, x.user_id) for x in started.seats] == [(0, ANNA), (1, BORIS), (2, VERA)]
    async with db.transaction() as s:
        game = await game_repo.load_game(s, started.game_id, lock=False)
    assert game.status == "running" and game.version == 0 and game.chat_id == CHAT
    with pytest.raises(LobbyError, match="already started"):
        await games.start(lobby.lobby_id, ANNA)


async def test_the_chat_settings_rules_shows_are_the_ones_it_plays_and_will_play(db, lobbies):
    """/rules reads ``settings_in_chat``: the open lobby's, the running game's, and after
    them what the next /newgame starts with (the last lobby's), never the bare defaults."""
    games = GameService(db)
    assert (await lobbies.settings_in_chat(CHAT))["turn_seconds"] == 60  # a new chat
    lobby = await lobbies.create(CHAT, ANNA, "Anna", settings={"turn_seconds": 30})
    assert (await lobbies.settings_in_chat(CHAT))["turn_seconds"] == 30
    await lobbies.join(lobby.lobby_id, BORIS, "Boris")
    _updated, started = await games.start(lobby.lobby_id, ANNA)
    assert (await lobbies.settings_in_chat(CHAT))["turn_seconds"] == 30  # playing
    await games.cancel(started.game_id, ANNA)
    after = await lobbies.settings_in_chat(CHAT)
    assert after["turn_seconds"] == 30
    assert after == (await lobbies.create(CHAT, ANNA, "Anna")).settings  # what /newgame uses
