"""`durak migrate`: the package's own migrations bring a database to the head (what a
wheel-installed bot has instead of the project's alembic.ini), and say what they did."""

from __future__ import annotations

import sqlite3

from cli_helpers import REPO, run_cli
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


def test_the_release_step_is_durak_migrate_wherever_the_docs_name_it():
    """`alembic upgrade head` needs the project folder's alembic.ini, which a bot installed
    from a wheel does not have: the step the Procfile runs and the docs and the start-up
    failure tell an operator to run is `durak migrate`, which works in both."""
    from bot.launch.checks import UPGRADE

    assert "release: durak migrate\n" in (REPO / "Procfile").read_text()
    assert "`durak migrate`" in UPGRADE and "alembic" not in UPGRADE
    readme = (REPO / "README.md").read_text()
    assert "- `durak migrate [--database-url URL]`" in readme  # in the command list
    assert "alembic upgrade" not in readme
    guide = (REPO / "docs" / "operators.md").read_text()
    assert "    release: durak migrate\n" in guide and "    durak migrate " in guide
    # Named once, as what does the same in a checkout and fails from a wheel.
    assert guide.count("alembic upgrade head") == 1
    assert "wheel has no `alembic.ini`" in guide


def test_migrate_needs_no_alembic_ini(tmp_path):
    """Run from a folder with no alembic.ini, as from a wheel."""
    from cli_helpers import run_subprocess_in

    r = run_subprocess_in(tmp_path, "migrate", "--database-url", "sqlite:///bot.db")
    assert r.code == 0, r.err
    assert r.out.endswith(f"-> {head_revision()}\n") and (tmp_path / "bot.db").is_file()
