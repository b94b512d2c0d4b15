"""`durak-bot` as a process answers the operator's probes: /healthz, /readyz and /metrics
on DURAK_METRICS_PORT in polling mode (from the start of start-up, so a process manager
sees "alive, not ready" while Telegram is retried) and on PORT beside the webhook."""

from __future__ import annotations

import asyncio
import signal

import aiohttp
from botprocess import bot_environment, closed_port, read_until, run_bot, start_bot


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{port}{path}") as answer:
            return answer.status, await answer.text()


async def stop(proc: asyncio.subprocess.Process) -> int:
    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(proc.communicate(), 30)
        except TimeoutError:
            proc.kill()
    return await proc.wait()


async def test_polling_mode_answers_on_the_metrics_port(fakebot, tmp_path):
    port = closed_port()
    env = bot_environment(tmp_path, BOT_TOKEN=fakebot.token,
                          TELEGRAM_API_BASE_URL=fakebot.base_url, DURAK_METRICS_PORT=str(port))
    proc = await start_bot(env, tmp_path)
    seen: list[str] = []
    try:
        assert proc.stderr is not None
        await read_until(proc.stderr, "running (long polling)", seen)
        assert await get(port, "/healthz") == (200, "ok\n")
        assert await get(port, "/readyz") == (200, "ready\n")
        alice = fakebot.add_user("Alice")
        await fakebot.user_starts_bot(alice)
        await fakebot.wait_for_message(fakebot.private_chat(alice), timeout=20)
        status, text = await get(port, "/metrics")
        assert status == 200
        assert 'durak_bot_api_requests_total{method="sendMessage",outcome="ok"} 1.0' in text
        assert 'durak_bot_api_requests_total{method="getMe",outcome="ok"}' in text
        assert "durak_games_running 0.0" in text
    finally:
        assert await stop(proc) == 0, "".join(seen)


async def test_alive_but_not_ready_while_telegram_is_retried(tmp_path):
    port = closed_port()
    env = bot_environment(tmp_path, BOT_TOKEN="1234:abc", DURAK_METRICS_PORT=str(port),
                          TELEGRAM_API_BASE_URL=f"http://127.0.0.1:{closed_port()}/bot",
                          DURAK_STARTUP_WAIT="30")
    proc = await start_bot(env, tmp_path)
    seen: list[str] = []
    try:
        assert proc.stderr is not None
        await read_until(proc.stderr, "Telegram unreachable", seen)
        assert await get(port, "/healthz") == (200, "ok\n")
        status, text = await get(port, "/readyz")
        assert status == 503
        assert "telegram: not signed in" in text and "starting" in text
    finally:
        await stop(proc)


async def test_webhook_mode_answers_beside_the_webhook(fakebot, tmp_path):
    port = closed_port()
    env = bot_environment(tmp_path, BOT_TOKEN=fakebot.token,
                          TELEGRAM_API_BASE_URL=fakebot.base_url, PORT=str(port),
                          DURAK_WEBHOOK_URL=f"http://127.0.0.1:{port}/hook")
    proc = await start_bot(env, tmp_path)
    seen: list[str] = []
    try:
        assert proc.stderr is not None
        await read_until(proc.stderr, "running (webhook)", seen)
        assert await get(port, "/healthz") == (200, "ok\n")
        assert await get(port, "/readyz") == (200, "ready\n")
        status, text = await get(port, "/metrics")
        assert status == 200 and 'method="setWebhook",outcome="ok"' in text
    finally:
        assert await stop(proc) == 0, "".join(seen)


async def test_a_metrics_port_in_use_is_named(fakebot, tmp_path):
    env = bot_environment(tmp_path, BOT_TOKEN=fakebot.token,
                          TELEGRAM_API_BASE_URL=fakebot.base_url,
                          DURAK_METRICS_PORT=str(fakebot.port))
    ended = await run_bot(env, tmp_path)
    assert ended.code == 2
    line = ended.failure_line()
    assert f":{fakebot.port}" in line and "check DURAK_METRICS_PORT" in line
