"""Solo play in a private chat: the table and the hand in ONE message, edited in place."""

from __future__ import annotations

from datetime import datetime

from bot.i18n import t

from .hand import hand_parts
from .results import result_lines
from .screen import Screen
from .table import LastMove, TableNotes, next_deal_rows, public_lines


def solo_screen(locale: str, snap, seat: int, version: int, names: dict[int, str],
                notes: TableNotes, last: LastMove | None, ended, now: datetime,
                timer_on: bool, *, picking: int | tuple | None = None) -> Screen:
    lines = public_lines(locale, snap, names, notes, last, now, timer_on, you=seat)
    if snap.status == "cancelled":
        lines.append(t(locale, "game.cancelled"))
        return Screen("\n".join(lines))
    if snap.state.is_over:
        names = {**names, seat: t(locale, "table.you")}
        lines.append("")
        lines.extend(result_lines(locale, snap, names, ended, you=seat))
        return Screen("\n".join(lines), next_deal_rows(locale, snap, ended))
    more, rows = hand_parts(locale, snap, seat, version, picking=picking, hint=True)
    lines.append("")
    lines.extend(more)
    return Screen("\n".join(lines), tuple(rows))
