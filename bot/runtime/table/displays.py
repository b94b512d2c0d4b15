"""The deals this process shows, by game id. A display is made when a deal starts (from the
snapshot the service returned with it) or, after a restart, the first time it is needed
(the game through the service, the message ids as stored)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator

from bot.i18n import t
from bot.render.names import seat_names
from bot.service.chats import ChatService
from bot.service.events import GameMessages, GameSnapshot
from bot.service.games import GameService
from bot.service.venues import Venue, VenueKind

from ..delivery.bot_api import BotApi
from .display import Display

# A turn timer of 24 hours or more is shown as "off" (the settings menu's "off" stores the
# longest allowed timer): a game left alone still ends, eventually.
TIMER_OFF_SECONDS = 24 * 3600
KEEP_FINISHED = 500  # finished group deals whose table may still get a Play again


class Displays:
    def __init__(self, *, games: GameService, chats: ChatService, api: BotApi) -> None:
        self.games = games
        self.chats = chats
        self.api = api
        self._by_game: dict[int, Display] = {}
        # Finished deals' displays, newest last: their table's "Play again" ready check
        # redraws it with the results the deal's end brought (DealEnded), which a display
        # loaded again from the database would not have.
        self._finished: OrderedDict[int, Display] = OrderedDict()
        # (page URL, group link) of a deal, when a Mini App is served (bot.webapp.links)
        self.links: Callable[[GameSnapshot], tuple[str, str]] | None = None

    def get(self, game_id: int) -> Display | None:
        return self._by_game.get(game_id)

    def finished(self, game_id: int) -> Display | None:
        return self._finished.get(game_id)

    def forget(self, game_id: int) -> None:
        display = self._by_game.pop(game_id, None)
        if display is not None and display.snap.status == "finished" \
                and display.solo_seat is None:
            self._finished[game_id] = display
            while len(self._finished) > KEEP_FINISHED:
                self._finished.popitem(last=False)

    def drop_finished(self, game_id: int) -> None:
        self._finished.pop(game_id, None)

    def clear(self) -> None:
        self._by_game.clear()
        self._finished.clear()

    def __iter__(self) -> Iterator[int]:
        return iter(list(self._by_game))

    def __len__(self) -> int:
        return len(self._by_game)

    def all(self) -> list[Display]:
        return list(self._by_game.values())

    async def of(self, game_id: int) -> Display:
        """The game's display, loaded through the service if this process has none."""
        found = self._by_game.get(game_id)
        return found if found is not None else await self.load(game_id)

    async def load(self, game_id: int, *, snapshot: GameSnapshot | None = None,
                   group_title: str | None = None) -> Display:
        """Make the display of ``game_id``: from ``snapshot`` (a deal just started: no
        messages yet) or from what the service has stored."""
        if snapshot is None:
            snap = await self.games.snapshot(game_id)
            stored = await self.games.messages(game_id)
        else:
            snap, stored = snapshot, GameMessages(None, {})
        venue = snap.place
        solo = venue.is_solo
        if solo:
            locale = await self.chats.locale(chat_id=snap.chat_id, user_id=snap.chat_id)
            title = ""
        else:
            locale = await self.chats.locale(chat_id=snap.chat_id)
            title = group_title or await place_title(self.api, venue, locale)
        humans = [(s.seat, s.user_id) for s in snap.seats if s.user_id is not None]
        prefs = {} if solo else await self.chats.preferences(snap.chat_id)
        settings = await self.chats.game_settings(game_id)
        private = await self.chats.person_locales([user for _, user in humans], locale)
        display = Display(
            snap=snap, solo_seat=humans[0][0] if solo and humans else None,
            group_title=title, locale=locale,
            seat_locale={seat: private.get(user, locale) for seat, user in humans},
            names=seat_names(locale, snap.seats), table_msg=stored.table_message_id,
            hand_msgs=dict(stored.hand_message_ids), hints=solo or bool(prefs.get("hints")),
            timer_on=int(settings.get("turn_seconds", 60)) < TIMER_OFF_SECONDS,
            turn_seconds=int(settings.get("turn_seconds", 60)))
        muted = await self.chats.muted_phrases(user for _, user in humans)
        display.muted = {seat for seat, user in humans if user in muted}
        if self.links is not None:
            display.page_url, display.group_link = self.links(snap)
        self._by_game[game_id] = display
        return display


async def place_title(api: BotApi, venue: Venue, locale: str) -> str:
    """What a game's place is called (hands, replies): a group's title; elsewhere the kind
    of game (the bot cannot read the title of a chat it is not in)."""
    if venue.kind is VenueKind.GROUP:
        return await api.chat_title(venue.chat_id)
    return t(locale, f"venue.{venue.kind.value}_title")
