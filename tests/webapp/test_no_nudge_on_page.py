"""No "your turn" nudge for a person who has the Mini App open: the page shows the turn,
and the nudge would be a Bot API request (and a notification) for nothing."""

from __future__ import annotations

import asyncio

from bot.runtime.tasks import Tasks
from bot.runtime.turns.nudges import Nudges

from .test_page_state import display_at


class Api:
    def __init__(self) -> None:
        self.sent: list[int] = []

    async def send(self, chat_id, screen):
        self.sent.append(chat_id)
        return 1


class Chats:
    async def preferences(self, chat_id):
        return {}


async def nudged(page_open: bool) -> list[int]:
    api, tasks = Api(), Tasks()
    nudges = Nudges(api=api, chats=Chats(), tasks=tasks, delay=0.0)
    nudges.page_open = lambda game_id, seat: page_open
    display = display_at()  # Boris (user 22) is to beat the cards
    nudges.follow(display, display.snap)
    await asyncio.sleep(0.05)
    await tasks.cancel_all()
    return api.sent


async def test_a_person_on_the_page_is_not_nudged():
    assert await nudged(page_open=False) == [22]
    assert await nudged(page_open=True) == []
