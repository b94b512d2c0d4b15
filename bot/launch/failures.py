"""The start-up failures an operator can act on, each one line naming the setting to check.

Exit codes: 2 a setting is wrong (missing or rejected token, a database that refuses us
or is behind its migrations, a webhook Telegram will not accept, a port in use); 3 a
service stayed unreachable for all of DURAK_STARTUP_WAIT (Telegram, the database).
"""

from __future__ import annotations

SETTING_WRONG = 2
UNREACHABLE = 3


class StartupFailure(Exception):
    """The bot cannot start, for a known reason; ``str()`` is the one line to print."""

    def __init__(self, reason: str, *, setting: str, exit_code: int = SETTING_WRONG) -> None:
        super().__init__(f"{reason} [check {setting}]")
        self.setting = setting
        self.exit_code = exit_code
