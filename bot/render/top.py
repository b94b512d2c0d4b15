"""Leaderboards in words: /top's reply, and the alert of "🏆 This chat's best" under a
finished deal of an inline message (a chat the bot is not in, where nobody can send it
/top). Rows are ``StatsService.leaderboard``'s."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.i18n import t, tn

ALERT_LIMIT = 200  # Telegram shows at most this many characters of a press's alert


def top_lines(locale: str, title: str, rows: Iterable[dict[str, Any]]) -> list[str]:
    """The title, then one line per player, best first."""
    lines = [title]
    for place, row in enumerate(rows, start=1):
        lines.append(t(locale, "top.row", place=place,
                       name=row["name"] or t(locale, "forget.anonymous"),
                       games=tn(locale, "count.games", int(row["games"])),
                       fools=tn(locale, "count.fools", int(row["fools"])),
                       sticks=tn(locale, "count.matchsticks", int(row["matchsticks"]))))
    return lines


def top_alert(locale: str, rows: list[dict[str, Any]]) -> str:
    """This chat's best, as many whole lines as an alert holds."""
    if not rows:
        return t(locale, "top.empty")
    text = ""
    for line in top_lines(locale, t(locale, "top.chat_title"), rows):
        longer = f"{text}\n{line}" if text else line
        if len(longer) > ALERT_LIMIT:
            break
        text = longer
    return text
