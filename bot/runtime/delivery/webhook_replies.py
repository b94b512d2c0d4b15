"""Reply slots: a button press's answerCallbackQuery rides on the webhook response.

Telegram lets a bot answer a webhook POST with one Bot API call in the response body
(``{"method": "answerCallbackQuery", ...}``; "Making requests when getting updates" in
the Bot API docs). Every press must be answered, so in webhook mode this saves one HTTP
request per press (of ~3.4 per action) and the round trip the user waits for.

The webhook server opens a slot for a callback query before the update is queued and
waits a short while for it; the request layer (telegram_http.AiohttpRequest) offers every
answerCallbackQuery here first. An offer fills an open slot and the call returns True
without HTTP. Once the server stops waiting it closes the slot, and a later answer goes
over HTTP as usual. Offer and close run on the event loop with no await inside, so an
answer is either in the response or sent over HTTP, never both and never neither.

What the bot gives up: Telegram performs a reply's call without telling the result, so an
answer refused there (e.g. the query is too old) is not logged; a press answered in time
is at most a second old, so that refusal is rare.
"""

from __future__ import annotations

import asyncio
from typing import Any

ANSWER_METHOD = "answerCallbackQuery"


class WebhookReplies:
    """Open slots by callback query id; each holds the call to put in the response."""

    def __init__(self) -> None:
        self._slots: dict[str, asyncio.Future] = {}

    def open(self, query_id: str) -> asyncio.Future:
        """A slot for this press; its future gets the reply body if the answer comes in time."""
        future = asyncio.get_running_loop().create_future()
        self._slots[query_id] = future
        return future

    def close(self, query_id: str) -> dict[str, Any] | None:
        """Stop waiting: the reply body if the slot was filled, else None (the answer, when
        it comes, goes over HTTP)."""
        future = self._slots.pop(query_id, None)
        if future is not None and future.done() and not future.cancelled():
            return future.result()
        return None

    def offer(self, method: str, params: dict[str, Any]) -> bool:
        """Take this call into the open slot of its press: True when taken (do not send it)."""
        if method != ANSWER_METHOD:
            return False
        future = self._slots.get(str(params.get("callback_query_id")))
        if future is None or future.done():
            return False
        future.set_result({"method": method, **params})
        return True

    @property
    def open_count(self) -> int:
        return len(self._slots)
