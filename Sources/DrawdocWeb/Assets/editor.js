// The editor: the drawing's own SVG drawn by the browser, selection by the half-open rule of
// `drawdoc hit`, a panel of fields, dragging, resizing, nudging, undo and redo, all through
// the API, each change carrying the version it was made on.

import {
  api, coalesced, followChanges, keepTrying, setStatus, showMessage,
} from "./common.js";
import { hit, resized, stepped, svgRect } from "./geometry.js";
import { connectPanel } from "./panel.js";
import { Tools, drawn } from "./tools.js";
import { Viewport } from "./viewport.js";

const id = decodeURIComponent(location.pathname.split("/")[2] || "");
const state = {
  drawing: null, version: 0, sequence: 0, undo: null, redo: null, selected: null, gone: false,
  // The versions this page's own edits made: an edit made on an older version does not
  // conflict with them.
  own: new Set(),
  // The canvas's rect elements, in the order of `drawing.rectangles`: a change touches the
  // ones it names, where a search of the page would visit every one.
  nodes: [],
};
const stage = document.getElementById("stage");
const canvas = document.getElementById("canvas");
const overlay = document.getElementById("overlay");
const view = new Viewport(stage, document.getElementById("viewport"),
  () => state.drawing || { width: 1, height: 1 }, () => { if (state.drawing) renderOverlay(); });
const tools = new Tools(document.getElementById("toolbar"), (tool) => {
  view.handTool = tool === "hand";
  stage.classList.toggle("rectangle", tool === "rectangle");
  stage.classList.toggle("hand", tool === "hand");
});
view.onPinch = () => { gesture = null; renderOverlay(); };
let queue = Promise.resolve();

// MARK: Loading

/** Reads the drawing, its file's text and its undo and redo, all of one version. */
async function load() {
  const result = await api("GET", `/api/drawings/${id}`);
  if (!result.ok) {
    showMessage("message", result.data.error);
    if (result.status === 404) markGone(result.data.error);
    return null;
  }
  // An answer older than what the page shows (a slow read overtaken by an edit's) is
  // left aside.
  if (result.data.version < state.version) return result.data;
  state.drawing = result.data.drawing;
  state.version = result.data.version;
  state.undo = result.data.undo;
  state.redo = result.data.redo;
  // The HTML parser makes the same SVG elements as the XML one, in a third of the time at
  // 10,000 rectangles; a template keeps them inert, and they are moved into the page
  // rather than copied.
  const template = document.createElement("template");
  template.innerHTML = result.data.svg.slice(result.data.svg.indexOf("<svg"));
  const picture = document.adoptNode(template.content.firstElementChild);
  picture.id = "drawing";
  canvas.replaceChildren(picture);
  state.nodes = Array.from(picture.querySelectorAll("rect"));
  view.place();
  if (state.selected && !rectangle(state.selected)) state.selected = null;
  render();
  return result.data;
}

/**
 * Brings the page to the current version with only what changed since the version it
 * shows (`GET …/changes`): the rectangles that changed are taken out and put back, as the
 * file now holds them. Reads the whole drawing when the server says so, or when what it
 * would make does not add up.
 */
async function catchUp() {
  const picture = document.getElementById("drawing");
  if (!state.drawing || !picture) return load();
  const result = await api("GET", `/api/drawings/${id}/changes?since=${state.version}`);
  if (!result.ok || !result.data.changes) return load();
  const data = result.data;
  if (data.version <= state.version) return data;
  const changes = data.changes;
  const gone = new Set(changes.removed);
  const rectangles = [];
  const nodes = [];
  if (state.nodes.length !== state.drawing.rectangles.length) return load();
  state.drawing.rectangles.forEach((r, index) => {
    if (gone.has(r.id)) {
      state.nodes[index].remove();
    } else {
      rectangles.push(r);
      nodes.push(state.nodes[index]);
    }
  });
  const template = document.createElement("template");
  template.innerHTML = `<svg>${changes.put.map((entry) => entry.svg).join("")}</svg>`;
  const made = Array.from(template.content.firstElementChild.children);
  changes.put.forEach((entry, index) => {
    const node = document.adoptNode(made[index]);
    picture.insertBefore(node, nodes[entry.index] || null);
    nodes.splice(entry.index, 0, node);
    rectangles.splice(entry.index, 0, entry.rectangle);
  });
  if (rectangles.length !== changes.count) return load();
  state.nodes = nodes;
  picture.setAttribute("data-modified", changes.modified);
  const title = picture.querySelector("title");
  if (title && title.textContent !== changes.title) title.textContent = changes.title;
  state.drawing = { ...state.drawing, title: changes.title, modified: changes.modified, rectangles };
  state.version = data.version;
  state.undo = data.undo;
  state.redo = data.redo;
  if (state.selected && !rectangle(state.selected)) state.selected = null;
  render();
  return data;
}

