// The editor: the drawing's own SVG drawn by the browser on a pasteboard to zoom and pan, a
// selection of any number of rectangles, and edits sent as steps (`POST …/edits`) — each shown
// at once, put back with a plain message if the server refuses it, one version each, and
// undone by this page's own undo. An ES module; the other modules do one part each.

import {
  api, coalesced, followChanges, keepTrying, lostStreams, notify, setStatus,
} from "./common.js";
import { Actions } from "./actions.js";
import { connectClipboard } from "./clipboard.js";
import { registerCommands } from "./commands.js";
import { firstRead } from "./firstread.js";
import { hit, stepped } from "./geometry.js";
import { connectGestures } from "./gestures.js";
import { connectHistory } from "./history.js";
import { connectKeys } from "./keys.js";
import { connectLayers } from "./layers.js";
import { connectMenus } from "./menus.js";
import { connectOverlay } from "./overlay.js";
import { Overview, held } from "./overview.js";
import { PageDrawing, describe, makeId } from "./pagedrawing.js";
import { connectPanel } from "./panel.js";
import { STAND_IN_FROM, drawStandIn, growPicture, parseSVG, splitPicture, standIn }
  from "./pictureparts.js";
import { connectPresence } from "./presence.js";
import { connectSwatches } from "./swatches.js";
import { Store } from "./store.js";
import { Tools } from "./tools.js";
import { Viewport } from "./viewport.js";

const id = decodeURIComponent(location.pathname.split("/")[2] || "");
const page = new PageDrawing();
/**
 * The page's state (store.js): what each view is drawn from. `drawing` is noted as changed
 * whenever the page's drawing does (an edit shown, settled or put back; a change from
 * elsewhere); `marks` are what a gesture draws on the overlay (boxes moving, a ghost, a
 * marquee, guides); `shownZoom` the zoom the canvas is drawn at.
 */
const store = new Store({
  drawing: null, selection: new Set(), hovered: null, gone: false, offline: false,
  previewing: false, lastColor: null, snap: true, grid: false, toolLocked: false,
  loading: true, tool: "select", zoom: 1, shownZoom: 1, marks: null, undoable: 0,
  alphaShown: null, recentColors: [],
});
const state = store.state;
/** This page's own undo and redo: the steps that take back each of its edits. */
const own = { undo: [], redo: [] };
const stage = document.getElementById("stage");
const canvas = document.getElementById("canvas");
const overlay = document.getElementById("overlay");
const view = new Viewport(stage, document.getElementById("viewport"),
  () => page.drawing || { width: 1, height: 1 },
  // A pan moves the overlay with the canvas: only a zoom changes what it draws.
  () => store.set({ zoom: view.zoom, shownZoom: view.shownZoom }), [overlay]);
const tools = new Tools((tool) => store.set({ tool }));
/** A large drawing's bitmap, shown zoomed out in its picture's place (overview.js). */
const overview = new Overview(() => view.refresh());
view.overview = overview;
const actions = new Actions();
let queue = Promise.resolve();
let sending = 0;
/** While a large drawing's nodes are made (pictureparts.js): done when its picture is whole. */
let pictureIn = null;

// MARK: Loading

/** Reads the drawing and its file's text, of one version. */
async function load() {
  const result = (await firstRead()) || await api("GET", `/api/drawings/${id}`);
  if (!result.ok) {
    if (result.status === 404) markGone(result.data.error);
    else notify(result.data.error);
    return null;
  }
  // An answer older than what the page shows (a slow read overtaken) is left aside.
  if (page.drawing && result.data.version < page.version) return result.data;
  const rectangles = result.data.drawing.rectangles;
  const large = rectangles.length >= STAND_IN_FROM;
  // A large drawing's nodes are made out of the page, in parts, while a stand-in shows it.
  const { head, parts } = large ? splitPicture(result.data.svg, rectangles.length)
    : { head: result.data.svg.slice(result.data.svg.indexOf("<svg")), parts: [] };
  const picture = parseSVG(head);
  picture.id = "drawing";
  overview.drop();
  page.load(result.data.drawing, result.data.version, picture, large);
  // Placed with the picture in (it is sized for the zoom), or before its stand-in is drawn.
  if (!large) canvas.replaceChildren(held(picture));
  view.place();
  const shown = large ? standIn(page.drawing, view.shownZoom) : null;
  if (large) canvas.replaceChildren(shown.element);
  pictureIn = large ? showWhole(shown, picture, parts) : null;
  store.set({ loading: false });
  store.touch("drawing");
  return result.data;
}

