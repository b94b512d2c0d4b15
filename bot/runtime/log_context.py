"""What a log line is about, for the JSON log format: the update, chat and game being
handled, kept in context variables so that every line written while handling them carries
them without each call passing them along.

asyncio copies the context into each task it creates, so a value set while handling an
update holds for everything that update awaits (and tasks started from there), and never
leaks into other updates' tasks. ``bot.launch.logs`` reads them into each record.
"""

from __future__ import annotations

from contextvars import Context, ContextVar, copy_context

update_id: ContextVar[int | None] = ContextVar("update_id", default=None)
chat_id: ContextVar[int | None] = ContextVar("chat_id", default=None)
game_id: ContextVar[int | None] = ContextVar("game_id", default=None)


def about_game(game: int) -> None:
    """Lines written from here on in this task (and its children) name ``game``."""
    game_id.set(game)


def current() -> dict[str, int]:
    """The known ids, by name (absent when not known)."""
    found = {"game_id": game_id.get(), "chat_id": chat_id.get(), "update_id": update_id.get()}
    return {name: value for name, value in found.items() if value is not None}


def background(game: int | None = None, chat: int | None = None) -> Context:
    """The context for a background task: it outlives the update that started it (a
    game's render loop, its computer's turns), so it names no update; ``game`` and
    ``chat``, when given, name what it works on."""
    context = copy_context()
    context.run(update_id.set, None)
    if game is not None:
        context.run(game_id.set, game)
    if chat is not None:
        context.run(chat_id.set, chat)
    return context
