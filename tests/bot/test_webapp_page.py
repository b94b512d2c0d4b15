"""The Mini App in a real browser (headless Chromium) against the real bot and the fake
Bot API: the page opened with Telegram-signed init data shows the person's own hand,
whole games are played by tapping the page, a third player on the inline keyboard stays
in step, and forged, stale or other people's init data are refused (401, nothing
changes)."""

from __future__ import annotations

import socket
import time
from urllib.parse import urlencode

import aiohttp
from browser import chromium, open_page
from fakebot.webapp import init_data, launch_url
from playing import (
    assert_shows_own_hand,
    hand_message,
    move_log,
    press_first_accepted,
    start_group_game,
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def start_with_page(world):
    port = free_port()
    url = f"http://127.0.0.1:{port}/webapp/"
    app = await world.start(webapp_url=url, webapp_name="table")
    await app.bot_data["webapp"].start("127.0.0.1", port)
    world.stoppers = getattr(world, "stoppers", []) + [app.bot_data["webapp"].stop]
    return app, url


def page_url_of(fake, user) -> str:
    """The web_app button's URL in the person's hand message (what Telegram opens)."""
    message = hand_message(fake, user)
    button = next(b for b in message.buttons if "web_app" in b)
    return button["web_app"]["url"]


async def page_hand(page) -> set[int]:
    return {int(x) for x in await page.eval_on_selector_all(
        "#hand .card", "nodes => nodes.map(n => n.dataset.card)")}


async def page_version(page) -> int:
    return int(await page.evaluate("document.body.dataset.version || -1"))


async def wait_version(page, version: int, timeout: float = 10.0) -> None:
    await page.wait_for_function(f"Number(document.body.dataset.version) >= {version}",
                                 timeout=timeout * 1000)


async def tap_a_move(page) -> bool:
    """Tap the first playable card, else the first button that is not the hint. False
    when there was none, or the page was redrawn under the finger (look again)."""
    from playwright.async_api import Error

    cards = await page.query_selector_all("#hand .card.playable")
    targets = cards[:1] or (await page.query_selector_all("#buttons button"))[:1]
    for target in targets:
        try:
            await target.click(timeout=5000)
        except Error as exc:
            if "not attached" in str(exc):
                return False
            raise
        return True
    return False


async def play_from_pages(fake, world, game_id, users, pages, keyboard=(), limit=600,
                          stop_after=None):
    """Until the deal ends: whoever the game waits on moves, from their page (``pages``:
    user id -> page; checked to show exactly their hand at the current version) or from
    their hand message (``keyboard``)."""
    steps = 0
    while True:
        snap = await world.services.games.snapshot(game_id)
        if snap.status != "running" or snap.state.is_over:
            return steps, snap
        waiting = snap.state.view(0).waiting_on
        mover = next((u for u in list(users) + list(keyboard)
                      if snap.seat_of(u.id) in waiting), None)
        if mover is None:  # a computer or a timer is due
            await fake.settle(0.05)
            continue
        if mover.id in pages:
            page = pages[mover.id]
            await wait_version(page, snap.version)
            if await page_version(page) != snap.version:
                continue  # moved on meanwhile
            seat = snap.seat_of(mover.id)
            assert await page_hand(page) == set(snap.state.view(seat).hand)
            if not await tap_a_move(page):
                continue  # redrawn as it was tapped: look again
            await wait_version(page, snap.version + 1)
        else:
            await assert_shows_own_hand(fake, world, game_id, mover,
                                        lambda u=mover: hand_message(fake, u))
            await press_first_accepted(fake, mover, hand_message(fake, mover))
            await fake.settle(0.03)
        steps += 1
        assert steps < limit
        if steps == stop_after:
            return steps, await world.services.games.snapshot(game_id)


async def test_page_shows_own_hand_and_plays_a_whole_two_player_game(fakebot, bot_world):
    _, base = await start_with_page(bot_world)
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    try:
        async with chromium() as browser:
            pages = {}
            for user in (alice, bob):
                url = page_url_of(fakebot, user)
                assert url.startswith(base) and f"game={game_id}" in url
                pages[user.id] = await open_page(browser, launch_url(
                    url, init_data(fakebot.token, user.id, user.first_name)))
            snap = await bot_world.services.games.snapshot(game_id)
            for user in (alice, bob):
                page = pages[user.id]
                await wait_version(page, snap.version)
                assert await page_hand(page) == set(snap.state.view(snap.seat_of(user.id)).hand)
                # only counts of the other hand: no card id but the own ones and the table's
                other = snap.state.view(1 - snap.seat_of(user.id)).hand
                shown = {int(x) for x in await page.eval_on_selector_all(
                    "[data-card]", "nodes => nodes.map(n => n.dataset.card)")}
                assert not (shown & set(other))
            hand_edits = [hand_message(fakebot, u).edit_count for u in (alice, bob)]
            steps, snap = await play_from_pages(fakebot, bot_world, game_id, (alice, bob),
                                                pages)
            assert steps > 10 and snap.state.is_over
            for page in pages.values():
                await wait_version(page, snap.version)
                await page.wait_for_selector("#result .panel", state="visible")
                assert "Game over" in await page.inner_text("#result h2")
            # While the pages were open the hand messages were left alone: no hand edit but
            # the last (the deal is over: no buttons left).
            for user, before in zip((alice, bob), hand_edits, strict=True):
                message = hand_message(fakebot, user)
                await fakebot.wait_for(lambda m=message: not m.buttons, 10, "the last hand")
                assert message.edit_count == before + 1
    finally:
        for stop in bot_world.stoppers:
            await stop()
    await fakebot.wait_for(lambda: "Game over" in table.text, 10, "the group table's result")


async def test_keyboard_player_stays_in_step_with_two_pages(fakebot, bot_world):
    await start_with_page(bot_world)
    group, (alice, bob, carol), table, game_id = await start_group_game(
        fakebot, bot_world, names=("Alice", "Bob", "Carol"))
    # The group table links to the app (web_app buttons are private-chat only).
    link = next(b for b in table.buttons if "url" in b)["url"]
    assert link.endswith(f"/table?startapp=g{game_id}") and link.startswith("https://t.me/")
    try:
        async with chromium() as browser:
            pages = {u.id: await open_page(browser, launch_url(
                page_url_of(fakebot, u), init_data(fakebot.token, u.id, u.first_name)))
                for u in (alice, bob)}
            # Bob closes his page mid-deal: his hand message is brought up to date at once
            # and he plays on from it.
            await play_from_pages(fakebot, bot_world, game_id, (alice, bob), pages,
                                  keyboard=(carol,), stop_after=8)
            await pages.pop(bob.id).context.close()
            await assert_shows_own_hand(fakebot, bot_world, game_id, bob,
                                        lambda: hand_message(fakebot, bob))
            steps, snap = await play_from_pages(fakebot, bot_world, game_id, (alice,), pages,
                                                keyboard=(carol, bob))
            assert snap.state.is_over
            causes = {(row.seat, row.cause) for row in await move_log(bot_world, game_id)}
            for user in (alice, bob, carol):  # everyone played, none by the turn timer
                assert (snap.seat_of(user.id), "player") in causes
                assert (snap.seat_of(user.id), "timeout") not in causes
            await fakebot.wait_for(lambda: "Game over" in table.text, 10, "the result")
    finally:
        for stop in bot_world.stoppers:
            await stop()


async def test_forged_stale_and_other_peoples_init_data_are_refused(fakebot, bot_world):
    _, base = await start_with_page(bot_world)
    group, (alice, bob), table, game_id = await start_group_game(fakebot, bot_world)
    mallory = fakebot.add_user("Mallory")
    good = init_data(fakebot.token, alice.id, "Alice")
    refused = {
        "forged": init_data("123:not-the-token", alice.id, "Alice"),
        "tampered": good.replace(str(alice.id), str(bob.id)),
        "stale": init_data(fakebot.token, alice.id, "Alice", auth_date=time.time() - 86400),
        "not at the table": init_data(fakebot.token, mallory.id, "Mallory"),
        "empty": "",
    }
    before = (await bot_world.services.games.snapshot(game_id)).version
    try:
        async with aiohttp.ClientSession() as http:
            for why, data in refused.items():
                query = urlencode({"game": game_id, "init": data})
                async with http.get(f"{base}ws?{query}") as response:
                    assert response.status == 401, why
            for game in ("999999", str(2**40), "-1", "x"):  # no such game, forged numbers
                query = urlencode({"game": game, "init": good})
                async with http.get(f"{base}ws?{query}") as response:
                    assert response.status == 401, game
            async with http.ws_connect(f"{base}ws?" + urlencode(
                    {"game": game_id, "init": good})) as ws:
                state = await ws.receive_json(timeout=5)
                assert state["type"] == "state" and state["game"] == game_id
                # A button of another game, and garbage: refused in words, nothing moves.
                await ws.send_json({"press": "m2s.1.t"})
                assert (await ws.receive_json(timeout=5))["type"] == "refused"
                await ws.send_str("not json")
                assert (await ws.receive_json(timeout=5))["type"] == "refused"
        async with chromium() as browser:
            page = await open_page(browser, launch_url(base + f"?game={game_id}",
                                                       refused["forged"]))
            await page.wait_for_function("document.body.dataset.refused === '1'",
                                         timeout=10000)
            assert "cannot be opened" in await page.inner_text("#status")
            assert await page.query_selector_all("#hand .card") == []
    finally:
        for stop in bot_world.stoppers:
            await stop()
    assert (await bot_world.services.games.snapshot(game_id)).version == before
