"""Reading a Bot API request's parameters the way Telegram does.

python-telegram-bot 22 (``HTTPXRequest.do_request``) posts every call as a form: without
files httpx sends ``application/x-www-form-urlencoded``, with files ``multipart/form-data``.
Each value is ``RequestParameter.json_value``: strings as they are, everything else
(ints, bools, reply_markup, entities, commands, scope) JSON-encoded. Telegram also accepts a
JSON body and query-string parameters, so the fake does too. Form values are therefore
decoded here: JSON when they parse as a JSON object/array/number/bool, else kept as text.
"""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from .errors import bad_request

# Parameters that are always text even when they look like JSON (a message "42" stays "42").
TEXT_PARAMS = frozenset(
    {"text", "caption", "callback_query_id", "data", "parse_mode", "url", "inline_message_id",
     "language_code", "action", "description", "short_description", "name"}
)


def _decode_form_value(name: str, value: str) -> Any:
    if name in TEXT_PARAMS:
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value


async def read_params(request: web.Request) -> dict[str, Any]:
    """All parameters of one call, decoded; malformed bodies are a 400 like Telegram's."""
    params: dict[str, Any] = {
        name: _decode_form_value(name, value) for name, value in request.query.items()
    }
    content_type = request.content_type
    if not request.can_read_body:
        return params
    if content_type == "application/json":
        try:
            body = await request.json()
        except ValueError as exc:
            raise bad_request("can't parse JSON object") from exc
        if not isinstance(body, dict):
            raise bad_request("can't parse JSON object")
        params.update(body)
    elif content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
        form = await request.post()
        for name, value in form.items():
            if isinstance(value, str):
                params[name] = _decode_form_value(name, value)
            else:  # an uploaded file: keep its name and bytes for inspection
                params[name] = {"filename": value.filename, "content": value.file.read()}
    return params


def require(params: dict[str, Any], name: str) -> Any:
    if name not in params or params[name] in (None, ""):
        raise bad_request(f"parameter {name} is required")
    return params[name]


def as_int(params: dict[str, Any], name: str, *, required: bool = True) -> int | None:
    if name not in params:
        if required:
            raise bad_request(f"parameter {name} is required")
        return None
    value = params[name]
    if isinstance(value, bool):
        raise bad_request(f"invalid {name} specified")
    try:
        return int(value)
    except (TypeError, ValueError) as exc:
        raise bad_request(f"invalid {name} specified") from exc


def as_bool(params: dict[str, Any], name: str) -> bool:
    value = params.get(name, False)
    if isinstance(value, str):
        return value.lower() in ("true", "1")
    return bool(value)


def allowed_updates(params: dict[str, Any]) -> list[str] | None:
    """The ``allowed_updates`` given (a JSON-serialised list, as PTB sends it), None when
    not given: Telegram then keeps the list it had."""
    value = params.get("allowed_updates")
    if value is None:
        return None
    if isinstance(value, str):
        value = json.loads(value)
    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        raise bad_request("can't parse allowed updates")
    return value

