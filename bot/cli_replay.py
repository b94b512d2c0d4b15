"""`durak replay GAME_ID`: print a stored game move by move from its log.

Wired into bot/cli.py with ``add_replay_parser(subparsers)``; the parser's default
``func`` is ``run_replay(args) -> int`` (exit status).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TextIO

from sqlalchemy.exc import DBAPIError

from bot.service.errors import NotFound
from bot.service.replay import GameRecord, load_record
from bot.storage.database import Database
from bot.storage.settings import database_url


def add_replay_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "replay", help="print a stored game move by move from its move log",
        description="Replay a finished or running game from the database (DATABASE_URL).")
    parser.add_argument("game_id", type=int, metavar="GAME_ID")
    parser.add_argument("--database-url", default=None,
                        help="override DATABASE_URL (default sqlite+aiosqlite:///durak.db)")
    parser.set_defaults(func=run_replay)
    return parser


def run_replay(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    try:
        record = asyncio.run(_load(args.database_url or database_url(), args.game_id))
    except NotFound as exc:
        print(f"replay: {exc.reason}", file=sys.stderr)
        return 1
    except DBAPIError as exc:  # no tables yet, or the server is unreachable: say so plainly
        print(f"replay: cannot read the game from the database ({type(exc.orig).__name__}: "
              f"{exc.orig}). Is DATABASE_URL right, and has `alembic upgrade head` run?",
              file=sys.stderr)
        return 1
    print_record(record, out)
    return 0


async def _load(url: str, game_id: int) -> GameRecord:
    db = Database(url)
    try:
        return await load_record(db, game_id)
    finally:
        await db.dispose()


def print_record(record: GameRecord, out: TextIO) -> None:
    game = record.game
    rules = record.rules
    seats = ", ".join(f"{x.seat}: {record.seat_name(x.seat)}" for x in record.seats)
    print(f"game {game.id} · chat {game.chat_id} · deal {game.deal_number} · {game.status}",
          file=out)
    print(f"rules: {rules.preset_name} ({rules.describe() or 'defaults'}) · seed {game.seed}",
          file=out)
    print(f"seats: {seats}", file=out)
    for move, _state, events in record.steps():
        when = move.created_at.strftime("%H:%M:%S") if move.created_at else ""
        tail = f"  [{move.cause}]" if move.cause != "player" else ""
        notes = "; ".join(_event_text(e, record) for e in events)
        print(f"{move.idx + 1:4d}. {when} {record.seat_name(move.seat)}: {move.action}{tail}"
              + (f"  -> {notes}" if notes else ""), file=out)
    if game.outcome:
        o = game.outcome
        if o.get("draw"):
            print("result: draw", file=out)
        else:
            fools = ", ".join(record.seat_name(int(f)) for f in o.get("fools", []))
            titles = ", ".join(f"{record.seat_name(int(k))} {v}"
                               for k, v in o.get("titles", {}).items())
            print(f"result: fool {fools}" + (f" ({titles})" if titles else ""), file=out)
    ok = record.replay_matches()
    print("log replays to the stored state: " + ("yes" if ok else "NO (mismatch)"), file=out)


def _event_text(event, record: GameRecord) -> str:
    kind = getattr(getattr(event, "kind", None), "value", str(event))
    seat = getattr(event, "seat", -1)
    who = f" {record.seat_name(seat)}" if isinstance(seat, int) and seat >= 0 else ""
    count = getattr(event, "count", 0)
    return f"{kind}{who}" + (f" ({count})" if count else "")
