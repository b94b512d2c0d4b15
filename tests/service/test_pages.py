"""What the Mini App's stats pages read (``PagesService``; SQLite and PostgreSQL): a
person's rating after each deal, oldest first, the newest kept; their deals and fools by
game and by tablemate (a computer strength filling two seats of a deal counts that deal
once); and a group's season trends, from that group's deals of that season only."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from playhelp import new_game, play_out
from sqlalchemy import select

from bot.service.games import GameService
from bot.service.lobby import LobbyService
from bot.service.pages import PagesService
from bot.service.seasons import next_season
from bot.storage.models import DealResult

GROUP, OTHER = -1009999999001, -1009999999002
ANNA, BORIS = 8_100_000_001, 8_100_000_002


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 20, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def results_of(db, player: str) -> list[DealResult]:
    async with db.read() as s:
        return list((await s.execute(select(DealResult).where(DealResult.player == player)
                                     .order_by(DealResult.created_at, DealResult.game_id))
                     ).scalars())


async def play(db, clock, deals, seed: int) -> None:
    """``deals``: (minute, chat, settings, people, computers), each played to its end."""
    lobbies, games = LobbyService(db), GameService(db, clock=clock, rng=random.Random(seed))
    for n, (minute, chat, settings, people, computers) in enumerate(deals):
        clock.now = clock.now.replace(minute=minute)
        started = await new_game(lobbies, games, chat, ANNA, people=people,
                                 computers=computers, settings=settings)
        await play_out(games, started.game_id, random.Random(seed * 100 + n))


async def test_a_persons_page_by_game_and_by_tablemate(db):
    clock = Clock()
    await play(db, clock, [(0, GROUP, {"preset": "podkidnoy"}, (BORIS,), ("normal",)),
                           (1, GROUP, {"preset": "podkidnoy"}, (BORIS,), ()),
                           (2, GROUP, {"preset": "perevodnoy"}, (), ("normal", "normal"))],
               seed=7)
    mine = await results_of(db, f"u{ANNA}")
    page = await PagesService(db).person(ANNA)

    assert [after for _, after in page.history] == [r.rating_after for r in mine]
    assert (page.games, page.fools) == (3, sum(r.fool for r in mine))
    assert {k: (v.games, v.fools) for k, v in page.by_game.items()} == {
        "podkidnoy": (2, sum(r.fool for r in mine[:2])), "perevodnoy": (1, int(mine[2].fool))}
    mates = {m.computer or m.name: m for m in page.tablemates}
    assert set(mates) == {f"p{BORIS}", "normal"}
    assert (mates[f"p{BORIS}"].games, mates[f"p{BORIS}"].fools) == \
        (2, sum(r.fool for r in mine[:2]))
    # Two "normal" computers at the third deal's table: still one deal with "normal".
    assert (mates["normal"].games, mates["normal"].fools) == \
        (2, int(mine[0].fool) + int(mine[2].fool))
    assert page.tablemates[0].games >= page.tablemates[-1].games  # most met first


async def test_nobodys_page_is_empty(db):
    page = await PagesService(db).person(ANNA)
    assert (page.games, page.fools, page.history, page.by_game, page.tablemates,
            page.achievements, page.rating) == (0, 0, [], {}, [], (), None)


def test_the_season_after_december_is_january():
    assert next_season("2026-12") == "2027-01" and next_season("2026-11") == "2026-12"


async def test_the_standings_trend_is_this_groups_deals_of_this_season(db):
    clock = Clock()
    two = ((BORIS,), ())
    await play(db, clock, [(0, GROUP, None, *two), (1, OTHER, None, *two),
                           (2, GROUP, None, *two)], seed=9)
    clock.now = datetime(2027, 1, 1, 0, 5, tzinfo=UTC)  # January's deal is not December's
    await play(db, clock, [(5, GROUP, None, *two)], seed=10)
    here = [r.rating_after for r in await results_of(db, f"u{ANNA}") if r.chat_id == GROUP]
    rows = await PagesService(db).standings("2026-12", GROUP)
    assert sorted(r.name for r in rows) == sorted([f"host{ANNA}", f"p{BORIS}"])
    anna = next(r for r in rows if r.name == f"host{ANNA}")
    assert anna.games == 2 and anna.trend == here[:2]
