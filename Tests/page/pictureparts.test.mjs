// pictureparts.js: a file's text cut into its head and runs of rects, each cut before a
// `<rect`, that together are the file again; the stand-in drawn as the file draws.
import { test } from "node:test";
import assert from "node:assert/strict";
import { recorder } from "./recorder.mjs";
import { PART, STAND_IN_SIDE, drawRectangles, packRectangles, splitPicture, standInScale,
         unpackRectangles }
  from "../../Sources/DrawdocWeb/Assets/pictureparts.js";

/** A file as the server writes it, with `count` rects (a title with `&lt;rect` in it). */
function file(count) {
  const rects = Array.from({ length: count }, (_, k) =>
    `  <rect data-id="r${k}" x="${k}" y="0" width="1" height="1" fill="#000000"/>\n`);
  return '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" ' +
    'width="10" height="10">\n  <title>a &lt;rect</title>\n' + rects.join("") + "</svg>\n";
}

const rectsIn = (text) => (text.match(/<rect /g) || []).length;

test("splitPicture: runs of about PART rects that make the file again", () => {
  const count = 5 * PART + 123;
  const svg = file(count);
  const { head, parts } = splitPicture(svg, count);
  assert.equal(head.startsWith("<svg"), true);
  assert.equal(head.endsWith("</title>\n  </svg>\n"), true);
  assert.equal(rectsIn(head), 0);
  assert.equal(parts.length, 6);
  for (const part of parts) {
    assert.equal(part.startsWith("<rect "), true);
    assert.ok(rectsIn(part) <= PART + 1, `a part of ${rectsIn(part)} rects`);
  }
  const start = svg.indexOf("<svg");
  const first = svg.indexOf("<rect", start);
  assert.equal(head.slice(0, first - start) + parts.join("") + head.slice(first - start),
               svg.slice(start));
  assert.equal(parts.reduce((sum, part) => sum + rectsIn(part), 0), count);
});

test("splitPicture: a small drawing is one part, an empty one none", () => {
  assert.equal(splitPicture(file(3), 3).parts.length, 1);
  const empty = splitPicture(file(0), 0);
  assert.deepEqual(empty.parts, []);
  assert.equal(empty.head, file(0).slice(file(0).indexOf("<svg")));
});

test("drawRectangles: bottom first, each in its colour at the file's fill-opacity", () => {
  const context = recorder();
  const rectangles = [
    { id: "a", x: 1, y: 2, width: 3, height: 4, color: "#ff0000", alpha: 10 },
    { id: "b", x: 5, y: 6, width: 7, height: 8, color: "#ff0000", alpha: 3 },
    { id: "c", x: 0, y: 0, width: 1, height: 1, color: "#00ff00", alpha: 3 },
  ];
  drawRectangles(context, rectangles, 0.5);
  assert.deepEqual(context.transform, [0.5, 0, 0, 0.5, 0, 0]);
  assert.deepEqual(context.drawn, [
    { x: 1, y: 2, width: 3, height: 4, fill: "#ff0000", alpha: 1 },
    { x: 5, y: 6, width: 7, height: 8, fill: "#ff0000", alpha: 0.3 },
    { x: 0, y: 0, width: 1, height: 1, fill: "#00ff00", alpha: 0.3 },
  ]);
});

test("standInScale: the zoom on the screen's pixels, no side past STAND_IN_SIDE", () => {
  assert.equal(standInScale(400, 300, 1, 2), 2);
  assert.equal(standInScale(4000, 3000, 0.25, 1), 0.25);
  assert.equal(standInScale(4000, 3000, 7, 2), STAND_IN_SIDE / 4000);
  assert.equal(standInScale(300, 8192, 1, 1), 0.5);
});

test("drawRectangles: a run, from `from` up to `to`, as drawStandIn draws one a task", () => {
  const context = recorder();
  const rectangles = [0, 1, 2, 3].map((k) =>
    ({ id: `r${k}`, x: k, y: 0, width: 1, height: 1, color: "#000000", alpha: 10 }));
  drawRectangles(context, rectangles, 1, 1, 3);
  assert.deepEqual(context.drawn.map((d) => d.x), [1, 2]);
});

test("drawRectangles: drawing point `origin` at pixel 0, 0", () => {
  const context = recorder();
  drawRectangles(context, [{ x: -10, y: 5, width: 3, height: 4, color: "#abcdef", alpha: 3 }],
                 0.5, 0, 1, { x: -10, y: 5 });
  assert.deepEqual(context.transform, [0.5, 0, 0, 0.5, 5, -2.5]);
  assert.deepEqual(context.drawn, [{ x: -10, y: 5, width: 3, height: 4, fill: "#abcdef",
                                     alpha: 0.3 }]);
});

test("packRectangles and unpackRectangles: each box, colour and alpha level back, in order", () => {
  const rectangles = [
    { id: "a", x: 1, y: 2, width: 3, height: 4, color: "#ff0000", alpha: 10 },
    { id: "b", x: 5, y: 6, width: 7, height: 8, color: "#00ff7f", alpha: 1 },
    { id: "c", x: 0.5, y: -1, width: 2.25, height: 1e-3, color: "#000000", alpha: 5 },
  ];
  const packed = packRectangles(rectangles);
  assert.ok(packed.boxes instanceof Float64Array && packed.colors instanceof Uint32Array);
  assert.deepEqual(unpackRectangles(packed), rectangles.map(({ id, ...rest }) => rest));
});
