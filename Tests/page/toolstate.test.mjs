// toolstate.js: every transition of the tools' machines, and what each asks the page to do.
// Every expected state and effect list is written out by hand from the machines' rules.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DRAG_THRESHOLD, STATES, idle, next } from "../../Sources/DrawdocWeb/Assets/toolstate.js";

/** Runs events through a machine from `state`: the state reached and every effect, in order. */
function run(state, ...events) {
  const effects = [];
  for (const event of events) {
    const step = next(state, event);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

const down = (on, more = {}) => ({ type: "down", on, shift: false, alt: false, ...more });
const move = (distance, touch = false) => ({ type: "move", distance, touch });
const up = { type: "up" };
const cancel = { type: "cancel" };
const keys = { type: "keys" };

test("the threshold is 3 screen pixels, and each tool's states start with idle", () => {
  assert.equal(DRAG_THRESHOLD, 3);
  assert.deepEqual(STATES.select, ["idle", "pointing", "dragging", "resizing", "marquee", "panning"]);
  assert.deepEqual(STATES.rectangle, ["idle", "pointing", "drawing", "panning"]);
  assert.deepEqual(STATES.hand, ["idle", "panning"]);
  assert.deepEqual(idle("hand"), { tool: "hand", name: "idle" });
});

// MARK: select

test("select: a press on the selection points, a move of 3 px drags, release commits the move", () => {
  const pointing = next(idle("select"), down("selected"));
  assert.deepEqual(pointing, {
    state: { tool: "select", name: "pointing", target: "rectangle", duplicate: false },
    effects: ["start-move", "capture"] });
  assert.deepEqual(next(pointing.state, move(2.9)), { state: pointing.state, effects: [] });
  const dragging = next(pointing.state, move(3));
  assert.deepEqual(dragging, {
    state: { tool: "select", name: "dragging", target: "rectangle", duplicate: false },
    effects: ["preview-move"] });
  // Once dragging, every move previews, even one back near the press.
  assert.deepEqual(next(dragging.state, move(1)).effects, ["preview-move"]);
  assert.deepEqual(next(dragging.state, up),
    { state: { tool: "select", name: "idle" }, effects: ["commit-move"] });
});

test("select: a press that never moves 3 px is a click, not a drag", () => {
  assert.deepEqual(run(idle("select"), down("selected"), move(1), move(2.5), up),
    { state: { tool: "select", name: "idle" }, effects: ["start-move", "capture", "click"] });
  assert.deepEqual(run(idle("select"), down("handle"), move(2), up),
    { state: { tool: "select", name: "idle" }, effects: ["start-resize", "capture", "click"] });
});

test("select: a press on another rectangle selects it, then drags it", () => {
  assert.deepEqual(run(idle("select"), down("unselected"), move(10), up), {
    state: { tool: "select", name: "idle" },
    effects: ["select-pressed", "start-move", "capture", "preview-move", "commit-move"] });
});

test("select: Shift toggles: a selected rectangle leaves the selection, another joins and drags", () => {
  assert.deepEqual(next(idle("select"), down("selected", { shift: true })),
    { state: { tool: "select", name: "idle" }, effects: ["toggle-selection"] });
  assert.deepEqual(next(idle("select"), down("unselected", { shift: true })), {
    state: { tool: "select", name: "pointing", target: "rectangle", duplicate: false },
    effects: ["toggle-selection", "start-move", "capture"] });
});

test("select: Alt at the press makes the drag a duplicate", () => {
  assert.deepEqual(run(idle("select"), down("selected", { alt: true }), move(5), up), {
    state: { tool: "select", name: "idle" },
    effects: ["start-move", "capture", "preview-move", "commit-duplicate"] });
});

test("select: a press on a handle resizes; keys preview it again where the pointer is", () => {
  const pointing = next(idle("select"), down("handle"));
  assert.deepEqual(pointing, { state: { tool: "select", name: "pointing", target: "handle" },
                               effects: ["start-resize", "capture"] });
  // Keys change nothing before the drag.
  assert.deepEqual(next(pointing.state, keys), { state: pointing.state, effects: [] });
  assert.deepEqual(run(pointing.state, move(4), keys, move(8), up), {
    state: { tool: "select", name: "idle" },
    effects: ["preview-resize", "preview-resize", "preview-resize", "commit-resize"] });
});

test("select: a press on empty canvas clears the selection and draws a marquee", () => {
  const pointing = next(idle("select"), down("canvas"));
  assert.deepEqual(pointing, { state: { tool: "select", name: "pointing", target: "canvas" },
                               effects: ["start-marquee", "clear-selection", "capture"] });
  const marquee = next(pointing.state, move(3));
  assert.deepEqual(marquee, { state: { tool: "select", name: "marquee", target: "canvas" },
                              effects: ["preview-marquee"] });
  // The marquee does not depend on keys.
  assert.deepEqual(next(marquee.state, keys), { state: marquee.state, effects: [] });
  assert.deepEqual(next(marquee.state, up),
    { state: { tool: "select", name: "idle" }, effects: ["end-marquee"] });
  // A click on empty canvas: the empty selection is made.
  assert.deepEqual(run(idle("select"), down("canvas"), up).effects,
    ["start-marquee", "clear-selection", "capture", "end-marquee"]);
  // With Shift, the selection is kept.
  assert.deepEqual(next(idle("select"), down("canvas", { shift: true })).effects,
    ["start-marquee", "capture"]);
});

test("select: cancel from each state goes back to idle and puts things back", () => {
  const cases = [
    [[down("selected")], ["put-back"]],
    [[down("selected"), move(5)], ["put-back"]],
    [[down("selected", { alt: true }), move(5)], ["put-back"]],
    [[down("handle")], ["put-back"]],
    [[down("handle"), move(5)], ["put-back"]],
    // A marquee keeps what it has selected, as a release does.
    [[down("canvas")], ["end-marquee"]],
    [[down("canvas"), move(5)], ["end-marquee"]],
    [[down("canvas", { pans: "finger" })], []],
    [[down("canvas", { pans: "finger" }), move(5)], []],
    [[down("canvas", { pans: "view" })], ["stop-pan"]],
  ];
  for (const [events, effects] of cases) {
    const before = run(idle("select"), ...events).state;
    assert.deepEqual(next(before, cancel), { state: { tool: "select", name: "idle" }, effects },
      `cancel in ${before.name} (${before.target})`);
  }
  assert.deepEqual(next(idle("select"), cancel), { state: idle("select"), effects: [] });
  assert.deepEqual(next(idle("select"), up), { state: idle("select"), effects: [] });
});

test("select: idle hovers under a mouse or a pen, not a finger; keys do nothing", () => {
  assert.deepEqual(next(idle("select"), move(0)), { state: idle("select"), effects: ["hover"] });
  assert.deepEqual(next(idle("select"), move(0, true)), { state: idle("select"), effects: [] });
  assert.deepEqual(next(idle("select"), keys), { state: idle("select"), effects: [] });
});

test("select: a finger after a pen pans past 3 px; its tap selects", () => {
  const pointing = next(idle("select"), down("selected", { pans: "finger" }));
  assert.deepEqual(pointing, { state: { tool: "select", name: "pointing", target: "finger" },
                               effects: ["start-pan", "capture"] });
  assert.deepEqual(run(pointing.state, move(2, true), up).effects, ["tap-select"]);
  assert.deepEqual(run(pointing.state, move(3, true), move(9, true), up), {
    state: { tool: "select", name: "idle" }, effects: ["pan", "pan"] });
  assert.equal(next(pointing.state, move(3, true)).state.name, "panning");
});

test("select: the viewport's pan (Space, the middle button) is panning at once", () => {
  const panning = next(idle("select"), { type: "down", pans: "view" });
  assert.deepEqual(panning, { state: { tool: "select", name: "panning", target: "view" }, effects: [] });
  // The viewport moves the view itself: the machine does nothing on its moves.
  assert.deepEqual(next(panning.state, move(50)), { state: panning.state, effects: [] });
  assert.deepEqual(next(panning.state, up), { state: idle("select"), effects: [] });
});

test("a press while a gesture is under way changes nothing", () => {
  const dragging = run(idle("select"), down("selected"), move(5)).state;
  assert.deepEqual(next(dragging, down("canvas")), { state: dragging, effects: [] });
  const drawing = run(idle("rectangle"), down("canvas"), move(5)).state;
  assert.deepEqual(next(drawing, down("canvas")), { state: drawing, effects: [] });
});

// MARK: rectangle

test("rectangle: idle → pointing → drawing → idle, the rectangle made on release", () => {
  const pointing = next(idle("rectangle"), down("selected"));
  assert.deepEqual(pointing, { state: { tool: "rectangle", name: "pointing", target: "canvas" },
                               effects: ["start-draw", "capture"] });
  assert.deepEqual(next(pointing.state, move(2)), { state: pointing.state, effects: [] });
  const drawing = next(pointing.state, move(3));
  assert.deepEqual(drawing, { state: { tool: "rectangle", name: "drawing", target: "canvas" },
                              effects: ["preview-draw"] });
  // Shift (a square) or Ctrl (no snapping) changes the ghost at once.
  assert.deepEqual(next(drawing.state, keys).effects, ["preview-draw"]);
  assert.deepEqual(next(drawing.state, up), { state: idle("rectangle"), effects: ["commit-draw"] });
});

test("rectangle: a click draws nothing; cancel puts back from pointing and drawing", () => {
  assert.deepEqual(run(idle("rectangle"), down("canvas"), move(1), up),
    { state: idle("rectangle"), effects: ["start-draw", "capture", "click"] });
  assert.deepEqual(run(idle("rectangle"), down("canvas"), cancel).effects,
    ["start-draw", "capture", "put-back"]);
  assert.deepEqual(run(idle("rectangle"), down("canvas"), move(4), cancel).effects,
    ["start-draw", "capture", "preview-draw", "put-back"]);
});

test("rectangle: no hover; a finger after a pen pans, and its tap selects nothing", () => {
  assert.deepEqual(next(idle("rectangle"), move(0)), { state: idle("rectangle"), effects: [] });
  assert.deepEqual(run(idle("rectangle"), down("canvas", { pans: "finger" }), move(1, true), up).effects,
    ["start-pan", "capture"]);
  assert.deepEqual(run(idle("rectangle"), down("canvas", { pans: "finger" }), move(5, true), cancel),
    { state: idle("rectangle"), effects: ["start-pan", "capture", "pan"] });
  assert.deepEqual(run(idle("rectangle"), { type: "down", pans: "view" }, cancel).effects, ["stop-pan"]);
});

// MARK: hand

test("hand: idle → panning → idle, on release or cancel", () => {
  const panning = next(idle("hand"), { type: "down", pans: "view" });
  assert.deepEqual(panning, { state: { tool: "hand", name: "panning", target: "view" }, effects: [] });
  // Whatever lies under the press, the hand pans.
  assert.deepEqual(next(idle("hand"), down("handle")), panning);
  assert.deepEqual(next(panning.state, move(40)), { state: panning.state, effects: [] });
  assert.deepEqual(next(panning.state, keys), { state: panning.state, effects: [] });
  assert.deepEqual(next(panning.state, up), { state: idle("hand"), effects: [] });
  assert.deepEqual(next(panning.state, cancel), { state: idle("hand"), effects: ["stop-pan"] });
  assert.deepEqual(next(idle("hand"), move(0)), { state: idle("hand"), effects: [] });
});

test("an event a machine does not know leaves it as it is", () => {
  const dragging = run(idle("select"), down("selected"), move(5)).state;
  assert.deepEqual(next(dragging, { type: "wheel" }), { state: dragging, effects: [] });
});
