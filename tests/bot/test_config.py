"""Start-up settings: a clear message without a token, URLs and modes from the environment."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, Settings
from bot.launch.main import main


def test_missing_token_is_a_clear_error_and_exit_code(monkeypatch, capsys):
    with pytest.raises(ConfigError, match="BOT_TOKEN is not set"):
        Settings.from_env({})
    with pytest.raises(ConfigError, match="does not look like a bot token"):
        Settings.from_env({"BOT_TOKEN": "nonsense"})
    monkeypatch.delenv("BOT_TOKEN", raising=False)
    assert main([]) == 2
    assert "BOT_TOKEN is not set" in capsys.readouterr().err


def test_environment_selects_database_api_server_and_webhook():
    settings = Settings.from_env({"BOT_TOKEN": "1:abc", "DATABASE_URL": "postgres://u@h/db",
                                  "TELEGRAM_API_BASE_URL": "http://127.0.0.1:8081/bot",
                                  "DURAK_WEBHOOK_URL": "https://x.example/hook",
                                  "PORT": "8080"})
    assert settings.database_url == "postgresql+asyncpg://u@h/db"
    assert settings.api_base_url == "http://127.0.0.1:8081/bot"
    assert (settings.webhook_url, settings.port) == ("https://x.example/hook", 8080)
    plain = Settings.from_env({"BOT_TOKEN": "1:abc"})
    assert plain.database_url.startswith("sqlite+aiosqlite:///")
    assert plain.webhook_url is None and plain.api_base_url is None
    with pytest.raises(ConfigError, match="PORT"):
        Settings.from_env({"BOT_TOKEN": "1:abc", "PORT": "eighty"})


def test_overall_telegram_rate_from_the_environment_and_bad_values_refused():
    assert Settings.from_env({"BOT_TOKEN": "1:abc"}).overall_rate == 30.0
    assert Settings.from_env({"BOT_TOKEN": "1:abc", "DURAK_TELEGRAM_RATE": "120"}).overall_rate \
        == 120.0
    assert Settings.from_env({"BOT_TOKEN": "1:abc", "DURAK_TELEGRAM_RATE": "0"}).overall_rate \
        == 0.0
    for bad in ("fast", "-5", "nan", "inf"):
        with pytest.raises(ConfigError, match="DURAK_TELEGRAM_RATE"):
            Settings.from_env({"BOT_TOKEN": "1:abc", "DURAK_TELEGRAM_RATE": bad})


def test_computer_player_processes_from_the_environment_and_bad_values_refused():
    assert Settings.from_env({"BOT_TOKEN": "1:abc"}).ai_workers is None  # one per core
    assert Settings.from_env({"BOT_TOKEN": "1:abc", "DURAK_AI_WORKERS": "3"}).ai_workers == 3
    for bad in ("0", "-1", "two", "1.5"):
        with pytest.raises(ConfigError, match="DURAK_AI_WORKERS"):
            Settings.from_env({"BOT_TOKEN": "1:abc", "DURAK_AI_WORKERS": bad})
