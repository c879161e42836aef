// overview.js: the box, scale and size of a large drawing's overview, the rectangles it shows,
// the pixels a change touches and how they are drawn again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { OVERVIEW_PIXELS, OVERVIEW_SIDE, REDRAWN_HERE, overviewBounds, overviewPixels,
         overviewScale, planRedraw, shownRectangles, touchedPixels }
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

test("shownRectangles: those shown elsewhere for a moment where they are, the hidden left out", () => {
  const rectangles = [rect("a", 0, 0, 1, 1), rect("b", 5, 5, 1, 1), rect("c", 9, 9, 1, 1)];
  const page = { rectangles, previewed: new Map(), hiddenIds: new Set() };
  assert.equal(shownRectangles(page), rectangles, "nothing moved: the page's own array");
  page.previewed.set("a", rect("a", 50, 0, 1, 1));
  page.hiddenIds.add("b");
  assert.deepEqual(shownRectangles(page), [rect("a", 50, 0, 1, 1), rect("c", 9, 9, 1, 1)]);
});

test("overviewPixels: whole pixels within the cap, the scale lowered when rounding passes it", () => {
  const bounds = { x: 0, y: 0, width: 4000, height: 3000 };
  assert.deepEqual(overviewPixels(bounds, 0.5), { scale: 0.5, pixels: { width: 2000, height: 1500 } });
  // 8000 × 6000 at the cap's scale rounds up to 4730 × 3548, past 16,777,216 pixels.
  const big = { x: 0, y: 0, width: 8000, height: 6000 };
  const wanted = Math.sqrt(OVERVIEW_PIXELS / 48e6);
  assert.ok(Math.ceil(8000 * wanted) * Math.ceil(6000 * wanted) > OVERVIEW_PIXELS);
  const { scale, pixels } = overviewPixels(big, wanted);
  assert.ok(pixels.width * pixels.height <= OVERVIEW_PIXELS, JSON.stringify(pixels));
  assert.ok(scale < wanted && scale > wanted * 0.99, `${scale}`);
  assert.deepEqual(pixels, { width: Math.ceil(8000 * scale), height: Math.ceil(6000 * scale) });
});

test("planRedraw: each small change its own area, overlapping ones merged", () => {
  const bounds = { x: 0, y: 0, width: 1000, height: 1000 };
  const pixels = { width: 1000, height: 1000 };
  // A rectangle moved across the drawing: two small areas, not the box between them.
  assert.deepEqual(planRedraw([{ x: 10, y: 10, width: 20, height: 20 },
                               { x: 900, y: 900, width: 20, height: 20 }], bounds, 1, pixels),
                   [{ x: 9, y: 9, width: 22, height: 22 }, { x: 899, y: 899, width: 22, height: 22 }]);
  assert.deepEqual(planRedraw([{ x: 10, y: 10, width: 20, height: 20 },
                               { x: 25, y: 10, width: 20, height: 20 }], bounds, 1, pixels),
                   [{ x: 9, y: 9, width: 37, height: 22 }]);
});

test("planRedraw: the worker draws it anew past the box, or over REDRAWN_HERE of it", () => {
  const bounds = { x: 0, y: 0, width: 1000, height: 1000 };
  const pixels = { width: 1000, height: 1000 };
  assert.equal(planRedraw([{ x: 990, y: 10, width: 20, height: 20 }], bounds, 1, pixels), null);
  const side = Math.sqrt(REDRAWN_HERE) * 1000;
  assert.equal(planRedraw([{ x: 0, y: 0, width: side, height: side }], bounds, 1, pixels), null);
  assert.equal(planRedraw([{ x: 0, y: 0, width: side - 10, height: side - 10 }], bounds, 1,
                          pixels).length, 1);
});
