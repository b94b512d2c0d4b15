"""What Telegram does when a person opens a Mini App: sign their init data with the bot's
token (core.telegram.org/bots/webapps) and open the page with it in the URL's fragment."""

from __future__ import annotations

import json
import time
from urllib.parse import quote, urlencode

from bot.webapp.initdata import sign

LIGHT = {"bg_color": "#ffffff", "text_color": "#000000", "hint_color": "#707579",
         "button_color": "#3390ec", "button_text_color": "#ffffff",
         "secondary_bg_color": "#f1f1f4"}
DARK = {"bg_color": "#212121", "text_color": "#ffffff", "hint_color": "#aaaaaa",
        "button_color": "#8774e1", "button_text_color": "#ffffff",
        "secondary_bg_color": "#181818"}


def init_data(token: str, user_id: int, first_name: str, *, language: str = "en",
              start_param: str = "", auth_date: float | None = None) -> str:
    fields = {"auth_date": str(int(time.time() if auth_date is None else auth_date)),
              "query_id": f"AAF{user_id}",
              "user": json.dumps({"id": user_id, "first_name": first_name,
                                  "language_code": language}, separators=(",", ":"))}
    if start_param:
        fields["start_param"] = start_param
    fields["hash"] = sign(fields, token)
    return urlencode(fields)


def launch_url(page_url: str, data: str, theme: dict | None = None) -> str:
    """The page's URL as Telegram opens it: launch parameters in the fragment."""
    fragment = urlencode({"tgWebAppData": data, "tgWebAppVersion": "8.0",
                          "tgWebAppThemeParams": json.dumps(theme or LIGHT)}, quote_via=quote)
    return page_url + "#" + fragment