const reload = coalesced(catchUp);

function markGone(text) {
  state.gone = true;
  setStatus(text);
  for (const button of document.querySelectorAll("button, input")) button.disabled = true;
}

function rectangle(rid) {
  return state.drawing ? state.drawing.rectangles.find((r) => r.id === rid) : null;
}

// MARK: Drawing the page

function render() {
  const drawing = state.drawing;
  document.title = `${drawing.title || "(untitled)"} · drawdoc`;
  const title = document.getElementById("title");
  if (document.activeElement !== title) title.value = drawing.title;
  document.getElementById("undo").disabled = !state.undo;
  document.getElementById("redo").disabled = !state.redo;
  document.getElementById("undo").title = state.undo ? `Undo: ${state.undo.change} (Ctrl+Z)` : "Nothing to undo";
  document.getElementById("redo").title = state.redo ? `Redo: ${state.redo.change} (Shift+Ctrl+Z)` : "Nothing to redo";
  const base = `/api/drawings/${id}/export?format=`;
  document.getElementById("export-svg").href = base + "svg";
  document.getElementById("export-json").href = base + "json";
  updatePNGLink();
  setStatus(`version ${state.version} · ${drawing.rectangles.length} rectangles`);
  renderOverlay();
  renderPanel();
}

function updatePNGLink() {
  const scale = document.getElementById("png-scale").value || "1";
  document.getElementById("export-png").href =
    `/api/drawings/${id}/export?format=png&scale=${encodeURIComponent(scale)}`;
}

/** The overlay has the canvas's coordinates and size, over the drawn file. */
function renderOverlay(ghost) {
  const drawing = state.drawing;
  const picture = document.getElementById("drawing");
  overlay.setAttribute("viewBox", `0 0 ${drawing.width} ${drawing.height}`);
  if (picture) {
    const box = picture.getBoundingClientRect();
    overlay.setAttribute("width", box.width);
    overlay.setAttribute("height", box.height);
  }
  const shapes = [];
  const selected = rectangle(state.selected);
  if (selected) {
    shapes.push(svgRect(selected, "outline"));
    const scale = view.unitsPerPixel();
    const size = 10 * scale;
    for (const corner of ["nw", "ne", "sw", "se"]) {
      const x = corner.endsWith("w") ? selected.x : selected.x + selected.width;
      const y = corner.startsWith("n") ? selected.y : selected.y + selected.height;
      const handle = svgRect({ x: x - size / 2, y: y - size / 2, width: size, height: size },
        `handle ${corner}`);
      handle.dataset.corner = corner;
      shapes.push(handle);
    }
  }
  const hovered = state.hovered !== state.selected && rectangle(state.hovered);
  if (hovered && !ghost) shapes.push(svgRect(hovered, "hover"));
  if (ghost) {
    const copy = svgRect(ghost, "ghost");
    copy.setAttribute("fill", ghost.color);
    shapes.push(copy);
  }
  overlay.replaceChildren(...shapes);
}

function renderPanel() {
  const selected = rectangle(state.selected);
  document.getElementById("selection").hidden = !selected;
  if (!selected) return;
  document.getElementById("field-id").textContent = selected.id;
  for (const field of ["x", "y", "width", "height", "color"]) {
    const input = document.getElementById(`field-${field}`);
    if (document.activeElement !== input) input.value = selected[field];
  }
  document.getElementById("color-picker").value = selected.color;
  document.getElementById("field-alpha").value = selected.alpha;
  document.getElementById("alpha-value").textContent = selected.alpha;
  document.getElementById("alpha-down").disabled = state.gone || selected.alpha <= 1;
  document.getElementById("alpha-up").disabled = state.gone || selected.alpha >= 10;
}

// MARK: Changes

/**
 * Sends one change after the ones before it. `body` is the fields, or a function that makes
 * them when the change is sent, from the drawing as it is then (a nudge, a step of alpha).
 * The change carries the version it was made on: `base`, taken when the edit began (a
 * drag, a field), else the version shown when it is sent; versions this page made since
 * do not count against it.
 */
function change(method, path, body = {}, base = null) {
  queue = queue.then(async () => {
    if (state.gone) return null;
    const fields = typeof body === "function" ? body() : body;
    if (fields === null) return null;
    let version = base === null ? state.version : base;
    while (version < state.version && state.own.has(version + 1)) version += 1;
    const result = await api(method, path, { ...fields, version });
    if (result.ok && result.data.version) {
      state.own.add(result.data.version);
      showMessage("message", "");
    } else if (!result.ok) {
      showMessage("message", result.data.error);
    }
    await reload();
    return result;
  });
  return queue;
}

