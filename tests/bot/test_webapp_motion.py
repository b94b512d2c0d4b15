"""Motion and the Mini App protocol, in Chromium on engine-built states (no bot behind
the page): the page asks Telegram to expand and for its safe areas and pads itself by
them; it triggers haptic feedback (web_app_trigger_haptic_feedback) when it becomes your
turn and when a tap is refused; a card that moves slides (transform only, at most 250 ms
including its delay), and nothing animates with prefers-reduced-motion; the four-colour
deck is a setting that sticks."""

from __future__ import annotations

from browser import chromium, open_page
from fakebot.webapp import init_data, launch_url
from test_webapp_layout import drawn, lead, serve

from bot.engine import RuleSet, deal_from_position

# Telegram's mobile clients take events through TelegramWebviewProxy: record them, and
# every Element.animate() call.
SPY = """
window.__events = [];
window.TelegramWebviewProxy = {
  postEvent: (type, data) => window.__events.push([type, JSON.parse(data)]),
};
window.__anims = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  window.__anims.push({ frames, options });
  return animate.call(this, frames, options);
};
"""


def led() -> dict:
    """Anna led 6♥: it lies on the table, Boris is to beat it."""
    state = deal_from_position(RuleSet.preset("podkidnoy"),
                               hands=["10c Kd As 7s Qh", "9h Qs 6d 8c 9c Jh"], trump="s",
                               attacker=0, table=[("6h", None)],
                               stock="10s Js 7h 8h 9d 10d Jc Qc Kc")
    after = drawn(state, 0, None)
    after["version"] = 99
    return after


async def open_scene():
    first = lead()
    ports: list[int] = []
    runner = await serve(first, ports, answers=[{"type": "refused", "text": "Not now"},
                                                led()],
                         words={"webapp.four_colours": "Four-colour deck"})
    url = launch_url(f"http://127.0.0.1:{ports[0]}/webapp/?game=7", init_data("1:x", 100, "A"))
    return runner, url


async def test_protocol_haptics_motion_and_the_four_colour_deck():
    for reduced in (False, True):
        runner, url = await open_scene()
        try:
            async with chromium() as browser:
                errors: list[str] = []
                page = await open_page(browser, url, init_script=SPY, errors=errors,
                                       reduced_motion="reduce" if reduced else "no-preference")
                await page.wait_for_selector("#hand .card.playable")
                events = await page.evaluate("window.__events")
                kinds = [e[0] for e in events]
                for asked in ("web_app_ready", "web_app_expand", "web_app_request_safe_area"):
                    assert asked in kinds
                haptics = [e[1] for e in events if e[0] == "web_app_trigger_haptic_feedback"]
                assert {"type": "impact", "impact_style": "medium"} in haptics  # your turn

                # Telegram tells the safe area: the page keeps clear of it.
                await page.evaluate("Telegram.WebView.receiveEvent('safe_area_changed', "
                                    "{top: 40, bottom: 24, left: 0, right: 0})")
                padding = await page.evaluate(
                    "[parseFloat(getComputedStyle(document.body).paddingTop), "
                    "parseFloat(getComputedStyle(document.body).paddingBottom)]")
                assert padding[0] >= 40 and padding[1] >= 24

                six = page.locator("#hand .card[aria-label='6♥']")
                await page.evaluate("window.__anims = []")
                await six.click()
                await page.wait_for_function("Number(document.body.dataset.version) === 99")
                await page.wait_for_timeout(50)
                assert "Not now" in await page.inner_text("#toast")
                haptics = [e[1] for e in await page.evaluate("window.__events")
                           if e[0] == "web_app_trigger_haptic_feedback"]
                assert {"type": "notification", "notification_type": "error"} in haptics
                anims = await page.evaluate("window.__anims")
                if reduced:
                    assert anims == []
                else:
                    assert anims, "the led card slides to the table"
                    for anim in anims:
                        props = {k for frame in anim["frames"] for k in frame} - {
                            "offset", "easing", "composite"}
                        assert props == {"transform"}, anim
                        timing = anim["options"]
                        assert timing["duration"] + timing.get("delay", 0) <= 250, anim
                # the card on the table is the one from the hand
                assert await page.locator("#pairs .card[aria-label='6♥']").count() == 1

                # The four-colour deck: diamonds blue, kept for the next visit.
                diamond = page.locator("#hand .card.s2").first
                red = await diamond.evaluate("n => getComputedStyle(n).color")
                await page.click("#four")
                blue = await diamond.evaluate("n => getComputedStyle(n).color")
                assert red != blue and blue == "rgb(20, 86, 184)"
                await page.reload()
                await page.wait_for_selector("#hand .card")
                assert await page.evaluate(
                    "document.documentElement.classList.contains('four')")
                assert errors == []
        finally:
            await runner.cleanup()
