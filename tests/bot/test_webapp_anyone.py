"""The Mini App goes with play-with-anyone (issue 37), in Chromium against the real bot and
the fake Bot API: a table's lobby opened by the app's direct link (startapp=j<invite>),
Join from the page, the host's Start and every page following into the deal, live as
people join; a made-up or expired invite refused on the page in words; the page's Quick
game seating two pages into one game; a phrase said on one page bubbling on the other in
that reader's language (and none for a reader who turned phrases off); Invite through
Telegram's share sheet (savePreparedInlineMessage + web_app_send_prepared_message), and
the link copied where the client cannot share."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from browser import chromium, open_page
from fakebot.webapp import DARK, init_data, launch_url
from sqlalchemy import update
from table_checks import table_problems
from test_webapp_motion import SPY
from test_webapp_page import free_port, page_hand

from bot.i18n import t
from bot.render.phrases import phrase_text
from bot.render.refusals import refusal_text
from bot.service.errors import Code, NotAllowed
from bot.service.venues import VenueKind
from bot.storage.models import Lobby
from bot.webapp.page_state import page_state


async def start(world, **overrides):
    port = free_port()
    url = f"http://127.0.0.1:{port}/webapp/"
    app = await world.start(webapp_url=url, webapp_name="table", **overrides)
    await app.bot_data["webapp"].start("127.0.0.1", port)
    world.stoppers = [app.bot_data["webapp"].stop]
    return url


async def stop(world) -> None:
    for stopper in world.stoppers:
        await stopper()


async def open_as(browser, fakebot, base, user, start_param="", *, theme=None,
                  init_script="", errors=None, **options):
    """The page as Telegram opens the app's direct link t.me/<bot>/<app>?startapp=..."""
    data = init_data(fakebot.token, user.id, user.first_name,
                     language=user.language_code or "en", start_param=start_param)
    return await open_page(browser, launch_url(base, data, theme), theme=theme,
                           init_script=init_script, errors=errors, **options)


async def table_by_link(fakebot, world, host):
    """/newgame in the host's private chat: the lobby of a table by link."""
    await fakebot.user_starts_bot(host)
    await fakebot.user_sends(host, fakebot.private_chat(host), "/newgame")
    for _ in range(200):
        lobby_id = await world.services.chats.lobby_of(host.id)
        if lobby_id is not None:
            return await world.services.lobbies.get(lobby_id)
        await asyncio.sleep(0.02)
    raise AssertionError("no table by link")


async def room_text(page, selector: str = ".room-panel") -> str:
    await page.wait_for_selector(selector)
    return await page.inner_text(selector)


async def buttons(page) -> list[str]:
    return await page.eval_on_selector_all("#room .actions button",
                                           "ns => ns.map(n => n.dataset.do)")


async def followed_into(page, game_id: int) -> None:
    await page.wait_for_function(
        f"Number(document.body.dataset.game) === {game_id} && "
        "document.querySelectorAll('#hand .card').length > 0 && "
        "!document.body.dataset.room", timeout=15000)


