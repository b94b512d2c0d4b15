"""What a table a person plays on must never do, measured in the page itself (headless
Chromium): every problem found, as words, so a failing test says what it saw.

- a card's index (its top-left rank and suit) covered by anything: ``elementFromPoint`` at
  the centre of the rank and of the suit must hit that card (a hand row that scrolls is
  scrolled to the card first);
- a tap target (a button, a card with role=button) under 44 x 44 CSS px, measured on the
  part of it that shows (a hand card lies under the next one), or not on top where it
  shows;
- card ink under 4.5:1 against the card (WCAG AA), in every state a card is drawn in.
"""

CHECK = r"""() => {
  const problems = [];
  const channel = (v) => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const lum = (css) => {
    const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map(Number).map(channel);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const name = (node) => {
    if (!node) return "nothing";
    const card = node.closest(".card");
    return (card && card.getAttribute("aria-label")) || node.id || node.className || node.tagName;
  };
  for (const card of document.querySelectorAll(".card[data-card]")) {
    if (card.closest("#hand")) card.scrollIntoView({ block: "nearest", inline: "nearest" });
    const idx = card.querySelector(".idx:not(.br)");
    for (const part of idx.children) {
      const r = part.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || hit.closest(".card") !== card) {
        problems.push(`the index of ${card.getAttribute("aria-label")} is covered by ${name(hit)}`);
      }
    }
    const contrast = ratio(getComputedStyle(idx).color, getComputedStyle(card).backgroundColor);
    if (contrast < 4.5) {
      problems.push(`${card.getAttribute("aria-label")}: contrast ${contrast.toFixed(2)}:1`);
    }
  }
  for (const node of document.querySelectorAll("[role=button], button")) {
    if (!node.getClientRects().length) continue;  // not shown
    if (node.closest("#hand")) node.scrollIntoView({ block: "nearest", inline: "nearest" });
    const r = node.getBoundingClientRect();
    let width = r.width;
    const next = node.nextElementSibling;
    if (node.closest("#hand") && next) {
      width = Math.min(width, next.getBoundingClientRect().left - r.left);
    }
    const label = node.getAttribute("aria-label") || node.textContent.trim();
    if (width < 44 || r.height < 44) {
      problems.push(`tap target ${label}: ${width.toFixed(1)} x ${r.height.toFixed(1)} px`);
    }
    const hit = document.elementFromPoint(r.left + width / 2, r.top + r.height / 2);
    if (!hit || !(hit === node || node.contains(hit))) {
      problems.push(`tap target ${label} is under ${name(hit)}`);
    }
  }
  return problems;
}"""


async def settled(page) -> None:
    """Wait until no card is moving (the checks measure where cards lie)."""
    await page.wait_for_function("document.getAnimations().length === 0", timeout=5000)


async def table_problems(page) -> list[str]:
    await settled(page)
    return await page.evaluate(CHECK)
