// Presence: who else has this drawing open. Each page has a random id; it sends its pointer,
// selection and view (in drawing units) with `POST /api/drawings/ID/presence` — at most one
// request on its way, at least 50 ms apart (20 a second at most; fewer with more than five
// others present), and every 2 s while open —
// and hears the others' on its change stream (`event: presence`, with the name and colour the
// server gave them). It shows each other page's pointer as a labelled cursor in its colour,
// its selection outlined in that colour, and a row of who is here in the top bar: a click
// follows that page's view, until this page pans or zooms itself (or clicks again). A change
// no page made (`event: terminal`, a `drawdoc` command) shows as "terminal" for 3 s, its
// rectangles outlined. Presence not heard for 5 s is dropped. An ES module.

import { api, element, leaving } from "./common.js";
import { svgRect } from "./geometry.js";
import { ZOOM_MAX, ZOOM_MIN } from "./viewport.js";

const SVG = "http://www.w3.org/2000/svg";
/** Presence older than this is dropped (a page sends it every 2 s). */
const FRESH_MS = 5000;
const HEARTBEAT_MS = 2000;
/**
 * At least this long between two sends: 20 a second at most; and, with many others present,
 * this long for each of them, so that a page hears about 100 presences a second however
 * crowded the drawing (20 pages: each sends 5 a second).
 */
const SPACING_MS = 50;
const SPACING_PER_OTHER_MS = 10;
/** How long a change from the terminal shows. */
const TERMINAL_MS = 3000;
/** The most selected ids sent, as the server takes them. */
const SELECTION_LIMIT = 1000;

function randomPageId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join("");
}

/**
 * Connects presence to the editor (`editor`: the parts editor.js hands out). Returns what the
 * change stream needs (`query`, `onEvent`, `onConnection`) and `others()`, for
 * `window.drawdocEditor.presence()`.
 */
