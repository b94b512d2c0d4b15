"""`durak replay` says of each deal whether it replays to the stored state: one game told
bout by bout ends with the verdict (and what differs first), `--all` gives one line per
stored deal; a deal that does not replay exits 1. (Databases it cannot read:
tests/cli/test_cli_replay.py.)"""

from __future__ import annotations

import argparse
import asyncio
import io
import random

import pytest
from playhelp import new_game, play_out, random_step
from sqlalchemy import update

from bot.cli.args import UsageError
from bot.cli.replay import add_parser
from bot.cli.streams import Streams
from bot.service.games import GameService
from bot.service.lobby import LobbyService
from bot.storage.models import Game, Move

CHAT, ANNA = -1009999999997, 8_000_000_201


async def durak_replay(db, *argv: str) -> tuple[int, str]:
    """(exit status, what it printed) of `durak replay ARGV --database-url <db>`."""
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    url = db.url.render_as_string(hide_password=False)
    args = parser.parse_args(["replay", *argv, "--database-url", url])
    out = io.StringIO()
    code = await asyncio.to_thread(args.run, args, Streams(io.StringIO(), out, io.StringIO()))
    return code, out.getvalue()


@pytest.fixture
async def series(db):
    """A finished first deal and a running second one (spades_by_spades, the fool defends
    first in the second), as their ids."""
    if not db.is_sqlite:
        pytest.skip("the command takes a plain URL; the PostgreSQL test schema is not one")
    lobbies, games = LobbyService(db), GameService(db, rng=random.Random(3))
    settings = {"preset": "podkidnoy", "rules": {"spades_by_spades": True,
                                                  "next_deal_first_attacker": "fools_right"}}
    started = await new_game(lobbies, games, CHAT, ANNA, computers=("easy", "easy"),
                             settings=settings)
    await play_out(games, started.game_id, random.Random(5))
    later = await games.next_deal(started.game_id, ANNA)
    rng = random.Random(6)
    for _ in range(8):
        await random_step(games, later.game_id, rng)
    return started.game_id, later.game_id


async def test_all_says_of_every_deal_that_it_replays(db, series):
    first, later = series
    code, out = await durak_replay(db, "--all")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"Game {first} in chat {CHAT}, deal 1 (finished, ")
    assert lines[1].startswith(f"Game {later} in chat {CHAT}, deal 2 (running, 8 moves)")
    assert all(line.endswith(": replays to the stored state") for line in lines[:2])
    assert lines[2:] == ["2 of 2 deals replay to the stored state"]


async def test_a_deal_whose_state_was_changed_is_named_with_what_differs(db, series):
    first, later = series
    async with db.transaction() as s:
        game = await s.get(Game, later)
        state = dict(game.state)
        state["attacker"] = (state["attacker"] + 1) % 3
        await s.execute(update(Game).where(Game.id == later).values(state=state))
    code, out = await durak_replay(db, "--all")
    assert code == 1
    assert out.splitlines()[1].endswith(
        ": does NOT replay (the replayed state differs from the stored one in attacker)")
    assert out.splitlines()[-1] == "1 of 2 deals replay to the stored state"
    code, out = await durak_replay(db, str(later))
    assert code == 1
    assert out.rstrip().endswith("The move log replays to the stored state: NO (the replayed "
                                 "state differs from the stored one in attacker)")
    code, out = await durak_replay(db, str(first))
    assert code == 0 and out.rstrip().endswith("stored state: yes")


async def test_a_move_the_replayed_deal_refuses_ends_the_telling_with_it(db, series):
    _first, later = series
    async with db.transaction() as s:
        await s.execute(update(Move).where(Move.game_id == later, Move.idx == 3)
                        .values(action="a 6s 6s"))
    code, out = await durak_replay(db, str(later))
    assert code == 1
    numbered = [ln for ln in out.splitlines() if ln[:5].strip().rstrip(".").isdigit()]
    assert len(numbered) == 3  # told up to the refused move
    assert "The move log replays to the stored state: NO (move 4 (" in out
    assert ":a 6s 6s) is refused: " in out


async def test_a_game_id_or_all_but_not_both(db, series):
    first, _later = series
    with pytest.raises(UsageError, match="GAME_ID or --all"):
        await durak_replay(db)
    with pytest.raises(UsageError, match="GAME_ID or --all"):
        await durak_replay(db, str(first), "--all")
