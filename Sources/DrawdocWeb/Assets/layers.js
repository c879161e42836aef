// The editor's layers panel: every rectangle in z-order, the top first, each row with a swatch
// of its color at its alpha, its everyday name and id, and its size. A click selects (Shift,
// Ctrl or ⌘ adds or takes out), a drag reorders (the row, or every selected row when it is
// selected) as one edit, and the keyboard does both. The list is virtual: only the rows in
// view, and a few around them, are in the page, so it costs the same at 100,000 rectangles as
// at ten.
// An ES module; `connectLayers` is given the editor.

import { colorName } from "./geometry.js";
import { describe } from "./pagedrawing.js";

/** A row's height in CSS pixels: the list's rows are all this high. */
const ROW = 28;
/** Rows kept in the page above and below those in view. */
const EXTRA = 6;
/** How far, in CSS pixels, a row is dragged before it is a drag rather than a click. */
const DRAG_START = 4;

/**
 * The step that moves rectangles `moving` together to a gap of the z-order, in their current
 * relative order: one `arrange` step (one pass on the server, however many move).
 *
 * - Parameters: `index` (id → z-index, 0 the bottom), `moving` the ids, `gap` the z-index they
 *   should start at once the others close up: the number of other rectangles to stay below
 *   them.
 * - Returns: the steps, none when they are there already.
 */
export function placeSteps(index, moving, gap) {
  const ids = [...new Set(moving)].filter((id) => index.has(id));
  ids.sort((a, b) => index.get(a) - index.get(b));
  if (ids.every((id, j) => index.get(id) === gap + j)) return [];
  return [{ arrange: ids.map((id, j) => [id, gap + j]) }];
}

