// Telegram's themeParams (bg_color, text_color, hint_color, button_color...) become CSS
// variables (--tg-bg-color...); the stylesheet has light fallbacks and uses them only.
export function applyTheme(params) {
  const root = document.documentElement.style;
  for (const [key, value] of Object.entries(params || {})) {
    if (/^#[0-9a-fA-F]{3,8}$/.test(String(value))) {
      root.setProperty("--tg-" + key.replace(/_/g, "-"), value);
    }
  }
  const bg = (params && params.bg_color) || "#ffffff";
  document.documentElement.dataset.scheme = isDark(bg) ? "dark" : "light";
}

function isDark(hex) {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? h.split("").map((c) => c + c).join("") : h.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}

// Telegram's safe areas (the device's notch and home bar: "safe"; its own header and
// buttons over the page in full screen: "content"), as --tg-safe-* and --tg-content-*
// (table.css pads the page by them, and by the browser's env(safe-area-inset-*)).
export function applyInsets(kind, inset) {
  const root = document.documentElement.style;
  for (const side of ["top", "bottom", "left", "right"]) {
    const value = Number((inset || {})[side]);
    if (Number.isFinite(value)) root.setProperty(`--tg-${kind}-${side}`, value + "px");
  }
}
