"""Webhook settings: the secret (configured or derived from the token), the listen path
matching the URL Telegram is given, the connections Telegram may open; reply slots exist
only in webhook mode (polling sends every answer over HTTP, as before)."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, Settings
from bot.launch.serve import webhook_options


def test_secret_defaults_to_one_derived_from_the_token_and_can_be_set():
    one = Settings.from_env({"BOT_TOKEN": "1:abc"}).webhook_secret
    assert one == Settings.from_env({"BOT_TOKEN": "1:abc"}).webhook_secret  # survives restarts
    assert one != Settings.from_env({"BOT_TOKEN": "1:abd"}).webhook_secret
    assert "abc" not in one and len(one) == 64
    chosen = Settings.from_env({"BOT_TOKEN": "1:abc", "DURAK_WEBHOOK_SECRET": "my_Secret-1"})
    assert chosen.webhook_secret == "my_Secret-1"
    with pytest.raises(ConfigError, match="DURAK_WEBHOOK_SECRET"):
        Settings.from_env({"BOT_TOKEN": "1:abc", "DURAK_WEBHOOK_SECRET": "has space"})


@pytest.mark.parametrize(("url", "path", "hook"), [
    ("https://x.example", "42", "https://x.example/42"),
    ("https://x.example/", "42", "https://x.example/42"),
    ("https://x.example/tg/hook/", "tg/hook/42", "https://x.example/tg/hook/42"),
])
def test_the_server_listens_where_telegram_is_told_to_post(url, path, hook):
    settings = Settings.from_env({"BOT_TOKEN": "42:abc", "DURAK_WEBHOOK_URL": url,
                                  "PORT": "8080"})
    options = webhook_options(settings)
    assert (options["url_path"], options["webhook_url"], options["port"]) == (path, hook, 8080)
    assert options["secret_token"] == settings.webhook_secret
    assert options["max_connections"] == 40


def test_settings_built_in_code_still_get_a_secret():
    options = webhook_options(Settings(token="42:abc", webhook_url="https://x.example"))
    assert options["secret_token"] == Settings.from_env({"BOT_TOKEN": "42:abc"}).webhook_secret


def test_only_webhook_mode_has_reply_slots(tmp_path):
    from bot.app import build_application
    from bot.runtime.turns.brains import SimpleBrain  # no search processes for this

    db = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    polling = build_application(Settings(token="42:abc", database_url=db), brain=SimpleBrain())
    assert polling.bot_data["webhook_replies"] is None
    hooked = build_application(Settings(token="42:abc", database_url=db,
                                        webhook_url="https://x.example"), brain=SimpleBrain())
    assert hooked.bot_data["webhook_replies"] is not None
