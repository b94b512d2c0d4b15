"""Checking InlineQueryResult objects the way Telegram does (answerInlineQuery,
savePreparedInlineMessage).

Three layers refuse a result, and their words differ: the Bot API server parses the JSON
(its errors are prefixed "can't parse inline query result: ", telegram-bot-api's
Client::get_inline_query_results), TDLib checks contents ("message is too long"), and
Telegram itself checks identifiers (RESULT_ID_EMPTY, RESULT_ID_INVALID over 64 bytes,
RESULT_ID_DUPLICATE, ARTICLE_TITLE_EMPTY, NEXT_OFFSET_INVALID). The fake checks in that
order. Only ``article`` results are modelled in full (the type this bot sends); the other
types Telegram knows are accepted with their id checked, and cannot be chosen in tests.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from .errors import ApiError, bad_request
from .formatting import parse_text
from .markup import check_reply_markup
from .model import JSON

MAX_RESULTS = 50
MAX_RESULT_ID_BYTES = 64
MAX_OFFSET_BYTES = 64
# The types the Bot API server knows (the "type" it accepts; anything else is refused).
KNOWN_TYPES = frozenset({
    "article", "audio", "contact", "document", "game", "gif", "location", "mpeg4_gif",
    "photo", "sticker", "venue", "video", "voice",
})
PARSE_PREFIX = "can't parse inline query result: "


def _parsing(detail: str) -> ApiError:
    return bad_request(PARSE_PREFIX + detail)


def _decoded(value: Any, what: str) -> Any:
    """Form posts carry JSON as text (params.py decodes what parses; a string is left)."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError as exc:
            raise bad_request(f"can't parse JSON encoded {what}") from exc
    return value


def _string_field(result: JSON, name: str, *, required: bool) -> str:
    if name not in result:
        if required:
            raise _parsing(f'Can\'t find field "{name}"')
        return ""
    value = result[name]
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise _parsing(f'Field "{name}" must be of type String')
    return str(value)


def _message_text(result: JSON) -> tuple[str, str | None, Any]:
    """(text, parse_mode, entities) an article sends; the legacy top-level message_text
    is still read when input_message_content is absent, as the Bot API server does."""
    content = result.get("input_message_content")
    if content is None:
        source: JSON = result
        text = _string_field(result, "message_text", required=True)
    else:
        if not isinstance(content, dict):
            raise _parsing('Field "input_message_content" must be of type Object')
        source = content
        text = _string_field(content, "message_text", required=False)
        if not text:
            raise _parsing("Input message content is not specified")
    if not text:
        raise _parsing("Message text is empty")
    parse_mode = source.get("parse_mode")
    return text, str(parse_mode) if parse_mode else None, source.get("entities")


def _wrapping_parse_errors(check: Any, *args: Any) -> Any:
    """Run a check shared with sendMessage; its parsing errors come from the Bot API
    server, which words them inside "can't parse inline query result: " here."""
    try:
        return check(*args)
    except ApiError as error:
        detail = error.description.removeprefix("Bad Request: ")
        if detail.startswith("can't parse"):
            raise _parsing(detail[0].upper() + detail[1:]) from error
        raise


def _markup(result: JSON) -> JSON | None:
    markup = result.get("reply_markup")
    if markup is None:
        return None
    if not isinstance(markup, dict):
        raise _parsing('Field "reply_markup" must be of type Object')
    checked = _wrapping_parse_errors(check_reply_markup, markup)
    if checked is not None and "inline_keyboard" not in checked:
        raise bad_request("REPLY_MARKUP_INVALID")  # only inline keyboards go with a result
    return checked


def parse_result(result: Any) -> JSON:
    """One result as the bot sent it, checked; article results gain the parsed ``text``
    and ``entities`` (under "_text"/"_entities") that a chosen result posts."""
    if not isinstance(result, dict):
        raise _parsing("Inline query result must be an object")
    kind = _string_field(result, "type", required=True).lower()
    result_id = _string_field(result, "id", required=True)
    checked = copy.deepcopy(result)
    checked["id"] = result_id
    if kind == "article":
        text, parse_mode, entities = _message_text(result)
        plain, found = _wrapping_parse_errors(parse_text, text, parse_mode, entities)
        markup = _markup(result)
        _string_field(result, "title", required=True)
        checked["_text"], checked["_entities"], checked["_markup"] = plain, found, markup
        checked["_source"] = text if parse_mode else None  # as sendMessage keeps it
        return checked
    if kind not in KNOWN_TYPES:
        raise _parsing(f'type "{kind}" is unsupported for the inline query result')
    _markup(result)
    return checked


def parse_results(value: Any) -> list[JSON]:
    """answerInlineQuery's ``results``: the Bot API server's parsing of the array."""
    if value is None or value == "":
        return []
    results = _decoded(value, "inline query results")
    if results is None:
        return []
    if not isinstance(results, list):
        raise bad_request("expected an Array of inline query results")
    if len(results) > MAX_RESULTS:
        raise bad_request("too many inline query results specified")
    return [parse_result(result) for result in results]


def check_identifiers(results: list[JSON]) -> None:
    """Telegram's own checks of what the Bot API server passed on."""
    seen: set[str] = set()
    for result in results:
        result_id = result["id"]
        if not result_id:
            raise bad_request("RESULT_ID_EMPTY")
        if len(result_id.encode("utf-8")) > MAX_RESULT_ID_BYTES:
            raise bad_request("RESULT_ID_INVALID")
        if result_id in seen:
            raise bad_request("RESULT_ID_DUPLICATE")
        seen.add(result_id)
        if result.get("type", "").lower() == "article" and not str(result.get("title", "")):
            raise bad_request("ARTICLE_TITLE_EMPTY")


def check_offset(next_offset: Any) -> str:
    offset = "" if next_offset is None else str(next_offset)
    if len(offset.encode("utf-8")) > MAX_OFFSET_BYTES:
        raise bad_request("NEXT_OFFSET_INVALID")
    return offset


def public(result: JSON) -> JSON:
    """The result as the bot sent it (without the fake's parsed fields)."""
    return {key: value for key, value in result.items() if not key.startswith("_")}
