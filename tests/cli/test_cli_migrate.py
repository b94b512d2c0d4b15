"""`durak migrate`: the package's own migrations bring a database to the head (what a
wheel-installed bot has instead of the project's alembic.ini), and say what they did."""

from __future__ import annotations

import sqlite3

from cli_helpers import run_cli
from closed_ports import closed_port

from bot.storage.migrate import head_revision


def test_a_new_database_is_migrated_to_the_head_and_then_left_alone(tmp_path):
    path = tmp_path / "bot.db"
    first = run_cli("migrate", "--database-url", f"sqlite:///{path}")
    assert first.code == 0, first.err
    assert first.out.endswith(f"schema none -> {head_revision()}\n")
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version_num FROM alembic_version").fetchone()[0] \
            == head_revision()
    again = run_cli("migrate", "--database-url", f"sqlite:///{path}")
    assert again.code == 0 and again.out.endswith("already current\n")


def test_an_unreachable_database_is_one_line():
    url = f"postgresql://durak:secret@127.0.0.1:{closed_port()}/durak"
    r = run_cli("migrate", "--database-url", url)
    assert r.code == 3 and r.err.count("\n") == 1
    assert "cannot connect" in r.err and "secret" not in r.err
