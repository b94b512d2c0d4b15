// The page's entry: read Telegram's launch parameters, follow the theme and the safe
// areas, open the WebSocket (init data in the query: the server checks it before the
// upgrade), draw every state it sends, send taps, reconnect after a drop.
// A tap while the socket is down is held (the card shows it) and sent once the page has
// the game again, where the server plays it if it still means the same, else refuses it
// in words; a refused reconnect (init data too old) greys the hand out and says how to
// reopen, and a held tap is then visibly not sent. Nothing is dropped silently.
// The server says when the series deals again ({"type": "next"}): the page follows.
// Before a deal the same page is a room (room.js: a lobby opened by its link, the
// quick-match queue, home), over the same WebSocket route; the deal it waits for is
// followed as the next deal is.
import { haptic, launch, initUser, onEvent, postEvent, startParam } from "./telegram.js";
import { applyInsets, applyTheme } from "./theme.js";
import { reopenResult } from "./dialog.js";
import { closeMenu, drawPhrases, toggleMenu } from "./phrases.js";
import { drawRoom, leaveRoom, onShare, shareFailed } from "./room.js";
import { $ } from "./dom.js";
import { draw, relayout, status, toast } from "./view.js";

// A link's start parameter "s" (someone's own stats) or "t<chat>" (a group's standings)
// opens the stats page, with the same launch parameters (its URL's fragment).
const toStats = /^(s|t-?\d+)$/.test(startParam());
if (toStats) location.replace("stats.html" + location.search + location.hash);

let words = {};
let wordsLocale = null;
let socket = null;
let lastState = null;
let held = null;     // {data, node}: a tap made while the socket was down
let inFlight = null; // {data, version}: sent, its answer (a newer state, a refusal) not in
let synced = false;  // this socket has sent the game's state
let game = new URLSearchParams(location.search).get("game") ||
  (startParam().startsWith("g") ? startParam().slice(1) : "");
// Without a game: the room the link opens (j<invite>, q) or home (""). Once left (the
// queue stopped), a reconnect must not queue again: home.
let room = startParam().startsWith("g") ? "" : startParam();

function word(key) { return words[key] || ""; }

async function loadWords(locale) {
  if (locale === wordsLocale) return;  // (the first state speaks the launch's language)
  try {
    const all = await (await fetch("words.json")).json();
    words = all[locale] || all[(locale || "").slice(0, 2)] || all.en;
    wordsLocale = locale;
  } catch (e) { /* unreachable for now: keep the words the page has */ }
}

function hold(data, node) {
  if (held && held.node) held.node.classList.remove("held");
  held = { data, node };
  if (node) node.classList.add("held");
  toast(word("webapp.held"));
}

function press(data, node) {
  if (document.body.dataset.refused) {
    haptic("refused");
    toast(word("webapp.refused"));
    return;
  }
  haptic("tap");
  if (socket && socket.readyState === WebSocket.OPEN && synced) {
    socket.send(JSON.stringify({ press: data }));
    inFlight = { data, version: lastState ? lastState.version : -1 };
  } else {
    hold(data, node);
  }
}

// After a resync: send the held tap. A tap that was on its way when the socket dropped is
// sent again only if the game is where it was (else it may have counted, or means
// something else now: the person looks again, told so).
function sendHeld(version) {
  if (!held) return;
  const { data, node, sentAt } = held;
  held = null;
  if (node) node.classList.remove("held");
  if (sentAt !== undefined && sentAt !== version) {
    toast(word("webapp.moved_on"));
    return;
  }
  socket.send(JSON.stringify({ press: data }));
  inFlight = { data, version };
}

function dropHeld() {
  if (!held) return;
  held = null;
  haptic("refused");
  toast(word("webapp.not_sent"));
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

// A phrase (💬): said now or not at all; it is not held for a reconnect as a move is (said
// late, it would answer a moment gone).
function say(data) {
  if (socket && socket.readyState === WebSocket.OPEN && synced) {
    haptic("tap");
    socket.send(JSON.stringify({ press: data }));
  } else {
    toast(word("webapp.reconnecting"));
  }
}

// A room's button: {"do": ...}.
function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
    if (message.do === "stop" || message.do === "computer") room = "";
  } else {
    toast(word("webapp.reconnecting"));
  }
}

function follow(next) {
  // The series dealt again (or the deal a room waited for began): the page shows it.
  game = String(next);
  leaveRoom();
  const url = new URL(location.href);
  url.searchParams.set("game", game);
  history.replaceState(null, "", url);
  const old = socket;
  socket = null;
  if (old) old.close();
  connect(0);
}

