"""The outbox: every request the bot makes to Telegram waits here for its turn.

Telegram holds a bot to about 30 requests a second per token, about 20 messages (sends and
edits) a minute per group and about one a second per private chat, and answers 429 with
``retry_after`` beyond that. Sending as fast as the game changes would spend a group's
minute in seconds and leave a button press waiting behind a table edit. So the outbox is
the Application's rate limiter (PTB's ``BaseRateLimiter``): every request passes through
it, the runtime's screens, the handlers' replies and the answers to button presses alike,
and it decides what goes when:

- **Priorities** (``Priority``): answers to button presses never wait (Telegram does not
  count them); the answers Telegram counts (an inline query's results, a Mini App's
  answer) go first in the token's budget; then the hand of the player who must act (and
  any hand's first sending: its person has no cards to look at until it arrives); then
  other hands; then the group table; then everything else (command replies, lobby
  messages, questions). A request that waited ``AGING_S`` seconds moves up one class, up
  to the table's, so a busy group's tables never starve a command reply for long;
  nothing overtakes the hands (when the token's budget is short, tables wait and grow
  staler, hands still go).
- **Budgets** (``Budgets``, budgets.py): the token's requests per second, spread evenly
  after a small burst; per group a sliding minute of messages; per private chat a small
  burst then about one a second. Each keeps a margin
  under Telegram's number, because Telegram counts arrivals and the outbox counts
  departures. The last ``GROUP_RESERVE`` messages of a group's minute are kept for
  requests above "everything else": a host cycling the lobby's settings cannot spend the
  minute the table of the game they then start needs.
- **Coalescing**: a waiting edit of a message is replaced by a newer edit of the same
  message (the older caller gets ``Superseded``, never sent), keeping the older one's
  place in the queue. An edit may also carry ``refresh``: called when its turn comes, it
  gives the newest content, so a table that waited for its group's budget is sent as it
  is then, not as it was.
- **Withdrawal**: a request may carry ``still_true``: called when its turn comes; when
  what it would say is no longer true (a "looking for players" message for someone
  seated meanwhile), it is not sent and its caller gets ``Withdrawn``. Under load the
  lowest class waits longest, so this is where what went stale meanwhile is dropped
  instead of spending the token's budget.
- **429**: what Telegram refused waits out ``retry_after`` for its own scope only (that
  chat, or the token when the outbox had been spending near the token's budget) and is
  tried again, ``retries`` times; a press's answer is never paused.

Why not PTB's ``AIORateLimiter``: it has no priorities (an answer waits behind edits), no
per-private-chat budget, no coalescing, and one 429 pauses every request of the bot.
"""

from __future__ import annotations

import asyncio
import bisect
import inspect
import itertools
import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, TypedDict

from telegram.error import NetworkError, RetryAfter
from telegram.ext import BaseRateLimiter

from bot.metrics import Metrics

from .budgets import Budgets, SlidingWindow, TokenBucket

log = logging.getLogger(__name__)


class Priority(IntEnum):
    ANSWER = 0  # answers: a press's never waits, an inline query's goes first
    ACTING_HAND = 1  # a hand whose player must act (it carries their buttons), or sent first
    HAND = 2  # other hands
    TABLE = 3  # a game's group table
    OTHER = 4  # command replies, lobby messages, questions to Telegram
    BACKGROUND = 5  # what nobody waits for: a season's end in a group


class RateArgs(TypedDict, total=False):
    """What a caller may tell the outbox (PTB's ``rate_limit_args`` of every bot method)."""

    priority: Priority
    # Called when the edit's turn comes: the newest (text, reply_markup JSON or None),
    # or an awaitable of it (several instances: the newest state is in the database).
    refresh: Callable[[], tuple[str, Any] | Awaitable[tuple[str, Any]]]
    # An edit by ``inline_message_id`` names no chat: the budget it counts against is that
    # of the chat the message lives in, which the caller knows by its venue's synthetic id
    # (service/venues.py: negative, so kept like a group's 20 a minute).
    venue_chat: int
    # Called when its turn comes: False withdraws the request (``Withdrawn``, not sent);
    # or an awaitable of it (several instances: what is true is in the database).
    still_true: Callable[[], bool | Awaitable[bool]]


