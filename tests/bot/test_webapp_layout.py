"""The table's layout in Chromium, at a phone's size (390 x 844) and a desktop's
(1280 x 800), in Telegram's light and dark themes, on positions the engine builds and
``page_state`` draws (the very JSON a seat's page gets): a crowded six-player bout with six
pairs and a twelve-card hand, the same while choosing which card to beat, a quiet
two-player lead, the same seen by the one who waits (not their turn: no card dimmed
below 4.5:1), and with the turn-up the last card of the stock. Measured in the page
(``table_checks``): no card's index covered, no tap target under 44 px, card ink at
least 4.5:1, no console error; and the hand in one row, sorted by suit with trumps last,
playable cards lifted."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from aiohttp import web
from browser import DESKTOP, PHONE, chromium, open_page
from fakebot.webapp import DARK, LIGHT, init_data, launch_url
from table_checks import table_problems

from bot.engine import RuleSet, deal_from_position
from bot.engine.core.cards import parse_card
from bot.runtime.table.display import Display
from bot.service.events import GameSnapshot, SeatInfo
from bot.webapp.page_state import page_state

STATIC = Path(__file__).resolve().parents[2] / "bot" / "webapp" / "static"
NOW = datetime.now(UTC)
NAMES = ["Anna", "Boris", "Chloé", "Dmitri", "Eve", "Franziska"]


def crowded(picking: str | None = None) -> dict:
    """Boris (seat 1) defends six pairs from five others, twelve cards in his hand."""
    state = deal_from_position(
        RuleSet.preset("podkidnoy"),
        hands=["Kc Qc", "7h 10h Jh Qh Ah 7d 10d 6c 7c 10c 6s 7s", "Js", "Qs Ks", "As 8s",
               "9s 10s"],
        trump="s", attacker=0, defender=1, stock="Jc Qd Jd Kh",
        table=[("6h", "8h"), ("6d", "9d"), ("8d", "Kd"), ("9h", None), ("8c", "Ac"),
               ("9c", None)], limit=6)
    return drawn(state, 1, picking)


def lead(seat: int = 0, stock: str = "10s Js 7h 8h 9d 10d Jc Qc Kc") -> dict:
    """Anna (seat 0) leads against Boris: six cards, every one playable; Boris (seat 1)
    waits, none of his playable."""
    state = deal_from_position(RuleSet.preset("podkidnoy"),
                               hands=["6h 10c Kd As 7s Qh", "9h Qs 6d 8c 9c Jh"], trump="s",
                               attacker=0, stock=stock)
    return drawn(state, seat, None)


def drawn(state, seat: int, picking: str | None) -> dict:
    seats = tuple(SeatInfo(s, 100 + s, NAMES[s], None, None)
                  for s in range(state.rules.players))
    snap = GameSnapshot(game_id=7, chat_id=-100, series_id=1, deal_number=1,
                        version=state.version, status="running", state=state, seats=seats,
                        turn_deadline=NOW + timedelta(seconds=8))
    display = Display(snap=snap, solo_seat=None, group_title="G", locale="en",
                      names={s.seat: s.name for s in seats})
    if picking is not None:
        display.picking[seat] = parse_card(picking)
    return page_state(display, snap, seat, NOW)


async def serve(state: dict, port_holder: list, answers: list[dict] = (),
                words: dict | None = None) -> web.AppRunner:
    """The page's files and a socket that sends ``state`` (no bot behind it), and
    ``answers`` (messages) one after the other at the first press."""
    words_json = json.dumps({"en": words or {}})

    async def socket(request):
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_json(state)
        async for _ in ws:
            for answer in answers:
                await ws.send_json(answer)
        return ws

    app = web.Application()
    async def index(request):
        return web.FileResponse(STATIC / "index.html")

    async def words(request):
        return web.Response(text=words_json, content_type="application/json")

    app.router.add_get("/webapp/", index)
    app.router.add_get("/webapp/words.json", words)
    app.router.add_get("/webapp/ws", socket)
    app.router.add_static("/webapp/static", STATIC)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port_holder.append(runner.addresses[0][1])
    return runner


SCENES = {"crowded": lambda: crowded(), "choosing": lambda: crowded(picking="6s"),
          "lead": lead, "waiting": lambda: lead(1), "last_card": lambda: lead(0, "Ks")}


@pytest.mark.parametrize("scene", sorted(SCENES))
async def test_no_index_covered_no_small_target_readable_cards(scene):
    state = SCENES[scene]()
    ports: list[int] = []
    runner = await serve(state, ports)
    url = f"http://127.0.0.1:{ports[0]}/webapp/?game=7"
    try:
        async with chromium() as browser:
            for viewport in (PHONE, DESKTOP):
                for theme in (LIGHT, DARK):
                    errors: list[str] = []
                    page = await open_page(browser, launch_url(url, init_data("1:x", 101, "B"),
                                                               theme),
                                           viewport=viewport, theme=theme, errors=errors)
                    await page.wait_for_selector("#hand .card")
                    where = f"{scene} at {viewport['width']}px, {theme['bg_color']}"
                    assert await table_problems(page) == [], where
                    cards = await page.eval_on_selector_all(
                        "#hand .card", "ns => ns.map(n => [Number(n.dataset.card), "
                        "n.getBoundingClientRect().top, /playable|chosen/.test(n.className)])")
                    # one row in the server's order (by suit, trumps last), playable and
                    # chosen cards lifted
                    assert [c[0] for c in cards] == [c["id"] for c in state["hand"]], where
                    rows = {round(top) for _, top, playable in cards if not playable}
                    assert len(rows) <= 1, where
                    if any(p for *_, p in cards) and rows:
                        lifted = {round(top) for _, top, playable in cards if playable}
                        assert max(lifted) < min(rows), where
                    assert errors == [], where
                    await page.context.close()
    finally:
        await runner.cleanup()


def test_the_hand_is_sorted_by_suit_with_trumps_last():
    state = crowded()
    suits = [c["s"] for c in state["hand"]]
    trumps = [s == 0 for s in suits]  # spades are trumps here
    assert trumps == sorted(trumps)  # every trump after every other card
    plain = [s for s, trump in zip(suits, trumps, strict=True) if not trump]
    assert plain == sorted(plain, key=lambda s: [0, 1, 3, 2].index(s))  # ♠ ♥ ♣ ♦ order
    assert state["trump"] is not None and state["stock"] == 4
    assert state["room"] == 0 and state["players"][1]["turn"]
