"""A SQLite file this start-up created is removed again when the start fails.

SQLite creates its file on the first connection, so a start that fails later (a token
Telegram rejects, a port in use) would leave a new ``durak.db`` behind in whatever folder
the operator happened to be in, which ``durak replay`` and the next start would then
take for the bot's database. Only a file that did not exist before this start is
removed (with its ``-wal``/``-shm``/``-journal`` companions); an existing database is
never touched.
"""

from __future__ import annotations

import logging
from pathlib import Path

from bot.storage.settings import sqlite_file

log = logging.getLogger("bot.launch")
COMPANIONS = ("", "-wal", "-shm", "-journal")


class NewDatabaseFile:
    def __init__(self, url: str) -> None:
        path = sqlite_file(url)
        # Resolved now: the start-up may change nothing, but a relative path must mean
        # the folder the bot was started in.
        self.path: Path | None = (path.resolve() if path is not None and not path.exists()
                                  else None)

    def remove(self) -> None:
        """The start failed: take away the file it created, if any."""
        if self.path is None:
            return
        for suffix in COMPANIONS:
            leftover = self.path.with_name(self.path.name + suffix)
            try:
                leftover.unlink()
            except FileNotFoundError:
                continue
            except OSError as exc:  # not ours to fight over: say so and go on
                log.warning("could not remove %s after the failed start (%s)", leftover, exc)