/** Draws a large drawing's stand-in, makes its nodes, and puts them in the stand-in's place. */
async function showWhole(shown, picture, parts) {
  const wanted = () => page.picture === picture;
  try {
    if (await drawStandIn(shown, page.rectangles, wanted)
        && await growPicture(picture, parts, wanted) && wanted()) {
      canvas.replaceChildren(held(picture));
      view.place();
      page.finish();
      overview.build(page, view.fitZoom(), window.devicePixelRatio || 1);
    }
  } finally {
    if (page.picture === picture) pictureIn = null;
  }
}

/** Brings the page to the current version with only what changed since (`GET …/changes`). */
async function catchUp() {
  // A change from elsewhere waits for the whole picture, as edits made here do.
  if (pictureIn) await pictureIn;
  if (!page.drawing) return load();
  const result = await api("GET", `/api/drawings/${id}/changes?since=${page.version}`);
  if (!result.ok || !result.data.changes) return load();
  if (result.data.version <= page.version) return result.data;
  if (!page.catchUp(result.data.changes, result.data.version)) return load();
  const title = page.picture.querySelector("title");
  if (title && title.textContent !== page.drawing.title) title.textContent = page.drawing.title;
  store.touch("drawing");
  return result.data;
}

const reload = coalesced(catchUp);

function markGone(text) {
  history.endPreview();
  state.gone = true;
  setStatus(text);
  for (const control of document.querySelectorAll("main button, main input")) control.disabled = true;
}

// MARK: Drawing the page

/** What the page shows of the drawing and the connection: its title, the status line. */
function showChrome() {
  const drawing = page.drawing;
  if (!drawing || state.gone) return;
  document.title = `${drawing.title || "(untitled)"} · drawdoc`;
  document.getElementById("page-heading").textContent = `Editing ${drawing.title || "(untitled)"}`;
  const title = document.getElementById("title");
  if (document.activeElement !== title) title.value = drawing.title;
  showStatus();
}

/** Each view, with the values it is drawn from. */
store.subscribe(["drawing"], () => {
  // Rectangles gone (an edit here or elsewhere) leave the selection.
  if ([...state.selection].some((rid) => !page.index.has(rid))) {
    state.selection = new Set([...state.selection].filter((rid) => page.index.has(rid)));
  }
  if (page.version !== announced) {
    announced = page.version;
    for (const listener of versionListeners) listener();
  }
});
store.subscribe(["drawing", "offline", "gone"], showChrome);
store.subscribe(["tool"], () => {
  view.handTool = state.tool === "hand";
  stage.classList.toggle("rectangle", state.tool === "rectangle");
  stage.classList.toggle("hand", state.tool === "hand");
});
// What a screen reader hears of the selection.
store.subscribe(["drawing", "selection"], () => {
  const said = document.getElementById("selection-said");
  const chosen = selectedRectangles();
  const text = chosen.length === 1 ? describe(chosen[0])
    : chosen.length ? `${chosen.length} rectangles selected` : "";
  if (said.textContent !== text) said.textContent = text;
});

/** The top bar's status: the version and the count (the change stream's "live" says less). */
function showStatus() {
  const count = page.rectangles.length;
  setStatus(`${state.offline ? "offline · " : ""}version ${page.version} · ` +
    `${count} ${count === 1 ? "rectangle" : "rectangles"}`);
}

