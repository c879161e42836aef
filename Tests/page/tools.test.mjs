// tools.js: the rectangle a drag of the rectangle tool draws.
// Every expected value is worked out by hand from the inputs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawn } from "../../Sources/DrawdocWeb/Assets/tools.js";

test("drawn: from the start to the point, in whole units, whichever way the drag goes", () => {
  assert.deepEqual(drawn({ x: 10, y: 20 }, { x: 50.4, y: 5.6 }, false),
    { x: 10, y: 6, width: 40, height: 14 });
  assert.deepEqual(drawn({ x: 100, y: 100 }, { x: 70, y: 130 }, false),
    { x: 70, y: 100, width: 30, height: 30 });
});

test("drawn: a drag of nothing draws 1 by 1", () => {
  assert.deepEqual(drawn({ x: 5, y: 5 }, { x: 5, y: 5 }, false), { x: 5, y: 5, width: 1, height: 1 });
  assert.deepEqual(drawn({ x: 5, y: 5 }, { x: 5, y: 5 }, true), { x: 5, y: 5, width: 1, height: 1 });
});

test("drawn: with Shift, a square of the longer side, away from the start", () => {
  assert.deepEqual(drawn({ x: 10, y: 20 }, { x: 40, y: 30 }, true),
    { x: 10, y: 20, width: 30, height: 30 });
  assert.deepEqual(drawn({ x: 100, y: 100 }, { x: 80, y: 90 }, true),
    { x: 80, y: 80, width: 20, height: 20 });
  // Straight down: the width's direction is taken as rightward.
  assert.deepEqual(drawn({ x: 0, y: 0 }, { x: 0, y: 25 }, true),
    { x: 0, y: 0, width: 25, height: 25 });
});
