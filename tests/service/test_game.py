"""Game intents through the real engine and database: act, refusals, timeouts, cancel,
deal end with results, next deal and series, replay."""

from __future__ import annotations

import asyncio
import io
import random
import re
from datetime import UTC, datetime, timedelta

import pytest
from playhelp import new_game, play_out, press_args

from bot.cli.replay import print_record
from bot.engine import deal_from_dict
from bot.service.errors import (
    Code,
    GameOver,
    IllegalMove,
    InvalidMove,
    NotAllowed,
    NotYet,
    StaleVersion,
)
from bot.service.events import DealEnded, MoveApplied, SeatTakenOver
from bot.service.games import TAKEOVER_AFTER, GameService
from bot.service.lobby import LobbyService
from bot.service.replay import load_record
from bot.storage import games as game_repo
from bot.storage.models import DealResult, Series

CHAT = -1009999999999
ANNA, BORIS = 8_000_000_001, 8_000_000_002


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def services(db, clock):
    return LobbyService(db), GameService(db, clock=clock, rng=random.Random(7))


async def test_a_whole_deal_ends_with_results_tallies_ratings_and_a_replayable_log(db, services):
    lobbies, games = services
    started = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=("hard",))
    results = await play_out(games, started.game_id, random.Random(11))
    ended = [e for r in results for e in r.of(DealEnded)]
    assert len(ended) == 1 and DealEnded in {type(e) for e in results[-1].events}
    deal = ended[0]
    snap = await games.snapshot(started.game_id)
    assert snap.status == "finished" and snap.state.is_over
    assert snap.version == len(results) == snap.state.version
    outcome = snap.state.outcome
    assert deal.draw == outcome.draw and deal.fools == tuple(sorted(outcome.fools))
    expected_sticks = {s: (0 if outcome.draw else int(s in outcome.fools)) for s in range(3)}
    assert deal.matchsticks == expected_sticks
    async with db.transaction() as s:
        rows = {r.seat: r for r in (await s.execute(
            DealResult.__table__.select().where(DealResult.game_id == started.game_id)))}
        series = await s.get(Series, started.series_id)
    assert {n: r.matchsticks for n, r in rows.items()} == expected_sticks
    assert rows[2].player == "ai:hard" and rows[0].user_id == ANNA
    assert {int(k): v for k, v in series.matchsticks.items()} == expected_sticks
    # Ratings moved for everyone who was not in a full tie.
    if not outcome.draw:
        fool = outcome.fools[0]
        before, after = deal.ratings[fool]
        assert after < before
    record = await load_record(db, started.game_id)
    assert record.replay_matches()
    assert [m.idx for m in record.moves] == list(range(snap.version))


async def test_tallies_leaderboards_and_own_stats_follow_the_deals(db, services):
    from bot.service.stats import StatsService

    lobbies, games = services
    fools: dict[str, int] = {}
    sticks: dict[str, int] = {}
    for n in range(3):
        started = await new_game(lobbies, games, CHAT - n % 2, ANNA, people=(BORIS,),
                                 computers=())
        await play_out(games, started.game_id, random.Random(100 + n))
        outcome = (await games.snapshot(started.game_id)).state.outcome
        for seat in outcome.fools:
            key = f"u{(ANNA, BORIS)[seat]}"
            fools[key] = fools.get(key, 0) + 1
            if not outcome.draw:
                sticks[key] = sticks.get(key, 0) + 1
    stats = StatsService(db)
    board = await stats.leaderboard("most_games")
    assert {(r["player"], r["games"]) for r in board} == {(f"u{ANNA}", 3), (f"u{BORIS}", 3)}
    by_fools = await stats.leaderboard("most_fools")
    assert [r["fools"] for r in by_fools] == sorted(
        [fools.get(f"u{ANNA}", 0), fools.get(f"u{BORIS}", 0)], reverse=True)
    fewest = await stats.leaderboard("fewest_matchsticks")
    assert [r["per_game"] for r in fewest] == sorted(r["per_game"] for r in fewest)
    rated = await stats.leaderboard("best_rating")
    assert [r["rating"] for r in rated] == sorted((r["rating"] for r in rated), reverse=True)
    in_chat = await stats.leaderboard("most_games", chat_id=CHAT)
    assert {r["games"] for r in in_chat} == {2}  # deals 0 and 2 were in CHAT
    mine = await stats.player(ANNA, chat_id=CHAT - 1)
    assert mine.global_tally["games"] == 3 and mine.chat_tally["games"] == 1
    assert mine.global_tally["matchsticks"] == sticks.get(f"u{ANNA}", 0)
    assert mine.rated_games == 3 and mine.rating is not None
    with pytest.raises(ValueError):
        await stats.leaderboard("most_wins")


