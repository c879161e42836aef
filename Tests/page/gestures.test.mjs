// gestures.js's pure parts: the box around rectangles, where the handles are, a box resized by
// a handle, who pans. Every expected value is worked out by hand from the inputs; the boxes
// are powers of two wide and high, so the scales are exact.
import { test } from "node:test";
import assert from "node:assert/strict";
import { bounds, handlePoint, pansView, resizedBox } from "../../Sources/DrawdocWeb/Assets/gestures.js";

test("bounds: the box around rectangles; null around none", () => {
  assert.equal(bounds([]), null);
  assert.deepEqual(bounds([{ x: 10, y: 20, width: 30, height: 40 }]),
    { x: 10, y: 20, width: 30, height: 40 });
  assert.deepEqual(bounds([{ x: 10, y: 20, width: 30, height: 40 }, { x: -5, y: 50, width: 10, height: 30 }]),
    { x: -5, y: 20, width: 45, height: 60 });
});

// The box every resize below starts from: (100, 80) to (228, 144), its centre (164, 112).
const box = { x: 100, y: 80, width: 128, height: 64 };

test("handlePoint: corners, and the middles of the edges", () => {
  const expected = { nw: [100, 80], n: [164, 80], ne: [228, 80], e: [228, 112], se: [228, 144],
    s: [164, 144], sw: [100, 144], w: [100, 112] };
  for (const [name, [x, y]] of Object.entries(expected)) {
    assert.deepEqual(handlePoint(box, name), { x, y }, name);
  }
});

test("resizedBox: a corner moves, the opposite one stays", () => {
  assert.deepEqual(resizedBox(box, "se", { x: 164, y: 112 }, false, false),
    { box: { x: 100, y: 80, width: 64, height: 32 }, sx: 0.5, sy: 0.5 });
  assert.deepEqual(resizedBox(box, "nw", { x: 36, y: 48 }, false, false),
    { box: { x: 36, y: 48, width: 192, height: 96 }, sx: 1.5, sy: 1.5 });
});

test("resizedBox: an edge moves one side; the other axis keeps its size and place", () => {
  assert.deepEqual(resizedBox(box, "e", { x: 292, y: 0 }, false, false),
    { box: { x: 100, y: 80, width: 192, height: 64 }, sx: 1.5, sy: 1 });
  assert.deepEqual(resizedBox(box, "n", { x: 0, y: 112 }, false, false),
    { box: { x: 100, y: 112, width: 128, height: 32 }, sx: 1, sy: 0.5 });
});

test("resizedBox: keeping the aspect, an edge scales the other axis about its middle", () => {
  assert.deepEqual(resizedBox(box, "e", { x: 292, y: 0 }, true, false),
    { box: { x: 100, y: 64, width: 192, height: 96 }, sx: 1.5, sy: 1.5 });
  // A corner takes the larger of its two scales: 1.5 across, 0.5 down.
  assert.deepEqual(resizedBox(box, "se", { x: 292, y: 112 }, true, false),
    { box: { x: 100, y: 80, width: 192, height: 96 }, sx: 1.5, sy: 1.5 });
});

test("resizedBox: from the centre, each side moves by the drag", () => {
  assert.deepEqual(resizedBox(box, "nw", { x: 132, y: 96 }, false, true),
    { box: { x: 132, y: 96, width: 64, height: 32 }, sx: 0.5, sy: 0.5 });
  assert.deepEqual(resizedBox(box, "e", { x: 260, y: 0 }, false, true),
    { box: { x: 68, y: 80, width: 192, height: 64 }, sx: 1.5, sy: 1 });
});

test("pansView: only a finger, and only once a pen has touched the page", () => {
  assert.equal(pansView("touch", true), true);
  assert.equal(pansView("touch", false), false);
  assert.equal(pansView("pen", true), false);
  assert.equal(pansView("mouse", true), false);
});
