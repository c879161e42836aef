// overview.js: the box and scale of a large drawing's overview, its rectangles packed for the
// worker and drawn as the file draws them, and the pixels a change touches.
import { test } from "node:test";
import assert from "node:assert/strict";
import { recorder } from "./recorder.mjs";
import { OVERVIEW_PIXELS, OVERVIEW_SIDE, drawPacked, overviewBounds, overviewScale,
         packRectangles, shownRectangles, touchedPixels, union, unpackColor }
  from "../../Sources/DrawdocWeb/Assets/overview.js";

const rect = (id, x, y, width, height, color = "#102030", alpha = 10) =>
  ({ id, x, y, width, height, color, alpha });

test("overviewBounds: the canvas, and the rectangles on the pasteboard around it", () => {
  assert.deepEqual(overviewBounds([rect("a", 10, 10, 5, 5)], 100, 50),
                   { x: 0, y: 0, width: 100, height: 50 });
  assert.deepEqual(overviewBounds([rect("a", -20, 10, 5, 5), rect("b", 90, 40, 30, 25)], 100, 50),
                   { x: -20, y: 0, width: 140, height: 65 });
});

test("overviewScale: twice the fit's pixels a unit, within the overview's size", () => {
  const bounds = { x: 0, y: 0, width: 4000, height: 3000 };
  assert.equal(overviewScale(bounds, 0.25, 1), 0.5);
  assert.equal(overviewScale(bounds, 0.25, 2), 1);
  // Past the pixels an overview may have: as many as it may, still sharp at the fit.
  const big = overviewScale(bounds, 0.5, 2);
  assert.ok(Math.abs(big - Math.sqrt(OVERVIEW_PIXELS / 12e6)) < 1e-12, `${big}`);
  // A long thin drawing is held by the longest side.
  assert.equal(overviewScale({ x: 0, y: 0, width: 40000, height: 10 }, 0.2, 1),
               OVERVIEW_SIDE / 40000);
});

test("overviewScale: none when the fit could not be shown sharp, or the box is not finite", () => {
  assert.equal(overviewScale({ x: 0, y: 0, width: 4000, height: 3000 }, 2, 1), 0);
  assert.equal(overviewScale({ x: 0, y: 0, width: 1e21, height: 3000 }, 1e-17, 1), 0);
  assert.equal(overviewScale({ x: 0, y: 0, width: Infinity, height: 3000 }, 0.1, 1), 0);
});

test("packRectangles and unpackColor: each colour and alpha level back, in order", () => {
  const rectangles = [rect("a", 1, 2, 3, 4, "#ff0000", 10), rect("b", 5, 6, 7, 8, "#00ff7f", 1),
                      rect("c", 0.5, -1, 2.25, 1e-3, "#000000", 5)];
  const { boxes, colors } = packRectangles(rectangles);
  assert.deepEqual(Array.from(boxes), [1, 2, 3, 4, 5, 6, 7, 8, 0.5, -1, 2.25, 1e-3]);
  assert.deepEqual(Array.from(colors, unpackColor), [
    { fill: "#ff0000", opacity: 1 }, { fill: "#00ff7f", opacity: 0.1 },
    { fill: "#000000", opacity: 0.5 }]);
});

test("drawPacked: bottom first, at the scale, the box's corner at pixel 0, 0", () => {
  const context = recorder();
  drawPacked(context, packRectangles([rect("a", -10, 5, 3, 4, "#abcdef", 3),
                                      rect("b", 0, 0, 1, 1, "#abcdef", 3),
                                      rect("c", 2, 2, 1, 1, "#123456", 10)]), 0.5, -10, 5);
  assert.deepEqual(context.transform, [0.5, 0, 0, 0.5, 5, -2.5]);
  assert.deepEqual(context.drawn, [
    { x: -10, y: 5, width: 3, height: 4, fill: "#abcdef", alpha: 0.3 },
    { x: 0, y: 0, width: 1, height: 1, fill: "#abcdef", alpha: 0.3 },
    { x: 2, y: 2, width: 1, height: 1, fill: "#123456", alpha: 1 },
  ]);
});

test("touchedPixels: the box's pixels and one around, within the overview", () => {
  const origin = { x: -10, y: 0 };
  const pixels = { width: 100, height: 80 };
  // Units 0 to 10 across at 2 pixels a unit, from -10: pixels 20 to 40, and one more each side;
  // 1.25 to 3.25 down: pixels 2.5 to 6.5, so 2 to 7, and one more each side.
  assert.deepEqual(touchedPixels({ x: 0, y: 1.25, width: 10, height: 2 }, 2, origin, pixels),
                   { x: 19, y: 1, width: 22, height: 7 });
  assert.deepEqual(touchedPixels({ x: -20, y: 30, width: 100, height: 100 }, 2, origin, pixels),
                   { x: 0, y: 59, width: 100, height: 21 });
  assert.equal(touchedPixels({ x: 100, y: 0, width: 5, height: 5 }, 2, origin, pixels), null);
});

test("union: the smallest box holding both", () => {
  const a = { x: 0, y: 0, width: 2, height: 2 };
  assert.equal(union(null, a), a);
  assert.equal(union(a, null), a);
  assert.deepEqual(union(a, { x: 5, y: -1, width: 1, height: 1 }),
                   { x: 0, y: -1, width: 6, height: 3 });
});

test("shownRectangles: those shown elsewhere for a moment where they are, the hidden left out", () => {
  const rectangles = [rect("a", 0, 0, 1, 1), rect("b", 5, 5, 1, 1), rect("c", 9, 9, 1, 1)];
  const page = { rectangles, previewed: new Map(), hiddenIds: new Set() };
  assert.equal(shownRectangles(page), rectangles, "nothing moved: the page's own array");
  page.previewed.set("a", rect("a", 50, 0, 1, 1));
  page.hiddenIds.add("b");
  assert.deepEqual(shownRectangles(page), [rect("a", 50, 0, 1, 1), rect("c", 9, 9, 1, 1)]);
});
