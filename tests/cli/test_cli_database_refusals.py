"""Every `durak` command that opens a database refuses a malformed, unsupported or
unreachable one as durak-bot does: one line naming the setting, exit 2 for a wrong
setting, 3 for unreachable (exit 1 is left to "does not replay":
tests/service/test_replay_command.py), and a game that is not there is a refusal, exit 2.
"""

from __future__ import annotations

import sqlite3

import pytest
from cli_helpers import run_cli, run_subprocess
from closed_ports import closed_port

from bot.config import ConfigError, Settings
from bot.launch.failures import SETTING_WRONG, UNREACHABLE

# Each command that touches a database, as typed.
COMMANDS = [("replay", "1"), ("replay", "--all"), ("reports",), ("migrate",)]
MALFORMED = "not-a-url"
UNSUPPORTED = "mysql://x@y/z"


def _bot_refusal(url: str) -> str:
    """durak-bot's own line for DATABASE_URL=url (its settings refuse it)."""
    with pytest.raises(ConfigError) as refused:
        Settings.from_env({"BOT_TOKEN": "1234:abc", "DATABASE_URL": url})
    return str(refused.value)


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("url", [MALFORMED, UNSUPPORTED])
def test_a_url_durak_bot_refuses_is_refused_in_its_words(command, url, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", url)
    r = run_cli(*command)
    assert r.code == SETTING_WRONG
    # The same check and words as durak-bot's (one copy: storage/settings.py)
    assert r.err == f"durak {command[0]}: {_bot_refusal(url)}\n"
    assert "DATABASE_URL" in r.err
    assert list(tmp_path.iterdir()) == []  # nothing created


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_the_option_is_named_when_the_url_came_from_it(command):
    r = run_cli(*command, "--database-url", UNSUPPORTED)
    assert r.code == SETTING_WRONG
    assert r.err == (f"durak {command[0]}: --database-url names 'mysql'; the bot works with "
                     "PostgreSQL (postgresql://...) or SQLite (sqlite:///...)\n")


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_an_unreachable_database_exits_3_in_one_line(command, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", f"postgresql://durak:secret@127.0.0.1:{closed_port()}/d")
    r = run_cli(*command)
    assert r.code == UNREACHABLE
    verb = "migrate" if command[0] == "migrate" else "read"
    assert r.err.startswith(f"durak {command[0]}: cannot {verb} "
                            "postgresql+asyncpg://durak:***@127.0.0.1:")
    assert "cannot connect (ConnectionRefusedError" in r.err
    assert r.err.endswith("[check DATABASE_URL]\n") and r.err.count("\n") == 1
    assert "secret" not in r.err


@pytest.mark.parametrize("command", [("replay", "1"), ("replay", "--all"), ("reports",)],
                         ids=" ".join)
def test_a_database_without_the_bots_tables_is_a_wrong_setting(command, tmp_path):
    path = tmp_path / "other.db"
    sqlite3.connect(path).close()
    r = run_cli(*command, "--database-url", f"sqlite:///{path}")
    assert r.code == SETTING_WRONG
    assert "the bot's tables are missing" in r.err and r.err.count("\n") == 1
    assert r.err.endswith("[check --database-url]\n")


def test_migrate_into_a_folder_that_does_not_exist_is_a_wrong_setting(tmp_path):
    r = run_cli("migrate", "--database-url", f"sqlite:///{tmp_path}/no/such/bot.db")
    assert r.code == SETTING_WRONG
    assert "SQLite cannot open the file" in r.err and r.err.count("\n") == 1
    assert not (tmp_path / "no").exists()


def test_a_game_that_is_not_there_is_a_refusal_not_a_failure(tmp_path):
    path = tmp_path / "bot.db"
    assert run_cli("migrate", "--database-url", f"sqlite:///{path}").code == 0
    r = run_cli("replay", "7", "--database-url", f"sqlite:///{path}")
    assert r.code == SETTING_WRONG
    assert r.err == (f"durak replay: no game 7 in sqlite+aiosqlite:///{path} "
                     "(`durak replay --all` lists the stored deals)\n")
    empty = run_cli("replay", "--all", "--database-url", f"sqlite:///{path}")
    assert empty.code == 0 and empty.out == "0 of 0 deals replay to the stored state\n"


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_no_traceback_from_the_real_process(command):
    """The console script, as an operator runs it (the issue's own commands)."""
    r = run_subprocess(*command, "--database-url", MALFORMED)
    assert (r.code, r.err.count("\n"), "Traceback" in r.err) == (SETTING_WRONG, 1, False)
