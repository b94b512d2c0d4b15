"""Names of seats as players read them: people by their Telegram name, computers numbered,
and a person whose data was deleted (/forget: no name stored) as "Anonymous"."""

from __future__ import annotations

from bot.i18n import t


def strength_label(locale: str, strength: str | None) -> str:
    key = {"easy": "ai.easy", "normal": "ai.normal", "hard": "ai.hard"}.get(strength or "")
    return t(locale, key) if key else (strength or "")


def seat_names(locale: str, seats) -> dict[int, str]:
    """seat -> display name; computers are "Computer 1", "Computer 2"... in seat order."""
    names: dict[int, str] = {}
    computers = 0
    for info in seats:
        if info.user_id is None:
            computers += 1
            names[info.seat] = t(locale, "ai.name", n=computers)
        else:
            names[info.seat] = info.name or t(locale, "forget.anonymous")
    return names


def member_names(locale: str, members) -> list[str]:
    """Lobby members' names in order (computers numbered like seats will be)."""
    out, computers = [], 0
    for m in members:
        if m.user_id is None:
            computers += 1
            out.append(t(locale, "ai.name", n=computers))
        else:
            out.append(m.name or t(locale, "forget.anonymous"))
    return out