const versionListeners = [];
let announced = 0;

// MARK: Selection

/**
 * Selects rectangles by id; `quiet` while a marquee grows: the overlay shows it (the marks
 * change with it), the panel and the layers only once it is done.
 */
function select(ids, { quiet = false } = {}) {
  sendRuns();
  const selection = new Set(ids.filter((rid) => page.index.has(rid)));
  if (quiet) store.values.selection = selection;
  else state.selection = selection;
}

/** Sets what a gesture draws on the overlay (`{}` for nothing but the selection). */
function mark(marks = {}) {
  state.marks = Object.keys(marks).length ? marks : null;
}

function selectedRectangles() {
  return [...state.selection].map((rid) => page.rectangle(rid)).filter(Boolean);
}

// MARK: Edits

/** A plain sentence for an edit the server refused or never got. */
function refusal(result) {
  if (result.status === 0) {
    return "The server cannot be reached: this change was not saved. The page reconnects by itself.";
  }
  // The API numbers the step it refused ("step 1: …"); a person made one change, not steps.
  const reason = (result.data.error || `the server answered ${result.status}`)
    .replace(/^step \d+: /, "");
  return `That change was not made: ${reason}.`.replace(/\.\.$/, ".");
}

/**
 * Makes an edit: shown at once, sent after the edits before it, put back with a message if
 * the server refuses it or cannot be reached. `kind` says which of this page's stacks keeps
 * the steps that take it back: `edit` (undo, and the redo stack is cleared), `undo` (redo),
 * `redo` (undo).
 */
function edit(steps, kind = "edit") {
  steps = steps.filter(Boolean);
  if (state.gone || !steps.length) return Promise.resolve(null);
  // Made once the whole picture is in (a large drawing's first second): shown on its nodes.
  // (`busy()` stays true meanwhile: the picture is coming, then the edit is on its way.)
  if (pictureIn) return pictureIn.then(() => edit(steps, kind));
  if (state.offline) {
    // Refused where it shows: a moved copy goes back, a field shows the value again.
    page.restore(steps);
    store.touch("drawing");
    notify("The server cannot be reached, so edits are paused: the page reconnects by itself.");
    return Promise.resolve(null);
  }
  if (state.previewing) {
    page.restore(steps);
    store.touch("drawing");
    notify("An old version is shown: press Escape (or Back to current) to edit the drawing.");
    return Promise.resolve(null);
  }
  if (kind === "edit") own.redo = [];
  const entry = page.begin(steps);
  sending += 1;
  store.touch("drawing", "undoable");
  queue = queue.then(async () => {
    const result = await api("POST", `/api/drawings/${id}/edits`, { edits: steps });
    sending -= 1;
    if (result.ok) {
      for (const notice of result.data.notices) notify(notice.message);
      if (result.data.changed) {
        page.settle(entry, result.data.version);
        (kind === "undo" ? own.redo : own.undo).push(result.data.undo);
        await reload();
      } else {
        page.drop(entry);
      }
    } else {
      page.drop(entry);
      if (result.status === 0) connection(false);
      notify(refusal(result));
    }
    store.touch("drawing", "undoable");
    return result;
  });
  return queue;
}

/** Set steps that give rectangles their new places and sizes, each checked against its old. */
function setSteps(originals, results) {
  return results.map((r, at) => {
    const o = originals[at], to = {}, was = {};
    for (const field of ["x", "y", "width", "height"]) {
      if (r[field] !== o[field]) { to[field] = r[field]; was[field] = o[field]; }
    }
    return Object.keys(to).length ? { set: r.id, to, was } : null;
  });
}

/** Sets fields of every selected rectangle: one edit. */
function setSelected(fields) {
  if (fields.color && state.selection.size) {
    state.lastColor = fields.color;
    rememberColor(fields.color);
  }
  return edit(selectedRectangles().map((r) => {
    const was = {};
    for (const field of Object.keys(fields)) was[field] = r[field];
    return { set: r.id, to: fields, was };
  }));
}