async def test_refusals_change_nothing(db, services):
    lobbies, games = services
    started = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=("easy",))
    snap = await games.snapshot(started.game_id)
    seat = sorted(snap.state.actors())[0]
    who = press_args(snap, seat)
    legal = {a.text() for a in snap.state.legal_actions(seat)}
    illegal = next(t for t in ("t", "p", "c 6h 7h", "a 2s") if t not in legal)
    with pytest.raises(IllegalMove) as refused:
        await games.act(started.game_id, illegal, expected_version=0, **who)
    assert refused.value.code is Code.ILLEGAL_MOVE and refused.value.details
    # Not an action at all is a different refusal from a move the rules forbid.
    with pytest.raises(InvalidMove) as invalid:
        await games.act(started.game_id, "DROP TABLE games;", expected_version=0, **who)
    assert invalid.value.code is Code.NOT_AN_ACTION and not isinstance(invalid.value,
                                                                        IllegalMove)
    # Before the lead only the attacker acts: anyone else is told it is not their turn.
    idle = next(x for x in snap.seats if x.seat not in snap.state.actors())
    with pytest.raises(IllegalMove) as early:
        await games.act(started.game_id, "t", expected_version=0,
                        **press_args(snap, idle.seat))
    assert early.value.code is Code.NOT_YOUR_TURN
    with pytest.raises(NotAllowed):
        await games.act(started.game_id, next(iter(legal)), expected_version=0, user_id=123)
    human_seat = next(x.seat for x in snap.seats if x.user_id == ANNA)
    with pytest.raises(NotAllowed, match="person"):
        await games.act(started.game_id, "t", expected_version=0, seat=human_seat,
                        cause="computer")
    with pytest.raises(StaleVersion):
        await games.act(started.game_id, next(iter(legal)), expected_version=5, **who)
    after = await games.snapshot(started.game_id)
    assert after.version == 0 and after.state.to_dict() == snap.state.to_dict()


async def test_hands_changed_names_exactly_the_seats_whose_hand_differs(db, services):
    lobbies, games = services
    started = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=("easy",))
    rng = random.Random(5)
    for _ in range(40):
        before = await games.snapshot(started.game_id)
        if before.status != "running":
            break
        seat = rng.choice(sorted(before.state.actors()))
        action = rng.choice(list(before.state.legal_actions(seat)))
        result = await games.act(started.game_id, action.text(),
                                 expected_version=before.version, **press_args(before, seat))
        after = await games.snapshot(started.game_id)
        differ = {n for n in range(3)
                  if before.state.view(n).hand != after.state.view(n).hand}
        assert result.of(MoveApplied)[0].hands_changed == differ


