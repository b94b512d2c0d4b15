"""Start-up refuses what cannot work before saying "running": a malformed Bot API or
webhook URL and the README's placeholder token are setting errors at once; a database that
reads but cannot be written is found by a write that is rolled back; a failed start
leaves no new SQLite file behind (and never removes an existing one). DURAK_LOG_FORMAT=json
gives one JSON object per line."""

from __future__ import annotations

import asyncio
import json
import os
import signal

import pytest
from botprocess import bot_environment, closed_port, read_until, run_bot, start_bot

from bot.storage.database import Database
from bot.storage.migrate import upgrade

SETTING_WRONG = 2


def nowhere() -> str:
    return f"http://127.0.0.1:{closed_port()}/bot"


@pytest.mark.parametrize("base", ["notaurl", "api.telegram.org/bot", "ftp://h/bot",
                                  "http://:99/bot"])
async def test_a_malformed_bot_api_url_is_a_setting_error_at_once(tmp_path, base):
    env = bot_environment(tmp_path, BOT_TOKEN="1234:abc", TELEGRAM_API_BASE_URL=base)
    ended = await run_bot(env, tmp_path, timeout=20)
    assert ended.code == SETTING_WRONG
    line = ended.failure_line()
    assert ended.lines == [line] and "TELEGRAM_API_BASE_URL" in line
    assert not (tmp_path / "bot.db").exists()


@pytest.mark.parametrize("url", ["http://bot.example/hook", "bot.example/hook",
                                 "https:///hook"])
async def test_a_webhook_url_telegram_will_not_post_to_is_a_setting_error(tmp_path, url):
    env = bot_environment(tmp_path, BOT_TOKEN="1234:abc", TELEGRAM_API_BASE_URL=nowhere(),
                          DURAK_WEBHOOK_URL=url)
    ended = await run_bot(env, tmp_path, timeout=20)
    assert ended.code == SETTING_WRONG
    assert ended.lines == [ended.failure_line()] and "DURAK_WEBHOOK_URL" in ended.stderr
    assert "https" in ended.stderr


async def test_the_readme_placeholder_token_is_recognised(tmp_path):
    env = bot_environment(tmp_path, BOT_TOKEN="123456:ABC...", TELEGRAM_API_BASE_URL=nowhere())
    ended = await run_bot(env, tmp_path, timeout=20)
    assert ended.code == SETTING_WRONG
    line = ended.failure_line()
    assert ended.lines == [line] and "placeholder" in line and "@BotFather" in line


async def migrated(path) -> None:
    db = Database(f"sqlite+aiosqlite:///{path}")
    await upgrade(db)
    await db.dispose()


async def test_a_read_only_database_is_refused_before_running(fakebot, tmp_path):
    path = tmp_path / "bot.db"
    await migrated(path)
    env = bot_environment(tmp_path, BOT_TOKEN=fakebot.token,
                          TELEGRAM_API_BASE_URL=fakebot.base_url,
                          DATABASE_URL=f"sqlite:///file:{path}?mode=ro&uri=true")
    ended = await run_bot(env, tmp_path)
    assert ended.code == SETTING_WRONG, ended.stderr
    line = ended.failure_line()
    assert "cannot be written" in line and "readonly" in line and "check DATABASE_URL" in line
    assert "running" not in ended.stderr and "Traceback" not in ended.stderr
    assert path.exists()  # an existing database is never removed


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes a file whatever its mode")
async def test_a_database_file_without_write_permission_is_refused(fakebot, tmp_path):
    path = tmp_path / "bot.db"
    await migrated(path)
    for leftover in tmp_path.glob("bot.db-*"):
        leftover.unlink()
    path.chmod(0o444)
    env = bot_environment(tmp_path, BOT_TOKEN=fakebot.token,
                          TELEGRAM_API_BASE_URL=fakebot.base_url)
    ended = await run_bot(env, tmp_path)
    assert ended.code == SETTING_WRONG, ended.stderr
    assert "cannot be written" in ended.failure_line()
    assert "running" not in ended.stderr


async def test_a_failed_start_leaves_no_new_database_file(fakebot, tmp_path):
    env = bot_environment(tmp_path, BOT_TOKEN="1234:not-the-token",
                          TELEGRAM_API_BASE_URL=fakebot.base_url)
    ended = await run_bot(env, tmp_path)
    assert ended.code == SETTING_WRONG and "Telegram rejected" in ended.failure_line()
    assert list(tmp_path.iterdir()) == []  # no bot.db, -wal or -shm


