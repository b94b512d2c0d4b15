"""THE rule for which language the bot speaks to a chat or a person (every screen, reply
and button answer asks ``ChatService.locale``, which applies this rule to what is stored).

In order, the first one known wins:
1. the chat's language: chosen with /language (in a group: by an admin; in a private chat:
   by the person), or for a group the language of whoever first opened a game there;
2. the person's own choice (/language in their private chat), when speaking to them;
3. the language Telegram reports for them in the update being answered;
4. the one Telegram reported the last time the bot stored it;
5. ``default``: where the person is one of several, the table's language;
then English. ``bot.i18n.locale_for`` maps whatever was found to a catalogue.
"""

from __future__ import annotations

from bot.i18n import locale_for


def choose_locale(*, chat: str | None = None, chosen: str | None = None,
                  reported: str | None = None, stored: str | None = None,
                  default: str | None = None) -> str:
    return locale_for(chat or chosen or reported or stored or default)
