// The little of Telegram's Mini App protocol the page needs, read and spoken directly
// (core.telegram.org/api/web-events) rather than loading telegram-web-app.js from
// telegram.org: the launch parameters come in the URL's fragment (tgWebAppData: the signed
// init data, tgWebAppThemeParams: the colours), and events go to the client through
// TelegramWebviewProxy (mobile), window.external.notify (desktop) or postMessage (web).

function launchParams() {
  const fromHash = new URLSearchParams(location.hash.slice(1));
  let stored = {};
  try { stored = JSON.parse(sessionStorage.getItem("tgLaunch") || "{}"); } catch (e) { /* none */ }
  const params = {
    initData: fromHash.get("tgWebAppData") ?? stored.initData ?? "",
    theme: fromHash.get("tgWebAppThemeParams") ?? stored.theme ?? "{}",
    version: fromHash.get("tgWebAppVersion") ?? stored.version ?? "",
  };
  // Telegram gives the fragment once; a reload of the page keeps it for the session.
  sessionStorage.setItem("tgLaunch", JSON.stringify(params));
  return params;
}

export const launch = launchParams();

export function initUser() {
  try {
    return JSON.parse(new URLSearchParams(launch.initData).get("user") || "{}");
  } catch (e) { return {}; }
}

export function startParam() {
  return new URLSearchParams(launch.initData).get("start_param") || "";
}

// Whether a Telegram client hosts the page (a page opened in a plain browser has no one
// to post events to), and whether it speaks the protocol of a Bot API version.
function bridged() {
  return Boolean(window.TelegramWebviewProxy || (window.external && "notify" in window.external) ||
                 window.parent !== window);
}

export function versionAtLeast(wanted) {
  const have = String(launch.version || "0").split(".").map(Number);
  const need = wanted.split(".").map(Number);
  for (let i = 0; i < need.length; i++) {
    if ((have[i] || 0) !== need[i]) return (have[i] || 0) > need[i];
  }
  return true;
}

// Telegram's share sheet for a message the bot prepared (Bot API 8.0:
// web_app_send_prepared_message; the client answers prepared_message_sent or
// prepared_message_failed).
export function canShareMessage() { return bridged() && versionAtLeast("8.0"); }

export function shareMessage(id) { postEvent("web_app_send_prepared_message", { id }); }

// A t.me link opened by Telegram itself (web_app_open_tg_link, 6.1), so the chat opens in
// the client; elsewhere a new window.
export function openTelegramLink(url) {
  if (bridged() && versionAtLeast("6.1")) {
    const link = new URL(url);
    postEvent("web_app_open_tg_link", { path_full: link.pathname + link.search });
  } else {
    window.open(url, "_blank", "noopener");
  }
}

export function postEvent(type, data = {}) {
  const body = JSON.stringify(data);
  if (window.TelegramWebviewProxy) {
    window.TelegramWebviewProxy.postEvent(type, body);
  } else if (window.external && "notify" in window.external) {
    window.external.notify(JSON.stringify({ eventType: type, eventData: data }));
  } else if (window.parent !== window) {
    window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data }), "*");
  }
}

// Haptic feedback (web_app_trigger_haptic_feedback): "turn" when it becomes your turn,
// "refused" when a tap is refused, "tap" for a card chosen. Clients without haptics
// ignore the event.
const HAPTICS = {
  turn: { type: "impact", impact_style: "medium" },
  refused: { type: "notification", notification_type: "error" },
  done: { type: "notification", notification_type: "success" },
  tap: { type: "selection_change" },
};
export function haptic(kind) {
  if (HAPTICS[kind]) postEvent("web_app_trigger_haptic_feedback", HAPTICS[kind]);
}

// Telegram's client calls Telegram.WebView.receiveEvent(type, data) (mobile) or posts a
// message (web) when something changes; the page listens for the theme.
export function onEvent(handler) {
  window.Telegram = window.Telegram || {};
  window.Telegram.WebView = { receiveEvent: (type, data) => handler(type, data || {}) };
  window.addEventListener("message", (event) => {
    try {
      const message = JSON.parse(event.data);
      if (message && message.eventType) handler(message.eventType, message.eventData || {});
    } catch (e) { /* not Telegram's */ }
  });
}
