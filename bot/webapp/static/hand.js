// Your hand in one row, overlapped as far as it must be: each card keeps at least its
// corner index in sight, and a card you may play keeps a strip at least 44 px wide (a tap
// target, WCAG 2.5.5), the later card lying over the earlier one. When even that does not
// fit (a very large hand on a phone) the row scrolls sideways rather than wrapping.
const TAP = 44;       // CSS px: the narrowest strip of a card you may tap
const INDEX = 24;     // CSS px: the narrowest strip of any card (its index stays readable)
const GAP = 6;        // between cards that need not overlap

export function layoutHand(row) {
  const cards = [...row.children];
  if (!cards.length) return;
  const width = cards[0].offsetWidth;
  const room = row.clientWidth - width - 8;
  const natural = width + GAP;
  const least = cards.slice(0, -1).map((c) => (c.classList.contains("playable") ? TAP : INDEX));
  let steps = least.map(() => natural);
  const total = (list) => list.reduce((a, b) => a + b, 0);
  if (total(steps) > room) {
    // Share what room there is above each card's least strip, evenly, up to natural.
    const spare = Math.max(0, room - total(least));
    let share = spare / Math.max(1, least.length);
    for (let pass = 0; pass < 3; pass++) {
      steps = least.map((l) => Math.min(natural, l + share));
      const left = room - total(steps);
      const open = steps.filter((s) => s < natural).length;
      if (left < 1 || !open) break;
      share += left / open;
    }
  }
  const span = total(steps) + width;
  let x = Math.max(4, (row.clientWidth - span) / 2);
  row.classList.toggle("scrolls", span + 8 > row.clientWidth);
  cards.forEach((card, i) => {
    card.style.left = x + "px";
    card.style.zIndex = String(i + 1);
    x += steps[i] || 0;
  });
  row.style.setProperty("--span", span + 8 + "px");
}
