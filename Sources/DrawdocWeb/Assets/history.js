// The editor's history panel: the versions the store keeps, newest first, each with its time,
// what changed and its rectangle count. A click (or Enter, or Space) on one shows it over the
// canvas, read-only; "Restore this version" makes it current again, as a new version, as
// `drawdoc restore` does, and the page's own undo takes it back; Escape or "Back to current"
// ends the preview. The panel is a <details>: closed, it reads nothing. An ES module;
// `connectHistory` is given what it needs of the editor.

import { coalesced, element, fetchFile } from "./common.js";
import { stepsBetween } from "./difference.js";

/**
 * Connects the history panel (`#history-panel` in editor.html) to the editor.
 *
 * `editor` gives:
 * - `id`: the drawing's id;
 * - `api`: common.js's `api`;
 * - `onChange(callback)`: calls `callback()` each time the drawing reached a new version;
 * - `showPreview(svgText)`: shows a version's SVG file over the canvas, read-only; `null` ends
 *   the preview;
 * - `message(text)`: shows a notice;
 * - `shown()`: the drawing as the page shows it, `{title, rectangles}`;
 * - `reach(version)`: resolves with `shown()` once the page holds `version`, or with null if
 *   it cannot read it or holds a later one already;
 * - `remember(steps)`: keeps steps on the page's undo stack, as the steps that take back an
 *   edit of its own (and clears its redo stack).
 *
 * Returns `{ refresh, endPreview }`: `refresh()` reads the list again (when the panel is open),
 * `endPreview()` ends a preview, as Escape does.
 */
