// Quick phrases on the table (bot/render/phrases.py): the 💬 button in the top bar opens
// the same fixed phrases as the hand's 💬 (each carries that button's callback data, so a
// tap is that press), and what a player said appears as a bubble by their seat for a few
// seconds, in the reader's language (the server translates; a reader who turned phrases
// off gets none). Each seat's count of phrases said tells a new phrase from one already
// shown, so the same phrase said twice bubbles twice; what was said before the page
// opened does not bubble.
import { $, el } from "./dom.js";

const SHOWN_MS = 4000;
let seen = null;  // "game:seat" -> the count already bubbled (null: nothing drawn yet)
let game = null;
let menu = [];

export function drawPhrases(state, say, word) {
  const phrases = state.phrases || { menu: [], said: [] };
  menu = phrases.menu;
  const button = $("say");
  button.hidden = !menu.length;
  button.setAttribute("aria-label", phrases.label || "💬");
  button.title = phrases.label || "";
  if (!menu.length) closeMenu();
  else if (!$("phrases").hidden) openMenu(say, word);  // redraw with the new data
  const fresh = seen === null || game !== state.game;
  if (fresh) seen = new Map();
  game = state.game;
  for (const said of phrases.said) {
    const key = `${state.game}:${said.seat}`;
    if (!fresh && said.n > (seen.get(key) || 0)) bubble(said.seat, state.you, said.text);
    seen.set(key, said.n);
  }
}

export function toggleMenu(say, word) {
  if ($("phrases").hidden) openMenu(say, word);
  else closeMenu();
}

function openMenu(say, word) {
  const sheet = $("phrases");
  const panel = el("div", "panel");
  panel.setAttribute("role", "dialog");
  const words = el("div", "words");
  const emoji = el("div", "emoji");
  for (const item of menu) {
    const button = el("button", "phrase" + (item.emoji ? " emoji" : ""), item.label);
    button.addEventListener("click", () => { closeMenu(); say(item.press); });
    (item.emoji ? emoji : words).append(button);
  }
  const close = el("button", "action quiet", word("webapp.phrases_close"));
  close.addEventListener("click", closeMenu);
  panel.append(words, emoji, close);
  sheet.replaceChildren(panel);
  sheet.hidden = false;
}

export function closeMenu() {
  $("phrases").hidden = true;
}

// The bubble hangs under the seat's avatar (yours: over your own panel), on a layer of
// its own: the seats are redrawn at every state, the bubble stays its few seconds.
function bubble(seat, you, text) {
  const anchor = seat === you ? document.querySelector("#me .avatar")
    : document.querySelector(`.seat[data-seat="${seat}"] .avatar`);
  if (!anchor) return;
  const rect = anchor.getBoundingClientRect();
  const node = el("div", "bubble" + (seat === you ? " mine" : ""), text);
  node.dataset.seat = seat;
  node.setAttribute("role", "status");
  $("bubbles").append(node);
  const width = node.offsetWidth;
  const left = Math.max(8, Math.min(window.innerWidth - width - 8,
                                    rect.left + rect.width / 2 - width / 2));
  node.style.left = left + "px";
  if (seat === you) node.style.top = (rect.top - node.offsetHeight - 10) + "px";
  else node.style.top = (rect.bottom + 8) + "px";
  node.style.setProperty("--tail", (rect.left + rect.width / 2 - left) + "px");
  setTimeout(() => node.remove(), SHOWN_MS);
}
