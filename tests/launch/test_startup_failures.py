"""`durak-bot` started the way an operator starts it, with each known start-up failure:
the exit code, one line naming the setting to check, no traceback; transient failures
retried with one log line per attempt; `--help` lists every setting."""

from __future__ import annotations

import pytest
from botprocess import bot_environment, closed_port, run_bot

from bot.config import ENVIRONMENT

UNREACHABLE, SETTING_WRONG = 3, 2


async def test_help_lists_every_setting_with_its_default(tmp_path):
    ended = await run_bot(bot_environment(tmp_path), tmp_path, "--help")
    assert ended.code == 0 and ended.stderr == ""
    assert ended.stdout.startswith("usage: durak-bot")
    for setting in ENVIRONMENT:
        assert setting.heading in ended.stdout
    assert "BOT_TOKEN  (required)" in ended.stdout
    assert "DURAK_LOG_LEVEL  (default: INFO)" in ended.stdout
    assert "exit codes: 0 stopped" in ended.stdout


async def test_missing_token_names_it(tmp_path):
    ended = await run_bot(bot_environment(tmp_path), tmp_path)
    assert ended.code == SETTING_WRONG
    assert ended.lines == [ended.failure_line()] and "BOT_TOKEN is not set" in ended.stderr


async def test_a_token_telegram_rejects(fakebot, tmp_path):
    env = bot_environment(tmp_path, BOT_TOKEN="1234:not-the-token",
                          TELEGRAM_API_BASE_URL=fakebot.base_url)
    ended = await run_bot(env, tmp_path)
    assert ended.code == SETTING_WRONG
    line = ended.failure_line()
    assert "Telegram rejected BOT_TOKEN (Unauthorized)" in line and "check BOT_TOKEN" in line
    assert "not-the-token" not in ended.stderr  # the token is a secret: never in the log
    assert "Traceback" not in ended.stderr


async def test_an_unreachable_bot_api_is_retried_then_named(tmp_path):
    base = f"http://127.0.0.1:{closed_port()}/bot"
    env = bot_environment(tmp_path, BOT_TOKEN="1234:abc", TELEGRAM_API_BASE_URL=base,
                          DURAK_STARTUP_WAIT="1.5")
    ended = await run_bot(env, tmp_path)
    assert ended.code == UNREACHABLE
    line = ended.failure_line()
    assert f"the Telegram Bot API at {base} stayed unreachable" in line
    assert "check TELEGRAM_API_BASE_URL" in line
    retries = [x for x in ended.lines if "WARNING bot.launch: Telegram unreachable" in x]
    assert len(retries) >= 2  # 0.5 s, 1 s: one line per attempt
    assert "Traceback" not in ended.stderr and "Unclosed" not in ended.stderr


async def test_an_unreachable_database_is_retried_then_named(tmp_path):
    env = bot_environment(tmp_path, BOT_TOKEN="1234:abc",
                          TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{closed_port()}/bot",
                          DATABASE_URL=f"postgresql://bot:secret@127.0.0.1:{closed_port()}/x",
                          DURAK_STARTUP_WAIT="1")
    ended = await run_bot(env, tmp_path)
    assert ended.code == UNREACHABLE
    line = ended.failure_line()
    assert "the database at postgresql+asyncpg://bot:***@127.0.0.1" in line
    assert "stayed unreachable" in line and "check DATABASE_URL" in line
    assert "secret" not in ended.stderr  # the password is hidden
    assert any("WARNING bot.launch: database postgresql+asyncpg://bot:***@127.0.0.1" in x
               and "unreachable: cannot connect (ConnectionRefusedError" in x
               for x in ended.lines)
    assert "Traceback" not in ended.stderr


@pytest.mark.parametrize("url, words", [
    ("sqlite:///{tmp}/no/such/folder/bot.db", "does not exist"),
    ("mysql://u@h/db", "the bot works with PostgreSQL"),
    ("no url at all", "is not a database URL"),
])
async def test_a_database_url_the_bot_cannot_use(tmp_path, url, words):
    env = bot_environment(tmp_path, BOT_TOKEN="1234:abc", DATABASE_URL=url.format(tmp=tmp_path),
                          TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{closed_port()}/bot")
    ended = await run_bot(env, tmp_path)
    assert ended.code == SETTING_WRONG
    line = ended.failure_line()
    assert "DATABASE_URL" in line and words in line
    assert not (tmp_path / "no").exists()


async def test_a_port_in_use_is_named(fakebot, tmp_path):
    env = bot_environment(tmp_path, BOT_TOKEN=fakebot.token,
                          TELEGRAM_API_BASE_URL=fakebot.base_url, PORT=str(fakebot.port),
                          DURAK_WEBHOOK_URL="https://bot.example/hook")
    ended = await run_bot(env, tmp_path)
    assert ended.code == SETTING_WRONG
    line = ended.failure_line()
    assert f":{fakebot.port}" in line and "check PORT" in line
    assert fakebot.webhook_url == ""  # Telegram was not told about a server that is not up


@pytest.mark.parametrize("name, value", [
    ("DURAK_LOG_LEVEL", "chatty"), ("DURAK_STARTUP_WAIT", "soon"), ("PORT", "eighty"),
])
async def test_a_malformed_setting_is_named(tmp_path, name, value):
    env = bot_environment(tmp_path, BOT_TOKEN="1234:abc", **{name: value},
                          TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{closed_port()}/bot")
    ended = await run_bot(env, tmp_path)
    assert ended.code == SETTING_WRONG
    assert ended.lines == [ended.failure_line()] and name in ended.stderr
