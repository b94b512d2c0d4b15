// The stats page (a person's own: ?view=me, or a link's start parameter "s") and a
// group's season standings (?view=top&chat=<id>, or "t<chat id>"): fetch the numbers
// and their words with the init data Telegram signed (the server checks it, and for a
// board that the person is in the group), then draw the charts as SVG.
import { initUser, launch, startParam } from "./telegram.js";
import { applyTheme } from "./theme.js";
import { bar, lineChart, sparkline } from "./charts.js";
import { $, el } from "./dom.js";

const query = new URLSearchParams(location.search);
const start = startParam();
const view = query.get("view") || (start.startsWith("t") ? "top" : "me");
const chat = query.get("chat") || (start.startsWith("t") ? start.slice(1) : "");

function card(title, wide) {
  const node = el("section", "card" + (wide ? " wide" : ""));
  node.appendChild(el("h2", "", title));
  $("board").appendChild(node);
  return node;
}

function bars(node, rows, words) {
  const most = Math.max(...rows.map((r) => r.games), 1);
  for (const row of rows) {
    const line = el("div", "bar-row");
    line.appendChild(el("span", "label", row.label));
    line.appendChild(bar(row.games / most, row.fools / Math.max(row.games, 1), row.label));
    const rate = Math.round((100 * row.fools) / Math.max(row.games, 1));
    line.appendChild(el("span", "note", `${row.games} · ${words.fool_rate} ${rate}%`));
    node.appendChild(line);
  }
}

function drawMe(data) {
  const w = data.words;
  $("summary").textContent = data.summary;
  const rating = card(w.rating, true);
  // one day's deals are told apart by their number, several days' by their date
  const days = new Set(data.history.map((p) => p[0]));
  const points = days.size > 1 ? data.history : data.history.map((p, i) => [`#${i + 1}`, p[1]]);
  if (points.length) rating.appendChild(lineChart(points, w.rating, rating.clientWidth - 24));
  else rating.appendChild(el("p", "empty", w.no_games));
  if (data.games.length) bars(card(w.by_game), data.games, w);
  if (data.tablemates.length) bars(card(w.by_tablemate), data.tablemates, w);
  const earned = card(w.achievements, !data.tablemates.length);
  const list = el("ul", "achievements");
  for (const a of data.achievements) {
    const item = el("li");
    item.appendChild(el("b", "", "🏅 " + a.name));
    item.appendChild(el("span", "", a.why));
    item.appendChild(el("time", "", a.day));
    list.appendChild(item);
  }
  earned.appendChild(data.achievements.length ? list : el("p", "empty", "—"));
}

function drawTop(data) {
  const w = data.words;
  const node = card(w.standings, true);
  if (!data.rows.length) { node.appendChild(el("p", "empty", w.nobody)); return; }
  const list = el("ol", "standings");
  data.rows.forEach((row, i) => {
    const item = el("li");
    item.appendChild(el("span", "place", String(i + 1)));
    const who = el("span", "who");
    who.appendChild(el("b", "", row.name + (row.rating !== null ? ` · ${row.rating}` : "")));
    who.appendChild(el("span", "", row.line));
    item.appendChild(who);
    item.appendChild(sparkline(row.trend, `${w.trend}: ${row.name}`));
    list.appendChild(item);
  });
  node.appendChild(list);
}

async function main() {
  let theme = {};
  try { theme = JSON.parse(launch.theme || "{}"); } catch (e) { /* the light fallbacks */ }
  applyTheme(theme);
  // (lang: the words of a refusal, when the server cannot tell who asks)
  const init = `init=${encodeURIComponent(launch.initData)}` +
    `&lang=${encodeURIComponent(initUser().language_code || "")}`;
  const url = view === "top" ? `standings.json?${init}&chat=${encodeURIComponent(chat)}`
    : `stats.json?${init}`;
  const early = window.earlyReply;  // (stats.html: asked while the modules loaded)
  const reply = await (early && early.url === url ? early.reply : fetch(url));
  if (!reply.ok) { $("status").textContent = await reply.text(); return; }
  const data = await reply.json();
  document.documentElement.lang = data.lang;
  $("title").textContent = data.title;
  if (data.view === "top") drawTop(data); else drawMe(data);
  performance.mark("drawn");  // (scripts/bench_stats_page.py: the first draw's time)
  document.body.dataset.drawn = "1";  // (the browser tests wait for it)
}

main().catch((e) => { $("status").textContent = String(e); });
