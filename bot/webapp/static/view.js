// Draws a state the server sent (bot/webapp/page_state.py) into the page. Every tap sends
// the button's callback data back: the server treats it exactly as a press in the chat.
const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function cardNode(card, extra = "") {
  const node = el("div", "card " + (card.red ? "red " : "black ") + extra);
  node.textContent = card.label;
  node.dataset.card = card.id;
  return node;
}

export function draw(state, press) {
  document.title = state.title;
  $("title").textContent = state.title;
  const players = $("players");
  players.replaceChildren(...state.players.filter((p) => !p.you).map((p) => {
    const box = el("div", "player" + (p.turn ? " turn" : ""));
    box.dataset.seat = p.seat;
    const backs = el("div", "backs");
    for (let i = 0; i < Math.min(p.cards, 12); i++) backs.append(el("span", "back"));
    box.append(el("div", "name", p.name), backs, el("div", "count", p.cards_text),
               el("div", "role", p.role));
    return box;
  }));
  $("trump").replaceChildren(...(state.trump ? [cardNode(state.trump, "trump")] : []),
                             el("div", "caption", state.trump_text));
  $("stock").replaceChildren(...(state.stock ? [el("div", "card back-card")] : []),
                             el("div", "caption", state.stock_text));
  $("discard").textContent = state.discard_text;
  $("table").replaceChildren(...state.table.map(([attack, cover]) => {
    const pair = el("div", "pair");
    const target = cardNode(attack, "attack" + (attack.press ? " playable" : ""));
    if (attack.press) {  // choosing what a card does: tap the card it should beat
      target.setAttribute("role", "button");
      target.addEventListener("click", () => press(attack.press));
    }
    pair.append(target);
    if (cover) pair.append(cardNode(cover, "cover"));
    return pair;
  }));
  $("news").replaceChildren(...state.news.map((line) => el("p", "", line)));
  $("prompt").replaceChildren(...state.prompt.map((line) => el("p", "", line)));
  $("buttons").replaceChildren(...state.buttons.map((b) => {
    const button = el("button", "action", b.label);
    button.addEventListener("click", () => press(b.press));
    return button;
  }));
  const me = state.players.find((p) => p.you);
  $("hand").classList.toggle("my-turn", Boolean(me && me.turn));
  $("hand").replaceChildren(...state.hand.map((card) => {
    const chosen = state.picking === card.id;
    const node = cardNode(card, chosen ? "chosen" : card.press ? "playable" : "idle");
    if (card.press) {
      node.setAttribute("role", "button");
      node.tabIndex = 0;
      node.addEventListener("click", () => press(card.press));
    }
    return node;
  }));
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
export function setDeadline(seconds) {
  deadline = seconds;
  tick();
}

function tick() {
  const node = $("timer");
  if (deadline === null) { node.hidden = true; return; }
  const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
  node.hidden = false;
  node.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
}
setInterval(tick, 1000);
