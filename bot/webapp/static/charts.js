// SVG charts drawn by the page itself (no chart library): a line of values over time, a
// two-part bar (all and the fool's share) and a sparkline. Sizes are in the viewBox's
// units; the SVG scales to its card's width, so a phone and a desktop draw the same.
const NS = "http://www.w3.org/2000/svg";

function svg(width, height, label) {
  const node = document.createElementNS(NS, "svg");
  node.setAttribute("viewBox", `0 0 ${width} ${height}`);
  node.setAttribute("role", "img");
  if (label) node.setAttribute("aria-label", label);
  return node;
}

function add(parent, tag, attrs, text) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  parent.appendChild(node);
  return node;
}

function scale(values, low, high) {
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  return (v) => high - ((v - min) / span) * (high - low);
}

// points: [[label, value], ...] oldest first; the first and last labels under the axis,
// the lowest and highest values beside it. ``width``: the card's, in pixels, so that the
// text stays its size on a desktop (the height is fixed).
export function lineChart(points, label, width = 600) {
  const W = Math.max(280, Math.round(width)), H = 200, L = 44, R = 8, T = 10, B = 24;
  const node = svg(W, H, label);
  const values = points.map((p) => p[1]);
  const y = scale(values, T, H - B);
  const x = (i) => L + (points.length > 1 ? (i / (points.length - 1)) * (W - L - R) : (W - L - R) / 2);
  const min = Math.min(...values), max = Math.max(...values);
  for (const v of new Set([min, max])) {
    add(node, "line", { class: "grid", x1: L, x2: W - R, y1: y(v), y2: y(v) });
    add(node, "text", { x: L - 6, y: y(v) + 4, "text-anchor": "end" }, String(v));
  }
  const path = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p[1]).toFixed(1)}`).join("");
  add(node, "path", { class: "area", d: `${path}L${x(points.length - 1).toFixed(1)},${H - B}L${x(0).toFixed(1)},${H - B}Z` });
  add(node, "path", { class: "line", d: path });
  add(node, "text", { x: L, y: H - 6 }, points[0][0]);
  add(node, "text", { x: W - R, y: H - 6, "text-anchor": "end" }, points[points.length - 1][0]);
  return node;
}

// A bar as long as ``share`` (0..1) of the row, its first ``foolShare`` in the fool's colour.
export function bar(share, foolShare, label) {
  const W = 300, H = 16;
  const node = svg(W, H, label);
  const whole = Math.max(2, share * W);
  add(node, "rect", { class: "bar", x: 0, y: 2, width: whole, height: H - 4, rx: 4 });
  if (foolShare > 0) {
    add(node, "rect", { class: "bar fool", x: 0, y: 2, width: Math.max(2, foolShare * whole), height: H - 4, rx: 4 });
  }
  return node;
}

export function sparkline(values, label) {
  const W = 88, H = 28;
  const node = svg(W, H, label);
  if (values.length < 2) return node;
  const y = scale(values, 3, H - 3);
  const x = (i) => 2 + (i / (values.length - 1)) * (W - 4);
  add(node, "path", { class: "line", d: values.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join("") });
  return node;
}