/** Shifts every selected rectangle (alpha steps, nudges): applies to the values then current. */
function shiftSelected(by) {
  return edit(selectedRectangles().map((r) => ({ shift: r.id, by })));
}

function removeSelected() {
  return edit(selectedRectangles().map((r) => ({ remove: r.id })));
}

function orderSelected(to) {
  if (state.selection.size) edit([{ order: [...state.selection], to }]);
}

/** Adds a rectangle drawn with the rectangle tool, with the last color used (or a random one). */
function drawRectangle(box) {
  const rid = makeId();
  const color = state.lastColor || randomColor();
  edit([{ add: { id: rid, ...box, color, alpha: 10 } }]);
  select([rid]);
  if (!state.toolLocked) tools.pick("select");
}

function randomColor() {
  return `#${crypto.getRandomValues(new Uint32Array(1))[0].toString(16).padStart(8, "0").slice(2)}`;
}

/**
 * Takes back this page's own last edit (or makes again the last one it took back). The steps
 * go back on their stack if the edit is not made (the page offline, an old version shown, the
 * server refusing it).
 */
function undo(again = false) {
  sendRuns();
  const run = () => {
    const stack = again ? own.redo : own.undo;
    const steps = stack.pop();
    if (!steps) return;
    // What an undo of a removal brings back (or a redo of an addition) comes back selected.
    const added = steps.filter((step) => step.add).map((step) => step.add.id);
    edit(steps, again ? "redo" : "undo").then((result) => {
      if (!result || !result.ok) { stack.push(steps); store.touch("undoable"); }
    });
    if (added.length) select(added);
  };
  // After the edits on their way, whose steps come with their answers; at once otherwise, so
  // that it goes before any edit made after it.
  if (sending) queue = queue.then(run); else run();
}

/**
 * Runs of small changes shown at once and sent later (the alpha slider's): each its sender and
 * whether one is under way.
 */
const runs = [];

/** Sends every run under way now: before a selection changes, an undo, a redo. */
function sendRuns() {
  if (nudge) sendNudge();
  for (const run of runs) run.send();
}

// A run of arrow presses is one edit: shown at once, sent 400 ms after the last press.
let nudge = null;
function nudgeSelection(dx, dy) {
  if (!state.selection.size) return;
  if (!nudge) nudge = { original: selectedRectangles(), dx: 0, dy: 0, timer: 0 };
  nudge.dx += dx;
  nudge.dy += dy;
  clearTimeout(nudge.timer);
  nudge.timer = setTimeout(sendNudge, 400);
  const moved = nudge.original.map((r) => ({ ...r, x: r.x + nudge.dx, y: r.y + nudge.dy }));
  page.preview(moved);
  mark({ boxes: moved });
}

function sendNudge() {
  if (!nudge) return;
  const { original, dx, dy, timer } = nudge;
  clearTimeout(timer);
  nudge = null;
  mark();
  edit(original.map((r) => ({ shift: r.id, by: { x: dx, y: dy } })));
}

function connection(up) {
  if (state.offline === !up) return;
  state.offline = !up;
  if (!up) notify("The server cannot be reached: edits are paused until it is back.");
  else { notify("Connected again."); reload(); }
}

// MARK: Connecting the parts

