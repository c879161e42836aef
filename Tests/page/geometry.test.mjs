// geometry.js: which rectangle a point hits, a rectangle resized by a corner, Tab's order.
// Every expected value is worked out by hand from the inputs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { hit, randomColor, resized, stepped } from "../../Sources/DrawdocWeb/Assets/geometry.js";

const a = { id: "a", x: 0, y: 0, width: 10, height: 10 };
const b = { id: "b", x: 5, y: 5, width: 10, height: 10 };

test("hit: the topmost rectangle holding the point", () => {
  assert.equal(hit([a, b], { x: 7, y: 7 }), b);
  assert.equal(hit([b, a], { x: 7, y: 7 }), a);
  assert.equal(hit([a, b], { x: 2, y: 2 }), a);
});

test("hit: a box is half-open, its left and top edges in, its right and bottom out", () => {
  assert.equal(hit([a], { x: 0, y: 0 }), a);
  assert.equal(hit([a], { x: 9.99, y: 9.99 }), a);
  assert.equal(hit([a], { x: 10, y: 5 }), null);
  assert.equal(hit([a], { x: 5, y: 10 }), null);
  assert.equal(hit([a, b], { x: 10, y: 10 }), b);
  assert.equal(hit([a, b], { x: 15, y: 15 }), null);
  assert.equal(hit([a], { x: -1, y: 0 }), null);
  assert.equal(hit([], { x: 0, y: 0 }), null);
});

test("resized: the opposite corner stays, the dragged one goes to the rounded point", () => {
  const r = { id: "r", x: 10, y: 20, width: 30, height: 40, color: "#ff0000" };
  assert.deepEqual(resized(r, "se", { x: 50.4, y: 70.6 }),
    { id: "r", x: 10, y: 20, width: 40, height: 51, color: "#ff0000" });
  assert.deepEqual(resized(r, "nw", { x: 0, y: 0 }),
    { id: "r", x: 0, y: 0, width: 40, height: 60, color: "#ff0000" });
  assert.deepEqual(resized(r, "ne", { x: 45, y: 25 }),
    { id: "r", x: 10, y: 25, width: 35, height: 35, color: "#ff0000" });
  assert.deepEqual(resized(r, "sw", { x: 15, y: 61 }),
    { id: "r", x: 15, y: 20, width: 25, height: 41, color: "#ff0000" });
});

test("resized: past the opposite corner, the size stays 1", () => {
  const r = { id: "r", x: 10, y: 20, width: 30, height: 40 };
  assert.deepEqual(resized(r, "nw", { x: 100, y: 100 }), { id: "r", x: 39, y: 59, width: 1, height: 1 });
  assert.deepEqual(resized(r, "se", { x: 0, y: 0 }), { id: "r", x: 10, y: 20, width: 1, height: 1 });
});

test("stepped: Tab goes up the z-order and round, Shift+Tab down", () => {
  const rs = [{ id: "a" }, { id: "b" }, { id: "c" }];
  assert.equal(stepped(rs, "a", false), "b");
  assert.equal(stepped(rs, "c", false), "a");
  assert.equal(stepped(rs, "a", true), "c");
  assert.equal(stepped(rs, "c", true), "b");
  assert.equal(stepped(rs, undefined, false), "a");
  assert.equal(stepped(rs, undefined, true), "c");
  assert.equal(stepped(rs, "gone", false), "a");
  assert.equal(stepped([{ id: "only" }], "only", false), "only");
});

test("randomColor: #rrggbb in lower-case hex", () => {
  for (let n = 0; n < 50; n += 1) assert.match(randomColor(), /^#[0-9a-f]{6}$/);
});
