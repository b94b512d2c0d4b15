"""One rule decides the language for a chat or a person (bot/service/languages.py): the
chat's, else the person's own choice, else what Telegram reports now, else what it reported
before, else the table's, else English."""

from __future__ import annotations

from bot.service.chats import ChatService
from bot.service.languages import choose_locale

GROUP, ANNA, BORIS = -1007777777777, 8_200_000_001, 8_200_000_002


def test_the_order_of_the_rule():
    assert choose_locale() == "en"
    assert choose_locale(default="ru") == "ru"
    assert choose_locale(stored="ru", default="en") == "ru"
    assert choose_locale(reported="en-US", stored="ru") == "en"
    assert choose_locale(chosen="ru", reported="en") == "ru"
    assert choose_locale(chat="en", chosen="ru", reported="ru") == "en"
    assert choose_locale(reported="kk") == "ru"  # locale_for maps what it finds


async def test_stored_choices_are_applied_by_the_rule(db):
    chats = ChatService(db)
    await chats.remember_user(ANNA, "Anna", "ru")  # Telegram said Russian when stored
    await chats.remember_user(BORIS, "Boris", None)
    # Nothing chosen: the reported language wins over the stored one, which is next.
    assert await chats.locale(user_id=ANNA, reported="en") == "en"
    assert await chats.locale(user_id=ANNA) == "ru"
    assert await chats.locale(user_id=BORIS, default="ru") == "ru"
    # A group without a language: the person asking decides; with one, the group does.
    assert await chats.locale(chat_id=GROUP, user_id=ANNA) == "ru"
    await chats.set_language(GROUP, "en")
    assert await chats.locale(chat_id=GROUP, user_id=ANNA, reported="ru") == "en"
    assert await chats.locale(chat_id=GROUP) == "en"
    # /language in Boris's private chat is his choice everywhere it is his to make.
    await chats.set_language(BORIS, "ru")
    assert await chats.locale(user_id=BORIS, reported="en") == "ru"
    assert await chats.locale(chat_id=BORIS, user_id=BORIS, reported="en") == "ru"
    # Several people at once (a deal's hands): the same rule, the table's as default.
    assert await chats.person_locales([ANNA, BORIS, 8_200_000_003], "en") == \
        {ANNA: "ru", BORIS: "ru", 8_200_000_003: "en"}