function onState(message) {
  const turnNow = Boolean(message.your_turn) && !(lastState && lastState.your_turn &&
                                                 lastState.game === message.game);
  const previous = lastState;
  lastState = message;
  status("");
  document.body.dataset.version = message.version;
  document.body.dataset.turn = message.your_turn ? "1" : "";
  document.body.dataset.over = message.result ? "1" : "";
  document.body.dataset.game = message.game;
  draw(message, press, word);
  drawPhrases(message, say, word);
  if (!performance.getEntriesByName("drawn").length) {
    // The first full draw, at the frame that shows it (scripts/bench_webapp.py reads it).
    requestAnimationFrame(() => performance.mark("drawn"));
  }
  if (!previous || previous.status !== message.status) {
    // While the deal runs, closing the page asks first (a swipe is easily made).
    postEvent("web_app_setup_closing_behavior",
              { need_confirmation: message.status === "running" });
  }
  if (turnNow) haptic("turn");
  if (message.result && message.result.lines.length &&
      !(previous && previous.result && previous.game === message.game)) {
    haptic(message.result.fool ? "refused" : "done");  // the deal just ended
  }
  if (inFlight && message.version > inFlight.version) inFlight = null;
  if (!synced) {
    synced = true;
    sendHeld(message.version);
  }
}

function connect(attempt = 0) {
  const url = new URL("ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  url.search = new URLSearchParams(game ? { game, init: launch.initData }
                                         : { room, init: launch.initData }).toString();
  status(attempt ? word("webapp.reconnecting") : word("webapp.connecting"));
  let opened = false;
  synced = false;
  const ws = new WebSocket(url);
  socket = ws;
  ws.addEventListener("open", () => {
    opened = true;
    if (!performance.getEntriesByName("socket").length) performance.mark("socket");
  });
  ws.addEventListener("message", async (event) => {
    if (ws !== socket) return;
    const message = JSON.parse(event.data);
    if (message.type === "state") {
      await loadWords(message.locale);
      onState(message);
    } else if (message.type === "room") {
      await loadWords(message.locale);
      status("");
      synced = true;
      drawRoom(message, send, word);
    } else if (message.type === "share") {
      onShare(message, word);
    } else if (message.type === "next") {
      follow(message.game);
    } else if (message.type === "refused" || message.type === "hint") {
      inFlight = null;
      if (message.type === "refused") haptic("refused");
      toast(message.text);
    }
  });
  ws.addEventListener("close", async () => {
    if (ws !== socket) return;  // replaced (the next deal)
    synced = false;
    if (inFlight && !held) held = { data: inFlight.data, node: null, sentAt: inFlight.version };
    inFlight = null;
    if (!opened && await refused(url)) {
      document.body.dataset.refused = "1";
      status(word("webapp.refused"));
      dropHeld();
      return;
    }
    status(word("webapp.reconnecting"));
    setTimeout(() => { if (ws === socket) connect(attempt + 1); },
               Math.min(5000, 500 * (attempt + 1)));
  });
}

function fourColours(on) {
  document.documentElement.classList.toggle("four", on);
  $("four").setAttribute("aria-pressed", String(on));
  try { localStorage.setItem("durakFour", on ? "1" : ""); } catch (e) { /* private mode */ }
}

async function main() {
  let theme = {};
  try { theme = JSON.parse(launch.theme); } catch (e) { theme = {}; }
  applyTheme(theme);
  onEvent((type, data) => {
    if (type === "theme_changed") applyTheme(data.theme_params);
    if (type === "safe_area_changed") applyInsets("safe", data);
    if (type === "content_safe_area_changed") applyInsets("content", data);
    if (type === "viewport_changed") relayout();
    if (type === "prepared_message_failed") shareFailed(word);
  });
  await loadWords(initUser().language_code || "en");
  document.title = word("webapp.title") || document.title;
  let four = false;
  try { four = Boolean(localStorage.getItem("durakFour")); } catch (e) { four = false; }
  $("four").title = word("webapp.four_colours");
  $("four").setAttribute("aria-label", word("webapp.four_colours"));
  $("four").addEventListener("click", () => fourColours(
    !document.documentElement.classList.contains("four")));
  fourColours(four);
  $("result-open").setAttribute("aria-label", word("webapp.result"));
  $("result-open").addEventListener("click", reopenResult);
  $("say").addEventListener("click", () => toggleMenu(say, word));
  $("phrases").addEventListener("click", (e) => { if (e.target === $("phrases")) closeMenu(); });
  window.addEventListener("resize", relayout);
  postEvent("web_app_ready");
  postEvent("web_app_expand");
  postEvent("web_app_request_safe_area");
  postEvent("web_app_request_content_safe_area");
  postEvent("web_app_setup_swipe_behavior", { allow_vertical_swipe: false });
  connect();
}

if (!toStats) main();
