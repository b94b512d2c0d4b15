"""The inline-mode Bot API methods: answerInlineQuery and savePreparedInlineMessage.

Edits by ``inline_message_id`` live with the other edits in methods.py. Registered in the
same table (``METHODS``); server.py imports this module so that they are.
"""

from __future__ import annotations

from typing import Any

from .errors import QUERY_TOO_OLD, bad_request
from .inline import InlineAnswer, PreparedMessage
from .inline_results import (
    check_identifiers,
    check_offset,
    parse_result,
    parse_results,
    public,
)
from .methods import api_method
from .model import JSON
from .params import as_bool
from .world import World

MAX_CACHE_TIME = 24 * 60 * 60  # the Bot API server clamps cache_time to 0..86400


def _cache_time(params: dict[str, Any]) -> int:
    try:
        value = int(params.get("cache_time", 300))
    except (TypeError, ValueError):
        value = 300  # the Bot API server reads a malformed number as its default
    return max(0, min(MAX_CACHE_TIME, value))


def _button(value: Any) -> JSON | None:
    """InlineQueryResultsButton: text and exactly one of start_parameter / web_app."""
    if value in (None, ""):
        return None
    if not isinstance(value, dict):
        raise bad_request("can't parse inline query results button JSON object")
    if not isinstance(value.get("text"), str):
        raise bad_request('can\'t parse inline query results button: Can\'t find field "text"')
    if "start_parameter" not in value and "web_app" not in value:
        raise bad_request("can't parse inline query results button: InlineQueryResultsButton "
                          "must have exactly one optional field")
    start = value.get("start_parameter")
    if start is not None:
        # TDLib's checks: 1-64 characters of A-Z, a-z, 0-9, _ and -.
        if not start:
            raise bad_request("can't use empty start_parameter")
        if len(str(start)) > 64:
            raise bad_request("too long start_parameter specified")
        if not all(c.isascii() and (c.isalnum() or c in "_-") for c in str(start)):
            raise bad_request("unallowed characters in start_parameter are used")
    return dict(value)


@api_method("answerInlineQuery")
async def answer_inline_query(world: World, params: dict[str, Any]) -> bool:
    """Results checked as the Bot API server, TDLib and Telegram check them (see
    inline_results.py); a query is answered once, within ``world.inline_query_ttl``
    seconds of the World's clock."""
    button = _button(params.get("button"))
    results = parse_results(params.get("results"))
    query = world.inline.queries.get(str(params.get("inline_query_id", "")))
    if (query is None or query.answered
            or world.clock() - query.created_at > world.inline_query_ttl):
        raise bad_request(QUERY_TOO_OLD)  # Telegram's QUERY_ID_INVALID, as the Bot API words it
    check_identifiers(results)
    next_offset = check_offset(params.get("next_offset"))
    query.answered = True
    query.answer = InlineAnswer(
        results=[public(result) for result in results], checked=results,
        cache_time=_cache_time(params), is_personal=as_bool(params, "is_personal"),
        next_offset=next_offset, button=button)
    return True


@api_method("savePreparedInlineMessage")
async def save_prepared_inline_message(world: World, params: dict[str, Any]) -> JSON:
    """Bot API 8.0: one result a Mini App user may send; kept in ``world.inline.prepared``."""
    try:
        user_id = int(params.get("user_id") or 0)
    except (TypeError, ValueError):
        user_id = 0
    if user_id <= 0:
        raise bad_request("invalid user_id specified")
    if params.get("result") in (None, ""):
        raise bad_request("result isn't specified")
    result = parse_result(params["result"])
    user = world.users.get(user_id)
    if user is None or user.is_bot:
        raise bad_request("user not found")
    check_identifiers([result])
    allowed = {name: as_bool(params, name) for name in (
        "allow_user_chats", "allow_bot_chats", "allow_group_chats", "allow_channel_chats")}
    if not any(allowed.values()):
        raise bad_request("at least one chat type must be allowed")
    prepared = PreparedMessage(
        id=world.inline.new_prepared_id(), user_id=user_id, result=result,
        expiration_date=world.now_date() + world.prepared_message_ttl, **allowed)
    world.inline.prepared[prepared.id] = prepared
    return prepared.to_api()
