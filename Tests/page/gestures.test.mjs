// gestures.js's pure parts: the box around rectangles, where the handles are, a box resized by
// a handle, who pans. Every expected value is worked out by hand from the inputs; the boxes
// are powers of two wide and high, so the scales are exact.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  bounds, carried, handlePoint, pansView, resizedBox,
} from "../../Sources/DrawdocWeb/Assets/gestures.js";

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

test("resizedBox: a handle dragged past the opposite edge flips the box", () => {
  // e to 36: 64 left of the w edge (100), which stays.
  assert.deepEqual(resizedBox(box, "e", { x: 36, y: 0 }, false, false),
    { box: { x: 36, y: 80, width: 64, height: 64 }, sx: -0.5, sy: 1 });
  // w to 260: 32 right of the e edge (228).
  assert.deepEqual(resizedBox(box, "w", { x: 260, y: 0 }, false, false),
    { box: { x: 228, y: 80, width: 32, height: 64 }, sx: -0.25, sy: 1 });
  // n to 208: 64 below the s edge (144).
  assert.deepEqual(resizedBox(box, "n", { x: 0, y: 208 }, false, false),
    { box: { x: 100, y: 144, width: 128, height: 64 }, sx: 1, sy: -1 });
  // se to (68, 16): 32 left of the nw corner, 64 above it; both axes flip.
  assert.deepEqual(resizedBox(box, "se", { x: 68, y: 16 }, false, false),
    { box: { x: 68, y: 16, width: 32, height: 64 }, sx: -0.25, sy: -1 });
});

test("resizedBox: at or just past the opposite edge, 1 across on the pointer's side", () => {
  assert.deepEqual(resizedBox(box, "e", { x: 100, y: 0 }, false, false),
    { box: { x: 100, y: 80, width: 1, height: 64 }, sx: 1 / 128, sy: 1 });
  assert.deepEqual(resizedBox(box, "e", { x: 99.5, y: 0 }, false, false),
    { box: { x: 99, y: 80, width: 1, height: 64 }, sx: -1 / 128, sy: 1 });
});

test("resizedBox: flipped about the centre, and keeping the aspect", () => {
  // The se corner to the nw corner, about the centre (164, 112): mirrored both ways in place.
  assert.deepEqual(resizedBox(box, "se", { x: 100, y: 80 }, false, true),
    { box: { x: 100, y: 80, width: 128, height: 64 }, sx: -1, sy: -1 });
  // se to (36, 176): -0.5 across, 1.5 down; the larger, 1.5, for both, the sign of each kept.
  assert.deepEqual(resizedBox(box, "se", { x: 36, y: 176 }, true, false),
    { box: { x: -92, y: 80, width: 192, height: 96 }, sx: -1.5, sy: 1.5 });
  // e to 36 with the aspect kept: the height halves about its middle, not flipped.
  assert.deepEqual(resizedBox(box, "e", { x: 36, y: 0 }, true, false),
    { box: { x: 36, y: 96, width: 64, height: 32 }, sx: -0.5, sy: 0.5 });
});

test("carried: the rectangles of a selection scale within its box", () => {
  // The box (100, 100)–(200, 160) made (50, 70)–(200, 160): 1.5 times, about its se corner.
  const from = { x: 100, y: 100, width: 100, height: 60 };
  const to = { x: 50, y: 70, width: 150, height: 90 };
  assert.deepEqual(carried({ id: "a", x: 100, y: 100, width: 40, height: 20 }, from, to, 1.5, 1.5),
    { id: "a", x: 50, y: 70, width: 60, height: 30 });
  assert.deepEqual(carried({ id: "b", x: 160, y: 140, width: 40, height: 20 }, from, to, 1.5, 1.5),
    { id: "b", x: 140, y: 130, width: 60, height: 30 });
});

test("carried: a flipped box mirrors the rectangles in it", () => {
  // The box flipped by e to 36: (36, 80)–(100, 144); what was at its left is at its right.
  const flipped = { x: 36, y: 80, width: 64, height: 64 };
  assert.deepEqual(carried({ id: "l", x: 100, y: 80, width: 32, height: 16 }, box, flipped, -0.5, 1),
    { id: "l", x: 84, y: 80, width: 16, height: 16 });
  assert.deepEqual(carried({ id: "r", x: 196, y: 128, width: 32, height: 16 }, box, flipped, -0.5, 1),
    { id: "r", x: 36, y: 128, width: 16, height: 16 });
  assert.deepEqual(carried({ id: "all", ...box }, box, flipped, -0.5, 1), { id: "all", ...flipped });
  // Flipped both ways by se to (68, 16): the top-left quarter goes to the bottom right.
  assert.deepEqual(carried({ id: "q", x: 100, y: 80, width: 64, height: 32 }, box,
    { x: 68, y: 16, width: 32, height: 64 }, -0.25, -1), { id: "q", x: 84, y: 48, width: 16, height: 32 });
});

test("carried: whole units, at least 1 by 1", () => {
  // Flipped by w to 260, 0.25 times: 1 wide becomes 0.25, rounded to nothing, kept at 1.
  assert.deepEqual(carried({ id: "s", x: 104, y: 80, width: 1, height: 1 }, box,
    { x: 228, y: 80, width: 32, height: 64 }, -0.25, 1), { id: "s", x: 259, y: 80, width: 1, height: 1 });
  assert.deepEqual(carried({ id: "t", x: 101, y: 81, width: 3, height: 3 }, box,
    { x: 100, y: 80, width: 64, height: 32 }, 0.5, 0.5), { id: "t", x: 101, y: 81, width: 1, height: 1 });
});

test("pansView: only a finger, and only once a pen has touched the page", () => {
  assert.equal(pansView("touch", true), true);
  assert.equal(pansView("touch", false), false);
  assert.equal(pansView("pen", true), false);
  assert.equal(pansView("mouse", true), false);
});
