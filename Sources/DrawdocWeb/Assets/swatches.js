// The colour swatches under the properties panel's color field: a fixed palette (the basic
// colours of Excalidraw's picker) and the colours last used in this browser (localStorage),
// each a button named by its colour. A click sets the selection's colour as one edit. One stop
// in the Tab order; the arrow keys, Home and End move along the swatches. An ES module.

/** The fixed palette, as Excalidraw offers it first: dark, grey, then the hues. */
export const PALETTE = ["#1e1e1e", "#868e96", "#e03131", "#c2255c", "#9c36b5", "#1971c2",
  "#0c8599", "#2f9e44", "#f08c00", "#ffffff"];

/** How many recent colours are kept and shown. */
export const RECENT_LIMIT = 8;

const STORAGE_KEY = "drawdoc-recent-colors";

/**
 * `recent` with `color` first, without an earlier copy of it, at most `RECENT_LIMIT` long; a
 * colour that is not `#rrggbb` leaves it as it is.
 */
export function withRecent(recent, color) {
  if (!/^#[0-9a-f]{6}$/.test(color)) return recent;
  return [color, ...recent.filter((other) => other !== color)].slice(0, RECENT_LIMIT);
}

/** A colour as CSS reads it (`teal`, `#fa0`, `rgb()`), as lowercase `#rrggbb`; null if none. */
function normalized(color) {
  const context = document.createElement("canvas").getContext("2d");
  context.fillStyle = "#010203";
  context.fillStyle = String(color).trim();
  const read = context.fillStyle;
  // An unknown colour leaves the one set before; a transparent one reads as rgba().
  if (read === "#010203" && !/^#010203$/i.test(String(color).trim())) return null;
  return /^#[0-9a-f]{6}$/.test(read) ? read : null;
}

function readRecent() {
  try {
    const list = JSON.parse(localStorage.getItem(STORAGE_KEY) || "[]");
    return Array.isArray(list) ? list.filter((c) => /^#[0-9a-f]{6}$/.test(c)).slice(0, RECENT_LIMIT) : [];
  } catch {
    return [];
  }
}

/**
 * Connects `#swatches` (editor.html) to the editor: `editor.setSelected`, `store` (drawn
 * again when the drawing, the selection or the recent colours change), `selectedRectangles`.
 * Returns `remember(color)`, which puts a colour used first among the recent ones.
 */
export function connectSwatches(editor) {
  const box = document.getElementById("swatches");
  const palette = document.createElement("div");
  const recentRow = document.createElement("div");
  palette.className = "swatch-row";
  recentRow.className = "swatch-row recent";
  palette.setAttribute("role", "group");
  palette.setAttribute("aria-label", "Palette");
  recentRow.setAttribute("role", "group");
  recentRow.setAttribute("aria-label", "Recent colours");
  box.replaceChildren(palette, recentRow);
  let recent = readRecent();
  let focusedColor = null;

  const swatch = (color) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "color-swatch";
    button.dataset.color = color;
    button.style.setProperty("--swatch", color);
    button.setAttribute("aria-label", `Colour ${color}`);
    button.title = color;
    return button;
  };

  function render() {
    const buttons = [...palette.children];
    if (!buttons.length) palette.append(...PALETTE.map(swatch));
    if (recentRow.dataset.colors !== recent.join()) {
      recentRow.dataset.colors = recent.join();
      recentRow.replaceChildren(...recent.map(swatch));
    }
    const chosen = editor.selectedRectangles();
    const shared = chosen.length && chosen.every((r) => r.color === chosen[0].color)
      ? chosen[0].color : null;
    const all = [...box.querySelectorAll("button.color-swatch")];
    // One stop in the Tab order: the one last focused, else the selection's colour, else the first.
    const stop = all.find((b) => b.dataset.color === focusedColor)
      || all.find((b) => b.dataset.color === shared) || all[0];
    for (const button of all) {
      button.setAttribute("aria-pressed", String(button.dataset.color === shared));
      button.tabIndex = button === stop ? 0 : -1;
    }
  }

  function remember(color) {
    const value = normalized(color);
    if (!value) return;
    recent = withRecent(recent, value);
    try { localStorage.setItem(STORAGE_KEY, JSON.stringify(recent)); } catch { /* kept for this page */ }
    editor.state.recentColors = recent;
  }

  box.addEventListener("click", (event) => {
    const button = event.target.closest("button.color-swatch");
    if (!button) return;
    focusedColor = button.dataset.color;
    editor.setSelected({ color: button.dataset.color });
  });
  box.addEventListener("keydown", (event) => {
    const all = [...box.querySelectorAll("button.color-swatch")];
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1,
                 Home: 0, End: all.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    const next = all[Math.max(0, Math.min(all.length - 1, to))];
    focusedColor = next.dataset.color;
    for (const button of all) button.tabIndex = button === next ? 0 : -1;
    next.focus();
  });
  // Another tab of this browser used a colour: its list shows here too.
  window.addEventListener("storage", (event) => {
    if (event.key === STORAGE_KEY) { recent = readRecent(); editor.state.recentColors = recent; }
  });
  editor.store.subscribe(["drawing", "selection", "recentColors"], render);
  render();
  return remember;
}
