"""The command menu, /help, /language and /rules speak every language, end to end."""

from __future__ import annotations

import pytest

from bot.handlers.menus import GROUP_MENU, PRIVATE_MENU
from bot.i18n import LOCALES, t

pytestmark = pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")


async def test_the_command_menu_is_registered_in_every_language(fakebot, bot_world):
    await bot_world.start()
    await fakebot.wait_for(lambda: fakebot.commands_for({"type": "all_group_chats"}, "de"),
                           5, "the German group menu")
    for locale in LOCALES:
        for scope, names in (({"type": "all_group_chats"}, GROUP_MENU),
                             ({"type": "all_private_chats"}, PRIVATE_MENU)):
            menu = fakebot.commands_for(scope, locale)
            assert menu is not None, (locale, scope)
            assert [(c["command"], c["description"]) for c in menu] == \
                [(name, t(locale, f"cmd.{name}")) for name in names]


@pytest.mark.parametrize("code", ["de", "uk-UA"])
async def test_help_lists_the_commands_in_the_users_language(fakebot, bot_world, code):
    await bot_world.start()
    user = fakebot.add_user("Jana", language_code=code)
    await fakebot.user_starts_bot(user)
    locale = code[:2]
    await fakebot.user_sends(user, user.id, "/help")
    reply = await fakebot.wait_for_message(
        user.id, lambda m: m.text.startswith(t(locale, "help.private")))
    for name in PRIVATE_MENU:
        assert f"/{name} — {t(locale, f'cmd.{name}')}" in reply.text


async def test_a_group_switches_to_polish_and_reads_its_rules_in_polish(fakebot, bot_world):
    await bot_world.start()
    alice, bob = fakebot.add_user("Alice"), fakebot.add_user("Bob")
    for user in (alice, bob):
        await fakebot.user_starts_bot(user)
    group = fakebot.add_group("Karty", [bob], creator=alice)
    await fakebot.user_sends(alice, group, "/language")
    menu = await fakebot.wait_for_message(group, lambda m: "Polski" in m.button_texts())
    assert menu.button_texts() == ["English", "Русский", "Українська", "Polski", "Deutsch"]
    done = await fakebot.wait_for_answer(await fakebot.user_presses(alice, menu, "Polski"))
    assert done["text"] == "Język: polski."

    await fakebot.user_sends(alice, group, "/newgame")
    lobby = await fakebot.wait_for_message(group, lambda m: "Dołącz" in m.button_texts())
    lobby_id = await bot_world.services.chats.open_lobby(group.id)
    await bot_world.services.lobbies.change_settings(
        lobby_id, alice.id, {"preset": "perevodnoy", "rules": {"weli": True}})
    await fakebot.user_sends(bob, group, "/rules")
    rules = await fakebot.wait_for_message(group, lambda m: m.text.startswith("Zasady"))
    assert rules.text.startswith("Zasady na tym czacie: Pieriewodnoj (z przekazywaniem)")
    assert "Weli: szóstka karo jest dżokerem" in rules.text
    assert "Przekazanie: dopóki nic nie jest pobite" in rules.text
    assert "_" not in rules.text and "=" not in rules.text
    assert lobby.text.startswith("Dureń: nowa gra")