export function connectPresence(editor) {
  const { id, view, stage, page, state } = editor;
  const pageId = randomPageId();
  /** The others, by page id: {name, color, pointer, selection, view, heard, cursor}. */
  const others = new Map();
  const mine = { pointer: null, selectionKey: "", sent: 0, timer: 0, busy: false, dirty: false };
  let connected = false;
  let following = null;
  /** The view this page set to follow someone: any other is the person's own move. */
  let followedView = null;
  const terminal = { until: 0, ids: [], timer: 0 };

  // The cursors: an HTML layer over the stage, in its pixels; the selections: an SVG layer
  // in the drawing's units, moved with the canvas. Neither takes the pointer.
  const cursors = element("div", { id: "presence-cursors", class: "presence-cursors",
                                   "aria-hidden": "true" });
  const outlines = document.createElementNS(SVG, "svg");
  outlines.setAttribute("id", "presence-outlines");
  outlines.setAttribute("class", "overlay presence-outlines");
  outlines.setAttribute("aria-hidden", "true");
  stage.append(outlines, cursors);
  view.companions.push(outlines);
  const row = document.getElementById("presence");

  // MARK: Sending

  function visibleBox() {
    const box = stage.getBoundingClientRect();
    if (!box.width || !box.height) return null;
    return { x: -view.x / view.zoom, y: -view.y / view.zoom,
             width: box.width / view.zoom, height: box.height / view.zoom };
  }

  function schedule() {
    mine.dirty = true;
    if (!connected || mine.busy || mine.timer) return;
    const spacing = Math.max(SPACING_MS, others.size * SPACING_PER_OTHER_MS);
    const wait = Math.max(0, mine.sent + spacing - performance.now());
    mine.timer = setTimeout(send, wait);
  }

  async function send() {
    mine.timer = 0;
    if (!connected || mine.busy) return;
    mine.dirty = false;
    mine.busy = true;
    mine.sent = performance.now();
    await api("POST", `/api/drawings/${id}/presence`, {
      page: pageId, pointer: mine.pointer, view: visibleBox(),
      selection: [...state.selection].slice(0, SELECTION_LIMIT),
    });
    mine.busy = false;
    if (mine.dirty) schedule();
  }

  // Before the viewport's own listeners, which keep a pan's moves to themselves.
  document.addEventListener("pointermove", (event) => {
    const box = stage.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX < box.right &&
      event.clientY >= box.top && event.clientY < box.bottom;
    const point = inside && page.drawing ? view.canvasPoint(event) : null;
    if (!point && !mine.pointer) return;
    mine.pointer = point && { x: Math.round(point.x * 100) / 100, y: Math.round(point.y * 100) / 100 };
    schedule();
  }, { capture: true, passive: true });
  stage.addEventListener("pointerleave", () => {
    if (mine.pointer) { mine.pointer = null; schedule(); }
  });
  editor.store.subscribe(["drawing", "selection"], () => {
    const key = [...state.selection].join(",");
    if (key !== mine.selectionKey) { mine.selectionKey = key; schedule(); }
    drawOutlines();
  });
  setInterval(() => {
    if (performance.now() - mine.sent >= HEARTBEAT_MS - 100) schedule();
    dropStale();
  }, 1000);
  // A page going away says so; its closed stream says it too, a moment later.
  addEventListener("pagehide", () => {
    leaving(`/api/drawings/${id}/presence`, { page: pageId, leave: true });
  });

  // The viewport tells every move: cursors follow the canvas; a move not made to follow
  // someone ends following.
  const moved = view.changed;
  view.changed = (zoomed) => {
    moved(zoomed);
    if (following && followedView && !sameView(followedView)) follow(null);
    placeCursors();
    if (zoomed) drawOutlines();
    schedule();
  };

  // MARK: Hearing

  function onEvent(name, data) {
    let message;
    try { message = JSON.parse(data); } catch (error) { return; }
    if (name === "presence" && typeof message.page === "string" && message.page !== pageId) {
      if (message.left) { forget(message.page); return; }
      const known = others.get(message.page);
      const selection = Array.isArray(message.selection) ? message.selection : [];
      const other = { ...known, name: String(message.name), color: safeColor(message.color),
        pointer: message.pointer, selection, view: message.view, heard: performance.now() };
      others.set(message.page, other);
      if (following === message.page && message.view) showView(message.view);
      // Most posts move a pointer only: the row and the outlines are drawn again when they
      // change.
      placeCursor(other);
      if (!known || known.selection.join() !== selection.join()) drawOutlines();
      if (!known || known.name !== other.name || known.color !== other.color) drawRow();
    } else if (name === "terminal" && message.drawing === id) {
      showTerminal(message);
    }
  }

  function onConnection(up) {
    connected = up;
    if (up) { schedule(); return; }
    // The others come back with the stream (the server sends who is there).
    for (const key of [...others.keys()]) forget(key, false);
    update();
  }

  function forget(key, redraw = true) {
    const gone = others.get(key);
    if (!gone) return;
    if (gone.cursor) gone.cursor.remove();
    others.delete(key);
    if (following === key) follow(null);
    if (redraw) update();
  }

  function dropStale() {
    const now = performance.now();
    for (const [key, other] of others) if (now - other.heard > FRESH_MS) forget(key);
  }

  /** A colour from the server, as `#rrggbb` only: nothing else reaches a style. */
  function safeColor(color) {
    return /^#[0-9a-f]{6}$/i.test(color) ? color : "#808080";
  }

  // MARK: Drawing

  function update() {
    placeCursors();
    drawOutlines();
    drawRow();
  }

  function placeCursors() {
    for (const other of others.values()) placeCursor(other);
  }

  function placeCursor(other) {
    if (!other.pointer) {
      if (other.cursor) other.cursor.hidden = true;
      return;
    }
    if (!other.cursor) {
      const arrow = document.createElementNS(SVG, "svg");
      arrow.setAttribute("viewBox", "0 0 16 20");
      const path = document.createElementNS(SVG, "path");
      path.setAttribute("d", "M0 0L0 15L4 11L7 18L10 17L7 10L12 10Z");
      arrow.append(path);
      other.cursor = element("div", { class: "presence-cursor" }, arrow,
        element("span", { class: "presence-label", text: other.name }));
      cursors.append(other.cursor);
    }
    other.cursor.hidden = false;
    if (other.cursor.style.getPropertyValue("--who") !== other.color) {
      other.cursor.style.setProperty("--who", other.color);
    }
    const x = view.x + other.pointer.x * view.zoom, y = view.y + other.pointer.y * view.zoom;
    other.cursor.style.transform = `translate(${x}px, ${y}px)`;
  }

  function drawOutlines() {
    const drawing = page.drawing;
    if (!drawing) return;
    outlines.setAttribute("viewBox", `0 0 ${drawing.width} ${drawing.height}`);
    outlines.setAttribute("width", String(drawing.width * view.shownZoom));
    outlines.setAttribute("height", String(drawing.height * view.shownZoom));
    const shapes = [];
    const outline = (rid, color, className) => {
      const box = page.rectangle(rid);
      if (!box) return;
      const shape = svgRect(box, className);
      shape.style.setProperty("--who", color);
      shapes.push(shape);
    };
    for (const other of others.values()) {
      for (const rid of other.selection.slice(0, SELECTION_LIMIT)) {
        outline(rid, other.color, "presence-selection");
      }
    }
    if (performance.now() < terminal.until) {
      for (const rid of terminal.ids) outline(rid, terminal.color, "presence-terminal");
    }
    outlines.replaceChildren(...shapes);
  }

  function drawRow() {
    const people = [...others.entries()].sort((a, b) => a[1].name.localeCompare(b[1].name) ||
      a[0].localeCompare(b[0]));
    const buttons = people.map(([key, other]) => {
      const pressed = following === key;
      const button = element("button", { type: "button", class: "presence-person",
        "data-page": key, "aria-pressed": String(pressed),
        "aria-label": pressed ? `Stop following ${other.name}` : `Follow ${other.name}'s view`,
        title: pressed ? `Following ${other.name}: click to stop` : `Follow ${other.name}`,
        onclick: () => follow(following === key ? null : key) },
      element("span", { class: "presence-dot", "aria-hidden": "true" }),
      element("span", { class: "presence-name", text: other.name }));
      button.style.setProperty("--who", other.color);
      return button;
    });
    if (performance.now() < terminal.until) {
      const chip = element("span", { class: "presence-person presence-chip", role: "status" },
        element("span", { class: "presence-dot", "aria-hidden": "true" }),
        element("span", { class: "presence-name", text: "terminal" }));
      chip.style.setProperty("--who", terminal.color);
      buttons.push(chip);
    }
    // The button that had the focus keeps it.
    const focused = document.activeElement && document.activeElement.dataset &&
      document.activeElement.dataset.page;
    row.replaceChildren(...buttons);
    row.hidden = buttons.length === 0;
    if (focused) row.querySelector(`[data-page="${CSS.escape(focused)}"]`)?.focus();
  }

  // MARK: Following

  function follow(key) {
    following = key;
    followedView = null;
    const other = key && others.get(key);
    if (other && other.view) showView(other.view);
    drawRow();
  }

  function sameView(seen) {
    return view.x === seen.x && view.y === seen.y && view.zoom === seen.zoom;
  }

  /** Shows the rectangle another page shows, whole and centred in this stage. */
  function showView(box) {
    const stageBox = stage.getBoundingClientRect();
    const zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN,
      Math.min(stageBox.width / box.width, stageBox.height / box.height)));
    view.zoom = zoom;
    view.x = stageBox.width / 2 - (box.x + box.width / 2) * zoom;
    view.y = stageBox.height / 2 - (box.y + box.height / 2) * zoom;
    followedView = { x: Math.round(view.x), y: Math.round(view.y), zoom };
    view.apply();
  }

  // MARK: The terminal

  async function showTerminal(message) {
    terminal.color = safeColor(message.color);
    terminal.until = performance.now() + TERMINAL_MS;
    clearTimeout(terminal.timer);
    terminal.timer = setTimeout(() => update(), TERMINAL_MS + 50);
    terminal.ids = [];
    update();
    const since = Math.max(0, Number(message.version) - 1);
    const result = await api("GET", `/api/drawings/${id}/changes?since=${since}`);
    const put = result.ok && result.data.changes ? result.data.changes.put : [];
    terminal.ids = put.map((entry) => entry.rectangle.id);
    drawOutlines();
  }

  return {
    query: `&drawing=${encodeURIComponent(id)}&page=${pageId}`,
    onEvent,
    onConnection,
    /** The others present: name, colour, pointer and selection. */
    others: () => [...others.values()].map((other) => ({
      name: other.name, color: other.color, pointer: other.pointer && { ...other.pointer },
      selection: [...other.selection],
    })),
    /** The page's own id, and who it follows (for the tests). */
    pageId,
    following: () => following,
  };
}
