"""The Mini App's pictures: a person's stats page and a group's season standings, served
as JSON for ``static/stats.html`` to draw (SVG, by the page itself).

    GET <base>/stats.html                  the page (both views)
    GET <base>/stats.json?init=<init>      the person the init data names, nobody else
    GET <base>/standings.json?init=<init>&chat=<id>   a group's board this season, for a
                                           member of that group (asked of Telegram)

Init data must be signed for this bot and recent (``initdata``): else 401, and nothing
is read. The chat id is no secret (it is in every link to the page): a person who is not
a member of that group gets 403. The words come with the numbers, in the reader's
language (the person's for their page, the group's for its board), so the page needs no
catalogue of its own.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from aiohttp import web
from babel.dates import format_date

from bot.i18n import locale_for, t, tn
from bot.render.names import strength_label
from bot.render.results import rating_points
from bot.render.rules import preset_label
from bot.render.top import season_name
from bot.service.chats import ChatService
from bot.service.pages import PagesService, PersonPage, StandingRow
from bot.service.seasons import season_of

from .initdata import MAX_AGE, InitDataRefused, WebAppUser, validate

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
PAGE = (STATIC / "stats").with_suffix(".html")  # (a literal "stats.html" reads as a message id)
Member = Callable[[int, int], Awaitable[bool]]  # (chat id, user id) -> in that group


class Boards:
    def __init__(self, *, token: str, pages: PagesService, chats: ChatService,
                 is_member: Member, clock: Callable[[], datetime],
                 max_age: float = MAX_AGE) -> None:
        self.token = token
        self.pages = pages
        self.chats = chats
        self.is_member = is_member
        self.clock = clock
        self.max_age = max_age

    def add_routes(self, app: web.Application, base: str) -> None:
        app.router.add_get(base + "/stats.html", self._page)
        app.router.add_get(base + "/stats.json", self._person)
        app.router.add_get(base + "/standings.json", self._standings)

    async def _page(self, request: web.Request) -> web.FileResponse:
        return web.FileResponse(PAGE, headers={"Cache-Control": "no-cache"})

    def _user(self, request: web.Request) -> WebAppUser:
        try:
            return validate(request.query.get("init", ""), self.token, max_age=self.max_age)
        except InitDataRefused as exc:
            log.info("stats page refused: %s", exc)
            # Nobody Telegram vouches for: the sentence in the page's launch language
            # (``lang``), which chooses words and nothing else.
            locale = locale_for(request.query.get("lang", "")[:16] or None)
            raise web.HTTPUnauthorized(text=t(locale, "page.refused")) from exc

    async def _person(self, request: web.Request) -> web.Response:
        user = self._user(request)
        locale = await self.chats.locale(user_id=user.user_id, reported=user.language_code)
        page = await self.pages.person(user.user_id)
        return web.json_response(person_json(locale, user.name, page),
                                 headers={"Cache-Control": "no-store"})

    async def _standings(self, request: web.Request) -> web.Response:
        user = self._user(request)
        start = user.start_param
        text = request.query.get("chat") or (start[1:] if start.startswith("t") else "")

        async def said(key: str) -> str:  # a refusal, in the person's language
            return t(await self.chats.locale(user_id=user.user_id,
                                             reported=user.language_code), key)

        try:
            chat_id = int(text)
        except ValueError as exc:
            raise web.HTTPBadRequest(text=await said("page.which_group")) from exc
        if chat_id >= 0 or chat_id < -(10**15) or not await self.is_member(chat_id,
                                                                          user.user_id):
            raise web.HTTPForbidden(text=await said("page.not_member"))
        locale = await self.chats.locale(chat_id=chat_id)
        season = season_of(self.clock())
        rows = await self.pages.standings(season, chat_id)
        return web.json_response(standings_json(locale, season, rows),
                                 headers={"Cache-Control": "no-store"})


def _page_words(locale: str) -> dict[str, str]:
    return {key.split(".", 1)[1]: t(locale, key) for key in (
        "page.rating", "page.by_game", "page.by_tablemate", "page.achievements",
        "page.no_games", "page.fool_rate", "page.standings", "page.nobody", "page.trend")}


def person_json(locale: str, name: str, page: PersonPage) -> dict[str, Any]:
    return {
        "view": "me", "lang": locale, "title": name, "words": _page_words(locale),
        "summary": t(locale, "page.summary", games=tn(locale, "count.games", page.games),
                     fools=tn(locale, "count.fools", page.fools),
                     rating=rating_points(page.rating) if page.rating is not None
                     else t(locale, "stats.no_rating")),
        "history": [[when.date().isoformat(), rating_points(after)]
                    for when, after in page.history],
        "games": [{"label": preset_label(locale, preset), "games": tally.games,
                   "fools": tally.fools} for preset, tally in page.by_game.items()],
        "tablemates": [{"label": strength_label(locale, mate.computer) if mate.computer
                        else mate.name or t(locale, "forget.anonymous"),
                        "games": mate.games, "fools": mate.fools}
                       for mate in page.tablemates],
        "achievements": [{"name": t(locale, f"ach.{key}"), "why": t(locale, f"ach.{key}.why"),
                          "day": format_date(when.date(), "medium", locale=locale)}
                         for key, when in page.achievements],
    }


def _unbroken(text: str) -> str:
    """A count and the word after it kept on one line ("1 matchstick", not "1" at a line's
    end and "matchstick" under it): a no-break space after each number."""
    return re.sub(r"(\d) ", "\\1\u00a0", text)


def standings_json(locale: str, season: str, rows: list[StandingRow]) -> dict[str, Any]:
    return {
        "view": "top", "lang": locale, "words": _page_words(locale),
        "title": t(locale, "page.season", season=season_name(locale, season)),
        "rows": [{"name": row.name or t(locale, "forget.anonymous"), "games": row.games,
                  "fools": row.fools, "sticks": row.matchsticks,
                  "line": _unbroken(t(locale, "page.row",
                                      games=tn(locale, "count.games", row.games),
                                      fools=tn(locale, "count.fools", row.fools),
                                      sticks=tn(locale, "count.matchsticks",
                                                row.matchsticks))),
                  "rating": None if row.rating is None else rating_points(row.rating),
                  "trend": [rating_points(x) for x in row.trend]} for row in rows],
    }