function setFields(fields, base = null) {
  if (fields.color) state.lastColor = fields.color;
  const rid = state.selected;
  if (!rid) return Promise.resolve(null);
  return change("PATCH", `/api/drawings/${id}/rectangles/${rid}`, fields, base);
}

/** Sets fields computed from the selected rectangle as it is when the change is sent. */
function setFieldsFrom(compute) {
  const rid = state.selected;
  if (!rid) return Promise.resolve(null);
  return change("PATCH", `/api/drawings/${id}/rectangles/${rid}`, () => {
    const r = rectangle(rid);
    return r ? compute(r) : null;
  });
}

// MARK: Pointer: select, drag, resize

let gesture = null;

stage.addEventListener("pointerdown", (event) => {
  if (!state.drawing || state.gone || event.button > 0) return;
  stage.focus();
  const point = view.canvasPoint(event);
  if (tools.current === "rectangle") {
    // A new rectangle, drawn by dragging; made when the drag ends.
    gesture = { kind: "draw", start: point, moved: false, base: state.version };
    stage.setPointerCapture(event.pointerId);
    event.preventDefault();
    return;
  }
  const corner = event.target.dataset ? event.target.dataset.corner : undefined;
  const selected = rectangle(state.selected);
  if (corner && selected) {
    gesture = { kind: "resize", corner, start: point, original: { ...selected }, moved: false,
                base: state.version };
  } else {
    const found = hit(state.drawing.rectangles, point);
    state.selected = found ? found.id : null;
    render();
    if (!found) return;
    gesture = { kind: "move", start: point, original: { ...found }, moved: false,
                base: state.version };
  }
  stage.setPointerCapture(event.pointerId);
  event.preventDefault();
});

stage.addEventListener("pointermove", (event) => {
  if (!gesture) {
    // Hover: the rectangle a click would select is outlined.
    if (!state.drawing || tools.current !== "select" || event.pointerType === "touch") return;
    const over = hit(state.drawing.rectangles, view.canvasPoint(event));
    if ((over && over.id) !== state.hovered) { state.hovered = over && over.id; renderOverlay(); }
    return;
  }
  const point = view.canvasPoint(event);
  const dx = point.x - gesture.start.x;
  const dy = point.y - gesture.start.y;
  if (!gesture.moved && Math.hypot(dx, dy) / view.unitsPerPixel() < 3) return;
  gesture.moved = true;
  if (gesture.kind === "draw") {
    gesture.result = { ...drawn(gesture.start, point, event.shiftKey),
                       color: state.lastColor || "#9ca3af" };
  } else {
    gesture.result = gesture.kind === "move"
      ? { ...gesture.original, x: Math.round(gesture.original.x + dx), y: Math.round(gesture.original.y + dy) }
      : resized(gesture.original, gesture.corner, point);
  }
  renderOverlay(gesture.result);
});

function endGesture(event, cancelled) {
  if (!gesture) return;
  const done = gesture;
  gesture = null;
  if (stage.hasPointerCapture(event.pointerId)) stage.releasePointerCapture(event.pointerId);
  if (cancelled || !done.moved || !done.result) { renderOverlay(); return; }
  const r = done.result, o = done.original;
  if (done.kind === "draw") {
    const fields = { x: r.x, y: r.y, width: r.width, height: r.height }; // color: the factory's
    if (state.lastColor) fields.color = state.lastColor;
    renderOverlay(r);
    change("POST", `/api/drawings/${id}/rectangles`, fields, done.base).then((result) => {
      if (result && result.ok) state.selected = result.data.rectangle;
      render();
    });
    return;
  }
  const fields = done.kind === "move"
    ? { x: r.x, y: r.y }
    : { x: r.x, y: r.y, width: r.width, height: r.height };
  if (Object.keys(fields).every((key) => fields[key] === o[key])) { renderOverlay(); return; }
  // One change when released; the copy stays until the drawing is read again.
  renderOverlay(r);
  setFields(fields, done.base);
}

stage.addEventListener("pointerleave", () => {
  state.hovered = null;
  if (!gesture && state.drawing) renderOverlay();
});
stage.addEventListener("pointerup", (event) => endGesture(event, false));
stage.addEventListener("pointercancel", (event) => endGesture(event, true));

// MARK: Keys

/**
 * A run of arrow presses is one change: the moved copy shows at once, and the change is sent
 * 400 ms after the last press (or when another rectangle is nudged), from where the rectangle
 * is then.
 */
