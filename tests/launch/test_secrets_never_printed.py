"""The bot token never leaves the process in a log line, an error or a traceback: the
start-up failure cases run as real processes, with every library logging (DEBUG) and in
both log formats, and all their output is searched for the token's secret part."""

from __future__ import annotations

import logging

import pytest
from botprocess import bot_environment, closed_port, run_bot

from bot.launch.redaction import RedactingFilter, Redactor

# As @BotFather hands them out: the bot's id, a colon, 35 characters.
TOKEN = "7712345678:AAHd9kqVx3Lz_Mq8-WtYb2nRcPe4sUoFiJg"
SECRET = TOKEN.split(":", 1)[1]


def cases(fakebot, tmp_path):
    """(name, settings) of starts that fail, each in its own way."""
    return [
        ("malformed Bot API URL", dict(TELEGRAM_API_BASE_URL="notaurl")),
        ("unreachable Bot API", dict(TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{closed_port()}"
                                                           "/bot", DURAK_STARTUP_WAIT="1")),
        ("token rejected", dict(TELEGRAM_API_BASE_URL=fakebot.base_url)),
        ("not a Bot API server", dict(TELEGRAM_API_BASE_URL=fakebot.base_url + "/nothing/bot")),
        ("read-only database", dict(TELEGRAM_API_BASE_URL=fakebot.base_url,
                                    DATABASE_URL=f"sqlite:///file:{tmp_path}/none.db"
                                                 "?mode=ro&uri=true")),
    ]


@pytest.mark.parametrize("log_format", ["plain", "json"])
async def test_no_failure_prints_the_token(fakebot, tmp_path, log_format):
    seen = []
    for name, settings in cases(fakebot, tmp_path):
        env = bot_environment(tmp_path, BOT_TOKEN=TOKEN, DURAK_LOG_LEVEL="DEBUG",
                              DURAK_LOG_FORMAT=log_format, **settings)
        ended = await run_bot(env, tmp_path)
        assert ended.code in (2, 3), (name, ended.stderr)
        output = ended.stdout + ended.stderr
        assert SECRET not in output, (name, output)
        assert SECRET[:12] not in output and SECRET[-12:] not in output, name
        seen.append(output)
    # The masked token still says which bot: its id is not a secret.
    assert any("7712345678:***" in output for output in seen)


def test_the_filter_masks_messages_arguments_and_tracebacks():
    redactor = Redactor(TOKEN, ["webhook-secret-value"])
    records = []

    class Keep(logging.Handler):
        def emit(self, record):
            records.append(self.format(record))

    handler = Keep()
    handler.addFilter(RedactingFilter(redactor))
    log = logging.getLogger("test.redaction")
    log.addHandler(handler)
    log.propagate = False
    try:
        log.warning("GET https://api.telegram.org/bot%s/getMe failed", TOKEN)
        log.warning("secret %s alone", SECRET)
        log.warning("webhook secret %s", "webhook-secret-value")
        try:
            raise ConnectionError(f"cannot reach notaurl{TOKEN}/getMe")
        except ConnectionError:
            log.exception("failed")
    finally:
        log.removeHandler(handler)
    text = "\n".join(records)
    assert SECRET not in text and "webhook-secret-value" not in text
    assert "bot7712345678:***/getMe" in text and "Traceback" in text
    assert "notaurl7712345678:***/getMe" in text


def test_a_short_secret_is_masked_only_as_part_of_the_token():
    redactor = Redactor("1:abc")
    assert redactor.mask("token 1:abc, word abc") == "token 1:***, word abc"
