"""A phrase said at a game reaches the Mini App pages that another instance serves
(``bot/webapp/shared.py``): the instance that draws the game publishes the phrases with
the rest of the page's state, and an instance holding a page of the game mirrors them
into its own display and pushes the page. Only known phrases pass: what comes through
the database is not trusted to be text anyone typed."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field

from bot.runtime.table.renderers import Told
from bot.webapp.shared import SharedPages

from .test_page_state import display_at


class Renderers:
    def __init__(self, holds: bool, me: str) -> None:
        self._holds, self.me = holds, me
        self.published: list[tuple[int, dict]] = []
        self.on_heard = None

    def holds(self, game_id: int) -> bool:
        return self._holds

    async def publish(self, game_id: int, page: dict) -> None:
        # Through the database as JSON, as PostgreSQL's NOTIFY carries it.
        self.published.append((game_id, json.loads(json.dumps(page))))


class Tasks:
    def spawn(self, coroutine):
        return asyncio.ensure_future(coroutine)


@dataclass
class Presenter:
    listeners: list = field(default_factory=list)


class Displays:
    def __init__(self, display) -> None:
        self.display = display

    def get(self, game_id):
        return self.display if game_id == self.display.game_id else None

    def finished(self, game_id):
        return None


class Games:
    async def snapshot(self, game_id):
        raise AssertionError("a phrase alone needs no read of the game")


class Runtime:
    def __init__(self, holds: bool, me: str, display) -> None:
        self.renderers = Renderers(holds, me)
        self.presenter = Presenter()
        self.tasks = Tasks()
        self.displays = Displays(display)
        self.games = Games()


class Hub:
    def __init__(self) -> None:
        self.pages: list[object] = []
        self.pushed: list[dict] = []

    def pages_of(self, game_id):
        return self.pages

    def push(self, page, display) -> None:
        self.pushed.append(dict(display.said))

    def follow(self, series, game_id, people) -> None:
        pass


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_phrase_said_reaches_a_page_that_another_instance_serves():
    drawn, served = display_at(), display_at()
    drawing = Runtime(True, "a", drawn)
    serving = Runtime(False, "b", served)
    SharedPages(Hub(), drawing)
    hub = Hub()
    hub.pages.append(object())  # Anna's page, held by the other instance
    SharedPages(hub, serving)

    drawn.said[1], drawn.said_count[1] = "gg", 1  # Boris: "Good game!"
    drawing.presenter.listeners[0](drawn)
    drawing.presenter.listeners[0](drawn)  # nothing new: published once
    await settle()
    assert len(drawing.renderers.published) == 1
    game_id, page = drawing.renderers.published[0]
    serving.renderers.on_heard(Told(game_id, page=page))
    await settle()
    assert served.said == {1: "gg"} and served.said_count == {1: 1}
    assert hub.pushed == [{1: "gg"}]

    # The same phrase said again is a new one (its count), and is published again.
    drawn.said_count[1] = 2
    drawing.presenter.listeners[0](drawn)
    await settle()
    serving.renderers.on_heard(Told(game_id, page=drawing.renderers.published[-1][1]))
    await settle()
    assert len(drawing.renderers.published) == 2 and served.said_count == {1: 2}


async def test_only_known_phrases_come_through_the_database():
    served = display_at()
    serving = Runtime(False, "b", served)
    hub = Hub()
    hub.pages.append(object())
    SharedPages(hub, serving)
    page = {"v": served.version, "s": 1, "by": "a", "last": None, "ready": None,
            "next": False, "ended": None,
            "said": [[0, "<b>typed by someone</b>", 1], [1, "👍", 3], ["x", "gg"], 7]}
    serving.renderers.on_heard(Told(served.game_id, page=page))
    await settle()
    assert served.said == {1: "👍"} and served.said_count == {1: 3}
