"""Leaderboards in words: /top's reply (this season's board, the all-time one a button
away), the alert of "🏆 This chat's best" under a finished deal of an inline message (a
chat the bot is not in, where nobody can send it /top), and the message that ends a
season in a group. Rows are ``StatsService.leaderboard``'s and ``season_board``'s."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

from babel.dates import format_date

from bot.i18n import t, tn
from bot.service.seasons import season_start

from .callback import encode_preference
from .screen import Screen

# /top's boards (the button's ``top=<board><view>``): "c" the chat's, "g" the global one,
# "q" the quick games' ladder; views "s" this season, "a" all time.
BOARDS = ("c", "g", "q")
MEDALS = ("🥇", "🥈", "🥉")

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


def season_name(locale: str, season: str) -> str:
    """A season as its reader says it: "November 2026", "Ноябрь 2026" (CLDR's month name
    through Babel)."""
    first: date = season_start(season).date()
    name = format_date(first, "LLLL y", locale=locale)
    return name[:1].upper() + name[1:]


def top_screen(locale: str, board: str, title: str, season: str | None,
               rows: list[dict[str, Any]]) -> Screen:
    """/top: the board's ``title``, this season's rows (``season``) or all-time rows
    (None), and the button to the other view."""
    if season is not None:
        heading = f"{title}\n{t(locale, 'top.season_title', season=season_name(locale, season))}"
        empty, other = t(locale, "top.season_empty"), ("btn.top_all", "a")
    else:
        heading, empty, other = title, t(locale, "top.empty"), ("btn.top_season", "s")
    text = "\n".join(top_lines(locale, heading, rows)) if rows else f"{heading}\n{empty}"
    button = (t(locale, other[0]), encode_preference(f"top={board}{other[1]}"))
    return Screen(text, ((button,),))


def season_end_text(locale: str, season: str, next_season: str,
                    podium: list[dict[str, Any]], fool: dict[str, Any] | None) -> str:
    """The one message a group gets when a season ends: its podium (up to three, ranked as
    /top), its fool of the season, and the new season."""
    lines = [t(locale, "season.over", season=season_name(locale, season))]
    for medal, row in zip(MEDALS, podium, strict=False):
        lines.append(t(locale, "season.place", medal=medal,
                       name=row["name"] or t(locale, "forget.anonymous"),
                       games=tn(locale, "count.games", int(row["games"])),
                       sticks=tn(locale, "count.matchsticks", int(row["matchsticks"]))))
    if fool is not None:
        lines.append(t(locale, "season.fool", name=fool["name"] or t(locale, "forget.anonymous"),
                       fools=tn(locale, "count.fools", int(fool["fools"]))))
    lines += ["", t(locale, "season.next", season=season_name(locale, next_season))]
    return "\n".join(lines)
