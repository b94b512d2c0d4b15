// Card moves, animated the FLIP way: before a redraw note where every card is
// (``before``); after it, a card that is still shown slides from where it was, a new one
// from where it came from (the stock for a card dealt to you, the seat of whoever played
// it for a card on the table), and one that left (beaten cards to the discard pile, a
// pick-up to the taker's seat) flies there as a ghost. Transform only, at most 220 ms,
// and nothing at all with prefers-reduced-motion.
const DURATION = 200;
const EASE = "cubic-bezier(.2,.7,.2,1)";
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

export function motionOff() { return reduced.matches || !Element.prototype.animate; }

export function before() {
  const seen = new Map();
  if (motionOff()) return seen;
  for (const node of document.querySelectorAll("[data-card]")) {
    seen.set(node.dataset.card, { rect: node.getBoundingClientRect(), node });
  }
  return seen;
}

function centre(rect) { return [rect.left + rect.width / 2, rect.top + rect.height / 2]; }

function slide(node, from, to, delay = 0) {
  const [fx, fy] = centre(from);
  const [tx, ty] = centre(to);
  const dx = fx - tx;
  const dy = fy - ty;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
               { duration: DURATION, delay, easing: EASE, fill: "backwards" });
}

function ghost(old, to) {
  const { rect, node } = old;
  const copy = node.cloneNode(true);
  copy.removeAttribute("data-card");
  copy.classList.add("ghost");
  Object.assign(copy.style, { left: rect.left + "px", top: rect.top + "px",
                              width: rect.width + "px", height: rect.height + "px" });
  document.body.append(copy);
  const [fx, fy] = centre(rect);
  const [tx, ty] = centre(to);
  copy.animate([{ transform: "none" },
                { transform: `translate(${tx - fx}px, ${ty - fy}px) scale(.5)` }],
               { duration: DURATION, easing: EASE }).finished
    .finally(() => copy.remove());
}

// ``origin(id, node)``: the rect a new card comes from; ``target(id)``: where a card that
// left goes (null: it just disappears).
export function after(seen, origin, target) {
  if (motionOff() || !seen.size) return;
  let dealt = 0;
  for (const node of document.querySelectorAll("[data-card]")) {
    const old = seen.get(node.dataset.card);
    const to = node.getBoundingClientRect();
    if (old) {
      slide(node, old.rect, to);
      seen.delete(node.dataset.card);
    } else {
      const from = origin(node);
      if (from) slide(node, from, to, Math.min(40, 8 * dealt++));
    }
  }
  for (const [id, old] of seen) {
    const to = target(id);
    if (to) ghost(old, to);
  }
}
