// snap.js: the lines a gesture snaps to, how far it is pulled, a box's six lines.
// Every expected value is worked out by hand from the inputs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { boxLines, snapTargets, snapped } from "../../Sources/DrawdocWeb/Assets/snap.js";

test("snapTargets: the canvas's edges and centre, then each rectangle's not moving", () => {
  const drawing = { width: 400, height: 300 };
  const rectangles = [
    { id: "a", x: 10, y: 20, width: 40, height: 60 },
    { id: "b", x: 100, y: 100, width: 10, height: 10 },
  ];
  const targets = snapTargets(drawing, rectangles, new Set(["b"]));
  assert.deepEqual(Array.from(targets.xs), [0, 200, 400, 10, 30, 50]);
  assert.deepEqual(Array.from(targets.ys), [0, 150, 300, 20, 50, 80]);
  const all = snapTargets(drawing, rectangles, new Set());
  assert.deepEqual(Array.from(all.xs), [0, 200, 400, 10, 30, 50, 100, 105, 110]);
  assert.deepEqual(Array.from(all.ys), [0, 150, 300, 20, 50, 80, 100, 105, 110]);
});

const targets = { xs: [0, 200, 400, 10, 30, 50], ys: [0, 150, 300, 20, 50, 80] };

test("snapped: the nearest of the lines within reach wins", () => {
  // 7 is 3 from 10, 27 is 3 from 30, 49 is 1 from 50.
  assert.deepEqual(snapped([7, 27, 49], [500], targets, 3, false),
    { dx: 1, dy: 0, guides: [{ x: 50 }] });
  // 23 is 3 below 20 (within a reach of 3, edge included); 197 is 3 above 200.
  assert.deepEqual(snapped([197], [23], targets, 3, false),
    { dx: 3, dy: -3, guides: [{ x: 200 }, { y: 20 }] });
});

test("snapped: nothing within reach, no pull and no guide", () => {
  assert.deepEqual(snapped([6, 26, 46], [96], targets, 3, false), { dx: 0, dy: 0, guides: [] });
  assert.deepEqual(snapped([], [], targets, 3, false), { dx: 0, dy: 0, guides: [] });
});

test("snapped: the grid only when it shows, and only when no line is within reach", () => {
  // 112 is 2 from the grid line 110, 133 is 3 from 130, 154 is 4 from 150 (a target, too far).
  assert.deepEqual(snapped([49], [112, 133, 154], targets, 3, false),
    { dx: 1, dy: 0, guides: [{ x: 50 }] });
  assert.deepEqual(snapped([49], [112, 133, 154], targets, 3, true),
    { dx: 1, dy: -2, guides: [{ x: 50 }, { y: 110 }] });
  // 41 is 1 from the grid line 40 but 2 from the target 43: the target wins.
  assert.deepEqual(snapped([41], [], { xs: [43], ys: [] }, 3, true),
    { dx: 2, dy: 0, guides: [{ x: 43 }] });
});

test("boxLines: left, centre, right; top, middle, bottom", () => {
  assert.deepEqual(boxLines({ x: 10, y: 20, width: 30, height: 40 }),
    { xs: [10, 25, 40], ys: [20, 40, 60] });
});
