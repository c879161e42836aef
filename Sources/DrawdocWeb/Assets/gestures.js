// The editor's pointer gestures on the canvas: click and Shift-click select, a drag on empty
// canvas draws a marquee that selects every rectangle it touches, a drag moves the selection,
// eight handles resize it (Shift keeps the aspect ratio, Alt resizes about the centre), and the
// rectangle tool draws (Shift: a square). Moves, resizes and drawing snap, with guides, unless
// snapping is off or Ctrl/⌘ is held. Each gesture is one edit when the pointer is released.
// A pen (an Apple Pencil) does all this as a mouse does; once one has touched the page, a
// finger only moves the view (one drags it, two pinch) and a tap selects, as in iPad drawing
// apps: the pencil draws, the hand holds the paper. An ES module.

import { bottomFirst, copies, hit } from "./geometry.js";
import { SNAP_DISTANCE, boxLines, snapTargets, snapped } from "./snap.js";
import { idle, next } from "./toolstate.js";
import { drawn } from "./tools.js";

/** The box around rectangles: {x, y, width, height}, or null for none. */
export function bounds(rectangles) {
  if (!rectangles.length) return null;
  let left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
  for (const r of rectangles) {
    left = Math.min(left, r.x);
    top = Math.min(top, r.y);
    right = Math.max(right, r.x + r.width);
    bottom = Math.max(bottom, r.y + r.height);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * The box `b` resized by dragging `handle` (`n`, `ne`, … `nw`) to point `p`: the opposite
 * edge stays (with `fromCentre`, the centre does); with `keepAspect`, the width and height
 * keep their ratio. Dragged past the opposite edge (past the centre), the box flips, as in
 * Figma and Excalidraw: the scale along that axis is negative, and the box returned is the
 * mirrored one, at least 1 across. Returns the box and the scale along each axis.
 */
export function resizedBox(b, handle, p, keepAspect, fromCentre) {
  const horizontal = handle.includes("e") || handle.includes("w");
  const vertical = handle.includes("n") || handle.includes("s");
  const anchorOf = (start, size, towardsStart) =>
    fromCentre ? start + size / 2 : towardsStart ? start + size : start;
  const scale = (along, start, size, towardsStart) => {
    const anchor = anchorOf(start, size, towardsStart);
    const reach = (towardsStart ? anchor - along : along - anchor) * (fromCentre ? 2 : 1);
    // Never less than 1 across, on either side of the anchor.
    return (reach < 0 ? Math.min(reach, -1) : Math.max(reach, 1)) / size;
  };
  let sx = horizontal ? scale(p.x, b.x, b.width, handle.includes("w")) : 1;
  let sy = vertical ? scale(p.y, b.y, b.height, handle.includes("n")) : 1;
  if (keepAspect) {
    // The larger scale for both; each axis flips only where the pointer took it across.
    const larger = Math.max(Math.abs(sx), Math.abs(sy));
    if (horizontal && vertical) { sx = Math.sign(sx) * larger; sy = Math.sign(sy) * larger; }
    else if (horizontal) sy = Math.abs(sx);
    else sx = Math.abs(sy);
  }
  /** Where the box lies along one axis, {at, length}: a dragged axis from its anchor, the
   *  other one (scaled only to keep the aspect) about its middle. */
  const span = (start, size, s, towardsStart, dragged) => {
    const length = size * s;
    if (!dragged) return { at: start + (size - Math.abs(length)) / 2, length: Math.abs(length) };
    const anchor = anchorOf(start, size, towardsStart);
    const ends = fromCentre ? [anchor - length / 2, anchor + length / 2]
      : towardsStart ? [anchor - length, anchor] : [anchor, anchor + length];
    return { at: Math.min(...ends), length: Math.abs(length) };
  };
  const across = span(b.x, b.width, sx, handle.includes("w"), horizontal);
  const down = span(b.y, b.height, sy, handle.includes("n"), vertical);
  return { box: { x: across.at, y: down.at, width: across.length, height: down.length }, sx, sy };
}

/** Where a handle (`n`, `ne`, … `nw`) of a box is. */
export function handlePoint(box, name) {
  return {
    x: name.includes("w") ? box.x : name.includes("e") ? box.x + box.width : box.x + box.width / 2,
    y: name.includes("n") ? box.y : name.includes("s") ? box.y + box.height : box.y + box.height / 2,
  };
}

/**
 * A rectangle carried along when box `from` becomes `to` with scales `sx` and `sy`, in whole
 * units, at least 1 by 1. A negative scale mirrors it within the box: what was at `from`'s
 * left edge is at `to`'s right edge.
 */
export function carried(r, from, to, sx, sy) {
  const along = (value, start, target, size, s) => (s < 0 ? target + size : target) + (value - start) * s;
  const left = Math.round(along(r.x, from.x, to.x, to.width, sx));
  const right = Math.round(along(r.x + r.width, from.x, to.x, to.width, sx));
  const top = Math.round(along(r.y, from.y, to.y, to.height, sy));
  const bottom = Math.round(along(r.y + r.height, from.y, to.y, to.height, sy));
  return { ...r, x: Math.min(left, right), y: Math.min(top, bottom),
           width: Math.max(1, Math.abs(right - left)), height: Math.max(1, Math.abs(bottom - top)) };
}

/** Whether a rectangle touches a box (edges included). */
function touches(r, box) {
  return r.x <= box.x + box.width && box.x <= r.x + r.width
    && r.y <= box.y + box.height && box.y <= r.y + r.height;
}

/**
 * Whether a pointer pressed on the canvas moves the view instead of using the tool: a finger,
 * once a pen has touched the page. Before that, a finger uses the tool as a mouse does.
 */
export function pansView(pointerType, penSeen) {
  return pointerType === "touch" && penSeen;
}

/**
 * Prevents what a browser does on a press (select text, start a drag), except for a pen:
 * WebKit (WebKitGTK 2.50) sends a pen nothing more, not even its release, after a pointerdown
 * whose default was prevented. The stage selects no text (user-select) and scrolls under no
 * touch (touch-action), so for a pen nothing is lost.
 */
export function keepDefault(event) {
  if (event.pointerType !== "pen") event.preventDefault();
}
/**
 * Connects the gestures: the DOM's side of the tools' machines (toolstate.js). Pointer events
 * and keys become the machine's events; its effects are carried out here. `editor` gives:
 * `stage`, `view`, `page` (the PageDrawing), `state` (selection, hovered, snap, grid,
 * lastColor, gone), `tools`, `select(ids)`, `edit(steps)`, `mark(extra)` (what the gesture
 * draws on the overlay), `setSteps(changes)` (the set steps of moved rectangles),
 * `drawRectangle(box)`.
 * Returns `{cancel, active, state}`: drop the gesture under way, whether one is, and the name
 * of the machine's state.
 */
export function connectGestures(editor) {
  const { stage, view, page, state, tools } = editor;
  /** The machine's state, and what the gesture under way holds (its rectangles, its start). */
  let mode = idle(tools.current);
  let gesture = null;
  /** The pointer event the gesture saw last: a key change previews again from it. */
  let last = null;
  /** Whether a pen has touched this page (seen before any listener of the stage can stop it). */
  let penSeen = false;
  window.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "pen") penSeen = true;
  }, { capture: true });
  // A second finger makes a pinch (the viewport's): the gesture of the first is dropped.
  view.onPinch = () => cancel();
  // The viewport pans by itself (the hand tool, Space held, the middle button); the machine
  // follows, so that Escape stops it and `state()` tells.
  view.onPan = (started) => drive(started ? { type: "down", pans: "view" } : { type: "up" }, null);

  /** Takes the machine one step, and carries out what it says. */
  function drive(event, pointer) {
    if (mode.name === "idle") mode = idle(tools.current);
    const step = next(mode, event);
    // What a gesture drew on the overlay goes when it ends; the edit or selection draws on.
    if (mode.name !== "idle" && step.state.name === "idle") editor.mark();
    mode = step.state;
    if (pointer) last = pointer;
    for (const effect of step.effects) perform(effect, pointer);
    if (mode.name === "idle") { gesture = null; last = null; }
  }

  const snapOn = (event) => state.snap && !(event.ctrlKey || event.metaKey);

  /**
   * The handle whose zone holds a point, for a finger or a pen. A zone is the square 22 screen
   * pixels about its handle (44 px across), cut so that it reaches into the selection's box no
   * more than a quarter of the box's width (or height): the middle half of a selection moves
   * it, however far out the view is zoomed. A point inside another rectangle is no handle's,
   * since a drag there is meant for that rectangle; except one that holds the whole selection,
   * a background it lies on, whose rest is there to drag.
   */
  function nearHandle(point) {
    if (!state.selection.size || tools.current !== "select") return undefined;
    const box = bounds(selected());
    const inward = { x: box.width / 4, y: box.height / 4 };
    const right = box.x + box.width, bottom = box.y + box.height;
    let best, nearest = 22 * view.unitsPerPixel();
    for (const name of ["nw", "ne", "se", "sw", "n", "e", "s", "w"]) {
      const at = handlePoint(box, name);
      const distance = Math.max(Math.abs(at.x - point.x), Math.abs(at.y - point.y));
      if (distance > nearest
          || (name.includes("w") && point.x - box.x > inward.x)
          || (name.includes("e") && right - point.x > inward.x)
          || (name.includes("n") && point.y - box.y > inward.y)
          || (name.includes("s") && bottom - point.y > inward.y)) continue;
      best = name;
      nearest = distance;
    }
    if (!best) return undefined;
    const another = page.rectangles.some((r) => !state.selection.has(r.id)
      && r.x <= point.x && point.x < r.x + r.width && r.y <= point.y && point.y < r.y + r.height
      && !(r.x <= box.x && r.y <= box.y && r.x + r.width >= right && r.y + r.height >= bottom));
    return another ? undefined : best;
  }
  const reach = () => SNAP_DISTANCE * view.unitsPerPixel();
  const selected = () => [...state.selection].map((id) => page.rectangle(id)).filter(Boolean);

  stage.addEventListener("pointerdown", (event) => {
    if (!page.drawing || state.gone || state.previewing || event.button > 0) return;
    // A click gives the canvas the keys without the keyboard's focus ring around it.
    stage.focus({ preventScroll: true, focusVisible: false });
    // A press that finds a gesture under way (its release was lost) drops that one first.
    if (mode.name !== "idle") cancel();
    const point = view.canvasPoint(event);
    const handle = (event.target.dataset && event.target.dataset.handle)
      || (event.pointerType !== "mouse" ? nearHandle(point) : undefined);
    const pans = pansView(event.pointerType, penSeen) ? "finger" : undefined;
    const onHandle = Boolean(handle && state.selection.size);
    // What lies under the press matters to the select tool only, and not on a handle.
    const found = tools.current === "select" && !pans && !onHandle ? hit(page.rectangles, point)
      : undefined;
    gesture = { start: point, pointer: event.pointerType, handle, found,
                from: { x: event.clientX, y: event.clientY } };
    const on = onHandle ? "handle"
      : !found ? "canvas" : state.selection.has(found.id) ? "selected" : "unselected";
    drive({ type: "down", pans, on, shift: event.shiftKey, alt: event.altKey }, event);
  });

  stage.addEventListener("pointermove", (event) => {
    const distance = gesture ? (gesture.pointer === "touch" && mode.target === "finger"
      ? Math.hypot(event.clientX - gesture.from.x, event.clientY - gesture.from.y)
      : Math.hypot(...delta(view.canvasPoint(event))) / view.unitsPerPixel()) : 0;
    drive({ type: "move", distance, touch: event.pointerType === "touch" }, event);
  });

  // Shift, Alt, Ctrl and ⌘ shape a move, resize or draw at once, not at the next move.
  for (const type of ["keydown", "keyup"]) {
    document.addEventListener(type, (event) => {
      if (!last || !["Shift", "Alt", "Control", "Meta"].includes(event.key)) return;
      const { clientX, clientY } = last;
      drive({ type: "keys" }, { clientX, clientY, shiftKey: event.shiftKey, altKey: event.altKey,
                                ctrlKey: event.ctrlKey, metaKey: event.metaKey });
    });
  }

  const delta = (point) => [point.x - gesture.start.x, point.y - gesture.start.y];

  /** Carries out an effect the machine names, for the pointer (or key) event that led to it. */
  function perform(effect, event) {
    switch (effect) {
    case "capture":
      stage.setPointerCapture(event.pointerId);
      keepDefault(event);
      return;
    case "toggle-selection": {
      const ids = new Set(state.selection);
      if (ids.has(gesture.found.id)) ids.delete(gesture.found.id); else ids.add(gesture.found.id);
      return editor.select([...ids]);
    }
    case "select-pressed": return editor.select([gesture.found.id]);
    case "clear-selection": return editor.select([]);
    case "start-move": {
      const original = selected();
      // With Alt, the drag leaves the originals and drops copies (as in Figma and Excalidraw).
      Object.assign(gesture, { original, box: bounds(original), targets: null,
                               duplicate: mode.duplicate });
      return;
    }
    case "start-resize": {
      const original = selected();
      const box = bounds(original);
      // Where the handle is: the drag moves it from there, wherever in its area it was taken.
      const at = handlePoint(box, gesture.handle);
      Object.assign(gesture, { original, box,
                               offset: { x: at.x - gesture.start.x, y: at.y - gesture.start.y },
                               targets: snapTargets(page.drawing, page.rectangles, state.selection) });
      return;
    }
    case "start-marquee":
      gesture.kept = new Set(event.shiftKey ? state.selection : []);
      return;
    case "start-draw":
      gesture.targets = snapTargets(page.drawing, page.rectangles, new Set());
      return;
    case "start-pan": return;
    case "preview-move": return previewMove(event);
    case "preview-resize": return previewResize(event);
    case "preview-draw": return previewDraw(event);
    case "preview-marquee": return previewMarquee(event);
    case "pan": return pan(event);
    case "hover": return hover(event);
    case "tap-select": {
      // A finger's tap selects what it is on (nothing, off every rectangle).
      const found = hit(page.rectangles, gesture.start);
      return editor.select(found ? [found.id] : []);
    }
    case "end-marquee": return editor.select([...state.selection]);
    // A click moved nothing: its nodes are as they were, and are left alone (at 100,000
    // rectangles, touching them cost the first click half a second).
    case "click": return showOriginals();
    case "put-back": return putBack();
    case "commit-move": case "commit-resize":
      showOriginals();
      return editor.edit(editor.setSteps(gesture.original, gesture.result));
    case "commit-duplicate": {
      showOriginals();
      const { original, result } = gesture;
      const stacked = bottomFirst(original, page.index);
      const added = copies(stacked, result[0].x - original[0].x, result[0].y - original[0].y);
      editor.edit(added);
      return editor.select(added.map((step) => step.add.id));
    }
    case "commit-draw": {
      const r = gesture.result;
      return editor.drawRectangle({ x: r.x, y: r.y, width: r.width, height: r.height });
    }
    case "stop-pan":
      view.panning = null;
      return;
    default:
      throw new Error(`gestures.js does not know the effect "${effect}"`);
    }
  }

  function previewMove(event) {
    const [dx, dy] = delta(view.canvasPoint(event));
    // The targets are gathered on the first move, not at every click.
    gesture.targets ||= snapTargets(page.drawing, page.rectangles, state.selection);
    let ox = Math.round(dx), oy = Math.round(dy);
    let guides = [];
    if (snapOn(event)) {
      const lines = boxLines({ ...gesture.box, x: gesture.box.x + ox, y: gesture.box.y + oy });
      const pull = snapped(lines.xs, lines.ys, gesture.targets, reach(), state.grid);
      ox += Math.round(pull.dx);
      oy += Math.round(pull.dy);
      guides = pull.guides;
    }
    gesture.result = gesture.original.map((r) => ({ ...r, x: r.x + ox, y: r.y + oy }));
    follow(gesture, guides);
  }

  function previewResize(event) {
    const point = view.canvasPoint(event);
    const moved = { x: point.x + gesture.offset.x, y: point.y + gesture.offset.y };
    const pull = snapOn(event) ? snapped([moved.x], [moved.y], gesture.targets, reach(), state.grid)
      : { dx: 0, dy: 0, guides: [] };
    const target = { x: moved.x + pull.dx, y: moved.y + pull.dy };
    const { box, sx, sy } = resizedBox(gesture.box, gesture.handle, target, event.shiftKey, event.altKey);
    gesture.result = gesture.original.map((r) => carried(r, gesture.box, box, sx, sy));
    follow(gesture, pull.guides);
  }

  function previewDraw(event) {
    const snapPoint = (p) => {
      if (!snapOn(event)) return { point: p, guides: [] };
      const pull = snapped([p.x], [p.y], gesture.targets, reach(), state.grid);
      return { point: { x: p.x + pull.dx, y: p.y + pull.dy }, guides: pull.guides };
    };
    const from = snapPoint(gesture.start), to = snapPoint(view.canvasPoint(event));
    gesture.result = { ...drawn(from.point, to.point, event.shiftKey),
                       color: state.lastColor || "#9ca3af" };
    editor.mark({ ghost: gesture.result, guides: [...from.guides, ...to.guides] });
  }

  function previewMarquee(event) {
    const point = view.canvasPoint(event);
    const [dx, dy] = delta(point);
    const box = { x: Math.min(gesture.start.x, point.x), y: Math.min(gesture.start.y, point.y),
                  width: Math.abs(dx), height: Math.abs(dy) };
    const ids = new Set(gesture.kept);
    for (const r of page.rectangles) if (touches(r, box)) ids.add(r.id);
    editor.select([...ids], { quiet: true });
    editor.mark({ marquee: box });
  }

  /**
   * Shows the rectangles of a move or resize where the pointer takes them: copies drawn on
   * the overlay, a layer of their own, while the rectangles themselves are hidden, so that a
   * frame repaints the copies and not the whole drawing. Past a thousand, the rectangles
   * themselves move.
   */
  function follow(moving, guides) {
    const drawn = moving.duplicate || moving.result.length <= 1000;
    if (drawn && !moving.hidden && !moving.duplicate) {
      moving.hidden = true;
      page.hide(moving.original.map((r) => r.id), true);
    }
    if (!drawn) page.preview(moving.result);
    editor.mark({ boxes: moving.result, copies: drawn, guides });
  }

  /** Shows the rectangles a move or resize hid. */
  function showOriginals() {
    if (gesture.hidden) page.hide(gesture.original.map((r) => r.id), false);
    gesture.hidden = false;
  }

  /** Puts the rectangles of a move or resize back where they were. */
  function putBack() {
    showOriginals();
    if (gesture.original) page.preview(gesture.original);
  }

  /** A finger dragging the view: it starts past 3 pixels, so that a tap stays a tap. */
  function pan(event) {
    view.panBy(event.clientX - gesture.from.x, event.clientY - gesture.from.y);
    gesture.from = { x: event.clientX, y: event.clientY };
  }

  function hover(event) {
    if (!page.drawing) return;
    // Over the zoom control, which lies on the stage, no rectangle is under the pointer.
    const control = event.target.closest && event.target.closest(".zoom-control");
    const over = control ? null : hit(page.rectangles, view.canvasPoint(event));
    const id = over ? over.id : null;
    stage.classList.toggle("over", Boolean(over));
    if (id !== state.hovered) state.hovered = id;
  }

  function end(event, type) {
    if (stage.hasPointerCapture(event.pointerId)) stage.releasePointerCapture(event.pointerId);
    drive({ type }, event);
  }

  stage.addEventListener("pointerleave", () => {
    state.hovered = null;
    if (mode.name === "idle" && page.drawing) editor.mark();
  });
  stage.addEventListener("pointerup", (event) => end(event, "up"));
  stage.addEventListener("pointercancel", (event) => end(event, "cancel"));

  /** Drops the gesture under way, its rectangles shown where they were. */
  function cancel() {
    drive({ type: "cancel" }, null);
  }
  return { cancel, active: () => mode.name !== "idle", state: () => mode.name };
}
