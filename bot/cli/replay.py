"""``durak replay GAME_ID``: a game the bot stored, told bout by bout from its move log.

The deal is rebuilt from its rules, seed and what it was dealt from (the dealer as drawn or
given, a later deal's first-attacker inputs: service/deal_inputs.py) and the logged moves
are applied in order, so what is printed is what the engine made of them; the last line
says whether that reproduces the stored state exactly, and if not, what differs first.
``--all`` checks every stored deal instead, one line each (the same check), and exits 1
when one does not replay (1 means only that: a wrong or unreachable database, or a game
that is not there, exits 2 or 3 with one line, as ``durak-bot`` does: ``cli/database.py``).
Moves are worded as the Telegram table words them
(``bot.cli.narration``). The database is read, never created: a SQLite file that does not
exist is refused before connecting.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TextIO

from bot.cli.args import UsageError, add_database_url, positive_int
from bot.cli.narration import LOCALE, describe_event, describe_move, labels, result_text
from bot.cli.streams import Streams
from bot.engine import Action, EngineError, Event, EventKind, GameState
from bot.i18n import t
from bot.render.cards import sort_hand, suit_symbol
from bot.storage.settings import sqlite_file

if TYPE_CHECKING:
    from bot.service.replay import GameRecord

DESCRIPTION = """\
Print a game the Telegram bot stored: its rules, seed and players, the hands dealt, then
every bout with who attacked and defended, each move with its time and who made it, what
happened after it (beaten off, picked up, drawn), and the result. The game is rebuilt from
its seed and move log; the last line says whether that reproduces the stored state (and
if not, what differs first; the exit status is then 1). --all checks every stored deal
instead: one line each saying whether it replays, then how many did.
The database is DATABASE_URL, as for durak-bot (default: sqlite:///durak.db in this
folder), or --database-url; it must exist (this command never creates one).

example: DATABASE_URL=postgresql://bot@db.example/durak durak replay 1234
         durak replay --all --database-url sqlite:///durak.db"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "replay", help="a game the bot stored, bout by bout, with names, cards and the result",
        description=DESCRIPTION)
    parser.add_argument("game_id", type=positive_int, metavar="GAME_ID", nargs="?",
                        help="the game's number (the `games` table; the bot's log lines "
                             "say `game N`)")
    parser.add_argument("--all", action="store_true",
                        help="check every stored deal instead: one line each, whether it "
                             "replays to the stored state")
    add_database_url(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace, streams: Streams) -> int:
    # Imported here, not at the top: SQLAlchemy and the service layer are 0.4 s of
    # start-up that every other `durak` command would pay (dispatch imports all commands).
    from bot.cli.database import chosen_url, refusal, refuse_missing_sqlite_file
    from bot.service.errors import NotFound
    from bot.storage.failures import database_failure, where

    if args.all == (args.game_id is not None):
        raise UsageError("give a GAME_ID or --all (not both)")
    url = chosen_url(args.database_url)
    refuse_missing_sqlite_file(url, args.database_url)
    try:
        if args.all:
            return asyncio.run(_check_all(url, streams.out))
        record = asyncio.run(_load(url, args.game_id))
    except NotFound as exc:
        raise UsageError(f"{exc.reason} in {where(url)} (`durak replay --all` lists the "
                         "stored deals)") from None
    except Exception as exc:
        failure = database_failure(exc)
        refused = refusal(exc, doing="read", url=url, given=args.database_url,
                          hint=_hint(url, failure is not None and failure.schema_missing))
        if refused is None:
            raise
        raise refused from None
    return 0 if print_record(record, streams.out) else 1


def _hint(url: str, schema_missing: bool) -> str:
    """What to try next when the tables are missing, which means different things per
    backend: durak-bot creates and migrates its SQLite file itself (an empty file is not
    the bot's database, or the bot never started on it), while PostgreSQL is migrated by
    the release step, ``durak migrate``."""
    if not schema_missing:
        return ""
    if sqlite_file(url) is not None:
        return (" This file has none of the bot's tables: is it the file durak-bot uses (it "
                "creates and migrates its SQLite file when it starts)?")
    return (" Has `durak migrate` (the release step) run on it, and is it the bot's "
            "database?")


async def _load(url: str, game_id: int) -> GameRecord:
    from bot.service.replay import load_record
    from bot.storage.database import Database

    db = Database(url)
    try:
        return await load_record(db, game_id)
    finally:
        await db.dispose()


