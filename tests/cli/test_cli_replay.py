"""`durak replay` on databases it cannot read: one line each, nothing created; --help.
(A whole stored game replayed: tests/service/test_game.py.)"""

from __future__ import annotations

import sqlite3

from cli_helpers import run_cli, run_subprocess
from closed_ports import closed_port


def test_a_missing_sqlite_file_is_refused_and_not_created(tmp_path):
    path = tmp_path / "durak.db"
    r = run_cli("replay", "5", "--database-url", f"sqlite:///{path}")
    assert r.code == 2
    assert r.err == (f"durak replay: no database file {path} (set --database-url "
                     "to the bot's database)\n")
    assert list(tmp_path.iterdir()) == []


def test_the_default_database_is_looked_for_not_made(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    r = run_cli("replay", "1")
    assert r.code == 2 and f"no database file {tmp_path / 'durak.db'} (set DATABASE_URL" in r.err
    assert not (tmp_path / "durak.db").exists()


def test_a_sqlite_file_without_the_bots_tables_asks_whether_it_is_the_bots(tmp_path):
    path = tmp_path / "other.db"
    sqlite3.connect(path).close()  # an empty SQLite file
    r = run_cli("replay", "5", "--database-url", f"sqlite:///{path}")
    assert r.code == 2  # a wrong setting, as durak-bot says of it
    assert r.err.count("\n") == 1 and "Traceback" not in r.err
    assert r.err.endswith("[check --database-url]\n")
    assert "the bot's tables are missing (no such table" in r.err
    # durak-bot migrates SQLite itself: alembic is not the advice there
    assert "alembic" not in r.err and "is it the file durak-bot uses" in r.err


def test_postgresql_without_the_bots_tables_says_to_run_the_release_step():
    from bot.cli.replay import _hint

    # `durak migrate`: it works where the bot was installed from a wheel (no alembic.ini)
    assert "`durak migrate`" in _hint("postgresql+asyncpg://u@h/db", schema_missing=True)
    assert "durak migrate" not in _hint("sqlite+aiosqlite:///x.db", schema_missing=True)
    assert _hint("postgresql+asyncpg://u@h/db", schema_missing=False) == ""


def test_an_unreachable_postgresql_is_one_line():
    url = f"postgresql://durak:secret@127.0.0.1:{closed_port()}/durak"
    r = run_subprocess("replay", "5", "--database-url", url)
    assert r.code == 3  # unreachable, as for durak-bot
    assert r.err.startswith("durak replay: cannot read postgresql+asyncpg://durak:***@")
    assert "cannot connect (ConnectionRefusedError" in r.err and "--database-url" in r.err
    assert r.err.count("\n") == 1 and "secret" not in r.err


def test_help_describes_the_command_and_its_options(capsys):
    r = run_cli("replay", "--help")
    assert r.code == 0
    for words in ("bout", "GAME_ID", "--database-url", "never creates"):
        assert words in r.out
