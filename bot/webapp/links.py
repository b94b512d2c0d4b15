"""Where "Open table" leads for a deal.

- the private hand message: a ``web_app`` button with the page's URL and the deal's id
  (Telegram then opens the page with init data signed for that person);
- the group table: ``web_app`` buttons are refused in groups, so it links to the app's
  direct link ``https://t.me/<bot>/<app>?startapp=g<id>`` (the app's short name as
  registered with @BotFather's /newapp: ``DURAK_WEBAPP_NAME``); Telegram puts ``g<id>`` in
  the init data's ``start_param``. Without a short name the group gets no link.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

from bot.service.events import GameSnapshot
from bot.service.venues import VenueKind


def make_links(page_url: str, app_name: str | None,
               bot_username: Callable[[], str | None]) -> Callable[[GameSnapshot],
                                                                  tuple[str, str]]:
    base = page_url.rstrip("/") + "/"

    def links(snap: GameSnapshot) -> tuple[str, str]:
        page = base + "?" + urlencode({"game": snap.game_id})
        username = bot_username()
        group = (f"https://t.me/{username}/{app_name}?startapp=g{snap.game_id}"
                 if app_name and username and snap.place.kind is VenueKind.GROUP else "")
        return page, group

    return links


def stats_link(page_url: str | None, app_name: str | None, username: str | None, *,
               private: bool) -> str | None:
    """A button's data for a person's own stats page: a ``web_app`` button in a private
    chat, the app's direct link in a group (``startapp=s``; the page then shows whoever
    opens it their own); None without a Mini App (or, in a group, its short name)."""
    if not page_url:
        return None
    if private:
        return "app:" + page_url.rstrip("/") + "/stats.html?view=me"
    return f"url:https://t.me/{username}/{app_name}?startapp=s" if app_name and username \
        else None


def standings_link(page_url: str | None, app_name: str | None, username: str | None,
                   chat_id: int) -> str | None:
    """A group's season standings page (``startapp=t<chat id>``; the server shows it to
    the group's members only)."""
    if not page_url or not app_name or not username:
        return None
    return f"url:https://t.me/{username}/{app_name}?startapp=t{chat_id}"