class Superseded(Exception):
    """A newer edit of the same message took this one's place in the outbox: the message
    will show the newer content; this one was never sent."""


class Withdrawn(Exception):
    """What the request would have said stopped being true before its turn came
    (``still_true``); it was never sent."""


class NotSent(NetworkError):
    """The bot stopped while the request waited for its turn (a known failure: one log
    line where it is handled, like Telegram not answering)."""


# Methods that post or change a message: they count against the chat's budget.
MESSAGE_METHODS = frozenset({
    "sendMessage", "sendPhoto", "sendDocument", "sendSticker", "sendAnimation", "sendDice",
    "copyMessage", "forwardMessage", "editMessageText", "editMessageReplyMarkup",
    "editMessageCaption", "editMessageMedia"})
EDIT_METHODS = frozenset({"editMessageText", "editMessageReplyMarkup", "editMessageCaption",
                          "editMessageMedia"})
# Answers to a person waiting on the spot: first in line. Telegram does not count a
# button press's answer against the token; the others it does, so they take their place
# in the token's budget (first), and a burst of people typing @bot at once gets no 429.
ANSWER_METHODS = frozenset({"answerCallbackQuery", "answerInlineQuery",
                            "answerWebAppQuery"})
UNCOUNTED_METHODS = frozenset({"answerCallbackQuery"})

AGING_S = 4.0  # a request waiting this long moves up one priority class
GROUP_RESERVE = 3  # messages of a group's minute only requests above OTHER may use
DRAIN_S = 3.0  # at a stop, how long waiting requests may still wait for their turn


@dataclass(order=True)
class _Waiting:
    priority: int
    seq: int
    chat_id: int | None = field(compare=False)
    counts: bool = field(compare=False)  # against the chat's budget
    since: float = field(compare=False)
    future: asyncio.Future[None] = field(compare=False)
    key: tuple[int, int | str] | None = field(compare=False, default=None)  # an edit's message


@dataclass
class OutboxStats:
    """What the outbox did (the benchmark prints it)."""

    sent: int = 0
    superseded: int = 0
    withdrawn: int = 0
    throttled: dict[str, int] = field(default_factory=lambda: {"chat": 0, "token": 0})
    longest_wait: float = 0.0


