"""JSON log lines name what they are about: a line written while the real Application
handles an update carries its update and chat ids; a background task of a game carries
the game and chat and no update (it outlives the update that started it)."""

from __future__ import annotations

import asyncio
import json
import logging

from telegram.ext import MessageHandler, filters

from bot.launch.logs import ContextFilter, JsonFormatter
from bot.runtime import log_context
from bot.runtime.tasks import Tasks


class JsonLines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.addFilter(ContextFilter())
        self.setFormatter(JsonFormatter())
        self.lines: list[dict] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(json.loads(self.format(record)))


def listening(name: str) -> tuple[logging.Logger, JsonLines]:
    log, lines = logging.getLogger(name), JsonLines()
    log.addHandler(lines)
    log.setLevel(logging.INFO)
    return log, lines


async def test_a_line_written_while_handling_an_update_names_it_and_its_chat(bot_world):
    app = await bot_world.start()
    log, lines = listening("test.handling")

    async def says_something(update, _context) -> None:
        log.info("handled")

    app.add_handler(MessageHandler(filters.ALL, says_something), group=5)
    try:
        alice = bot_world.fake.add_user("Alice")
        await bot_world.fake.user_starts_bot(alice)
        for _ in range(100):
            if lines.lines:
                break
            await asyncio.sleep(0.05)
    finally:
        log.removeHandler(lines)
    (line,) = lines.lines
    assert line["message"] == "handled" and line["logger"] == "test.handling"
    assert line["level"] == "INFO" and line["time"].endswith("+00:00")
    assert line["chat_id"] == bot_world.fake.private_chat(alice).id
    assert isinstance(line["update_id"], int) and "game_id" not in line


async def test_a_games_background_task_names_the_game_not_the_update():
    log, lines = listening("test.background")
    tasks = Tasks()

    async def work() -> None:
        log.info("drawn")

    try:
        log_context.update_id.set(77)  # as if spawned while handling update 77
        await tasks.spawn(work(), game=12, chat=-100)
        log.info("still in the update")
    finally:
        log.removeHandler(lines)
        log_context.update_id.set(None)
    drawn, after = lines.lines
    assert (drawn["game_id"], drawn["chat_id"]) == (12, -100) and "update_id" not in drawn
    assert after["update_id"] == 77 and "game_id" not in after


def test_a_traceback_is_one_field_of_one_line():
    formatter = JsonFormatter()
    try:
        raise ValueError("broken")
    except ValueError:
        record = logging.LogRecord("bot.x", logging.ERROR, __file__, 1, "failed %s", ("x",),
                                   exc_info=__import__("sys").exc_info())
    text = formatter.format(record)
    assert "\n" not in text
    line = json.loads(text)
    assert line["message"] == "failed x" and "ValueError: broken" in line["exception"]
