"""The Mini App's routes on an aiohttp application: the bot's webhook server in webhook
mode (``WebhookServer(extra_routes=...)``), or a server of its own in polling mode
(``start``/``stop``, on ``DURAK_WEBAPP_PORT``, behind the operator's HTTPS proxy).

    GET  <base>/            the page (static/index.html)
    GET  <base>/static/...  its modules and CSS
    GET  <base>/words.json  the page's own words in every language (nothing secret)
    GET  <base>/ws?game=N&init=<init data>   the WebSocket of a deal
    GET  <base>/stats.html, stats.json, standings.json   the pictures (``boards``)
    GET  <base>/ws?room=<code>&init=<init data>   before a deal: a lobby by its link
                                                (``j<invite>``), the quick queue (``q``)
                                                or home (``rooms``)

A WebSocket is opened only for init data Telegram signed for this bot, recent enough
(``initdata``), of a person seated at deal N: anything else is a 401 before the upgrade
and changes nothing. Over it the server sends the seat's state after every change
(``hub``); the page sends ``{"press": <callback data>}``, the very data of the button it
shows, which goes through the same protocol as a press in the chat (``presses``: same
checks, same versions); a refusal comes back as ``{"type": "refused", "text": ...}`` in the
person's language, a hint as ``{"type": "hint", ...}``.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from bot.engine import Action
from bot.i18n import LOCALES, t
from bot.render.callback import MAX_GAME_ID, CallbackDataError, CallbackKind, decode
from bot.render.phrases import MENU_TOKEN
from bot.render.refusals import refusal_text
from bot.runtime.driver import GameRuntime
from bot.runtime.table.display import Display
from bot.service.errors import Code, ServiceError

from .boards import Boards
from .hub import LiveHub, Page
from .initdata import MAX_AGE, InitDataRefused, validate
from .rooms import Rooms

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
PAGE_WORDS = ("webapp.title", "webapp.connecting", "webapp.reconnecting", "webapp.refused",
              "webapp.held", "webapp.not_sent", "webapp.moved_on", "webapp.four_colours",
              "webapp.show_table", "webapp.result", "webapp.copied", "webapp.copy_this",
              "webapp.open_bot", "webapp.phrases_close")
MAX_MESSAGE = 1024  # a press is ~60 bytes; more is not our page


class WebAppServer:
    def __init__(self, *, token: str, runtime: GameRuntime, hub: LiveHub,
                 base_path: str = "/webapp", max_age: float = MAX_AGE,
                 rooms: Rooms | None = None, boards: Boards | None = None) -> None:
        self.token = token
        self.runtime = runtime
        self.hub = hub
        self.rooms = rooms
        self.boards = boards  # the stats and standings pages (boards.py)
        self.base = "/" + base_path.strip("/")
        self.max_age = max_age
        self._runner: web.AppRunner | None = None
        self.words = json.dumps({loc: {k: t(loc, k) for k in PAGE_WORDS} for loc in LOCALES})

    def add_routes(self, app: web.Application) -> None:
        app.router.add_get(self.base, self._to_page)
        app.router.add_get(self.base + "/", self._page)
        app.router.add_get(self.base + "/words.json", self._words)
        app.router.add_get(self.base + "/ws", self._socket)
        app.router.add_static(self.base + "/static", STATIC)
        if self.boards is not None:
            self.boards.add_routes(app, self.base)

    # -- polling mode: a server of its own --------------------------------------------------
    async def start(self, host: str, port: int) -> int:
        """Listen on ``host:port`` (0: any free port); returns the port."""
        app = web.Application()
        self.add_routes(app)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        bound = self._runner.addresses[0][1]
        log.info("Mini App server listening on %s:%s%s/", host, bound, self.base)
        return int(bound)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- routes -----------------------------------------------------------------------------
    async def _to_page(self, request: web.Request) -> web.Response:
        raise web.HTTPFound(self.base + "/" + (f"?{request.query_string}"
                                               if request.query_string else ""))

    async def _page(self, request: web.Request) -> web.FileResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def _words(self, request: web.Request) -> web.Response:
        return web.Response(text=self.words, content_type="application/json")

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        try:
            user = validate(request.query.get("init", ""), self.token, max_age=self.max_age)
        except InitDataRefused as exc:
            log.info("Mini App connection refused: %s", exc)
            return web.Response(status=401, text="init data refused")
        start = user.start_param
        game_text = request.query.get("game") or (start[1:] if start.startswith("g") else "")
        if not game_text and self.rooms is not None:
            return await self.rooms.serve(request, user)  # a lobby, the queue, or home
        try:
            game_id = int(game_text)
        except ValueError:
            return web.Response(status=401, text="no game")
        if not 0 < game_id <= MAX_GAME_ID:
            return web.Response(status=401, text="no such game")
        displays = self.runtime.displays
        display = displays.get(game_id) or displays.finished(game_id)
        if display is None:
            # Asked before anything is loaded into memory: a stranger's guesses cost a
            # read, never a display kept for a game they are not at.
            try:
                snap = await self.runtime.games.snapshot(game_id)
            except ServiceError:
                return web.Response(status=401, text="no such game")
            if snap.seat_of(user.user_id) is None:
                return web.Response(status=401, text="not at this table")
            display = await (displays.of(game_id) if snap.status == "running"
                             else self._ended(game_id))
        seat = display.seat_of(user.user_id)
        if seat is None:
            log.info("Mini App: user %s is not at game %s", user.user_id, game_id)
            return web.Response(status=401, text="not at this table")
        ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        page = Page(ws=ws, game_id=game_id, seat=seat, user_id=user.user_id,
                    series=display.snap.series_id)
        self.hub.join(page)
        self.hub.push(page, display)
        if display.snap.status != "running":
            await self._newer_deal(page)
        try:
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    break
                reply = await self._press(page, message.data)
                if reply is not None:
                    await ws.send_json(reply)
        finally:
            self.hub.leave(page)
        return ws

    async def _ended(self, game_id: int) -> Display:
        """A deal that ended before its page was opened: its display, read once to show
        the result (and the ready check), not kept among the running deals."""
        displays = self.runtime.displays
        display = await displays.load(game_id)
        displays.forget(game_id)  # a group deal's stays among the finished ones
        if display.snap.status == "finished" and display.solo_seat is None:
            ready, started = await self.runtime.games.ready_state(game_id)
            display.notes.ready = set(ready) or None
            display.notes.next_started = started
        return display

    async def _newer_deal(self, page: Page) -> None:
        """A page opened on a deal whose series dealt again since goes on to the newest."""
        try:
            newest = await self.runtime.games.newest_deal(page.game_id)
            if newest > page.game_id:
                snap = await self.runtime.games.snapshot(newest)
                if snap.seat_of(page.user_id) is not None:
                    page.followed = newest
                    await page.ws.send_json({"type": "next", "game": newest})
        except (ServiceError, ConnectionError, RuntimeError):
            pass

    def _still_meant(self, page: Page, version: int, action_text: str) -> int:
        """The version to play a page's move at. Others may move between the state the page
        showed and the tap (throw-ins while the defender covers): a move naming its cards
        (lead or throw in these, cover that with this, transfer) means the same on the newer
        state when it is still legal there, so it is played on it. Take, pass and done
        depend on what lies on the table: they stay at the version the page showed."""
        display = self.runtime.displays.get(page.game_id)
        if display is None or version == display.version:
            return version
        snap = display.snap
        try:
            action = Action.parse(action_text, page.seat)
        except ValueError:
            return version
        if not action.cards or snap.status != "running" or snap.state.is_over:
            return version
        if action in snap.state.view(page.seat).legal:
            return snap.version
        return version

    async def _press(self, page: Page, text: str) -> dict[str, Any] | None:
        """Do what the page's button means; the refusal or the hint to show, if any."""
        display = self.runtime.displays.get(page.game_id) or \
            self.runtime.displays.finished(page.game_id)
        locale = display.seat_locale.get(page.seat, display.locale) if display else "en"
        presses = self.runtime.presses
        try:
            data = decode(json.loads(text).get("press"))
            if data.game_id != page.game_id:
                raise CallbackDataError("another game's button")
            game_id, version = data.game_id, data.version or 0
            if data.is_move:
                version = self._still_meant(page, version, data.payload)
                await presses.press(game_id, version, data.payload, page.user_id)
            elif data.kind is not CallbackKind.GAME_UI:
                raise CallbackDataError("not a game button")
            elif data.payload in ("next", "nextnow"):
                started = await self.runtime.play_again.press(
                    game_id, page.user_id, now=data.payload == "nextnow")
                if not started:
                    return {"type": "hint", "text": t(locale, "game.ready_you")}
            elif data.payload.startswith(MENU_TOKEN) and data.payload != MENU_TOKEN:
                # A phrase from the page's 💬 menu: the page shows its own bubble.
                await presses.say(game_id, page.user_id, int(data.payload[len(MENU_TOKEN):]))
            elif data.payload == "hint":
                return {"type": "hint", "text": await presses.hint(game_id, page.user_id)}
            elif data.payload == "back" or data.payload.startswith("pick"):
                card = None if data.payload == "back" else int(data.payload[4:])
                await presses.pick(game_id, page.user_id, card)
            elif data.payload == "swap" or data.payload.startswith("sw"):
                card = None if data.payload == "swap" else int(data.payload[2:])
                await presses.swap_choice(game_id, page.user_id, card)
            else:
                raise CallbackDataError("unknown game button")
        except (CallbackDataError, ValueError, AttributeError, TypeError):
            return {"type": "refused", "text": refusal_text(locale, Code.STALE_BUTTON)}
        except ServiceError as exc:
            return {"type": "refused", "text": refusal_text(locale, exc)}
        return None
