// Draws a state the server sent (bot/webapp/page_state.py) into the page. Every tap sends
// the button's callback data back: the server treats it exactly as a press in the chat.
import { backNode, cardNode } from "./cards.js";
import { drawResult } from "./dialog.js";
import { $, el } from "./dom.js";
import { layoutHand } from "./hand.js";
import { after, before } from "./motion.js";
import { avatar, seatNodes, tickRings } from "./seats.js";

export { cardNode };

function tappable(node, data, press) {
  node.setAttribute("role", "button");
  node.tabIndex = 0;
  node.addEventListener("click", () => press(data, node));
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); press(data, node); }
  });
}

function badge(n, title) {
  const node = el("span", "badge", String(n));
  node.title = title;
  return node;
}

function drawDeck(state) {
  const deck = $("deck");
  deck.replaceChildren();
  if (state.trump) deck.append(cardNode(state.trump, "turnup"));
  if (state.stock > (state.trump ? 1 : 0)) {
    const stock = backNode("stock");
    stock.append(badge(state.stock, state.stock_text));
    deck.append(stock);
  } else if (state.stock) {  // the turn-up is the last card: it lies alone
    deck.append(badge(state.stock, state.stock_text));
  }
  if (state.trump_suit) {  // the trump suit stays in sight after the stock is gone
    const suit = el("span", "trump-suit" + (state.trump_red ? " red" : ""), state.trump_suit);
    suit.title = state.trump_text;
    deck.append(suit);
  }
  deck.title = state.stock_text;
  const discard = $("discard");
  discard.replaceChildren();
  if (state.discard) {
    for (let i = 0; i < Math.min(3, state.discard); i++) discard.append(backNode("pile"));
    discard.append(badge(state.discard, state.discard_text));
  }
  discard.title = state.discard_text;
}

function drawPairs(state, press) {
  $("pairs").replaceChildren(...state.table.map(([attack, cover]) => {
    const pair = el("div", "pair" + (cover ? " beaten" : ""));
    const target = cardNode(attack, "attack" + (attack.press ? " playable" : ""));
    if (attack.press) tappable(target, attack.press, press);  // the card to beat
    pair.append(target);
    if (cover) pair.append(cardNode(cover, "cover"));
    return pair;
  }));
  const bout = $("bout");
  bout.replaceChildren();
  if (state.room !== null && state.room_text) {
    bout.append(el("span", "room", state.room_text));
    if (state.room) bout.append(el("span", "ranks", state.ranks.join(" ")));
  }
  $("last").textContent = state.last_text || "";
}

function drawMe(state) {
  const me = state.players.find((p) => p.you) || { name: "?" };
  const box = $("me");
  box.className = "me" + (state.your_turn ? " turn" : "") + ` role-${me.role_key || ""}`;
  const words = el("div", "words");
  const prompt = state.your_turn || state.picking !== null ? state.prompt : [];
  for (const line of prompt) words.append(el("p", "prompt", line));
  if (!prompt.length && state.turn_text) words.append(el("p", "turn-text", state.turn_text));
  if (state.result && state.result.lines.length) {  // the deal is over: its verdict
    words.append(el("p", "prompt", state.result.lines[0]));
  }
  const news = el("div", "", "");
  news.id = "news";
  news.setAttribute("aria-live", "polite");
  for (const line of state.news.filter((l) => l !== state.turn_text && l !== state.last_text)) {
    news.append(el("p", "", line));
  }
  words.append(news);
  box.replaceChildren(avatar(me), words);
}

function drawHand(state, press) {
  const hand = $("hand");
  hand.classList.toggle("my-turn", Boolean(state.your_turn));
  hand.replaceChildren(...state.hand.map((card) => {
    const chosen = state.picking === card.id;
    const node = cardNode(card, chosen ? "chosen" : card.press ? "playable" : "idle");
    if (card.press) tappable(node, card.press, press);
    return node;
  }));
  layoutHand(hand);
}

// Where a card that just appeared comes from (a card dealt to you: the stock; one on the
// table: the seat of whoever moved last), and where one that left goes: the discard pile
// when it grew (beaten off), else the seat whose hand grew (a pick-up).
let shownBefore = null;
function origins(state, before) {
  const seat = (n) => document.querySelector(`.seat[data-seat="${n}"] .avatar`);
  const grew = before && before.game === state.game ? state.players.find((p) => !p.you &&
    p.cards > (before.players.find((q) => q.seat === p.seat) || p).cards) : null;
  const beaten = before && state.discard > before.discard;
  return {
    origin(node) {
      const from = node.closest("#hand") ? $("deck") : seat(state.last_seat) || $("seats");
      return from ? from.getBoundingClientRect() : null;
    },
    target() {
      const to = beaten ? $("discard") : grew ? seat(grew.seat) : null;
      return to ? to.getBoundingClientRect() : null;
    },
  };
}

export function draw(state, press, word) {
  const seen = before();
  document.title = state.title;
  $("title").textContent = state.title;
  $("seats").replaceChildren(...seatNodes(state));
  drawDeck(state);
  drawPairs(state, press);
  drawMe(state);
  $("buttons").replaceChildren(...state.buttons.map((b) => {
    const button = el("button", "action", b.label);
    button.addEventListener("click", () => press(b.press, button));
    return button;
  }));
  drawHand(state, press);
  fitPairs();
  drawResult(state, press, word);
  document.body.classList.toggle("over", Boolean(state.result));
  const { origin, target } = origins(state, shownBefore);
  shownBefore = state;
  after(seen, origin, target);
  setDeadline(state.deadline, state.turn_seconds);
}

// The pairs fill the felt: as large as the deck's cards when they fit, smaller when many
// pairs need more rows, never under 44 px wide (a card to beat is a tap target).
const PAIR_W = 1.42;
const PAIR_H = 1.78;
function fitPairs() {
  const box = $("pairs");
  box.style.removeProperty("--tw");
  const n = box.children.length;
  if (!n) return;
  const base = parseFloat(getComputedStyle(box).getPropertyValue("--tw")) || 62;
  const width = box.clientWidth;
  const height = box.clientHeight;
  let tw = base;
  for (; tw > 44; tw -= 2) {
    const cols = Math.max(1, Math.floor((width + 10) / (PAIR_W * tw + 10)));
    if (Math.ceil(n / cols) * (PAIR_H * tw + 8) - 8 <= height) break;
  }
  if (tw < base) box.style.setProperty("--tw", tw + "px");
}

export function relayout() {
  fitPairs();
  layoutHand($("hand"));
}

export function status(text) {
  $("status").textContent = text;
  $("status").hidden = !text;
}

let toastTimer = null;
export function toast(text) {
  const node = $("toast");
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, 4000);
}

let deadline = null;
let total = null;
export function setDeadline(seconds, turnSeconds) {
  deadline = seconds;
  total = turnSeconds;
  tickRings(deadline, total);
}
setInterval(() => tickRings(deadline, total), 250);