async def _check_all(url: str, out: TextIO) -> int:
    """One line per stored deal, oldest first, then the count; 1 when one does not replay."""
    from bot.service.replay import load_record, stored_game_ids
    from bot.storage.database import Database

    db = Database(url)
    try:
        ids = await stored_game_ids(db)
        failed = 0
        for game_id in ids:
            record = await load_record(db, game_id)
            mismatch = record.replay_mismatch()
            failed += mismatch is not None
            out.write(f"{deal_line(record)}: " + ("replays to the stored state"
                      if mismatch is None else f"does NOT replay ({mismatch})") + "\n")
    finally:
        await db.dispose()
    out.write(f"{len(ids) - failed} of {len(ids)} deals replay to the stored state\n")
    return 1 if failed else 0


def deal_line(record: GameRecord) -> str:
    game = record.game
    return (f"Game {game.id} in chat {game.chat_id}, deal {game.deal_number} "
            f"({game.status}, {len(record.moves)} moves)")


def seat_names(record: GameRecord) -> dict[int, str]:
    """People by their Telegram name; computers numbered in seat order with their strength,
    as the Telegram table names them ("Computer 1 (hard)")."""
    names: dict[int, str] = {}
    computers = 0
    for row in sorted(record.seats, key=lambda x: x.seat):
        if row.user_id is None:
            computers += 1
            names[row.seat] = f"{t(LOCALE, 'ai.name', n=computers)} ({row.computer_strength})"
        else:
            # No name: the person had their data deleted (/forget).
            names[row.seat] = record.names.get(row.user_id) or t(LOCALE, "forget.anonymous")
    return names


def print_record(record: GameRecord, out: TextIO) -> bool:
    """The deal told bout by bout; True when it replays to the stored state."""
    game, rules = record.game, record.rules
    names = seat_names(record)

    def name(seat: int) -> str:
        return names.get(seat, f"seat {seat}")

    say = out.write
    say(f"Game {game.id} in chat {game.chat_id}, deal {game.deal_number}: {game.status}\n")
    say(f"Rules: {rules.preset_name} ({rules.describe() or 'the preset as it is'}); "
        f"seed {game.seed}\n")
    say("Players: " + ", ".join(f"{name(x.seat)} (seat {x.seat})" for x in record.seats)
        + "\n")
    state = record.initial_state()
    _print_deal(state, name, out)
    before = state.view(0)  # public facts (table, attacker) are the same in every view
    new_bout = True
    last = state
    for move, after, events in _steps_until_refused(record):
        if new_bout:
            say(f"\nBout: {name(before.attacker)} attacks, {name(before.defender)} defends\n")
        action = Action.parse(move.action, move.seat)
        when = move.created_at.strftime("%H:%M:%S ") if move.created_at else ""
        cause = {"timeout": " (time ran out)", "computer": ""}.get(move.cause, "")
        say(f"  {move.idx + 1:3d}. {when}{describe_move(action, before, rules, name)}{cause}\n")
        warsaw = getattr(before, "front", None) is not None
        for event in events:
            text = describe_event(event, name, warsaw=warsaw)
            if text:
                say(f"        {text}\n")
        new_bout = any(e.kind in (EventKind.NEW_BOUT, EventKind.BEATEN_OFF, EventKind.TAKEN)
                       for e in events)
        before, last = after.view(0), after
    outcome = last.outcome if last.is_over else None
    say("\nResult: " + (result_text(outcome, name) if outcome is not None
                        else "not finished") + "\n")
    mismatch = record.replay_mismatch()
    say("The move log replays to the stored state: "
        + ("yes" if mismatch is None else f"NO ({mismatch})") + "\n")
    return mismatch is None


def _steps_until_refused(record: GameRecord) -> Iterator[tuple[Any, GameState, tuple[Event, ...]]]:
    """``record.steps()`` up to a move the replayed deal refuses (a deal that does not
    replay): the telling stops there and the last line says which move and why."""
    try:
        yield from record.steps()
    except EngineError:
        return


def _print_deal(state: GameState, name: Callable[[int], str], out: TextIO) -> None:
    view = state.view(0)
    if view.turnup is not None:
        assert view.trump_suit is not None  # a turned-up card names the trump suit
        out.write(f"Trump: {suit_symbol(view.trump_suit, 'plain')} (turn-up "
                  f"{labels([view.turnup])}); {name(view.dealer)} dealt\n")
    else:
        out.write(f"No trump; {name(view.dealer)} dealt\n")
    out.write("Hands dealt:\n")
    for seat in range(state.rules.players):
        hand = state.view(seat).hand
        out.write(f"  {name(seat)}: {labels(sort_hand(hand, view.trump_suit))}\n")
