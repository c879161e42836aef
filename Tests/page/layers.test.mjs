// layers.js: the one step that moves rectangles together to a gap of the z-order.
// Every expected value is worked out by hand from the inputs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { placeSteps } from "../../Sources/DrawdocWeb/Assets/layers.js";

const index = new Map([["a", 0], ["b", 1], ["c", 2], ["d", 3]]);

test("placeSteps: one arrange step, in the rectangles' own order, from the gap up", () => {
  assert.deepEqual(placeSteps(index, ["c", "a"], 2), [{ arrange: [["a", 2], ["c", 3]] }]);
  assert.deepEqual(placeSteps(index, ["d"], 0), [{ arrange: [["d", 0]] }]);
});

test("placeSteps: no step when they are there already", () => {
  assert.deepEqual(placeSteps(index, ["c", "d"], 2), []);
  assert.deepEqual(placeSteps(index, ["a"], 0), []);
  assert.deepEqual(placeSteps(index, [], 1), []);
});

test("placeSteps: ids not in the drawing and repeated ids are left out", () => {
  assert.deepEqual(placeSteps(index, ["b", "gone", "b"], 0), [{ arrange: [["b", 0]] }]);
  assert.deepEqual(placeSteps(index, ["gone"], 0), []);
});
