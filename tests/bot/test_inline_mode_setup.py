"""What the bot asks Telegram for inline mode: the updates it needs (allowed_updates of
polling and of the webhook name inline_query and chosen_inline_result), and a start-up
that says so when the bot's inline mode is off instead of failing silently."""

from __future__ import annotations

import logging

from conftest import fast_settings, stop_app

from bot.app import ALLOWED_UPDATES, build_application
from bot.launch.checks import connect_telegram, set_webhook, start_polling


async def test_polling_asks_for_inline_updates_and_inline_mode_off_is_said(fakebot, tmp_path,
                                                                         caplog):
    fakebot.inline_mode = False
    settings = fast_settings(fakebot, tmp_path / "bot.db", startup_wait=0)
    app = build_application(settings)
    with caplog.at_level(logging.WARNING):
        await connect_telegram(app, settings)
    lines = [r.getMessage() for r in caplog.records if "inline mode is off" in r.getMessage()]
    assert lines and "/setinline" in lines[0] and "@durak_test_bot" in lines[0]
    try:
        await app.post_init(app)
        await app.start()
        await start_polling(app, settings)
        asked = await fakebot.wait_for(lambda: fakebot.allowed_updates, 5, "a poll")
        assert {"inline_query", "chosen_inline_result", "callback_query",
                "message"} <= set(asked)
        assert set(asked) == set(ALLOWED_UPDATES)
    finally:
        await stop_app(app)


async def test_the_webhook_asks_for_inline_updates_and_inline_mode_on_is_quiet(
        fakebot, tmp_path, caplog):
    settings = fast_settings(fakebot, tmp_path / "bot.db", startup_wait=0,
                             webhook_url="https://bot.example/hook")
    app = build_application(settings)
    with caplog.at_level(logging.WARNING):
        await connect_telegram(app, settings)
    assert not [r for r in caplog.records if "inline mode" in r.getMessage()]
    await set_webhook(app, settings, {"webhook_url": "https://bot.example/hook",
                                      "secret_token": "s3cret", "max_connections": 40})
    asked = fakebot.allowed_updates
    assert set(asked) == set(ALLOWED_UPDATES) and "chosen_inline_result" in asked
    await app.shutdown()
