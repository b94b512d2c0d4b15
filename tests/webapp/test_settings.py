"""The Mini App's settings from the environment: off unless a page URL is given."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, Settings

TOKEN = {"BOT_TOKEN": "123:abc"}


def test_no_page_unless_its_url_is_given():
    settings = Settings.from_env(TOKEN)
    assert settings.webapp_url is None and settings.webapp_port == 8080


def test_page_url_port_and_short_name():
    settings = Settings.from_env(dict(TOKEN, DURAK_WEBAPP_URL="https://d.example/webapp/",
                                      DURAK_WEBAPP_PORT="9000", DURAK_WEBAPP_NAME="table"))
    assert (settings.webapp_url, settings.webapp_port, settings.webapp_name) == \
        ("https://d.example/webapp/", 9000, "table")


@pytest.mark.parametrize("env", [{"DURAK_WEBAPP_PORT": "http"}, {"DURAK_WEBAPP_PORT": "70000"},
                                 {"DURAK_WEBAPP_URL": "d.example/webapp"}])
def test_a_wrong_value_is_named(env):
    with pytest.raises(ConfigError, match=next(iter(env))):
        Settings.from_env(dict(TOKEN, **env))
