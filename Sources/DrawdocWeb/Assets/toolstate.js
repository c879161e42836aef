// The tools as small state machines, as tldraw has them: for each tool, the states a gesture
// goes through and what the page does on each step. Pure: no DOM, so that node tests every
// transition (Tests/page/toolstate.test.mjs); gestures.js is the adapter that turns pointer
// events and keys into these events and carries out the effects. An ES module.
//
//   select:    idle → pointing → dragging (pressed on the selection)
//                              → resizing (pressed on a handle)
//                              → marquee  (pressed on empty canvas)
//              idle → pointing (a finger, once a pen has touched the page) → panning
//              idle → panning (Space held, the middle button: the viewport pans)
//   rectangle: idle → pointing → drawing; a finger and the viewport pan as with select
//   hand:      idle → panning
//
// Every state goes back to idle on release (what the gesture did is made: "commit-…") or on
// cancel (Escape, pointercancel, a second finger, a long press's menu: "put-back"). A press
// that never moves DRAG_THRESHOLD screen pixels from where it began is a click, not a drag.

/** How far, in screen pixels, a press moves before it is a drag rather than a click. */
export const DRAG_THRESHOLD = 3;

/** The states of each tool's machine, idle first. */
export const STATES = Object.freeze({
  select: ["idle", "pointing", "dragging", "resizing", "marquee", "panning"],
  rectangle: ["idle", "pointing", "drawing", "panning"],
  hand: ["idle", "panning"],
});

/** Where a pointing press goes once it moves past the threshold, and what each move does. */
const DRAGS = {
  select: {
    rectangle: { state: "dragging", effect: "preview-move" },
    handle: { state: "resizing", effect: "preview-resize" },
    canvas: { state: "marquee", effect: "preview-marquee" },
    finger: { state: "panning", effect: "pan" },
  },
  rectangle: {
    canvas: { state: "drawing", effect: "preview-draw" },
    finger: { state: "panning", effect: "pan" },
  },
  hand: {},
};

/** The state a tool rests in. */
export function idle(tool) {
  return { tool, name: "idle" };
}

/**
 * The step of a tool's machine: the state after `event` in `state` (`{tool, name, target?,
 * duplicate?}`), and the effects the page carries out, in order. Events:
 * - `{type: "down", pans, on, shift, alt}`: a press. `pans` is "view" when the viewport pans
 *   it (the hand tool, Space held, the middle button), "finger" for a finger once a pen has
 *   touched the page; `on` is what lies under it: "handle", "selected", "unselected" (a
 *   rectangle) or "canvas".
 * - `{type: "move", distance, touch}`: the pointer moved; `distance` from the press, in screen
 *   pixels; `touch`, a finger's.
 * - `{type: "up"}`: the press let go. `{type: "cancel"}`: the gesture dropped.
 * - `{type: "keys"}`: Shift, Alt, Ctrl or ⌘ went down or up (they shape a move, resize or
 *   draw: the preview is made again where the pointer is).
 * Returns `{state, effects}`; an event a state does not take leaves it as it is, with none.
 */
export function next(state, event) {
  const stay = { state, effects: [] };
  const { tool, name } = state;
  const to = (next, effects, extra = {}) => ({ state: { tool, name: next, ...extra }, effects });
  switch (event.type) {
  case "down":
    if (name !== "idle") return stay;
    return pressed(tool, event, to);
  case "move": {
    if (name === "idle") {
      return to("idle", tool === "select" && !event.touch ? ["hover"] : []);
    }
    if (name === "pointing") {
      if (event.distance < DRAG_THRESHOLD) return stay;
      const drag = DRAGS[tool][state.target];
      return { state: { ...state, name: drag.state }, effects: [drag.effect] };
    }
    if (name === "panning" && state.target === "view") return stay;
    return { state, effects: [movingEffect(state)] };
  }
  case "keys":
    if (["dragging", "resizing", "drawing"].includes(name)) {
      return { state, effects: [movingEffect(state)] };
    }
    return stay;
  case "up":
    if (name === "idle") return stay;
    return to("idle", released(state));
  case "cancel":
    if (name === "idle") return stay;
    return to("idle", cancelled(state));
  default:
    return stay;
  }
}

/** The state and effects of a press in idle. */
function pressed(tool, event, to) {
  if (event.pans === "view" || tool === "hand") return to("panning", [], { target: "view" });
  if (event.pans === "finger") return to("pointing", ["start-pan", "capture"], { target: "finger" });
  if (tool === "rectangle") return to("pointing", ["start-draw", "capture"], { target: "canvas" });
  const duplicate = Boolean(event.alt);
  switch (event.on) {
  case "handle":
    return to("pointing", ["start-resize", "capture"], { target: "handle" });
  case "selected":
    // Shift takes a selected rectangle out of the selection: nothing is left to drag.
    if (event.shift) return to("idle", ["toggle-selection"]);
    return to("pointing", ["start-move", "capture"], { target: "rectangle", duplicate });
  case "unselected":
    // Shift adds it to the selection, without it the selection is it; either way it drags.
    return to("pointing", [event.shift ? "toggle-selection" : "select-pressed", "start-move", "capture"],
      { target: "rectangle", duplicate });
  default:
    // The marquee keeps the selection with Shift; without, a press on nothing selects nothing.
    return to("pointing", event.shift ? ["start-marquee", "capture"]
      : ["start-marquee", "clear-selection", "capture"], { target: "canvas" });
  }
}

/** What a move (or a key) does in a state past the threshold. */
function movingEffect(state) {
  return { dragging: "preview-move", resizing: "preview-resize", marquee: "preview-marquee",
           drawing: "preview-draw", panning: "pan" }[state.name];
}

/** What letting go does: a drag is made, a click only puts the preview back. */
function released(state) {
  switch (state.name) {
  case "pointing":
    if (state.target === "finger") return state.tool === "select" ? ["tap-select"] : [];
    // A press on empty canvas with the select tool has selected nothing: that is made.
    if (state.target === "canvas" && state.tool === "select") return ["end-marquee"];
    return ["click"];
  case "dragging": return [state.duplicate ? "commit-duplicate" : "commit-move"];
  case "resizing": return ["commit-resize"];
  case "drawing": return ["commit-draw"];
  case "marquee": return ["end-marquee"];
  default: return [];
  }
}

/**
 * What a cancel does: the rectangles go back where they were; the viewport's pan stops. A
 * marquee keeps what it has selected so far, as a release would.
 */
function cancelled(state) {
  if (state.name === "marquee" || (state.name === "pointing" && state.target === "canvas"
      && state.tool === "select")) return ["end-marquee"];
  if (state.target === "finger") return [];
  if (state.target === "view") return ["stop-pan"];
  return ["put-back"];
}