async def test_a_failed_start_keeps_an_existing_database(fakebot, tmp_path):
    path = tmp_path / "bot.db"
    await migrated(path)
    env = bot_environment(tmp_path, BOT_TOKEN="1234:not-the-token",
                          TELEGRAM_API_BASE_URL=fakebot.base_url)
    ended = await run_bot(env, tmp_path)
    assert ended.code == SETTING_WRONG
    assert path.exists() and path.stat().st_size > 0


async def test_json_logs_are_one_object_per_line(fakebot, tmp_path):
    env = bot_environment(tmp_path, BOT_TOKEN=fakebot.token,
                          TELEGRAM_API_BASE_URL=fakebot.base_url, DURAK_LOG_FORMAT="json")
    proc = await start_bot(env, tmp_path)
    seen: list[str] = []
    try:
        assert proc.stderr is not None
        await read_until(proc.stderr, "running (long polling)", seen)
        proc.send_signal(signal.SIGTERM)
        _, rest = await asyncio.wait_for(proc.communicate(), 30)
    finally:
        if proc.returncode is None:
            proc.kill()
        await proc.wait()
    lines = [json.loads(line) for line in ("".join(seen) + rest.decode()).splitlines()]
    assert proc.returncode == 0
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    assert any(line["message"] == "running (long polling)" and line["logger"] == "bot.launch"
               for line in lines)


async def _startup_lines(env, cwd) -> list[str]:
    """The log lines from start until "running", then a clean stop."""
    proc = await start_bot(env, cwd)
    seen: list[str] = []
    try:
        assert proc.stderr is not None
        await read_until(proc.stderr, "running (", seen)
        proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(proc.communicate(), 30)
    finally:
        if proc.returncode is None:
            proc.kill()
        await proc.wait()
    assert proc.returncode == 0, "".join(seen)
    return "".join(seen).splitlines()


async def test_startup_says_where_health_and_metrics_listen_and_the_database_file(
        fakebot, tmp_path):
    port = closed_port()
    # A relative SQLite URL: the log names the file by its absolute path.
    env = bot_environment(tmp_path, BOT_TOKEN=fakebot.token, DATABASE_URL="sqlite:///bot.db",
                          TELEGRAM_API_BASE_URL=fakebot.base_url, DURAK_METRICS_PORT=str(port))
    lines = await _startup_lines(env, tmp_path)
    assert any(line.endswith(f"bot.launch: health and metrics: http://0.0.0.0:{port}/healthz, "
                             "/readyz and /metrics (DURAK_METRICS_PORT)") for line in lines)
    assert any(f"bot.launch: database: the SQLite file {tmp_path.resolve() / 'bot.db'}, the "
               "schema will be migrated from nothing to" in line for line in lines), lines


async def test_startup_without_a_metrics_port_says_there_is_none(fakebot, tmp_path):
    env = bot_environment(tmp_path, BOT_TOKEN=fakebot.token,
                          TELEGRAM_API_BASE_URL=fakebot.base_url)
    lines = await _startup_lines(env, tmp_path)
    assert any("health and metrics: not served" in line and "DURAK_METRICS_PORT" in line
               for line in lines)


async def test_one_attempt_is_worded_as_one(tmp_path):
    """DURAK_STARTUP_WAIT=0: one attempt, said so; never "for 0 s (1 attempts)"."""
    base = nowhere()
    env = bot_environment(tmp_path, BOT_TOKEN="1234:abc", TELEGRAM_API_BASE_URL=base,
                          DURAK_STARTUP_WAIT="0")
    ended = await run_bot(env, tmp_path, timeout=30)
    assert ended.code == 3
    line = ended.failure_line()
    assert (f"the Telegram Bot API at {base} was unreachable (1 attempt; DURAK_STARTUP_WAIT "
            "is 0: no retries): ") in line
    assert "0 s" not in line and "attempts" not in line


def test_a_postgresql_database_is_shown_without_its_password():
    from bot.storage.failures import place

    assert place("postgresql+asyncpg://durak:secret@db.example:5432/durak") == \
        "postgresql+asyncpg://durak:***@db.example:5432/durak"