const editor = {
  id, page, store, state, view, tools, actions, stage, api, edit, select, setSteps,
  setSelected, shiftSelected, removeSelected, orderSelected, drawRectangle, nudgeSelection,
  undo, mark, selectedRectangles, notify,
  /**
   * Adds a run's sender, which `sendRuns` calls, and what tells whether one is under way (a run
   * of slider steps, panel.js).
   */
  addRun: (send, underWay) => runs.push({ send, underWay }),
  /** Whether this page has an edit of its own to undo (or, `again`, to redo). */
  canUndo: (again) => (again ? own.redo : own.undo).length > 0 || sending > 0,
  /** The top rectangle at a canvas point, if any. */
  hitAt: (point) => hit(page.rectangles, point),
  step: (backwards) => {
    if (page.rectangles.length) select([stepped(page.rectangles, [...state.selection].pop(), backwards)]);
  },
};
const { showPreview } = connectOverlay(editor, overlay);
editor.gestures = connectGestures(editor);
editor.pasteFromClipboard = connectClipboard(editor).pasteFromClipboard;
registerCommands(editor);
connectMenus(editor);
connectKeys(editor);
connectPanel(editor);
const rememberColor = connectSwatches(editor);
connectLayers(editor);
const presence = connectPresence(editor);
const history = connectHistory({
  id, api, showPreview, message: notify,
  onChange: (listener) => { versionListeners.push(listener); },
  shown: () => ({ title: page.drawing.title, rectangles: page.rectangles.slice() }),
  reach: async (version) => {
    // A few reads at most: the change's own event brings it too.
    for (let tries = 0; page.version < version && tries < 5; tries += 1) await reload();
    // A change made elsewhere since would be part of what it shows: then there is no undo of
    // the restore, rather than one that would take that change back too.
    if (page.version !== version) return null;
    return { title: page.drawing.title, rectangles: page.rectangles.slice() };
  },
  remember: (steps) => { own.undo.push(steps); own.redo = []; store.touch("undoable"); },
});

/**
 * The page's one deliberate way in from outside, for the browser tests (`Tests/browser/`) and
 * the benchmarks (`Benchmarks/`), which drive the page through Selenium's `execute_script`.
 * The page itself never reads this.
 */
window.drawdocEditor = Object.freeze({
  id,
  get drawing() { return page.drawing && { ...page.drawing, rectangles: page.rectangles }; },
  get version() { return page.version; },
  api,
  /** Makes an edit of steps, as the page's own controls do (the benchmarks time it). */
  edit: (steps) => edit(steps),
  /** The client coordinates of drawing point (x, y) at the current zoom and pan. */
  toScreen: (x, y) => view.toScreen(x, y),
  selection: () => [...state.selection],
  zoom: () => view.zoom,
  tool: () => tools.current,
  /** The tool's machine's state (toolstate.js): "idle", "pointing", "dragging", "panning" … */
  gesture: () => editor.gestures.state(),
  /**
   * The action registry: `[{name, label, group, keys, shown, enabled, menu, checked?}]`, from
   * which the keys, toolbar, context menu, command palette and `?` dialog are made.
   */
  actions: () => actions.describe({}),
  /** Performs an action by name, as its key or menu entry does; whether it applied. */
  perform: (name) => actions.perform(name, {}),
  /**
   * Whether edits are still on their way to the server (a run still to be sent included), or
   * a large picture's nodes coming.
   */
  busy: () => pictureIn !== null || sending > 0 || page.pending.length > 0
    || nudge !== null || runs.some((run) => run.underWay()),
  /** How many times the page's change stream was lost or could not be opened. */
  lostStreams: () => lostStreams(),
  /** The others in this drawing: `[{name, color, pointer: {x, y}, selection}]` (presence.js). */
  presence: () => presence.others(),
  /**
   * A large drawing's overview (overview.js): whether it is drawn, and shown in the picture's
   * place; its pixels a unit, and the drawing point at its top left pixel's corner.
   */
  overview: () => overview.describe(),
  pageId: presence.pageId,
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
      for (const control of document.querySelectorAll("main button, main input")) control.disabled = false;
      history.endPreview();
      history.refresh();
    }
    if (event.version > page.version || event.event === "restored") reload();
  }, () => reload(), (up) => {
    connection(up);
    presence.onConnection(up);
    // Said at once, in place of "live" (the stream saying it is open).
    if (up && page.drawing && !state.gone) showStatus();
  }, presence);
});