async def test_a_lobby_by_link_joined_and_started_from_pages_follows_into_the_game(
        fakebot, bot_world):
    base = await start(bot_world)
    alice = fakebot.add_user("Alice", language_code="ru")
    bob, carol = fakebot.add_user("Bob"), fakebot.add_user("Carol")
    lobby = await table_by_link(fakebot, bot_world, alice)
    await fakebot.user_starts_bot(bob)  # Carol never opens the bot's chat
    code = "j" + lobby.invite
    errors: list[str] = []
    try:
        async with chromium() as browser:
            host = await open_as(browser, fakebot, base, alice, code, errors=errors)
            guest = await open_as(browser, fakebot, base, bob, code, errors=errors)
            # The guest sees who sits and the settings, and may join; the host may start,
            # invite and leave (in her own language).
            shown = await room_text(guest)
            assert "Alice" in shown and "Bob" not in shown
            assert await guest.inner_text(".room-panel .settings") != ""
            assert await buttons(guest) == ["join"]
            await host.wait_for_selector("#room .actions button[data-do=start]")
            assert await buttons(host) == ["start", "invite", "leave"]
            assert await host.inner_text("[data-do=start]") == t("ru", "btn.start")
            assert await table_problems(host) == []
            # Join from the page seats Bob as the start link would; the host's page
            # shows him at once (the desk's listener), and the lobby message too.
            await guest.click("[data-do=join]")
            await guest.wait_for_selector("#room .actions button[data-do=leave]")
            await host.wait_for_function(
                "document.querySelector('#room .players').innerText.includes('Bob')")
            after = await bot_world.services.lobbies.get(lobby.lobby_id)
            assert [m.user_id for m in after.members] == [alice.id, bob.id]
            assert t("en", "webapp.wait_host", name="Alice") in await room_text(guest)
            # Opened from the bot's menu (no code), Bob's page finds the table he sits at.
            menu = await open_as(browser, fakebot, base, bob, errors=errors)
            await menu.wait_for_selector("#room .actions button[data-do=leave]")
            assert "Alice" in await room_text(menu)
            await menu.context.close()
            # Carol, whom the bot cannot write to yet, is seated and told to open its chat;
            # the host's Start is refused in the host's language, naming her.
            third = await open_as(browser, fakebot, base, carol, code, errors=errors)
            await third.wait_for_selector("[data-do=join]")
            await third.click("[data-do=join]")
            await third.wait_for_selector("#room .notice [data-do=chat]")
            assert t("en", "webapp.open_chat") in await third.inner_text("#room .notice")
            await host.wait_for_function(
                "document.querySelectorAll('#room .player .pending').length === 1")
            await host.click("[data-do=start]")
            await host.wait_for_selector("#room .notice")
            assert await host.inner_text("#room .notice") == refusal_text(
                "ru", NotAllowed(Code.NEED_PRIVATE_CHAT, names="Carol"))
            await third.click("[data-do=leave]")
            await third.wait_for_selector("[data-do=join]")
            # The host starts: both pages go on to the deal, each showing its own hand.
            await host.click("[data-do=start]")
            game_id = None
            for _ in range(300):
                game_id = await bot_world.services.chats.table_of(bob.id)
                if game_id is not None:
                    break
                await asyncio.sleep(0.02)
            assert game_id is not None
            snap = await bot_world.services.games.snapshot(game_id)
            assert snap.place.kind is VenueKind.LINK
            for user, page in ((alice, host), (bob, guest)):
                await followed_into(page, game_id)
                await page.wait_for_function(
                    f"Number(document.body.dataset.version) >= {snap.version}")
                snap = await bot_world.services.games.snapshot(game_id)
                assert await page_hand(page) == set(
                    snap.state.view(snap.seat_of(user.id)).hand)
            # Carol, who left, finds the invitation used up.
            late = await open_as(browser, fakebot, base, carol, code, errors=errors)
            assert await room_text(late, ".room-panel .line") == refusal_text(
                "en", Code.NO_OPEN_INVITE)
    finally:
        await stop(bot_world)
    assert errors == []


async def test_a_made_up_or_expired_invite_is_refused_on_the_page(fakebot, bot_world):
    base = await start(bot_world)
    alice, eve = fakebot.add_user("Alice"), fakebot.add_user("Eve", language_code="de")
    lobby = await table_by_link(fakebot, bot_world, alice)
    refused = refusal_text("de", Code.NO_OPEN_INVITE)
    try:
        async with chromium() as browser:
            for code in ("jAAAAAAAAAAAAAAAA", "j" + lobby.invite[:-1], "j" + "9" * 300):
                page = await open_as(browser, fakebot, base, eve, code)
                assert await room_text(page, ".room-panel .line") == refused
                assert await buttons(page) == ["quick"]  # no dead end
                await page.context.close()
            # An hour on, the link seats nobody: the page says so too.
            async with bot_world.services.db.transaction() as s:
                await s.execute(update(Lobby).where(Lobby.id == lobby.lobby_id).values(
                    created_at=datetime.now(UTC) - timedelta(hours=2)))
            page = await open_as(browser, fakebot, base, eve, "j" + lobby.invite)
            assert await room_text(page, ".room-panel .line") == refused
            # Its Quick game is one tap away; Eve never opened the bot's chat, where a quick
            # game's cards go: she is asked to, in her language, and not queued.
            await page.click("[data-do=quick]")
            await page.wait_for_selector("#room .notice [data-do=chat]")
            assert await page.inner_text("#room .notice p") == t("de",
                                                                 "webapp.open_chat_first")
            assert await bot_world.services.matchmaking.quick.where(eve.id) is None
    finally:
        await stop(bot_world)
    after = await bot_world.services.lobbies.get(lobby.lobby_id)
    assert [m.user_id for m in after.members] == [alice.id]


