"""Telegram's error replies, worded as the real Bot API words them.

python-telegram-bot turns the HTTP status into the exception class (403 -> Forbidden,
400 -> BadRequest, 401/404 -> InvalidToken, 409 -> Conflict) and ``parameters.retry_after``
into RetryAfter, whatever the status; the description becomes the exception's message (with
"Bad Request: " stripped and the rest capitalised). So both the code and the wording matter.
"""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """Raised inside a method implementation; becomes an ``ok: false`` reply."""

    def __init__(self, code: int, description: str, parameters: dict[str, Any] | None = None):
        super().__init__(description)
        self.code = code
        self.description = description
        self.parameters = parameters

    def to_api(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "ok": False,
            "error_code": self.code,
            "description": self.description,
        }
        if self.parameters:
            data["parameters"] = self.parameters
        return data


def bad_request(detail: str) -> ApiError:
    return ApiError(400, f"Bad Request: {detail}")


def forbidden(detail: str) -> ApiError:
    return ApiError(403, f"Forbidden: {detail}")


def too_many_requests(retry_after: int) -> ApiError:
    return ApiError(
        429,
        f"Too Many Requests: retry after {retry_after}",
        {"retry_after": retry_after},
    )


NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are exactly "
    "the same as a current content and reply markup of the message"
)
QUERY_TOO_OLD = "query is too old and response timeout expired or query ID is invalid"
CANT_INITIATE = "bot can't initiate conversation with a user"
BLOCKED = "bot was blocked by the user"
