"""The bot's Prometheus metrics: one ``Metrics`` per Application, in its own registry.

Served as ``GET /metrics`` (``bot.launch.health``) in Prometheus' text format through
``prometheus_client``, the maintained client library: its counters and histograms are
thread-safe, cheap to update (a lock and an add), and render the exposition format,
``_total``/``_bucket``/``_sum`` suffixes included, as Prometheus' own tools expect.

Names follow Prometheus' conventions: the ``durak_`` prefix, the unit in the name
(``_seconds``), counters ending in ``_total`` (the library adds it). Every label has a
small fixed set of values (a Bot API method the bot calls, an outcome, a scope, a
priority, a cause, a strength): never a chat, user or game id, which would make a new
series per person. docs/operators.md lists every metric and some alert rules.

A registry of its own rather than the library's global one: tests build many
Applications in one process, and each must count only its own work. Components take a
``Metrics`` or None (None: not measured, as in the benchmarks' helpers and unit tests).
"""

from __future__ import annotations

import re

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.exposition import CONTENT_TYPE_LATEST

CONTENT_TYPE = CONTENT_TYPE_LATEST
# A Bot API method name ("editMessageText"); anything else (a file download's path) is
# counted as "other", so no URL part can become a label value.
METHOD = re.compile(r"^[a-zA-Z]{1,40}$")
STRENGTHS = frozenset({"easy", "normal", "hard"})

# Buckets: where each measured thing has its interesting values.
FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
PRESS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
WAIT = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
THINK = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        ProcessCollector(registry=self.registry)  # process_cpu_seconds_total, memory, fds
        PlatformCollector(registry=self.registry)  # python_info
        r = self.registry
        self.bot_api_requests = Counter(
            "durak_bot_api_requests", "Bot API requests by method and outcome (ok; refused: "
            "Telegram answered 4xx other than 429; rate_limited: 429; server_error: 5xx; "
            "timeout; network: no answer; in_webhook_reply: carried by a webhook response)",
            ["method", "outcome"], registry=r)
        self.too_many_requests = Counter(
            "durak_bot_api_429", "429 Too Many Requests from Telegram, by the scope the "
            "outbox paused (token, group, private)", ["scope"], registry=r)
        self.outbox_waiting = Gauge(
            "durak_outbox_queued_requests", "Bot API requests waiting in the outbox for "
            "their turn now", registry=r)
        self.outbox_wait = Histogram(
            "durak_outbox_wait_seconds", "How long a Bot API request waited in the outbox "
            "for Telegram's budgets, by priority", ["priority"], buckets=WAIT, registry=r)
        self.press_answer = Histogram(
            "durak_press_answer_seconds", "From a button press reaching its handler until "
            "it was handled and answered, by kind of button", ["button"], buckets=PRESS,
            registry=r)
        self.games_running = Gauge(
            "durak_games_running", "Deals running (in the database: the same on every "
            "instance)", registry=r)
        self.lobbies_open = Gauge(
            "durak_lobbies_open", "Lobbies gathering players (in the database)", registry=r)
        self.actions = Counter(
            "durak_actions_accepted", "Moves applied by this process, by cause (player, "
            "timeout, computer)", ["cause"], registry=r)
        self.db_transaction = Histogram(
            "durak_db_transaction_seconds", "Database transactions from begin to commit or "
            "rollback (write: a write transaction, on SQLite possibly a group commit; "
            "autocommit: one PostgreSQL statement)", ["kind"], buckets=FAST, registry=r)
        self.computer_move = Histogram(
            "durak_computer_move_seconds", "A computer player's search for one move, "
            "queueing for a search process included, by strength", ["strength"],
            buckets=THINK, registry=r)
        self.webapp_pages = Gauge(
            "durak_webapp_open_pages", "Mini App pages open on this process", registry=r)
        # Children by label value: ``labels()`` parses its arguments on every call.
        self._requests: dict[tuple[str, str], Counter] = {}
        self._transactions: dict[str, Histogram] = {}
        self._actions: dict[str, Counter] = {}

    def bot_api_request(self, method: str, outcome: str) -> None:
        key = (method if METHOD.match(method) else "other", outcome)
        child = self._requests.get(key)
        if child is None:
            child = self._requests[key] = self.bot_api_requests.labels(*key)
        child.inc()

    def db_timing(self, kind: str, seconds: float) -> None:
        """``Database.timing``: one transaction of ``kind`` took ``seconds``."""
        child = self._transactions.get(kind)
        if child is None:
            child = self._transactions[kind] = self.db_transaction.labels(kind)
        child.observe(seconds)

    def computer_moved(self, strength: str, seconds: float) -> None:
        self.computer_move.labels(strength if strength in STRENGTHS else "other").observe(
            seconds)

    def action_accepted(self, cause: str) -> None:
        child = self._actions.get(cause)
        if child is None:
            child = self._actions[cause] = self.actions.labels(cause)
        child.inc()

    def render(self) -> bytes:
        """Every metric in Prometheus' text format (``CONTENT_TYPE``)."""
        return generate_latest(self.registry)
