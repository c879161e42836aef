// `stepsBetween` (difference.js): the steps between two states of a drawing, by which the page
// takes back a restored version. Hand-worked cases give the exact steps; every case, and a
// seeded run of random pairs, checks that pagedrawing.js's `applySteps` turns the one state
// into the other with them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { stepsBetween } from "../../Sources/DrawdocWeb/Assets/difference.js";
import { applySteps } from "../../Sources/DrawdocWeb/Assets/pagedrawing.js";

const box = (id, x, color = "#ff0000") => ({ id, x, y: 0, width: 10, height: 10, color, alpha: 10 });
const fields = (r) => ({ x: r.x, y: r.y, width: r.width, height: r.height, color: r.color,
                         alpha: r.alpha });

/** `from` with the steps applied as the page applies them: `{title, rectangles}`. */
function applied(from, steps) {
  const rectangles = from.rectangles.map((r) => ({ ...r }));
  const index = new Map(rectangles.map((r, at) => [r.id, at]));
  const { title } = applySteps(rectangles, index, structuredClone(steps), new Set(), from.title);
  return { title: title ?? from.title, rectangles };
}

function reaches(from, to) {
  const steps = stepsBetween(from, to);
  assert.deepEqual(applied(from, steps), to, "the steps turn the one into the other");
  return steps;
}

const a = box("aaa-aaa-aaa", 1), b = box("bbb-bbb-bbb", 2), c = box("ccc-ccc-ccc", 3);
const d = box("ddd-ddd-ddd", 4);

test("the same drawing: no steps", () => {
  assert.deepEqual(reaches({ title: "T", rectangles: [a, b] }, { title: "T", rectangles: [a, b] }), []);
});

test("a changed field: one set, with the old value as was", () => {
  const moved = { ...b, x: 40, color: "#00ff00" };
  assert.deepEqual(reaches({ title: "", rectangles: [a, b] }, { title: "", rectangles: [a, moved] }),
    [{ set: b.id, to: { x: 40, color: "#00ff00" }, was: { x: 2, color: "#ff0000" } }]);
});

test("a rectangle gone: removed with all its values as was", () => {
  assert.deepEqual(reaches({ title: "", rectangles: [a, b, c] }, { title: "", rectangles: [a, c] }),
    [{ remove: b.id, was: fields(b) }]);
});

test("rectangles back: added at their z-indexes, rising", () => {
  assert.deepEqual(reaches({ title: "", rectangles: [b] }, { title: "", rectangles: [a, b, c] }),
    [{ add: { id: a.id, ...fields(a) }, at: 0 }, { add: { id: c.id, ...fields(c) }, at: 2 }]);
});

test("one moved to the top: only it is arranged", () => {
  assert.deepEqual(reaches({ title: "", rectangles: [a, b, c, d] }, { title: "", rectangles: [b, c, d, a] }),
    [{ arrange: [[a.id, 3]] }]);
});

test("the order reversed: all but one are arranged", () => {
  // Any one of the three may stay: the one kept is the top one of `to`.
  const steps = reaches({ title: "", rectangles: [a, b, c] }, { title: "", rectangles: [c, b, a] });
  assert.deepEqual(steps, [{ arrange: [[c.id, 0], [b.id, 1]] }]);
});

test("a new title: renamed, with the old one as was", () => {
  assert.deepEqual(reaches({ title: "Old", rectangles: [a] }, { title: "New", rectangles: [a] }),
    [{ rename: "New", was: "Old" }]);
});

test("removed, changed, reordered and added at once", () => {
  const from = { title: "x", rectangles: [a, b, c] };
  const to = { title: "y", rectangles: [d, { ...c, alpha: 3 }, a] };
  assert.deepEqual(reaches(from, to), [
    { remove: b.id, was: fields(b) },
    { set: c.id, to: { alpha: 3 }, was: { alpha: 10 } },
    { arrange: [[c.id, 0]] },
    { add: { id: d.id, ...fields(d) }, at: 0 },
    { rename: "y", was: "x" },
  ]);
});

test("a field someone changed since is left as they made it", () => {
  const from = { title: "", rectangles: [a, b] };
  const steps = stepsBetween(from, { title: "", rectangles: [{ ...a, x: 50 }, b] });
  const meanwhile = { title: "", rectangles: [{ ...a, x: 7 }, b] };
  assert.equal(applied(meanwhile, steps).rectangles[0].x, 7);
});

test("random pairs of drawings: each reaches the other, both ways", () => {
  let seed = 35;
  const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const pool = Array.from({ length: 12 }, (_, k) => box(`r${k}`, k));
  const drawing = () => {
    const chosen = pool.filter(() => random(3) > 0)
      .map((r) => (random(4) === 0 ? { ...r, x: random(100), alpha: 1 + random(10) } : r));
    for (let k = chosen.length - 1; k > 0; k -= 1) {
      const j = random(k + 1);
      [chosen[k], chosen[j]] = [chosen[j], chosen[k]];
    }
    return { title: random(2) ? "one" : "two", rectangles: chosen };
  };
  for (let run = 0; run < 300; run += 1) {
    const one = drawing(), two = drawing();
    reaches(one, two);
    reaches(two, one);
  }
});
