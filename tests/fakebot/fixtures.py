"""pytest fixtures: a running fake Bot API server and real PTB Applications polling it.

    async def test_something(fakebot, bot_builder, run_polling):
        app = bot_builder().build()
        app.add_handler(...)
        await run_polling(app)          # initialised, started, polling; stopped at teardown
        await fakebot.user_sends(...)
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
from telegram import Bot
from telegram.ext import Application, ApplicationBuilder

from .server import FakeBotServer


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--telegram-limits", action="store_true",
                     help="the fake Bot API enforces Telegram's flood limits in every test "
                          "(30 calls/s per token, 20 messages/min per group counting edits, "
                          "about 1/s per private chat): 429 with retry_after beyond them")


@pytest.fixture
async def fakebot(request: pytest.FixtureRequest) -> AsyncIterator[FakeBotServer]:
    """A fake Telegram listening on a free port of 127.0.0.1 (with Telegram's flood limits
    under ``--telegram-limits``, or for a test marked ``telegram_limits``)."""
    limits = bool(request.config.getoption("--telegram-limits")
                  or request.node.get_closest_marker("telegram_limits"))
    server = FakeBotServer(telegram_limits=limits)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
async def fake_api_bot(fakebot: FakeBotServer) -> AsyncIterator[Bot]:
    """A bare PTB Bot on the fake, for calling methods directly (no Application)."""
    async with Bot(fakebot.token, base_url=fakebot.base_url) as bot:
        yield bot


@pytest.fixture
def bot_builder(fakebot: FakeBotServer) -> Callable[[], ApplicationBuilder]:
    """ApplicationBuilder factory already pointed at the fake (token, base URLs).

    Two connections for getUpdates: when the Updater stops it cancels the in-flight long
    poll, and httpx can keep that pool slot busy; the final "confirm offset" getUpdates then
    waits out the pool timeout (1 s) and logs TimedOut. A second slot makes stops instant.
    """

    def make() -> ApplicationBuilder:
        return (
            ApplicationBuilder()
            .token(fakebot.token)
            .base_url(fakebot.base_url)
            .base_file_url(fakebot.base_file_url)
            .get_updates_connection_pool_size(2)
        )

    return make


@pytest.fixture
async def run_polling(
    fakebot: FakeBotServer,
) -> AsyncIterator[Callable[..., Awaitable[Application]]]:
    """Start an Application polling the fake; every one started is stopped at teardown."""
    started: list[Application] = []

    async def run(app: Application, *, poll_timeout: float = 10.0) -> Application:
        polls_before = fakebot.poll_count
        await app.initialize()
        await app.start()
        assert app.updater is not None, "build the Application with an Updater to poll"
        await app.updater.start_polling(poll_interval=0.0, timeout=poll_timeout)
        started.append(app)
        # Polling has begun once the first getUpdates reaches the fake.
        await fakebot.wait_for(lambda: fakebot.poll_count > polls_before, 5.0, "first poll")
        return app

    yield run
    for app in reversed(started):
        await stop_application(app)


async def stop_application(app: Application) -> None:
    """Stop polling, stop and shut down, whatever of it is still running."""
    if app.updater is not None and app.updater.running:
        await app.updater.stop()
    if app.running:
        await app.stop()
    await app.shutdown()
