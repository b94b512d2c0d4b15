"""Sending and editing with Telegram's failures handled the same way everywhere.

- 400 "message is not modified": the screen is already shown; nothing to do;
- 403 (the user blocked the bot or never opened a private chat): reported to the caller as
  ``Unreachable`` so the table can say so (the turn timer then plays for that seat);
- 429 is waited out and retried by the outbox (``outbox.Outbox``, the Application's rate
  limiter) before we see it; one that still reaches us is ``Throttled`` (the presenter
  draws that screen again later); an edit a newer edit of the same message replaced in
  the outbox (``Superseded``) was not sent: False, the newer one shows;
- anything else is logged with context and swallowed: a failed edit must never stop a game
  (Telegram not answering is one warning line, ``faults.known_failure``; the rest, a bug
  or a refusal we did not expect, comes with its traceback).
"""

from __future__ import annotations

import inspect
import logging
import warnings
from collections.abc import Awaitable, Callable
from typing import Any

from telegram import Bot
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TelegramError
from telegram.warnings import PTBUserWarning

from bot.render.screen import Screen

from ..faults import log_failure
from .outbox import Priority, RateArgs, Superseded, Withdrawn

log = logging.getLogger(__name__)


def quiet_wrapper_warning() -> None:
    """do_api_request warns when a method has a PTB wrapper ("use Bot.edit_message_text");
    ``edit`` bypasses the wrapper on purpose, on every edit. Called by build_application
    (process-wide, like all warning filters)."""
    warnings.filterwarnings("ignore", message=r"Please use 'Bot\.editMessageText'",
                            category=PTBUserWarning)


class Unreachable(Exception):
    """The bot may not write to this user (403)."""


class TryLater(Exception):
    """The request did not go through but may in ``seconds``: a caller that can draw the
    screen again does so then (an edit is repeatable; a send that failed is sent again)."""

    def __init__(self, seconds: float, reason: str) -> None:
        super().__init__(reason)
        self.seconds = seconds


class Throttled(TryLater):
    """Telegram's flood control refused the request (429)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds, f"retry after {seconds:g} s")


class NotDelivered(TryLater):
    """Telegram did not answer, or answered 5xx, or the connection dropped."""

    def __init__(self, reason: str) -> None:
        super().__init__(RETRY_AFTER_FAILURE, reason)


RETRY_AFTER_FAILURE = 1.0  # seconds before drawing again after a failed request


def _retry_seconds(exc: RetryAfter) -> float:
    value = exc.retry_after  # int, or a timedelta with PTB_TIMEDELTA
    return float(value.total_seconds() if hasattr(value, "total_seconds") else value)


# The newest screen when the request's turn comes, drawn at once or after a wait.
Refresh = Callable[[], Screen | Awaitable[Screen]]


def _parts(screen: Screen) -> tuple[str, Any]:
    return screen.text, screen.markup_json() if screen.rows else None


def _rate_args(priority: Priority, refresh: Refresh | None = None) -> RateArgs:
    args: RateArgs = {"priority": priority}
    if refresh is not None:
        def newest() -> tuple[str, Any] | Awaitable[tuple[str, Any]]:
            screen = refresh()
            if inspect.isawaitable(screen):
                async def drawn(pending: Awaitable[Screen]) -> tuple[str, Any]:
                    return _parts(await pending)
                return drawn(screen)
            return _parts(screen)
        args["refresh"] = newest
    return args


async def send(bot: Bot, chat_id: int, screen: Screen,
               priority: Priority = Priority.OTHER,
               still_true: Callable[[], bool | Awaitable[bool]] | None = None) -> int | None:
    """The new message's id; None when sending failed for a reason other than 403, or
    when ``still_true`` said at its turn in the outbox that it no longer should go."""
    rate = _rate_args(priority)
    if still_true is not None:
        rate["still_true"] = still_true
    try:
        message = await bot.send_message(  # type: ignore[call-arg]  # an ExtBot's argument
            chat_id, screen.text, reply_markup=screen.markup(), rate_limit_args=rate)
    except Withdrawn:
        return None
    except Forbidden as exc:
        raise Unreachable(str(exc)) from exc
    except RetryAfter as exc:
        raise Throttled(_retry_seconds(exc)) from exc
    except NetworkError as exc:
        if isinstance(exc, BadRequest):
            log_failure(log, exc, "sendMessage to chat %s", chat_id)
            return None
        log_failure(log, exc, "sendMessage to chat %s", chat_id)
        raise NotDelivered(str(exc)) from exc
    except TelegramError as exc:
        log_failure(log, exc, "sendMessage to chat %s", chat_id)
        return None
    return message.message_id


async def edit(bot: Bot, chat_id: int, message_id: int | str, screen: Screen,
               priority: Priority = Priority.OTHER,
               refresh: Refresh | None = None,
               still_true: Callable[[], bool | Awaitable[bool]] | None = None) -> bool:
    """True when the message shows ``screen`` afterwards (edited or already so); with
    ``refresh``, what it returned when the outbox let the edit go (the caller reads it
    from there). False when ``still_true`` said at its turn that it should not go. A
    string ``message_id`` is an inline message's ``inline_message_id`` (its chat unknown
    to the bot: ``chat_id`` is then the venue's synthetic id, the budget the edit counts
    against).

    The hot path (every hand and table edit) goes through ``Bot.do_api_request`` with the
    keyboard as plain JSON and the answer left as JSON: the edited Message Telegram
    returns is not used, and parsing it into PTB objects (and building the keyboard as
    PTB objects) was ~5% of the bot's CPU under load. ``do_api_request`` takes the same
    path as every PTB method (defaults, the rate limiter, the error mapping)."""
    rate = _rate_args(priority, refresh)
    if still_true is not None:
        rate["still_true"] = still_true
    data: dict[str, Any]
    if isinstance(message_id, str):  # an inline message: Telegram knows it by its id alone
        data = {"inline_message_id": message_id, "text": screen.text}
        rate["venue_chat"] = chat_id
    else:
        data = {"chat_id": chat_id, "message_id": message_id, "text": screen.text}
    if screen.rows:
        data["reply_markup"] = screen.markup_json()
    try:
        await bot.do_api_request(  # type: ignore[call-arg]  # an ExtBot's argument
            "editMessageText", api_kwargs=data, rate_limit_args=rate)
    except (Superseded, Withdrawn):
        return False
    except BadRequest as exc:
        if "not modified" in str(exc).lower():
            return True
        log.warning("editMessageText %s/%s refused: %s", chat_id, message_id, exc)
        return False
    except Forbidden as exc:
        raise Unreachable(str(exc)) from exc
    except RetryAfter as exc:
        raise Throttled(_retry_seconds(exc)) from exc
    except NetworkError as exc:  # BadRequest was handled above
        log_failure(log, exc, "editMessageText %s/%s", chat_id, message_id)
        raise NotDelivered(str(exc)) from exc
    except TelegramError as exc:
        log_failure(log, exc, "editMessageText %s/%s", chat_id, message_id)
        return False
    return True

