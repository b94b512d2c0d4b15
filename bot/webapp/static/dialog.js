// The end of a deal: the result dialog (the fool, who went out in which order,
// matchsticks, rating changes), who is ready for the next deal, "Play again"/"Start now"
// as the table has them, and "Show the table" to look at the last table. Closed, it can
// be opened again from the top bar until the next deal starts.
import { $, el } from "./dom.js";

let closedFor = null;  // the game whose dialog the person closed

export function drawResult(state, press, word) {
  const box = $("result");
  const result = state.result;
  $("result-open").hidden = !result;
  if (!result) {
    box.hidden = true;
    closedFor = null;
    return;
  }
  const panel = el("div", "panel" + (result.fool ? " fool" : ""));
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-modal", "true");
  panel.append(el("h2", "", result.title));
  const [verdict, ...rest] = result.lines;
  if (verdict) panel.append(el("p", "verdict", verdict));
  for (const line of rest) panel.append(el("p", "line", line));
  if (result.ready) panel.append(el("p", "ready", result.ready));
  const actions = el("div", "actions");
  for (const b of result.buttons) {
    const button = el("button", "action", b.label);
    button.addEventListener("click", () => press(b.press, button));
    actions.append(button);
  }
  const close = el("button", "action quiet", word("webapp.show_table"));
  close.addEventListener("click", () => { closedFor = state.game; box.hidden = true; });
  actions.append(close);
  panel.append(actions);
  box.replaceChildren(panel);
  box.hidden = closedFor === state.game;
}

export function reopenResult() {
  closedFor = null;
  $("result").hidden = false;
}
