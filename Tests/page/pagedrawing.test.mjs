// pagedrawing.js's applySteps, lightly: one step of each family in one edit. The step cases
// shared with the server's Editing are a corpus of their own; this checks only that the page's
// copy is changed in place, entries replaced and not changed, the index kept up to date.
import { test } from "node:test";
import assert from "node:assert/strict";
import { applySteps } from "../../Sources/DrawdocWeb/Assets/pagedrawing.js";

test("applySteps: set, shift, add, remove, order and rename in one edit", () => {
  const a = { id: "a", x: 0, y: 0, width: 10, height: 10, color: "#111111", alpha: 10 };
  const b = { id: "b", x: 20, y: 0, width: 10, height: 10, color: "#111111", alpha: 8 };
  const c = { id: "c", x: 40, y: 0, width: 10, height: 10, color: "#111111", alpha: 10 };
  const rectangles = [a, b, c];
  const index = new Map([["a", 0], ["b", 1], ["c", 2]]);
  const { touched, title } = applySteps(rectangles, index, [
    { set: "a", to: { x: 5, color: "#222222" } },
    { shift: "b", by: { alpha: 5 } },
    { add: { id: "d", x: 1, y: 2, width: 3, height: 4, color: "#333333" }, at: 0 },
    { remove: "c" },
    { order: ["a"], to: "front" },
    { rename: "New" },
  ]);
  assert.deepEqual(rectangles, [
    { id: "d", x: 1, y: 2, width: 3, height: 4, color: "#333333", alpha: 10 },
    { ...b, alpha: 10 },
    { ...a, x: 5, color: "#222222" },
  ]);
  assert.deepEqual([...index].sort(), [["a", 2], ["b", 1], ["d", 0]]);
  assert.deepEqual([...touched].sort(), ["a", "b", "c", "d"]);
  assert.equal(title, "New");
  assert.equal(a.x, 0, "the rectangle given is not changed, it is replaced");
  assert.equal(b.alpha, 8);
});

test("applySteps: steps naming a rectangle that is not there change nothing", () => {
  const a = { id: "a", x: 0, y: 0, width: 10, height: 10, color: "#111111", alpha: 10 };
  const rectangles = [a];
  const index = new Map([["a", 0]]);
  const { touched, title } = applySteps(rectangles, index,
    [{ set: "z", to: { x: 1 } }, { shift: "z", by: { x: 1 } }, { remove: "z" }]);
  assert.deepEqual(rectangles, [a]);
  assert.deepEqual([...index], [["a", 0]]);
  assert.equal(touched.size, 0);
  assert.equal(title, undefined);
});
