"""What inline mode shows: the games offered when someone types ``@<bot>`` in any chat, and
the message a chosen one posts before its lobby is drawn there.

Each offer says its rules in one line (the lobby's own settings line and the player counts
it takes). Offers are ``(id, title, description, settings)``; the id goes back to the bot
in ``chosen_inline_result`` and is all it learns of the choice, so it names the settings
(``preset:<name>``, or ``last``: the person's previous game), never a lobby.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from telegram import InlineQueryResultArticle, InputTextMessageContent

from bot.engine import PLAYABLE_PRESETS
from bot.i18n import t

from .lobby import settings_line
from .rules import counts_text, player_counts, preset_label
from .screen import Screen

# The presets most people play come first; the rest follow in the engine's order.
COMMON = ("podkidnoy", "perevodnoy")
LAST = "last"
PRESET_PREFIX = "preset:"
# The placeholder button of a just-posted message (no lobby exists until Telegram tells
# which result was chosen): a press on it before the lobby is drawn is answered kindly.
PLACEHOLDER_DATA = "ijoin"


@dataclass(frozen=True)
class Offer:
    id: str
    title: str
    description: str
    settings: dict[str, Any]


def offers(locale: str, query: str, last: dict[str, Any] | None) -> list[Offer]:
    """The games to offer for ``query`` (what was typed after the bot's name: words that
    must appear in an offer's title or description, case aside)."""
    found = []
    if last is not None:
        found.append(_offer(locale, LAST, last, t(locale, "inline.last_title",
                                                  game=_name(locale, last))))
    for preset in (*COMMON, *(p for p in PLAYABLE_PRESETS if p not in COMMON)):
        settings = {"preset": preset, "rules": {}, "turn_seconds": 60}
        found.append(_offer(locale, PRESET_PREFIX + preset, settings, _name(locale, settings)))
    words = query.casefold().split()
    return [o for o in found
            if all(w in (o.title + " " + o.description + " " + o.id).casefold() for w in words)]


def settings_of(offer_id: str, last: dict[str, Any] | None) -> dict[str, Any] | None:
    """The settings a chosen offer stands for; None for an id no offer has."""
    if offer_id == LAST:
        return last
    preset = offer_id.removeprefix(PRESET_PREFIX)
    if offer_id.startswith(PRESET_PREFIX) and preset in PLAYABLE_PRESETS:
        return {"preset": preset, "rules": {}, "turn_seconds": 60}
    return None


def posted_screen(locale: str, offer: Offer) -> Screen:
    """The message a chosen offer posts: replaced by its lobby as soon as the bot hears of
    the choice, a fraction of a second later."""
    return Screen(t(locale, "inline.posted", game=offer.title) + "\n" + offer.description,
                  (((t(locale, "btn.join"), PLACEHOLDER_DATA),),))


def _name(locale: str, settings: dict[str, Any]) -> str:
    return preset_label(locale, str(settings.get("preset", "podkidnoy")))


def _offer(locale: str, offer_id: str, settings: dict[str, Any], title: str) -> Offer:
    counts = counts_text(player_counts(settings))
    description = t(locale, "inline.description", rules=settings_line(locale, settings),
                    players=counts)
    return Offer(offer_id, title, description, settings)


def invitation_screen(locale: str, lobby, link: str) -> Screen:
    """An invitation to a table by link, sent into any chat through inline mode: whoever
    presses its button opens the bot with the link's payload and takes a seat."""
    host = next((m.name for m in lobby.members if m.user_id == lobby.host_id), "?")
    return Screen(t(locale, "inline.invite_text", name=host,
                    rules=settings_line(locale, lobby.settings)),
                  (((t(locale, "btn.take_seat"), "url:" + link),),))


def invitation_article(locale: str, lobby, link: str) -> InlineQueryResultArticle:
    """The invitation as one inline result: what a table by link's Share button offers in
    inline mode, and what the Mini App's Invite button prepares for Telegram's share sheet
    (``savePreparedInlineMessage``)."""
    screen = invitation_screen(locale, lobby, link)
    return InlineQueryResultArticle(
        id="invite", title=t(locale, "inline.invite_title"),
        description=settings_line(locale, lobby.settings),
        input_message_content=InputTextMessageContent(screen.text),
        reply_markup=screen.markup())

