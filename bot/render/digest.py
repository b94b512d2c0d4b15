"""The weekly digest in words (``service.digests.Digest``)."""

from __future__ import annotations

from bot.i18n import t, tn
from bot.service.digests import Digest

from .results import rating_points, signed


def digest_text(locale: str, digest: Digest) -> str:
    anonymous = t(locale, "forget.anonymous")
    lines = [t(locale, "digest.title", games=tn(locale, "count.games", digest.games))]
    if digest.fool is not None:
        name, lost = digest.fool
        lines.append(t(locale, "digest.fool", name=name or anonymous,
                       fools=tn(locale, "count.fools", lost)))
    if digest.streak is not None:
        name, wins = digest.streak
        lines.append(t(locale, "digest.streak", name=name or anonymous,
                       wins=tn(locale, "count.deals_in_a_row", wins)))
    if digest.jump is not None:
        name, gained = digest.jump
        points = rating_points(gained) - rating_points(0.0)
        if points > 0:
            lines.append(t(locale, "digest.jump", name=name or anonymous,
                           points=signed(points)))
    lines += ["", t(locale, "digest.footer")]
    return "\n".join(lines)
