"""The database a ``durak`` command opens, refused as ``durak-bot`` refuses it.

``durak-bot`` checks DATABASE_URL with ``storage.settings.checked_database_url``, words a
database error with ``storage.failures.database_failure`` and exits 2 when a setting is
wrong, 3 when the database is unreachable (``launch.failures``). ``durak replay``,
``durak reports`` and ``durak migrate`` ask the same functions and exit with the same
codes, so a malformed, unsupported or unreachable database is one line naming the
setting on every command, never a traceback, and exit 1 is left to what the command
itself found ("does not replay"). A command does not retry: it is run by hand or by a
release step that retries itself, and an operator waiting on a command wants the answer
now.
"""

from __future__ import annotations

from bot.cli.args import Refused, UsageError
from bot.launch.failures import SETTING_WRONG, UNREACHABLE
from bot.storage.failures import database_failure, where
from bot.storage.settings import DatabaseUrlError, checked_database_url, sqlite_file


def setting_name(given: str | None) -> str:
    """What the command's messages call the URL: the option when one was given."""
    return "--database-url" if given else "DATABASE_URL"


def chosen_url(given: str | None) -> str:
    """``--database-url`` if given, else DATABASE_URL (SQLite's durak.db by default), with
    the async driver; ``Refused`` (exit 2) unless it names PostgreSQL or SQLite."""
    try:
        if given:
            return checked_database_url({"DATABASE_URL": given}, setting="--database-url")
        return checked_database_url()
    except DatabaseUrlError as exc:
        raise Refused(str(exc), SETTING_WRONG) from None


def refuse_missing_sqlite_file(url: str, given: str | None) -> None:
    """A command that only reads (replay, reports) never creates a database: a SQLite
    file that is not there is refused (exit 2) before SQLite would make an empty one."""
    path = sqlite_file(url)
    if path is not None and not path.is_file():
        raise UsageError(f"no database file {path.resolve()} (set {setting_name(given)} "
                         "to the bot's database)")


def refusal(exc: BaseException, *, doing: str, url: str, given: str | None,
            hint: str = "") -> Refused | None:
    """A known database failure as one line: "cannot ``doing`` ``url``: why.``hint``
    [check DATABASE_URL]", exit 3 when it may come right by itself (refused, lost, a
    server starting up), else 2 (a wrong password, no such database, missing tables).
    None: not a known failure, a bug to show with its traceback."""
    failure = database_failure(exc)
    if failure is None:
        return None
    code = UNREACHABLE if failure.transient else SETTING_WRONG
    return Refused(f"cannot {doing} {where(url)}: {failure.reason}.{hint} "
                           f"[check {setting_name(given)}]", code)
