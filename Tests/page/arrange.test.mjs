// Align and distribute (arrange.js), each expected position worked out by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { aligned, distributed } from "../../Sources/DrawdocWeb/Assets/arrange.js";

const a = { id: "a", x: 10, y: 10, width: 50, height: 40 };
const b = { id: "b", x: 130, y: 80, width: 30, height: 30 };
const c = { id: "c", x: 70, y: 150, width: 20, height: 60 };
const at = (rectangles) => rectangles.map((r) => [r.id, r.x, r.y]);

test("several align with the box around them (10…160 × 10…210)", () => {
  assert.deepEqual(at(aligned([a, b, c], "left")), [["a", 10, 10], ["b", 10, 80], ["c", 10, 150]]);
  assert.deepEqual(at(aligned([a, b, c], "right")), [["a", 110, 10], ["b", 130, 80], ["c", 140, 150]]);
  // Centre 85: 85 − 25, 85 − 15, 85 − 10.
  assert.deepEqual(at(aligned([a, b, c], "centre")), [["a", 60, 10], ["b", 70, 80], ["c", 75, 150]]);
  assert.deepEqual(at(aligned([a, b, c], "top")), [["a", 10, 10], ["b", 130, 10], ["c", 70, 10]]);
  assert.deepEqual(at(aligned([a, b, c], "bottom")), [["a", 10, 170], ["b", 130, 180], ["c", 70, 150]]);
  // Middle 110: 110 − 20, 110 − 15, 110 − 30.
  assert.deepEqual(at(aligned([a, b, c], "middle")), [["a", 10, 90], ["b", 130, 95], ["c", 70, 80]]);
});

test("one aligns with the drawing; half units round", () => {
  const drawing = { width: 401, height: 300 };
  assert.deepEqual(at(aligned([b], "right", drawing)), [["b", 371, 80]]);
  // (401 − 30) / 2 = 185.5.
  assert.deepEqual(at(aligned([b], "centre", drawing)), [["b", 186, 80]]);
  assert.deepEqual(at(aligned([b], "bottom", drawing)), [["b", 130, 270]]);
  assert.throws(() => aligned([a, b], "diagonal"), /no alignment diagonal/);
});

test("distributing evens the gaps; the outermost stay", () => {
  // Along x: a 10…60, c 70…90, b 130…160: room 150 − 100 = 50, two gaps of 25: c at 85.
  assert.deepEqual(at(distributed([a, b, c], "horizontal")),
    [["a", 10, 10], ["b", 130, 80], ["c", 85, 150]]);
  // Along y: a 10…50, b 80…110, c 150…210: room 200 − 130 = 70, gaps of 35: b at 85.
  assert.deepEqual(at(distributed([a, b, c], "vertical")),
    [["a", 10, 10], ["b", 130, 85], ["c", 70, 150]]);
  // Overlapping more than the room: gaps are negative, still equal.
  const wide = [{ id: "p", x: 0, y: 0, width: 50, height: 1 }, { id: "q", x: 10, y: 0, width: 50, height: 1 },
                { id: "r", x: 40, y: 0, width: 30, height: 1 }];
  // Span 0…70, sizes 130: gaps (70 − 130) / 2 = −30: q at 0 + 50 − 30 = 20.
  assert.deepEqual(at(distributed(wide, "horizontal")), [["p", 0, 0], ["q", 20, 0], ["r", 40, 0]]);
  assert.deepEqual(at(distributed([a, b], "horizontal")), [["a", 10, 10], ["b", 130, 80]]);
});