async def test_timeouts_play_the_default_and_repeated_timeouts_hand_the_seat_over(
        db, services, clock):
    lobbies, games = services
    started = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=(),
                             settings={"turn_seconds": 30})
    assert started.turn_deadline == clock.now + timedelta(seconds=30)
    with pytest.raises(NotYet):
        await games.time_out(started.game_id, 0)
    taken_over = False
    version = 0
    for _ in range(2 * TAKEOVER_AFTER + 2):
        snap = await games.snapshot(started.game_id)
        if snap.status != "running":
            break
        waited = sorted(snap.state.waiting_on())
        clock.now = snap.turn_deadline + timedelta(seconds=1)
        with pytest.raises(StaleVersion):
            await games.time_out(started.game_id, snap.version - 1)
        result = await games.time_out(started.game_id, snap.version)
        moves = result.of(MoveApplied)
        assert moves and {m.cause for m in moves} == {"timeout"}
        assert moves[0].seat == waited[0]
        expect = deal_from_dict(snap.state.to_dict())
        default = expect.default_action(waited[0])
        assert moves[0].action == default.text()
        version = result.version
        taken_over = taken_over or bool(result.of(SeatTakenOver))
    assert version > 0 and taken_over
    snap = await games.snapshot(started.game_id)
    over = [x for x in snap.seats if x.taken_over]
    assert over and all(x.user_id is not None for x in over)
    # A taken-over seat is now played as a computer; the person pressing again takes it back.
    seat = over[0].seat
    if snap.status == "running" and seat in snap.state.actors():
        action = next(iter(snap.state.legal_actions(seat))).text()
        await games.act(started.game_id, action, expected_version=snap.version,
                        user_id=over[0].user_id)
        back = await games.snapshot(started.game_id)
        assert not back.seats[seat].taken_over


async def test_only_the_host_cancels_and_a_cancelled_game_takes_no_moves(db, services):
    lobbies, games = services
    started = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=())
    with pytest.raises(NotAllowed):
        await games.cancel(started.game_id, BORIS)
    cancelled = await games.cancel(started.game_id, ANNA)
    assert cancelled.game_id == started.game_id
    snap = await games.snapshot(started.game_id)
    seat = sorted(snap.state.actors())[0]
    with pytest.raises(GameOver, match="cancelled"):
        await games.act(started.game_id, next(iter(snap.state.legal_actions(seat))).text(),
                        expected_version=0, **press_args(snap, seat))
    async with db.transaction() as s:
        assert await game_repo.running_games(s) == []


async def test_a_cancel_keeps_the_loss_of_whoever_left_and_writes_nothing_else(db, services):
    """Leaving is a loss that stands: a deal cancelled after someone left is recorded as
    lost by them (a matchstick, a fool, rating) and won by the others, zero-sum."""
    from sqlalchemy import select

    lobbies, games = services
    plain = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=())
    await games.cancel(plain.game_id, ANNA)
    async with db.read() as s:
        assert (await s.execute(select(DealResult).where(
            DealResult.game_id == plain.game_id))).scalars().all() == []

    left = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=())
    await games.leave(left.game_id, BORIS)
    await games.cancel(left.game_id, ANNA)
    async with db.read() as s:
        rows = {r.user_id: r for r in (await s.execute(select(DealResult).where(
            DealResult.game_id == left.game_id))).scalars()}
    assert rows[BORIS].fool and rows[BORIS].matchsticks == 1 and not rows[ANNA].fool
    gained = rows[ANNA].rating_after - rows[ANNA].rating_before
    assert gained > 0 and gained == pytest.approx(
        rows[BORIS].rating_before - rows[BORIS].rating_after)


async def test_next_deal_continues_the_series_until_someone_reaches_n(db, services):
    lobbies, games = services
    started = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=(),
                             settings={"rules": {"series_to": 2}})
    game_id, deals = started.game_id, 1
    with pytest.raises(Exception, match="not finished"):
        await games.next_deal(game_id, ANNA)
    while True:
        results = await play_out(games, game_id, random.Random(deals))
        ended = results[-1].of(DealEnded)[0]
        if ended.series_over:
            assert max(ended.matchsticks.values()) == 2
            assert ended.matchsticks[ended.series_loser] == 2
            with pytest.raises(Exception, match="series is over"):
                await games.next_deal(game_id, BORIS)
            break
        assert max(ended.matchsticks.values()) < 2
        with pytest.raises(NotAllowed):
            await games.next_deal(game_id, 42)
        nxt = await games.next_deal(game_id, BORIS)
        assert nxt.deal_number == deals + 1 and nxt.series_id == started.series_id
        with pytest.raises(StaleVersion, match="already started"):
            await games.next_deal(game_id, ANNA)
        game_id, deals = nxt.game_id, deals + 1
        assert deals < 20
    assert deals >= 2


