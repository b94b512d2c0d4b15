"""The Bot API client's HTTP layer on aiohttp instead of PTB's default (httpx/httpcore).

Why: with 200 busy games the bot makes ~300 Bot API requests a second, and profiling the
bot process (scripts/bench_bot.py with BENCH_BOT_PYSPY) put most of its CPU in httpcore's
connection pool: on every request start and end it re-checks every pooled connection
(``has_expired`` polls each idle socket, the idle count is recomputed per connection, so
the work grows with the square of the pool size). aiohttp's connector hands out and
takes back keep-alive connections from per-host lists, so a request costs the same with
2 or 64 connections open.

Per request it does only the request: no netrc or proxy lookup (aiohttp's trust_env does
both in a thread for every request, measured at a tenth of the bot's CPU), so proxies
from HTTPS_PROXY/HTTP_PROXY/ALL_PROXY/NO_PROXY are read once at start; a body is
one JSON document (PTB's client URL-encodes each field's JSON; measured ~3% of the CPU).

The contract is PTB's ``BaseRequest``: ``do_request`` returns (status, body) and raises
``TimedOut``/``NetworkError``; PTB itself turns statuses into its exceptions (400, 403,
429 with retry_after ...), so error handling above this layer is unchanged.

Webhook mode: given ``replies`` (runtime/delivery/webhook_replies.py), an answerCallbackQuery whose
press still has an open reply slot goes into the webhook response instead of over HTTP
and returns True. This is the one place every ``query.answer(...)`` passes (text, alert or
``url=``, after the rate limiter), so no handler needs to know about it.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit
from urllib.request import (  # type: ignore[attr-defined]  # real, missing from typeshed
    getproxies_environment,
    proxy_bypass_environment,
)

import aiohttp
from telegram._utils.defaultvalue import DefaultValue
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

from bot.metrics import Metrics

from .webhook_replies import ANSWER_METHOD, WebhookReplies

# The token in a Bot API URL (".../bot123456:ABC-def/getMe", ".../file/bot123456:.../x").
TOKEN_IN_URL = re.compile(r"bot\d+:[A-Za-z0-9_-]+")
# What Telegram would answer to a call it performed: the bot never learns more.
ANSWERED_IN_REPLY = (200, b'{"ok":true,"result":true}')


class AiohttpRequest(BaseRequest):
    """``ApplicationBuilder().request(AiohttpRequest(64))``: at most ``pool_size``
    connections, timeouts (seconds, None: wait forever) as PTB's HTTPXRequest has them."""

    def __init__(self, pool_size: int = 64, *, read_timeout: float | None = 5.0,
                 write_timeout: float | None = 5.0, connect_timeout: float | None = 5.0,
                 pool_timeout: float | None = 1.0,
                 replies: WebhookReplies | None = None, metrics: Metrics | None = None) -> None:
        self._pool_size = pool_size
        self._replies = replies
        self._metrics = metrics
        self._defaults = {"read": read_timeout, "write": write_timeout,
                          "connect": connect_timeout, "pool": pool_timeout}
        self._session: aiohttp.ClientSession | None = None
        self._proxies: dict[str, str] = {}
        self._proxy_of: dict[str, str | None] = {}  # scheme://host:port -> proxy URL

    @property
    def read_timeout(self) -> float | None:
        return self._defaults["read"]

    async def initialize(self) -> None:
        # Created here, not in __init__: an aiohttp session belongs to the running loop,
        # and an Application may be initialized again after a shutdown (tests restart it).
        if self._session is None or self._session.closed:
            connector = aiohttp.TCPConnector(limit=self._pool_size, limit_per_host=0,
                                             keepalive_timeout=30)
            self._session = aiohttp.ClientSession(
                connector=connector, headers={"User-Agent": self.USER_AGENT})
            self._proxies, self._proxy_of = getproxies_environment(), {}

    def _proxy(self, url: str) -> str | None:
        """The proxy for ``url`` from the environment, as httpx (PTB's default) honours it."""
        parts = urlsplit(url)
        origin = f"{parts.scheme}://{parts.netloc}"
        if origin not in self._proxy_of:
            proxy = self._proxies.get(parts.scheme) or self._proxies.get("all")
            if proxy and proxy_bypass_environment(parts.hostname or "", self._proxies):
                proxy = None
            self._proxy_of[origin] = proxy
        return self._proxy_of[origin]

    async def shutdown(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()
        self._session = None

    def _timeout(self, name: str, given) -> float | None:
        return self._defaults[name] if isinstance(given, DefaultValue) else given

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         read_timeout=BaseRequest.DEFAULT_NONE,
                         write_timeout=BaseRequest.DEFAULT_NONE,
                         connect_timeout=BaseRequest.DEFAULT_NONE,
                         pool_timeout=BaseRequest.DEFAULT_NONE) -> tuple[int, bytes]:
        if self._metrics is None:
            return await self._request(url, method, request_data, read_timeout,
                                       write_timeout, connect_timeout, pool_timeout)
        name = url.rsplit("/", 1)[-1]  # the Bot API method, last in the URL
        try:
            status, body = await self._request(url, method, request_data, read_timeout,
                                               write_timeout, connect_timeout, pool_timeout)
        except TimedOut:
            self._metrics.bot_api_request(name, "timeout")
            raise
        except NetworkError:
            self._metrics.bot_api_request(name, "network")
            raise
        self._metrics.bot_api_request(name, _outcome(status, body))
        return status, body

    async def _request(self, url: str, method: str, request_data: RequestData | None,
                       read_timeout, write_timeout, connect_timeout,
                       pool_timeout) -> tuple[int, bytes]:
        if self._session is None or self._session.closed:
            raise RuntimeError("AiohttpRequest is not initialized")
        if (self._replies is not None and request_data is not None
                and url.endswith("/" + ANSWER_METHOD)
                and self._replies.offer(ANSWER_METHOD, request_data.parameters)):
            return ANSWERED_IN_REPLY
        read = self._timeout("read", read_timeout)
        write = self._timeout("write", write_timeout)
        connect = self._timeout("connect", connect_timeout)
        pool = self._timeout("pool", pool_timeout)
        # aiohttp's ``connect`` covers waiting for a pooled connection and opening one;
        # a request body is small here, so the write timeout bounds sending it too.
        timeout = aiohttp.ClientTimeout(
            total=None, connect=None if pool is None or connect is None else pool + connect,
            sock_connect=connect,
            sock_read=None if read is None and write is None else max(read or 0, write or 0))
        data: aiohttp.FormData | bytes | None = None
        headers = None
        if request_data is not None:
            if request_data.contains_files:
                data = aiohttp.FormData()
                for name, value in request_data.json_parameters.items():
                    data.add_field(name, value)
                for name, part in request_data.multipart_data.items():
                    filename, content = part[0], part[1]
                    content_type = part[2] if len(part) > 2 else None
                    data.add_field(name, content, filename=filename,
                                   content_type=content_type)
            else:  # one JSON body (the Bot API takes JSON): no per-field encode + quoting
                data = json.dumps(request_data.parameters, ensure_ascii=False).encode()
                headers = {"Content-Type": "application/json"}
        try:
            async with self._session.request(method, url, data=data, headers=headers,
                                             proxy=self._proxy(url),
                                             timeout=timeout) as response:
                return response.status, await response.read()
        except TimeoutError as exc:  # asyncio.TimeoutError is this since 3.11
            raise TimedOut from exc
        except aiohttp.ClientError as exc:
            # aiohttp names the URL in some errors, and the URL holds the bot's token:
            # the message is logged, the token must not be.
            text = TOKEN_IN_URL.sub("bot<token>", str(exc))
            raise NetworkError(f"aiohttp.{exc.__class__.__name__}: {text}") from exc


def _outcome(status: int, body: bytes) -> str:
    if body is ANSWERED_IN_REPLY[1]:  # this very object: never a body Telegram sent
        return "in_webhook_reply"
    if status < 300:
        return "ok"
    if status == 429:
        return "rate_limited"
    return "server_error" if status >= 500 else "refused"
