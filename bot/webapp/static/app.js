// The page's entry: read Telegram's launch parameters, follow the theme, open the
// WebSocket (init data in the query: the server checks it before the upgrade), draw every
// state it sends, send taps, reconnect after a drop (a refusal is final).
import { launch, initUser, onEvent, postEvent, startParam } from "./telegram.js";
import { applyTheme } from "./theme.js";
import { draw, setDeadline, status, toast } from "./view.js";

let words = {};
let socket = null;
let lastState = null;

function word(key) { return words[key] || ""; }

async function loadWords(locale) {
  try {
    const all = await (await fetch("words.json")).json();
    words = all[locale] || all[(locale || "").slice(0, 2)] || all.en;
  } catch (e) { words = {}; }
}

function press(data) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ press: data }));
  }
}

// A WebSocket that never opened does not say why; the same URL over plain HTTP does: 401
// when the server refuses the init data or the game (then retrying cannot help).
async function refused(url) {
  const http = new URL(url);
  http.protocol = location.protocol;
  try {
    return (await fetch(http)).status === 401;
  } catch (e) { return false; }
}

function connect(attempt = 0) {
  const query = new URLSearchParams(location.search);
  const game = query.get("game") || startParam().replace(/^g/, "");
  const url = new URL("ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  url.search = new URLSearchParams({ game, init: launch.initData }).toString();
  status(attempt ? word("webapp.reconnecting") : word("webapp.connecting"));
  let opened = false;
  socket = new WebSocket(url);
  socket.addEventListener("open", () => { opened = true; attempt = 0; });
  socket.addEventListener("message", async (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") {
      if (!lastState || lastState.locale !== message.locale) await loadWords(message.locale);
      lastState = message;
      status("");
      document.body.dataset.version = message.version;
      draw(message, press);
      setDeadline(message.deadline);
    } else if (message.type === "refused" || message.type === "hint") {
      toast(message.text);
    }
  });
  socket.addEventListener("close", async () => {
    if (!opened && await refused(url)) {
      document.body.dataset.refused = "1";
      status(word("webapp.refused"));
      return;
    }
    status(word("webapp.reconnecting"));
    setTimeout(() => connect(attempt + 1), Math.min(5000, 500 * (attempt + 1)));
  });
}

async function main() {
  let theme = {};
  try { theme = JSON.parse(launch.theme); } catch (e) { theme = {}; }
  applyTheme(theme);
  onEvent((type, data) => { if (type === "theme_changed") applyTheme(data.theme_params); });
  await loadWords(initUser().language_code || "en");
  document.title = word("webapp.title") || document.title;
  postEvent("web_app_ready");
  postEvent("web_app_expand");
  connect();
}

main();