async def test_replay_prints_every_move_and_confirms_the_state(db, services):
    lobbies, games = services
    started = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=())
    results = await play_out(games, started.game_id, random.Random(3))
    out = io.StringIO()
    print_record(await load_record(db, started.game_id), out)
    text = out.getvalue()
    numbered = [ln for ln in text.splitlines() if ln[:5].strip().rstrip(".").isdigit()]
    assert len(numbered) == len(results)
    # every move names its player (people by name) and what they did, in the table's words
    assert all(re.match(r" +\d+\. \d\d:\d\d:\d\d (host\d+|p\d+) \w", ln) for ln in numbered)
    assert re.search(r"(host|p)\d+ leads [0-9JQKA]+[♠♥♦♣]", text)
    assert re.search(r"^  host\d+: ([0-9JQKA]+[♠♥♦♣] ){5}[0-9JQKA]+[♠♥♦♣]$", text, re.M)
    bouts = re.findall(r"^Bout: (\S+) attacks, (\S+) defends$", text, re.M)
    assert len(bouts) > 2 and all(a != d for a, d in bouts)
    assert re.search(r"^Result: ((host|p)\d+ is the fool \(durak\)|Draw)", text, re.M)
    assert text.rstrip().endswith("The move log replays to the stored state: yes")


async def test_durak_replay_command_reads_the_database_named_on_the_command_line(
        db, services, capsys):
    import argparse

    from bot.cli.replay import add_parser
    from bot.cli.streams import Streams

    if not db.is_sqlite:
        pytest.skip("the command takes a plain URL; the PostgreSQL test schema is not one")
    lobbies, games = services
    started = await new_game(lobbies, games, CHAT, ANNA, people=(BORIS,), computers=())
    await play_out(games, started.game_id, random.Random(9))
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    url = db.url.render_as_string(hide_password=False)
    args = parser.parse_args(["replay", str(started.game_id), "--database-url", url])
    out, err = io.StringIO(), io.StringIO()
    streams = Streams(io.StringIO(), out, err)
    assert await asyncio.to_thread(args.run, args, streams) == 0
    assert f"Game {started.game_id} " in out.getvalue()
    # A game that is not there is a refusal of the command line (durak exits 2), not a
    # deal that does not replay (exit 1).
    from bot.cli.args import UsageError

    missing = parser.parse_args(["replay", "424242", "--database-url", url])
    with pytest.raises(UsageError, match="no game 424242"):
        await asyncio.to_thread(missing.run, missing, streams)


async def test_two_computers_of_one_strength_are_one_player_in_tallies_and_ratings(
        db, services):
    from bot.service.stats import StatsService

    lobbies, games = services
    started = await new_game(lobbies, games, CHAT, ANNA, computers=("normal", "normal"))
    results = await play_out(games, started.game_id, random.Random(21))
    outcome = results[-1].of(DealEnded)[0]
    board = await StatsService(db).leaderboard("most_games", chat_id=CHAT)
    rows = {r["player"]: r for r in board}
    computer_fools = len([n for n in outcome.fools if n != 0])
    assert rows["ai:normal"]["games"] == 2 and rows[f"u{ANNA}"]["games"] == 1
    assert rows["ai:normal"]["fools"] == computer_fools
    assert rows["ai:normal"]["rating"] is not None
