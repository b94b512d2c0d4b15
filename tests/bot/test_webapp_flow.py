"""The Mini App across deals and connections, in Chromium against the real bot: the
result dialog at the end of a deal, a page opened after the deal ended, "Play again" from
the pages and the pages following the series to its next deal; a tap made while the
socket is down is held and played after the reconnect; a refused reconnect greys the hand
out, says how to reopen and says the held tap was not sent."""

from __future__ import annotations

import asyncio

import test_webapp_page as pages_of
from browser import chromium, open_page
from fakebot.webapp import init_data, launch_url
from playing import move_log, start_group_game

from bot.i18n import t


async def open_for(browser, fakebot, user, url=None, errors=None):
    url = url or pages_of.page_url_of(fakebot, user)
    page = await open_page(browser, launch_url(url, init_data(fakebot.token, user.id,
                                                              user.first_name)),
                           errors=errors)
    await page.wait_for_selector("#hand .card, #result .panel")
    return page


async def shown_game(page) -> int:
    return int(await page.evaluate("Number(document.body.dataset.game || 0)"))


async def test_result_dialog_play_again_and_the_next_deal_followed(fakebot, bot_world):
    app, base = await pages_of.start_with_page(bot_world)
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    errors: list[str] = []
    try:
        async with chromium() as browser:
            pages = {u.id: await open_for(browser, fakebot, u, errors=errors)
                     for u in (alice, bob)}
            _, snap = await pages_of.play_from_pages(fakebot, bot_world, game_id,
                                                     (alice, bob), pages)
            assert snap.state.is_over
            # The pages' taps follow the timing of redraws, so the deal may end drawn.
            fools = snap.state.outcome.fools
            for user in (alice, bob):
                page = pages[user.id]
                await page.wait_for_selector("#result .panel", state="visible")
                verdict = await page.inner_text("#result .verdict")
                if not fools:
                    assert verdict == t("en", "result.draw")
                elif snap.seat_of(user.id) == fools[0]:
                    assert verdict == "You are the fool!"
                else:
                    other = "Alice" if user is bob else "Bob"
                    assert other in verdict
                assert "Matchsticks" in await page.inner_text("#result")
            # Opened after the deal ended (and after this process forgot its display): the
            # result, not "cannot be opened here".
            bot_world.services.runtime.displays.drop_finished(game_id)
            late = await open_for(browser, fakebot, alice,
                                  base + f"?game={game_id}", errors=errors)
            await late.wait_for_selector("#result .panel", state="visible")
            assert "Game over" in await late.inner_text("#result h2")
            # Play again from the pages: Alice is ready and the dialog says whom it waits for,
            # then Bob: the next deal starts and every page goes on to it.
            await pages[alice.id].click("#result button:has-text('Play again')")
            await pages[alice.id].wait_for_selector("#result .ready")
            assert "Bob" in await pages[alice.id].inner_text("#result .ready")
            await pages[bob.id].click("#result button:has-text('Play again')")
            for page in (*pages.values(), late):
                await page.wait_for_function(
                    f"Number(document.body.dataset.game) > {game_id} && "
                    "document.querySelectorAll('#hand .card').length > 0", timeout=15000)
                assert await page.is_hidden("#result")
            new_game = await shown_game(pages[alice.id])
            assert await shown_game(late) == new_game == await shown_game(pages[bob.id])
            assert f"game={new_game}" in pages[alice.id].url
            snap = await bot_world.services.games.snapshot(new_game)
            assert snap.deal_number == 2 and snap.status == "running"
            assert await pages_of.page_hand(pages[alice.id]) == set(
                snap.state.view(snap.seat_of(alice.id)).hand)
    finally:
        for stop in bot_world.stoppers:
            await stop()
    assert errors == []


async def restart(server, port: int, pause: float = 0.3) -> None:
    await server.stop()
    await asyncio.sleep(pause)
    await server.start("127.0.0.1", port)


async def _mover(fakebot, bot_world, game_id, users):
    snap = await bot_world.services.games.snapshot(game_id)
    waiting = snap.state.view(0).waiting_on
    return snap, next(u for u in users if snap.seat_of(u.id) in waiting)


