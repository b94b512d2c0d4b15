"""The pictures of /stats and /top (issue 39, part 5) against the real bot: the buttons
come only with a Mini App configured (the text replies stay complete without); the JSON
is the person's own, a group's board only for its members, nothing for forged init data;
and in Chromium both pages draw their SVG charts at a phone's and a desktop's size, in
Telegram's light and dark themes, without overflowing or a console error."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import aiohttp
import pytest
from babel.dates import format_date
from browser import DESKTOP, PHONE, chromium, open_page
from fakebot.webapp import DARK, LIGHT, init_data, launch_url
from playing import open_group_lobby, play_to_the_end, running_game_in
from test_webapp_anyone import start as start_with_pages
from test_webapp_anyone import stop as stop_pages

from bot.i18n import t


async def play_deals(fake, world, users, count: int, title: str = "Cards night"):
    """``count`` deals of ``users`` to their end, each in a new group; the groups."""
    groups = []
    for n in range(count):
        group, lobby = await open_group_lobby(fake, users, f"{title} {n}")
        await fake.wait_for_answer(await fake.user_presses(users[0], lobby, "Start"))
        game_id = await running_game_in(fake, world, group)
        assert await play_to_the_end(fake, world, game_id, users) == "finished"
        groups.append(group)
    return groups


async def reply_to(fake, user, chat, text: str):
    await fake.settle(0.1)
    newest = fake.last_bot_message(chat)
    await fake.user_sends(user, chat, text)
    return await fake.wait_for_message(
        chat, lambda m: m.message_id > (newest.message_id if newest else 0))


async def test_without_a_mini_app_stats_and_top_stay_text(fakebot, bot_world):
    await bot_world.start()
    ann = fakebot.add_user("Ann")
    await fakebot.user_starts_bot(ann)
    await fakebot.wait_for_message(fakebot.private_chat(ann), lambda m: "Hello" in m.text)
    group = fakebot.add_group("Plain", [ann])
    assert (await reply_to(fakebot, ann, fakebot.private_chat(ann), "/stats")).buttons == []
    assert (await reply_to(fakebot, ann, group, "/stats")).buttons == []
    assert (await reply_to(fakebot, ann, group, "/top")).button_texts() == ["All time"]


async def test_the_buttons_open_the_persons_page_and_the_groups_board(fakebot, bot_world):
    await start_with_pages(bot_world)
    try:
        ann = fakebot.add_user("Ann")
        await fakebot.user_starts_bot(ann)
        await fakebot.wait_for_message(fakebot.private_chat(ann), lambda m: "Hello" in m.text)
        group = fakebot.add_group("Fridays", [ann])
        mine = await reply_to(fakebot, ann, fakebot.private_chat(ann), "/stats")
        button = mine.find_button("📈 Open my stats")
        assert button["web_app"]["url"].endswith("/webapp/stats.html?view=me")
        there = await reply_to(fakebot, ann, group, "/stats")
        assert there.find_button("📈 Open my stats")["url"] == \
            f"https://t.me/{fakebot.bot.username}/table?startapp=s"
        top = await reply_to(fakebot, ann, group, "/top")
        assert top.find_button("📈 Standings with trends")["url"] == \
            f"https://t.me/{fakebot.bot.username}/table?startapp=t{group.id}"
        # the other board keeps the button
        await fakebot.wait_for_answer(await fakebot.user_presses(ann, top, "All time"))
        await fakebot.wait_for(lambda: "This season" in fakebot.stored[
            (top.chat_id, top.message_id)].button_texts(), 5, "all time")
        assert "📈 Standings with trends" in fakebot.stored[
            (top.chat_id, top.message_id)].button_texts()
    finally:
        await stop_pages(bot_world)


async def test_the_data_is_the_persons_own_and_a_board_its_members(fakebot, bot_world):
    base = await start_with_pages(bot_world)
    try:
        ann, bob = fakebot.add_user("Ann"), fakebot.add_user("Bob")
        for user in (ann, bob):
            await fakebot.user_starts_bot(user)
        (group,) = await play_deals(fakebot, bot_world, [ann, bob], 1)
        eve = fakebot.add_user("Eve")
        async with aiohttp.ClientSession() as http:
            async def get(path, who, **params):
                params["init"] = init_data(fakebot.token, who.id, who.first_name)
                async with http.get(base + path, params=params) as reply:
                    return reply.status, (await reply.json() if reply.status == 200
                                          else await reply.text())

            status, page = await get("stats.json", ann, user_id=str(bob.id))  # forged extra
            assert status == 200 and page["title"] == "Ann"
            assert [m["label"] for m in page["tablemates"]] == ["Bob"]
            assert len(page["history"]) == 1 and page["games"][0]["games"] == 1
            # one deal: a first win or a first time the fool (and maybe more), earned today
            # (or yesterday, when the deal ended before midnight UTC and this is after)
            now = datetime.now(UTC)
            days = {format_date(day.date(), "medium", locale="en")
                    for day in (now, now - timedelta(days=1))}
            assert page["achievements"] and {a["day"] for a in page["achievements"]} <= days
            status, board = await get("standings.json", bob, chat=str(group.id))
            assert status == 200 and {r["name"] for r in board["rows"]} == {"Ann", "Bob"}
            assert board["title"].endswith("season")
            not_member = (403, t("en", "page.not_member"))
            assert await get("standings.json", eve, chat=str(group.id)) == not_member
            assert await get("standings.json", ann, chat="12345") == not_member
            assert await get("standings.json", ann, chat="x") == (400,
                                                                  t("en", "page.which_group"))
            # not Telegram's: said in the page's launch language, nothing else told
            async with http.get(base + "stats.json", params={"init": "user=1&hash=00",
                                                             "lang": "ru"}) as r:
                assert (r.status, await r.text()) == (401, t("ru", "page.refused"))
            forged = init_data("1:other-token", ann.id, "Ann")
            async with http.get(base + "stats.json", params={"init": forged}) as r:
                assert r.status == 401
    finally:
        await stop_pages(bot_world)


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
async def test_both_pages_draw_their_charts_on_a_phone_and_a_desktop(fakebot, bot_world,
                                                                     theme):
    base = await start_with_pages(bot_world)
    try:
        ann, bob = fakebot.add_user("Ann"), fakebot.add_user("Bob")
        for user in (ann, bob):
            await fakebot.user_starts_bot(user)
        groups = await play_deals(fakebot, bot_world, [ann, bob], 2)
        async with chromium() as browser:
            for size in (PHONE, DESKTOP):
                for start, check in (("s", "me"), (f"t{groups[0].id}", "top")):
                    errors: list = []
                    data = init_data(fakebot.token, ann.id, "Ann", start_param=start)
                    page = await open_page(browser, launch_url(base, data, theme),
                                           viewport=size, theme=theme, errors=errors)
                    await page.wait_for_selector("body[data-drawn]", timeout=15000)
                    wide = await page.evaluate(
                        "document.documentElement.scrollWidth - window.innerWidth")
                    assert wide <= 0, (size, check, wide)
                    assert errors == [], errors
                    if check == "me":
                        line = await page.get_attribute("path.line", "d")
                        assert line.startswith("M") and line.count("L") == 1  # two deals
                        assert await page.locator(".bar-row").count() == 2  # 1 game, Bob
                        assert await page.text_content("h1") == "Ann"
                    else:
                        assert await page.locator("ol.standings li").count() == 2
                        assert "season" in await page.text_content("h1")
                    scheme = await page.evaluate("document.documentElement.dataset.scheme")
                    assert scheme == ("dark" if theme is DARK else "light")
                    await page.context.close()
    finally:
        await stop_pages(bot_world)
