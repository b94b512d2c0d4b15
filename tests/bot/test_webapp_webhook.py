"""Webhook mode serves the Mini App on the webhook's own server (one port, one HTTPS
proxy): the page, its files and the socket beside the webhook path, which still works."""

from __future__ import annotations

import socket

import aiohttp
from conftest import fast_settings

from bot.app import build_application
from bot.runtime.delivery.webhook_server import WebhookServer


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_page_and_socket_beside_the_webhook(fakebot, tmp_path):
    settings = fast_settings(fakebot, tmp_path / "bot.db",
                             webapp_url="https://bot.example/table/")
    app = build_application(settings)
    webapp = app.bot_data["webapp"]
    server = WebhookServer(app, path="hook", secret_token="s3cret", replies=None,
                           extra_routes=webapp.add_routes)
    port = free_port()
    await server.start("127.0.0.1", port)
    base = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{base}/table/") as page:
                assert page.status == 200 and 'src="static/app.js"' in await page.text()
            async with http.get(f"{base}/table/static/app.js") as script:
                assert script.status == 200 and "WebSocket" in await script.text()
            async with http.get(f"{base}/table/words.json") as words:
                assert (await words.json())["ru"]["webapp.connecting"] == "Подключаемся…"
            async with http.get(f"{base}/table/ws?game=1&init=user%3D1") as socket_:
                assert socket_.status == 401
            async with http.post(f"{base}/hook", json={}) as hook:  # no secret: refused
                assert hook.status == 403
    finally:
        await server.stop()
        await app.bot_data["services"].db.dispose()