async def test_a_tap_while_reconnecting_is_held_and_played_after(fakebot, bot_world):
    app, base = await pages_of.start_with_page(bot_world)
    group, users, table, game_id = await start_group_game(fakebot, bot_world)
    server = app.bot_data["webapp"]
    port = int(base.split(":")[2].split("/")[0])
    try:
        async with chromium() as browser:
            snap, mover = await _mover(fakebot, bot_world, game_id, users)
            page = await open_for(browser, fakebot, mover)
            await pages_of.wait_version(page, snap.version)
            await server.stop()
            await page.wait_for_function("document.getElementById('status').textContent "
                                         "!== ''", timeout=5000)
            card = page.locator("#hand .card.playable").first
            tapped = int(await card.get_attribute("data-card"))
            await card.click()
            assert "held" in (await card.get_attribute("class"))
            assert "sent when the connection is back" in await page.inner_text("#toast")
            assert (await bot_world.services.games.snapshot(game_id)).version == snap.version
            await server.start("127.0.0.1", port)
            await pages_of.wait_version(page, snap.version + 1, timeout=15)
            rows = await move_log(bot_world, game_id)
            seat = snap.seat_of(mover.id)
            assert any(r.seat == seat and r.cause == "player" for r in rows)
            after = await bot_world.services.games.snapshot(game_id)
            assert tapped not in after.state.view(seat).hand  # the held card was played
    finally:
        for stop in bot_world.stoppers:
            await stop()


async def test_a_refused_reconnect_greys_the_hand_and_says_the_tap_was_not_sent(
        fakebot, bot_world):
    app, base = await pages_of.start_with_page(bot_world)
    group, users, table, game_id = await start_group_game(fakebot, bot_world)
    server = app.bot_data["webapp"]
    port = int(base.split(":")[2].split("/")[0])
    try:
        async with chromium() as browser:
            snap, mover = await _mover(fakebot, bot_world, game_id, users)
            page = await open_for(browser, fakebot, mover)
            await pages_of.wait_version(page, snap.version)
            await server.stop()
            await page.wait_for_function("document.getElementById('status').textContent "
                                         "!== ''", timeout=5000)
            await page.locator("#hand .card.playable").first.click()
            server.max_age = 0.0  # the page's init data is now too old: refused (401)
            await server.start("127.0.0.1", port)
            await page.wait_for_function("document.body.dataset.refused === '1'",
                                         timeout=15000)
            assert "Open it again from your cards" in await page.inner_text("#status")
            assert "not sent" in await page.inner_text("#toast")
            opacity = await page.eval_on_selector(
                "#hand", "n => Number(getComputedStyle(n).opacity)")
            assert opacity < 0.6  # greyed out, not a playable-looking hand
            assert (await bot_world.services.games.snapshot(game_id)).version == snap.version
    finally:
        for stop in bot_world.stoppers:
            await stop()


async def test_a_solo_game_gets_open_table_and_is_played_from_the_page(fakebot, bot_world):
    """/play's one message gets "Open table"; moves made on the page cost no edit of it
    while the page is open; it is redrawn when the page closes."""
    await pages_of.start_with_page(bot_world)
    dana = fakebot.add_user("Dana")
    chat = fakebot.private_chat(dana)
    await fakebot.user_sends(dana, chat, "/play")
    setup = await fakebot.wait_for_message(chat, lambda m: "Start" in m.button_texts())
    await fakebot.wait_for_answer(await fakebot.user_presses(dana, setup, "Start"))
    await fakebot.wait_for(lambda: any("web_app" in b for b in setup.buttons), 10,
                           "Open table on the solo message")
    game_id = await bot_world.services.chats.running_game(chat.id)
    url = next(b for b in setup.buttons if "web_app" in b)["web_app"]["url"]
    assert f"game={game_id}" in url
    try:
        async with chromium() as browser:
            page = await open_for(browser, fakebot, dana, url)
            await fakebot.settle(0.2)
            edits = setup.edit_count
            for _ in range(6):  # a few moves from the page, the computer answering
                snap = await bot_world.services.games.snapshot(game_id)
                if snap.state.is_over:
                    break
                if snap.seat_of(dana.id) not in snap.state.view(0).waiting_on:
                    await fakebot.settle(0.05)
                    continue
                await pages_of.wait_version(page, snap.version)
                if await pages_of.tap_a_move(page):
                    # a card that beats several: choose which, on the table
                    await page.wait_for_function(
                        f"Number(document.body.dataset.version) > {snap.version} || "
                        "document.querySelector('#pairs .playable') !== null", timeout=10000)
                    if await pages_of.page_version(page) == snap.version:
                        await page.click("#pairs .playable")
                        await pages_of.wait_version(page, snap.version + 1)
            rows = await move_log(bot_world, game_id)
            assert any(r.cause == "player" for r in rows)
            # While the page is open the chat's message is left alone (no edit per move);
            # when it closes, the message shows the game as it is.
            await fakebot.settle(0.2)
            assert setup.edit_count == edits
            await page.context.close()
            await fakebot.wait_for(lambda: setup.edit_count > edits, 10, "the redraw")
    finally:
        for stop in bot_world.stoppers:
            await stop()
