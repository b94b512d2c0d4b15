"""`durak reports`: the operator's list of reports after quick games; a database it
cannot read is one line (exit 2 or 3: tests/cli/test_cli_database_refusals.py)."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime, timedelta

from cli_helpers import run_cli, run_subprocess
from closed_ports import closed_port

from bot.storage import safety
from bot.storage.database import Database
from bot.storage.scratch import create_tables

AT = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


def bot_database(path, reports: list[tuple[int, int, int, str]]) -> str:
    url = f"sqlite+aiosqlite:///{path}"

    async def make() -> None:
        db = Database(url)
        try:
            await create_tables(db)
            async with db.transaction() as s:
                for i, (reporter, reported, game, reason) in enumerate(reports):
                    await safety.add_report(s, reporter, reported, game, reason,
                                            AT + timedelta(minutes=i))
        finally:
            await db.dispose()

    asyncio.run(make())
    return f"sqlite:///{path}"


def test_reports_are_listed_newest_first_with_a_limit(tmp_path):
    url = bot_database(tmp_path / "durak.db", [(11, 22, 5, "stalling"),
                                               (33, 22, 5, "offensive_name"),
                                               (44, 55, 9, "other")])
    r = run_cli("reports", "--database-url", url)
    assert r.code == 0 and r.err == ""
    lines = r.out.splitlines()
    assert lines[0].split() == ["time", "(UTC)", "game", "reporter", "reported", "reason"]
    assert lines[1].split() == ["2026-11-28", "12:02", "9", "44", "55", "other"]
    assert lines[3].split() == ["2026-11-28", "12:00", "5", "11", "22", "stalling"]
    assert lines[-1] == "3 reports"
    limited = run_cli("reports", "--limit", "1", "--database-url", url)
    assert limited.out.splitlines()[1:] == [lines[1], "1 report"]


def test_no_reports_says_so(tmp_path):
    r = run_cli("reports", "--database-url", bot_database(tmp_path / "d.db", []))
    assert (r.code, r.out) == (0, "No reports.\n")


def test_a_missing_sqlite_file_is_refused_and_not_created(tmp_path):
    path = tmp_path / "durak.db"
    r = run_cli("reports", "--database-url", f"sqlite:///{path}")
    assert r.code == 2 and "no database file" in r.err and r.err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_file_without_the_bots_tables_is_one_line(tmp_path):
    path = tmp_path / "other.db"
    sqlite3.connect(path).close()
    r = run_cli("reports", "--database-url", f"sqlite:///{path}")
    assert r.code == 2 and r.err.count("\n") == 1 and "Traceback" not in r.err
    assert r.err.startswith("durak reports: cannot read ")


def test_an_unreachable_postgresql_is_one_line_without_the_password():
    url = f"postgresql://durak:secret@127.0.0.1:{closed_port()}/durak"
    r = run_subprocess("reports", "--database-url", url)
    assert r.code == 3  # unreachable, as for durak-bot
    assert r.err.startswith("durak reports: cannot read postgresql+asyncpg://durak:***@")
    assert r.err.count("\n") == 1 and "secret" not in r.err


def test_a_bad_limit_is_a_usage_error():
    r = run_cli("reports", "--limit", "0")
    assert r.code == 2 and "Traceback" not in r.err