let nudge = null;
function nudgeSelection(dx, dy) {
  const rid = state.selected;
  if (nudge && nudge.rid !== rid) sendNudge();
  if (!nudge) nudge = { rid, dx: 0, dy: 0, timer: 0 };
  nudge.dx += dx;
  nudge.dy += dy;
  clearTimeout(nudge.timer);
  nudge.timer = setTimeout(sendNudge, 400);
  const r = rectangle(rid);
  if (r) renderOverlay({ ...r, x: r.x + nudge.dx, y: r.y + nudge.dy });
}

function sendNudge() {
  if (!nudge) return;
  const { rid, dx, dy, timer } = nudge;
  clearTimeout(timer);
  nudge = null;
  change("PATCH", `/api/drawings/${id}/rectangles/${rid}`, () => {
    const r = rectangle(rid);
    return r ? { x: r.x + dx, y: r.y + dy } : null;
  });
}

/** `?` shows every shortcut. */
function help(event) {
  const dialog = document.getElementById("shortcuts");
  if (event.key !== "?" || dialog.open) return false;
  dialog.showModal();
  return true;
}

document.addEventListener("keyup", (event) => { if (event.code === "Space") view.key(event); });
document.addEventListener("keydown", (event) => {
  // Shortcuts work wherever the focus is, but in a field that takes the keys itself (and
  // Space still presses a focused button).
  const typing = Boolean(event.target.closest && event.target.closest("input, select, textarea"));
  const pressing = event.code === "Space" && event.target instanceof HTMLButtonElement;
  if (!typing && !pressing && (view.key(event) || tools.key(event) || help(event))) {
    event.preventDefault();
    return;
  }
  const onCanvas = !typing;
  const command = event.ctrlKey || event.metaKey;
  if (command && (event.key === "z" || event.key === "Z")) {
    if (typing) return;
    event.preventDefault();
    if (event.shiftKey) redo(); else undo();
    return;
  }
  if (command && (event.key === "y" || event.key === "Y") && !typing) {
    event.preventDefault();
    redo();
    return;
  }
  if (event.target === stage && event.key === "Tab" && state.drawing?.rectangles.length) {
    event.preventDefault();
    state.selected = stepped(state.drawing.rectangles, state.selected, event.shiftKey);
    return render();
  }
  if (!onCanvas || !state.selected) return;
  const step = event.shiftKey ? 10 : 1;
  const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  if (moves[event.key]) {
    event.preventDefault();
    nudgeSelection(...moves[event.key]);
  } else if (event.key === "Delete" || event.key === "Backspace") {
    event.preventDefault();
    removeSelected();
  } else if (event.key === "Escape") {
    state.selected = null;
    render();
  }
});

// MARK: Panel

function undo() { if (state.undo) change("POST", `/api/drawings/${id}/undo`); }
function redo() { if (state.redo) change("POST", `/api/drawings/${id}/redo`); }

function removeSelected() {
  const rid = state.selected;
  if (!rid) return;
  change("DELETE", `/api/drawings/${id}/rectangles/${rid}`).then(() => {
    if (!rectangle(rid)) state.selected = null;
    render();
  });
}

connectPanel({ id, state, change, setFields, setFieldsFrom, removeSelected, undo, redo, render,
  renderPanel, renderOverlay, updatePNGLink });

// MARK: The hook for tests

/**
 * The page's one deliberate way in from outside, for the browser test
 * (`Tests/browser/app_test.py`) and the app benchmark (`Benchmarks/app_bench.py`), which
 * drive the page through Selenium's `execute_script`: the drawing's id, the drawing and the
 * version the page shows, `change` (the queue every edit of the page goes through) and `api`
 * (the request it makes). A module's names are its own, so nothing else is reachable; the
 * page itself never reads this.
 */
window.drawdocEditor = Object.freeze({
  id,
  get drawing() { return state.drawing; },
  get version() { return state.version; },
  change,
  api,
  /** The client coordinates of drawing point (x, y) at the current zoom and pan. */
  toScreen: (x, y) => view.toScreen(x, y),
  selection: () => (state.selected ? [state.selected] : []),
  zoom: () => view.zoom,
  tool: () => tools.current,
});

// MARK: Following changes made elsewhere

keepTrying(load).then((data) => {
  document.body.dataset.ready = "true";
  followChanges(data.sequence, (event) => {
    if (event.id !== id) return;
    if (event.event === "trashed") { markGone("this drawing was moved to the trash"); return; }
    if (event.event === "emptied") { markGone("this drawing was removed for good"); return; }
    if (event.event === "restored") {
      state.gone = false;
      for (const control of document.querySelectorAll("button, input")) control.disabled = false;
    }
    if (event.version > state.version || event.event === "restored") reload();
  }, () => reload());
});
