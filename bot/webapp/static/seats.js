// The other players around the table, in playing order from your left (the seat after
// yours first): each with a fan of card backs and the count, the role (attacking,
// defending, may throw in, out) and, while the game waits on them, the timer ring.
import { el } from "./dom.js";

const RING = 2 * Math.PI * 21;  // the ring's circumference (r = 21 in a 48 × 48 box)

export function ring() {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 48 48");
  svg.setAttribute("class", "ring");
  svg.setAttribute("aria-hidden", "true");
  for (const cls of ["track", "left"]) {
    const circle = document.createElementNS(ns, "circle");
    circle.setAttribute("cx", "24");
    circle.setAttribute("cy", "24");
    circle.setAttribute("r", "21");
    circle.setAttribute("class", cls);
    circle.setAttribute("stroke-dasharray", String(RING));
    svg.append(circle);
  }
  return svg;
}

export function avatar(player) {
  const box = el("div", "avatar");
  box.append(ring(), el("span", "initial", [...(player.name || "?")][0].toUpperCase()),
             el("span", "secs"));
  return box;
}

// Where ``me`` sits, the others in the order play goes round.
export function others(players) {
  const me = players.findIndex((p) => p.you);
  return players.slice(me + 1).concat(players.slice(0, Math.max(0, me)));
}

export function seatNodes(state) {
  return others(state.players).map((p) => {
    const box = el("div", `seat role-${p.role_key}` + (p.turn ? " turn" : ""));
    box.dataset.seat = p.seat;
    const fan = el("div", "fan");
    const shown = Math.min(p.cards, 8);
    for (let i = 0; i < shown; i++) {
      const back = el("span", "mini");
      back.style.setProperty("--i", i - (shown - 1) / 2);
      fan.append(back);
    }
    fan.append(el("span", "badge", String(p.cards)));
    fan.title = p.cards_text;
    box.append(avatar(p), el("div", "name", p.name), fan, el("div", "role", p.role));
    return box;
  });
}

// The rings of the seats the game waits on: the share of the turn left, warning-coloured
// in the last 10 seconds.
export function tickRings(deadline, total) {
  const left = deadline === null ? null : Math.max(0, deadline - Date.now() / 1000);
  for (const node of document.querySelectorAll(".turn .avatar, .me.turn .avatar")) {
    const arc = node.querySelector(".left");
    const secs = node.querySelector(".secs");
    if (left === null || !total) {
      arc.style.strokeDashoffset = "0";
      secs.textContent = "";
      node.classList.remove("low");
      continue;
    }
    arc.style.strokeDashoffset = String(RING * (1 - Math.min(1, left / total)));
    secs.textContent = String(Math.ceil(left));
    node.classList.toggle("low", left <= 10);
  }
}