class Outbox(BaseRateLimiter[RateArgs]):
    def __init__(self, budgets: Budgets | None = None, *, retries: int = 3,
                 metrics: Metrics | None = None) -> None:
        self.budgets = budgets or Budgets()
        self.retries = retries
        self.metrics = metrics
        # Children by priority (the waits are observed on every request).
        self._wait_of = ({p: metrics.outbox_wait.labels(p.name.lower()) for p in Priority}
                         if metrics is not None else {})
        self.stats = OutboxStats()
        self._waiting: list[_Waiting] = []  # sorted by (priority, seq)
        self._by_key: dict[tuple[int, int | str], _Waiting] = {}
        self._seq = itertools.count()
        self._token: SlidingWindow | None = None
        self._token_pace: TokenBucket | None = None  # created at the first request
        self._groups: dict[int, SlidingWindow] = {}
        self._privates: dict[int, TokenBucket] = {}
        self._paused: dict[int | None, float] = {}  # chat (None: the token) -> until
        self._wake: asyncio.TimerHandle | None = None
        if self.budgets.per_second:
            per_second = int(self.budgets.per_second)
            self._token = SlidingWindow(max(1, per_second), self.budgets.token_window_s)

    async def initialize(self) -> None:
        pass

    def queued(self) -> int:
        """Requests waiting for their turn now."""
        return len(self._waiting)

    async def shutdown(self) -> None:
        """Stopping (after the runtime drew its last screens): what still waits for a
        budget gets ``DRAIN_S`` seconds to go; the rest is not sent (sending it anyway
        would only earn 429s), one warning line."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + DRAIN_S
        while self._waiting and loop.time() < deadline:
            await asyncio.sleep(0.05)
        if self._wake is not None:
            self._wake.cancel()
        left = [w for w in self._waiting if not w.future.done()]
        if left:
            log.warning("stopping: %d request(s) to Telegram not sent (over its limits)",
                        len(left))
        for waiting in left:
            waiting.future.set_exception(NotSent("the bot stopped before its turn came"))
        self._waiting.clear()
        self._by_key.clear()

    async def process_request(
        self, callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any]
                                                | list[dict[str, Any]]]],
        args: Any, kwargs: dict[str, Any], endpoint: str, data: dict[str, Any],
        rate_limit_args: RateArgs | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        if endpoint in UNCOUNTED_METHODS:
            return await callback(*args, **kwargs)
        wanted = rate_limit_args or {}
        priority = (Priority.ANSWER if endpoint in ANSWER_METHODS
                    else wanted.get("priority", Priority.OTHER))
        chat_id = _chat_of(data)
        key: tuple[int, int | str] | None = None
        if chat_id is None and "inline_message_id" in data:
            chat_id = wanted.get("venue_chat")
            if chat_id is not None:
                key = (chat_id, str(data["inline_message_id"]))
        counts = endpoint in MESSAGE_METHODS and chat_id is not None
        if endpoint in EDIT_METHODS and chat_id is not None and "message_id" in data:
            key = (chat_id, int(data["message_id"]))
        attempt = 0
        while True:
            await self._turn(priority, chat_id, counts, key)
            still_true = wanted.get("still_true")
            if still_true is not None:
                still = still_true()
                if inspect.isawaitable(still):
                    still = await still
                if not still:  # its budget is given back: nothing went
                    self._give_back()
                    self.stats.withdrawn += 1
                    raise Withdrawn()
            refresh = wanted.get("refresh")
            if refresh is not None:
                newest = refresh()
                if inspect.isawaitable(newest):
                    newest = await newest
                data["text"], markup = newest
                if markup is None:
                    data.pop("reply_markup", None)
                else:
                    data["reply_markup"] = markup
            try:
                result = await callback(*args, **kwargs)
            except RetryAfter as exc:
                scope = self._pause(chat_id, _seconds(exc.retry_after))
                self.stats.throttled[scope] += 1
                if self.metrics is not None:
                    kind = ("token" if scope == "token" else
                            "group" if chat_id is not None and chat_id < 0 else "private")
                    self.metrics.too_many_requests.labels(kind).inc()
                attempt += 1
                if attempt > self.retries:
                    raise
                log.info("%s to chat %s: 429 (%s); waiting for %s's budget", endpoint,
                         chat_id, exc, scope)
                continue
            self.stats.sent += 1
            return result

    # -- turns --------------------------------------------------------------------------
    async def _turn(self, priority: Priority, chat_id: int | None, counts: bool,
                    key: tuple[int, int | str] | None) -> None:
        """Wait until the budgets let this request go (see the top)."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        older = self._by_key.pop(key, None) if key is not None else None
        if older is not None:
            # The newer edit takes the older one's place (and the better priority).
            self._waiting.remove(older)
            self.stats.superseded += 1
            if not older.future.done():
                older.future.set_exception(Superseded())
            waiting = _Waiting(min(priority, older.priority), older.seq, chat_id, counts,
                               older.since, loop.create_future(), key)
        else:
            waiting = _Waiting(priority, next(self._seq), chat_id, counts, now,
                               loop.create_future(), key)
        bisect.insort(self._waiting, waiting)
        if key is not None:
            self._by_key[key] = waiting
        self._pump()
        try:
            await waiting.future
        except asyncio.CancelledError:
            self._forget(waiting)
            raise
        waited = loop.time() - waiting.since
        self.stats.longest_wait = max(self.stats.longest_wait, waited)
        if self._wait_of:
            self._wait_of[Priority(priority)].observe(waited)

    def _forget(self, waiting: _Waiting) -> None:
        if waiting in self._waiting:
            self._waiting.remove(waiting)
        if waiting.key is not None and self._by_key.get(waiting.key) is waiting:
            del self._by_key[waiting.key]

    def _pump(self) -> None:
        """Let go every waiting request the budgets allow now, best first; wake up again
        when the next one may go."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        if self._wake is not None:
            self._wake.cancel()
            self._wake = None
        next_time: float | None = None
        order = sorted(self._waiting, key=lambda w: (_aged(w, now), w.seq))
        for waiting in order:
            if waiting.future.done():
                self._forget(waiting)
                continue
            token_free = self._token_free_at(now)
            if token_free > now:
                next_time = token_free if next_time is None else min(next_time, token_free)
                break
            chat_free = self._chat_free_at(waiting, now)
            if chat_free > now:
                next_time = chat_free if next_time is None else min(next_time, chat_free)
                continue
            self._take(waiting, now)
            self._forget(waiting)
            waiting.future.set_result(None)
        if next_time is not None:
            self._wake = loop.call_at(next_time, self._pump)

    def _token_free_at(self, now: float) -> float:
        free = self._paused.get(None, now)
        if self._token is not None:
            free = max(free, self._token.free_at(now), self._pace(now).free_at(now))
        return free

    def _pace(self, now: float) -> TokenBucket:
        if self._token_pace is None:
            rate = self.budgets.per_second / self.budgets.token_window_s
            self._token_pace = TokenBucket(max(1, self.budgets.token_burst), rate, now)
        return self._token_pace

    def _chat_free_at(self, waiting: _Waiting, now: float) -> float:
        chat_id = waiting.chat_id
        if chat_id is None:
            return now
        free = self._paused.get(chat_id, now)
        if not waiting.counts:
            return free
        if chat_id < 0:
            window = self._group(chat_id)
            if window is not None:
                keep = GROUP_RESERVE if waiting.priority >= Priority.OTHER else 0
                free = max(free, window.free_at(now, keep))
        else:
            bucket = self._private(chat_id, now)
            if bucket is not None:
                free = max(free, bucket.free_at(now))
        return free

    def _take(self, waiting: _Waiting, now: float) -> None:
        if self._token is not None:
            self._token.take(now)
            self._pace(now).take(now)
        chat_id = waiting.chat_id
        if chat_id is None or not waiting.counts:
            return
        if chat_id < 0:
            window = self._group(chat_id)
            if window is not None:
                window.take(now)
        else:
            bucket = self._private(chat_id, now)
            if bucket is not None:
                bucket.take(now)

    def _give_back(self) -> None:
        """A request let go that did not go after all (withdrawn): its place in the
        token's budget is free again (a private chat's or a group's it may keep: the
        next message there a moment later loses nothing worth the bookkeeping)."""
        if self._token is not None and self._token.give_back() \
                and self._token_pace is not None:
            self._token_pace.give_back()
        self._pump()

    def _group(self, chat_id: int) -> SlidingWindow | None:
        if not self.budgets.group_per_minute:
            return None
        window = self._groups.get(chat_id)
        if window is None:
            window = self._groups[chat_id] = SlidingWindow(
                int(self.budgets.group_per_minute), self.budgets.group_window_s)
        return window

    def _private(self, chat_id: int, now: float) -> TokenBucket | None:
        if not self.budgets.private_per_second:
            return None
        bucket = self._privates.get(chat_id)
        if bucket is None:
            bucket = self._privates[chat_id] = TokenBucket(
                self.budgets.private_burst,
                self.budgets.private_per_second / self.budgets.private_slack, now)
        return bucket

    # -- 429 ----------------------------------------------------------------------------
    def _pause(self, chat_id: int | None, seconds: float) -> str:
        """Telegram refused a request: pause what it was about; "chat" or "token".
        Telegram does not say which limit it was; the token's, when the outbox had been
        spending near it (or the request had no chat), else the chat's."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        near_token = self._token is not None and self._token.busy(now) >= 0.8
        scope: int | None = None if chat_id is None or near_token else chat_id
        self._paused[scope] = max(self._paused.get(scope, now), now + seconds)
        loop.call_at(now + seconds, self._unpause, scope)
        return "token" if scope is None else "chat"

    def _unpause(self, scope: int | None) -> None:
        if self._paused.get(scope, 0.0) <= asyncio.get_running_loop().time():
            self._paused.pop(scope, None)
        self._pump()


def _aged(waiting: _Waiting, now: float) -> int:
    """Its priority after its wait (see the top): up a class per ``AGING_S`` seconds,
    never above the table's."""
    if waiting.priority <= Priority.TABLE:
        return waiting.priority
    return max(Priority.TABLE, waiting.priority - int((now - waiting.since) // AGING_S))


def _chat_of(data: dict[str, Any]) -> int | None:
    value = data.get("chat_id")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            return -1  # "@channelusername": a public chat, counted as a group
    return None


def _seconds(value: Any) -> float:
    return float(value.total_seconds() if hasattr(value, "total_seconds") else value)