async def quick_pages(browser, fakebot, base, users, errors):
    """Pages opened from the bot's menu (no game), with reduced motion: the searching
    spinner and the bubble then stand still (and the layout check sees them settled)."""
    pages = {}
    for user in users:
        await fakebot.user_starts_bot(user)
        page = await open_as(browser, fakebot, base, user, errors=errors,
                             reduced_motion="reduce")
        await page.wait_for_selector("[data-do=quick]")
        assert t(user.language_code, "webapp.home") in await room_text(page)
        pages[user.id] = page
    return pages


async def test_quick_game_from_two_pages_and_a_phrase_bubbling_in_the_readers_language(
        fakebot, bot_world):
    base = await start(bot_world, quick_sweep=0.1)
    anna = fakebot.add_user("Anna")
    boris = fakebot.add_user("Boris", language_code="ru")
    errors: list[str] = []
    try:
        async with chromium() as browser:
            pages = await quick_pages(browser, fakebot, base, (anna, boris), errors)
            first, second = pages[anna.id], pages[boris.id]
            await first.click("[data-do=quick]")
            await first.wait_for_selector("#room .searching")
            assert await buttons(first) == ["computer", "stop"]
            assert await table_problems(first) == []
            await second.click("[data-do=quick]")
            game_id = None
            for _ in range(300):
                game_id = await bot_world.services.chats.table_of(anna.id)
                if game_id is not None:
                    break
                await asyncio.sleep(0.02)
            assert game_id is not None
            assert await bot_world.services.chats.table_of(boris.id) == game_id
            for page in (first, second):
                await followed_into(page, game_id)
            snap = await bot_world.services.games.snapshot(game_id)
            assert snap.place.kind is VenueKind.QUICK
            # 💬 on Anna's page: the phrases in her language; "gg" bubbles by her seat on
            # Boris's page in Russian, and over her own panel on hers.
            await first.click("#say")
            await first.wait_for_selector("#phrases .phrase")
            labels = await first.eval_on_selector_all("#phrases .phrase",
                                                      "ns => ns.map(n => n.textContent)")
            assert labels[0] == phrase_text("en", "gg") and "👍" in labels
            assert all(h >= 44 for h in await first.eval_on_selector_all(
                "#phrases button", "ns => ns.map(n => n.getBoundingClientRect().height)"))
            await first.click(f"#phrases .phrase:has-text('{labels[0]}')")
            seat = snap.seat_of(anna.id)
            bubble = second.locator(f"#bubbles .bubble[data-seat='{seat}']")
            await bubble.wait_for(timeout=5000)
            assert await bubble.inner_text() == phrase_text("ru", "gg")
            # (reduced motion: the bubble does not move, it is just there)
            assert await second.evaluate("document.getAnimations().length") == 0
            await first.locator("#bubbles .bubble.mine").wait_for(timeout=5000)
            assert await first.is_hidden("#phrases")
            assert await table_problems(second) == []
            # Boris turns phrases off: his page's state carries nothing said.
            await fakebot.user_sends(boris, fakebot.private_chat(boris), "/phrases off")
            display = bot_world.services.runtime.displays.get(game_id)
            for _ in range(200):
                if snap.seat_of(boris.id) in display.muted:
                    break
                await asyncio.sleep(0.02)
            state = page_state(display, display.snap, snap.seat_of(boris.id),
                               bot_world.clock())
            assert state["phrases"]["said"] == []
            assert page_state(display, display.snap, seat, bot_world.clock()
                              )["phrases"]["said"][0]["n"] == 1
    finally:
        await stop(bot_world)
    assert errors == []


