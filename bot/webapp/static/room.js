// Before a deal (bot/webapp/rooms.py): a table's lobby opened by its link (who sits, the
// settings, Join / Start / Invite / Leave), the quick-match queue (waiting, "Play a
// computer instead", "Stop waiting"), home (a "Quick game" button) or why there is
// nothing to open. Every button sends {"do": <action>}; the server sends the room again
// after every change, and {"type": "next"} when a deal starts with this person in it.
// Invite: Telegram's share sheet with the invitation the bot prepared where the client
// supports it, else the link is copied (and shown if even that fails).
import { $, el } from "./dom.js";
import { canShareMessage, haptic, openTelegramLink, shareMessage } from "./telegram.js";
import { toast } from "./view.js";

let lastLink = "";

function playerRow(player) {
  const row = el("li", "player" + (player.you ? " you" : "") + (player.computer ? " computer" : ""));
  row.append(el("span", "avatar", [...(player.name || "?")][0].toUpperCase()));
  row.append(el("span", "name", player.name));
  if (player.host) row.append(el("span", "mark host", "★"));
  if (player.pending) row.append(el("span", "mark pending", "⏳"));
  return row;
}

export function drawRoom(state, send, word) {
  const box = $("room");
  document.body.dataset.room = state.view;
  document.title = state.title;
  $("title").textContent = state.title;
  lastLink = state.link || lastLink;
  const panel = el("div", `room-panel view-${state.view}`);
  if (state.view === "quick") panel.append(el("div", "searching"));
  for (const line of state.lines) panel.append(el("p", "line", line));
  if (state.players.length) {
    const list = el("ul", "players");
    list.append(...state.players.map(playerRow));
    panel.append(list);
  }
  for (const line of state.after) panel.append(el("p", "line after", line));
  if (state.settings) panel.append(el("p", "settings", state.settings));
  if (state.notice) {
    const notice = el("div", "notice");
    notice.setAttribute("role", "alert");
    notice.append(el("p", "", state.notice));
    if (state.chat) {
      const open = el("button", "action quiet", word("webapp.open_bot"));
      open.dataset.do = "chat";
      open.addEventListener("click", () => openTelegramLink(state.chat));
      notice.append(open);
    }
    panel.append(notice);
  }
  const actions = el("div", "actions");
  for (const b of state.buttons) {
    const button = el("button", "action" + (b.primary ? "" : " quiet"), b.label);
    button.dataset.do = b.do;
    button.addEventListener("click", () => {
      haptic("tap");
      if (b.do === "invite") invite(state.link, send, word);
      else send({ do: b.do });
    });
    actions.append(button);
  }
  panel.append(actions);
  box.replaceChildren(panel);
  box.hidden = false;
}

export function leaveRoom() {
  delete document.body.dataset.room;
  $("room").hidden = true;
  $("room").replaceChildren();
}

// Invite: the share sheet (the server prepares the message: answered by onShare), else
// the link copied at once, within the tap (a clipboard write may need the tap's moment).
function invite(link, send, word) {
  if (canShareMessage()) send({ do: "invite" });
  else copyLink(link, word);
}

export function onShare(message, word) {
  if (message.id && canShareMessage()) shareMessage(message.id);
  else copyLink(message.link || lastLink, word);
}

// The client could not share the prepared message (it expired, the person's client
// refused): the link instead.
export function shareFailed(word) { copyLink(lastLink, word); }

export function copyLink(link, word) {
  const shown = () => toast(word("webapp.copy_this") + "\n" + link);
  if (!link) return;
  if (!navigator.clipboard) { shown(); return; }
  navigator.clipboard.writeText(link).then(() => {
    document.body.dataset.copied = link;
    toast(word("webapp.copied"));
  }, shown);
}