export function connectHistory(editor) {
  const { id, api, onChange, showPreview, message, shown, reach, remember } = editor;
  const panel = document.getElementById("history-panel");
  const list = document.getElementById("history-list");
  const status = document.getElementById("history-status");
  const restoreButton = document.getElementById("history-restore");
  const backButton = document.getElementById("history-back");
  // The versions last read, newest first; the current one; the one shown over the canvas.
  let versions = [];
  let current = null;
  let previewed = null;
  // Each preview asked for takes a number: an answer that comes after a newer request is
  // dropped, so quick clicks end on the last one.
  let asked = 0;

  const load = async () => {
    if (!panel.open) return;
    const result = await api("GET", `/api/drawings/${id}/history`);
    if (!panel.open) return;
    if (!result.ok) {
      status.textContent = `The history cannot be read: ${result.data.error}`;
      return;
    }
    versions = result.data.versions;
    current = versions.length ? versions[0].version : null;
    if (previewed !== null && !versions.some((v) => v.version === previewed)) {
      message(`Version ${previewed} is no longer kept.`);
      endPreview();
    }
    render();
  };
  const refresh = coalesced(load);

  /** The list as `versions` holds it, keeping the focus on the entry that had it. */
  function render() {
    const focused = list.contains(document.activeElement)
      ? Number(document.activeElement.dataset.version) : null;
    const active = previewed ?? current;
    list.replaceChildren(...versions.map((v) => {
      const time = new Date(v.time);
      const when = shortTime(time);
      const count = rectangles(v.rectangles);
      const now = v.version === current ? ", current" : "";
      // The name a screen reader says, in the order shown, with pauses between the parts.
      const label = `Version ${v.version}, ${when}, ${v.change}, ${count}${now}`;
      const button = element("button", {
        type: "button", class: "version", "data-version": v.version, "aria-label": label,
        "aria-pressed": String(v.version === previewed),
        tabindex: v.version === active ? "0" : "-1",
        title: `Version ${v.version}, ${time.toLocaleString()}: ${v.change}`,
      },
      element("span", { class: "number", text: `Version ${v.version}` }),
      element("time", { datetime: v.time, text: when }),
      element("span", { class: "change", text: v.change }),
      element("span", { class: "count", text: count }));
      if (v.version === current) {
        button.setAttribute("aria-current", "true");
        button.append(element("span", { class: "now", text: "current" }));
      }
      return element("li", {}, button);
    }));
    if (focused !== null) {
      const again = entry(focused) || list.querySelector("button");
      if (again) again.focus();
    }
    renderControls();
  }

  function renderControls() {
    restoreButton.disabled = previewed === null || previewed === current;
    backButton.disabled = previewed === null;
    if (previewed === null) {
      status.textContent = versions.length ? "Choose a version to see it." : "";
    } else {
      const shown = versions.find((v) => v.version === previewed);
      status.textContent = `Showing version ${previewed}` +
        (shown ? ` (${shortTime(new Date(shown.time))}: ${shown.change}), read-only.` : ".");
    }
  }

  function entry(version) {
    return list.querySelector(`button[data-version="${version}"]`);
  }

  /** Marks `version` as the one shown (or none), without reading anything. */
  function mark(version) {
    previewed = version;
    const active = previewed ?? current;
    for (const button of list.querySelectorAll("button.version")) {
      const number = Number(button.dataset.version);
      button.setAttribute("aria-pressed", String(number === previewed));
      button.tabIndex = number === active ? 0 : -1;
    }
    renderControls();
  }

  async function preview(version) {
    const ticket = ++asked;
    // The current version is the canvas itself: choosing it, or the one shown, ends the preview.
    if (version === current || version === previewed) { endPreview(); return; }
    mark(version);
    const file = await fetchFile(`/api/drawings/${id}/versions/${version}`);
    if (ticket !== asked) return;
    if (!file.ok) {
      message(`Version ${version} cannot be shown: ${file.error}`);
      endPreview();
      return;
    }
    const text = await file.blob.text();
    if (ticket !== asked) return;
    showPreview(text);
  }

  function endPreview() {
    asked += 1;
    if (previewed === null) return;
    mark(null);
    showPreview(null);
  }

  async function restore() {
    const version = previewed;
    if (version === null || version === current) return;
    restoreButton.disabled = true;
    const before = shown();
    const result = await api("POST", `/api/drawings/${id}/restore`, { version });
    if (!result.ok) {
      message(`Version ${version} was not restored: ${result.data.error}`);
      renderControls();
      return;
    }
    if (previewed === version) endPreview();
    message(result.data.change === null
      ? `Version ${version} is the current version already.`
      : `Version ${version} is back, as version ${result.data.version}.`);
    // The server makes the restored version whole; the page takes it back by steps of its own,
    // worked out from what it showed before and what it shows once it holds the new version
    // (and nothing after it: when a change from elsewhere came first, there is no undo of the
    // restore). Each step says what it expects, so a change made by someone else later stays
    // theirs.
    const after = result.data.change === null ? null : await reach(result.data.version);
    const steps = after ? stepsBetween(after, before) : [];
    if (steps.length) remember(steps);
    // The button that had the focus is disabled now: the focus goes to the new version.
    await refresh();
    const again = entry(current);
    if (again && !list.contains(document.activeElement)) again.focus();
  }

  list.addEventListener("click", (event) => {
    const button = event.target.closest("button.version");
    if (button) preview(Number(button.dataset.version));
  });
  // One stop in the Tab order; the arrow keys, Home and End move along the list.
  list.addEventListener("keydown", (event) => {
    const buttons = Array.from(list.querySelectorAll("button.version"));
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (to === undefined) return;
    // The list's keys, not the editor's (an arrow would also move the selection).
    event.preventDefault();
    event.stopPropagation();
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, to))];
    for (const button of buttons) button.tabIndex = button === next ? 0 : -1;
    next.focus();
  });
  restoreButton.addEventListener("click", restore);
  backButton.addEventListener("click", () => {
    const shown = previewed;
    endPreview();
    const again = entry(current) || entry(shown);
    if (again) again.focus();
  });
  // Escape ends a preview before anything else hears it (the editor would clear the selection
  // too); not while a dialog is open, which Escape closes, nor in a field, whose Escape drops
  // what was typed.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || previewed === null || document.querySelector("dialog[open]")
        || (event.target.closest && event.target.closest("input, textarea"))) {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    endPreview();
  }, true);
  panel.addEventListener("toggle", () => {
    if (panel.open) {
      refresh();
    } else {
      endPreview();
    }
  });
  onChange(() => { if (panel.open) refresh(); });
  if (panel.open) refresh();
  return { refresh, endPreview };
}

/** `14:05:09` today, else `24 Nov, 14:05` (with the year when it is not this one). */
function shortTime(date) {
  const now = new Date();
  if (date.toDateString() === now.toDateString()) {
    return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  }
  const options = { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };
  if (date.getFullYear() !== now.getFullYear()) options.year = "numeric";
  return date.toLocaleString([], options);
}

function rectangles(count) {
  return count === 1 ? "1 rectangle" : `${count.toLocaleString("en")} rectangles`;
}