async def test_waiting_for_a_quick_game_can_stop_or_play_a_computer(fakebot, bot_world):
    base = await start(bot_world, quick_sweep=0.1)
    dora = fakebot.add_user("Dora")
    try:
        async with chromium() as browser:
            await fakebot.user_starts_bot(dora)
            page = await open_as(browser, fakebot, base, dora, "q")  # startapp=q
            await page.wait_for_selector("#room .searching")
            assert await bot_world.services.matchmaking.quick.where(dora.id) is not None
            await page.click("[data-do=stop]")
            await page.wait_for_selector("[data-do=quick]")
            assert await bot_world.services.matchmaking.quick.where(dora.id) is None
            await page.click("[data-do=quick]")
            await page.wait_for_selector("[data-do=computer]")
            await page.click("[data-do=computer]")
            await page.wait_for_function("Number(document.body.dataset.game) > 0 && "
                                         "!document.body.dataset.room", timeout=15000)
            game_id = int(await page.evaluate("document.body.dataset.game"))
            snap = await bot_world.services.games.snapshot(game_id)
            assert snap.place.is_solo and snap.seat_of(dora.id) is not None
            assert await bot_world.services.matchmaking.quick.where(dora.id) is None
    finally:
        await stop(bot_world)


async def test_invite_shares_the_prepared_invitation_or_copies_the_link(fakebot, bot_world):
    base = await start(bot_world)
    alice = fakebot.add_user("Alice")
    lobby = await table_by_link(fakebot, bot_world, alice)
    link = f"https://t.me/{fakebot.bot.username}?start=j{lobby.invite}"
    try:
        async with chromium() as browser:
            # A client that speaks Bot API 8.0: the bot prepares the invitation (the same
            # article inline mode offers) and the page asks for the share sheet.
            page = await open_as(browser, fakebot, base, alice, "j" + lobby.invite,
                                 init_script=SPY)
            await page.click("[data-do=invite]")
            await page.wait_for_function("window.__events.some(e => e[0] === "
                                         "'web_app_send_prepared_message')")
            sent = [d for e, d in await page.evaluate("window.__events")
                    if e == "web_app_send_prepared_message"]
            prepared = fakebot.inline.prepared[sent[0]["id"]]
            assert prepared.user_id == alice.id
            assert prepared.allow_user_chats and prepared.allow_group_chats
            assert prepared.allow_channel_chats
            text = prepared.result["input_message_content"]["message_text"]
            assert text.startswith("Alice invites you")
            assert prepared.result["reply_markup"]["inline_keyboard"][0][0]["url"] == link
            # The client could not share it: the link is copied instead.
            await page.context.grant_permissions(["clipboard-read", "clipboard-write"])
            await page.evaluate("window.Telegram.WebView.receiveEvent("
                                "'prepared_message_failed', {error: 'USER_DECLINED'})")
            await page.wait_for_function(f"document.body.dataset.copied === '{link}'")
            # A page outside a client that can share: Invite copies the link at once.
            plain = await open_as(browser, fakebot, base, alice, "j" + lobby.invite,
                                  theme=DARK,
                                  permissions=["clipboard-read", "clipboard-write"])
            await plain.wait_for_selector("[data-do=invite]")
            assert await table_problems(plain) == []  # (the dark theme)
            await plain.click("[data-do=invite]")
            await plain.wait_for_selector("#toast:not([hidden])")
            assert await plain.inner_text("#toast") == t("en", "webapp.copied")
            assert await plain.evaluate("navigator.clipboard.readText()") == link
            assert len(fakebot.inline.prepared) == 1  # nothing prepared for it
    finally:
        await stop(bot_world)
