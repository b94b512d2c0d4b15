"""Checking reply markup the way Telegram does before it stores a message."""

from __future__ import annotations

from typing import Any

from .errors import bad_request

MAX_CALLBACK_DATA_BYTES = 64
MAX_BUTTONS = 100
# A button has text plus exactly one of these.
BUTTON_KINDS = (
    "callback_data", "url", "login_url", "switch_inline_query",
    "switch_inline_query_current_chat", "switch_inline_query_chosen_chat", "copy_text",
    "callback_game", "pay", "web_app",
)


def check_inline_button(button: Any) -> None:
    if not isinstance(button, dict) or not isinstance(button.get("text"), str):
        raise bad_request("can't parse inline keyboard button: Text buttons are unallowed in "
                          "the inline keyboard")
    if not button["text"]:
        raise bad_request("BUTTON_TEXT_INVALID")
    kinds = [kind for kind in BUTTON_KINDS if kind in button]
    if len(kinds) != 1:
        raise bad_request("can't parse inline keyboard button: Text buttons are unallowed in "
                          "the inline keyboard")
    if "callback_data" in button:
        data = button["callback_data"]
        if not isinstance(data, str) or not data:
            raise bad_request("BUTTON_DATA_INVALID")
        if len(data.encode("utf-8")) > MAX_CALLBACK_DATA_BYTES:
            raise bad_request("BUTTON_DATA_INVALID")
    if "url" in button:
        url = button["url"]
        if not isinstance(url, str) or not url.startswith(("http://", "https://", "tg://")):
            raise bad_request("BUTTON_URL_INVALID")


def check_reply_markup(markup: Any) -> dict[str, Any] | None:
    """The markup to store, or a 400 for what Telegram would refuse."""
    if markup is None:
        return None
    if not isinstance(markup, dict):
        raise bad_request("can't parse reply keyboard markup JSON object")
    if "inline_keyboard" in markup:
        rows = markup["inline_keyboard"]
        if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
            raise bad_request("can't parse inline keyboard markup JSON object")
        count = 0
        for row in rows:
            for button in row:
                check_inline_button(button)
                count += 1
        if count > MAX_BUTTONS:
            raise bad_request("REPLY_MARKUP_TOO_LONG")
        # Empty rows are dropped by Telegram; an all-empty keyboard means "no keyboard".
        rows = [row for row in rows if row]
        return {"inline_keyboard": rows} if rows else None
    if any(key in markup for key in ("keyboard", "remove_keyboard", "force_reply")):
        return markup
    raise bad_request("can't parse reply keyboard markup JSON object")