/** Connects the layers panel to the editor. */
export function connectLayers(editor) {
  const { page, state } = editor;
  const list = document.getElementById("layers-list");
  const spacer = list.querySelector(".layers-spacer");
  const line = list.querySelector(".layers-drop");
  const empty = document.getElementById("layers-empty");
  list.style.setProperty("--layer-row", `${ROW}px`);

  /** The rows in the page, by rectangle id. */
  let rows = new Map();
  /** The rectangle whose row takes the focus (the one row with tabindex 0). */
  let focusId = null;
  /** What the rows were last drawn from: nothing relevant changed, nothing is done. */
  let drawn = {};
  /** The selection this list made itself: no scrolling to it. */
  let ownSelection = null;
  /** The selection last seen, to see a change made elsewhere. */
  let seenSelection = state.selection;
  /** A pointer pressed on a row: {id, pointerId, y, dragging, moving, gap}. */
  let press = null;
  let suppressClick = false;
  /** After Alt+↑ or Alt+↓, the focused row is followed to its new place. */
  let following = false;

  const count = () => page.rectangles.length;
  /** The rectangle at a position of the list (0 is the top). */
  const at = (position) => page.rectangles[count() - 1 - position];
  /** A rectangle's position in the list, or -1. */
  const positionOf = (id) => {
    const z = id === null ? undefined : page.index.get(id);
    return z === undefined ? -1 : count() - 1 - z;
  };

  // MARK: - Drawing the rows

  function makeRow() {
    const row = document.createElement("div");
    row.className = "layer";
    row.setAttribute("role", "option");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.append(document.createElement("span"));
    // The rectangle's everyday name, its id after it in a smaller type.
    const name = document.createElement("span");
    name.className = "layer-name";
    const id = document.createElement("small");
    id.className = "mono";
    name.append(document.createElement("span"), " ", id);
    const size = document.createElement("span");
    size.className = "layer-size";
    const grip = document.createElement("span");
    grip.className = "grip";
    grip.setAttribute("aria-hidden", "true");
    grip.title = "Drag to reorder";
    for (const part of [swatch, name, size]) part.setAttribute("aria-hidden", "true");
    row.append(swatch, name, size, grip);
    return row;
  }

  /** Brings a row in line with its rectangle, its place and its state, touching what changed. */
  function fill(row, r, position, total) {
    if (row.rectangle !== r) {
      row.rectangle = r;
      row.dataset.id = r.id;
      row.setAttribute("aria-label", describe(r));
      const [swatch, name, size] = row.children;
      swatch.firstChild.style.background = r.color;
      swatch.firstChild.style.opacity = String(r.alpha / 10);
      name.firstChild.textContent = `${colorName(r.color)} rectangle`;
      name.lastChild.textContent = r.id;
      size.textContent = `${r.width} × ${r.height}`;
    }
    if (row.position !== position) {
      row.position = position;
      row.style.transform = `translateY(${position * ROW}px)`;
      row.setAttribute("aria-posinset", String(position + 1));
    }
    if (row.total !== total) { row.total = total; row.setAttribute("aria-setsize", String(total)); }
    const selected = String(state.selection.has(r.id));
    if (row.getAttribute("aria-selected") !== selected) row.setAttribute("aria-selected", selected);
    const tabIndex = r.id === focusId ? "0" : "-1";
    if (row.getAttribute("tabindex") !== tabIndex) row.setAttribute("tabindex", tabIndex);
    row.classList.toggle("moving", Boolean(press && press.dragging && press.moving.has(r.id)));
  }

  /** The rows in view, a few more, and the focused one; each drawn only when it changed. */
  function update(force = false) {
    const total = count();
    noticeSelection();
    if (focusId !== null && positionOf(focusId) < 0) {
      focusId = total ? at(Math.min(Math.max(drawn.focusPosition ?? 0, 0), total - 1)).id : null;
    }
    if (focusId === null && total) focusId = at(0).id;
    const height = list.clientHeight || ROW * 12;
    const first = Math.max(0, Math.floor(list.scrollTop / ROW) - EXTRA);
    const last = Math.min(total - 1, Math.ceil((list.scrollTop + height) / ROW) + EXTRA);
    const now = {
      rectangles: page.rectangles, version: page.version, pending: page.pending.length,
      latest: page.pending[page.pending.length - 1], selection: state.selection,
      selected: state.selection.size, first, last, focusId, dragging: press && press.dragging,
    };
    if (!force && Object.keys(now).every((key) => now[key] === drawn[key])) return;
    drawn = { ...now, focusPosition: positionOf(focusId) };
    empty.hidden = total > 0 || !page.drawing;
    list.hidden = total === 0;
    spacer.style.height = `${total * ROW}px`;
    const positions = [];
    for (let position = first; position <= last; position += 1) positions.push(position);
    const focused = positionOf(focusId);
    if (focused >= 0 && (focused < first || focused > last)) {
      positions.push(focused);
      positions.sort((a, b) => a - b);
    }
    const kept = new Map();
    const wanted = positions.map((position) => {
      const r = at(position);
      const row = rows.get(r.id) || makeRow();
      rows.delete(r.id);
      kept.set(r.id, row);
      fill(row, r, position, total);
      return row;
    });
    // A row that goes with the focus (its rectangle deleted) hands it to the new focused row.
    const hadFocus = list.contains(document.activeElement);
    for (const row of rows.values()) row.remove();
    rows = kept;
    arrange(wanted);
    if (hadFocus && !list.contains(document.activeElement) && rows.has(focusId)) {
      reveal(positionOf(focusId));
      rows.get(focusId).focus({ preventScroll: true });
    }
  }

  /**
   * Puts the rows in the page in the list's order, without moving the focused one: a row taken
   * out of the page and put back would lose the focus.
   */
  function arrange(wanted) {
    const anchor = wanted.findIndex((row) => row === document.activeElement);
    for (let i = anchor - 1; i >= 0; i -= 1) {
      if (wanted[i].nextSibling !== wanted[i + 1]) spacer.insertBefore(wanted[i], wanted[i + 1]);
    }
    for (let i = anchor + 1; i < wanted.length; i += 1) {
      const after = i > 0 ? wanted[i - 1].nextSibling : spacer.firstChild;
      if (wanted[i] !== after) spacer.insertBefore(wanted[i], after);
    }
  }

  /** A selection made elsewhere (the canvas, Tab, Ctrl+A): its first row comes into view. */
  function noticeSelection() {
    if (state.selection === seenSelection) return;
    seenSelection = state.selection;
    if (state.selection === ownSelection || !state.selection.size) return;
    let top = -1;
    for (const id of state.selection) top = Math.max(top, page.index.get(id) ?? -1);
    if (top < 0) return;
    const position = count() - 1 - top;
    if (!list.contains(document.activeElement)) focusId = at(position).id;
    reveal(position);
  }

  /** Scrolls the list so that a position is in view, if it is not. */
  function reveal(position) {
    const top = position * ROW;
    const height = list.clientHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + ROW > list.scrollTop + height) list.scrollTop = top + ROW - height;
  }

  // MARK: - Selecting

  /** Selects a rectangle, or with `adding` puts it in the selection or takes it out. */
  function choose(id, adding) {
    if (adding) {
      const ids = new Set(state.selection);
      if (ids.has(id)) ids.delete(id); else ids.add(id);
      editor.select([...ids]);
    } else {
      editor.select([id]);
    }
    ownSelection = state.selection;
  }

  /** Moves the focus to a position of the list, in view. */
  function focusAt(position) {
    const total = count();
    if (!total) return;
    position = Math.min(Math.max(position, 0), total - 1);
    focusId = at(position).id;
    reveal(position);
    update();
    const row = rows.get(focusId);
    if (row) row.focus({ preventScroll: true });
  }

  list.addEventListener("click", (event) => {
    if (suppressClick) { suppressClick = false; return; }
    const row = event.target.closest(".layer");
    if (!row || !page.index.has(row.dataset.id)) return;
    focusId = row.dataset.id;
    choose(focusId, event.shiftKey || event.ctrlKey || event.metaKey);
    row.focus({ preventScroll: true });
  });

  list.addEventListener("keydown", (event) => {
    const total = count();
    const position = Math.max(positionOf(focusId), 0);
    const screenful = Math.max(1, Math.floor(list.clientHeight / ROW) - 1);
    const adding = event.shiftKey || event.ctrlKey || event.metaKey;
    if (event.key === "Escape" && press && press.dragging) {
      endDrag(null);
    } else if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      // Up the list is up the z-order.
      following = state.selection.size > 0;
      editor.orderSelected(event.key === "ArrowUp" ? "forward" : "backward");
    } else if (event.key === "ArrowUp") focusAt(position - 1);
    else if (event.key === "ArrowDown") focusAt(position + 1);
    else if (event.key === "PageUp") focusAt(position - screenful);
    else if (event.key === "PageDown") focusAt(position + screenful);
    else if (event.key === "Home") focusAt(0);
    else if (event.key === "End") focusAt(total - 1);
    else if ((event.key === " " || event.key === "Enter") && focusId !== null && total) {
      choose(focusId, adding);
    } else {
      return;
    }
    // The editor's own keys (arrows nudge the selection, Space pans) are not for this list.
    event.preventDefault();
    event.stopPropagation();
  });

  // MARK: - Dragging

  list.addEventListener("pointerdown", (event) => {
    suppressClick = false;
    const row = event.target.closest(".layer");
    // A press that never became a drag (released outside the list) is simply replaced.
    if (!row || state.gone || (press && press.dragging)) return;
    // A mouse drags a row from anywhere on it; a finger or a pen from its grip, so that the
    // list still scrolls under a finger.
    const grip = event.target.closest(".grip");
    if (!grip && !(event.pointerType === "mouse" && event.button === 0)) return;
    press = { id: row.dataset.id, pointerId: event.pointerId, y: event.clientY,
              dragging: false, moving: null, gap: null, lastY: event.clientY, frame: 0 };
    if (grip) event.preventDefault();
  });

  list.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    press.lastY = event.clientY;
    if (!press.dragging) {
      if (Math.abs(event.clientY - press.y) < DRAG_START) return;
      if (!page.index.has(press.id)) { press = null; return; }
      press.dragging = true;
      press.moving = new Set(state.selection.has(press.id) ? state.selection : [press.id]);
      list.setPointerCapture(event.pointerId);
      list.classList.add("dragging");
      press.frame = requestAnimationFrame(scrollWhileDragging);
    }
    showGap(event.clientY);
  });

  /** The gap of the list nearest to a client y (0 is above the top row), and its line. */
  function showGap(clientY) {
    const box = list.getBoundingClientRect();
    const y = clientY - box.top + list.scrollTop;
    press.gap = Math.min(Math.max(Math.round(y / ROW), 0), count());
    line.hidden = false;
    line.style.transform = `translateY(${press.gap * ROW - 1}px)`;
    update();
  }

  /** Near the list's top or bottom edge, a drag scrolls it, faster the nearer it is. */
  function scrollWhileDragging() {
    if (!press || !press.dragging) return;
    const box = list.getBoundingClientRect();
    const edge = Math.min(ROW * 1.5, box.height / 3);
    const above = box.top + edge - press.lastY, below = press.lastY - (box.bottom - edge);
    const by = above > 0 ? -above : below > 0 ? below : 0;
    if (by) {
      list.scrollTop += Math.round(by / 2);
      showGap(press.lastY);
    }
    press.frame = requestAnimationFrame(scrollWhileDragging);
  }

  /** Ends a drag: with an event, the rectangles move to the gap as one edit. */
  function endDrag(event) {
    const done = press;
    press = null;
    if (!done) return;
    cancelAnimationFrame(done.frame);
    line.hidden = true;
    list.classList.remove("dragging");
    if (list.hasPointerCapture(done.pointerId)) list.releasePointerCapture(done.pointerId);
    if (done.dragging) suppressClick = Boolean(event);
    if (event && done.dragging && done.gap !== null) {
      // The gap in z-order: how many of the others stay under the moved ones.
      const total = count();
      const zGap = total - done.gap;
      let stayingBelow = zGap;
      for (const id of done.moving) if ((page.index.get(id) ?? total) < zGap) stayingBelow -= 1;
      const steps = placeSteps(page.index, [...done.moving], stayingBelow);
      if (steps.length) editor.edit(steps);
    }
    update(true);
  }

  list.addEventListener("pointerup", (event) => {
    if (press && event.pointerId === press.pointerId) endDrag(event);
  });
  list.addEventListener("pointercancel", (event) => {
    if (press && event.pointerId === press.pointerId) endDrag(null);
  });

  // MARK: - Hover, scrolling, size

  // The row under the pointer outlines its rectangle on the canvas, as hovering there does.
  list.addEventListener("pointerover", (event) => {
    const row = event.target.closest(".layer");
    const id = row && !press ? row.dataset.id : null;
    if (id && id !== state.hovered && event.pointerType !== "touch") {
      state.hovered = id;
    }
  });
  list.addEventListener("pointerleave", () => {
    if (state.hovered === null) return;
    state.hovered = null;
  });

  list.addEventListener("scroll", () => update(), { passive: true });
  new ResizeObserver(() => update()).observe(list);
  editor.store.subscribe(["drawing", "selection"], () => {
    update();
    if (following) {
      following = false;
      const position = positionOf(focusId);
      if (position >= 0) reveal(position);
      update();
    }
  });
}
