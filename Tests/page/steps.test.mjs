// The corpus of edit steps (Tests/EditSteps/*.json) against the page's own mirror of them,
// `applySteps` in pagedrawing.js: each case's steps give the case's result, and the server's
// undo steps (as the case gives them) give back the drawing the case started from. The Swift
// suite EditStepCorpusTests runs the same files against the server.
//
// A case the server refuses is the server's to check: the page shows an edit at once and takes
// it off again when the server refuses it, so applySteps makes none of the server's checks of
// values (a width of 0, an alpha of 11). The notices are the server's words; the page's mirror
// agrees with what they leave as it is, which the result shows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { applySteps } from "../../Sources/DrawdocWeb/Assets/pagedrawing.js";

const folder = new URL("../EditSteps/", import.meta.url);
const names = readdirSync(folder).filter((name) => name.endsWith(".json")).sort();

/** The page's state for a drawing: a copy of its rectangles, their index and its title. */
function pageOf(drawing) {
  const rectangles = drawing.rectangles.map((r) => ({ ...r }));
  return { rectangles, index: new Map(rectangles.map((r, at) => [r.id, at])),
           title: drawing.title };
}

/** Applies steps as the page does, keeping the title it gives. */
function apply(page, steps) {
  const { title } = applySteps(page.rectangles, page.index, structuredClone(steps), new Set(),
                               page.title);
  if (title !== undefined) page.title = title;
  for (const [id, at] of page.index) assert.equal(page.rectangles[at].id, id, "index of " + id);
  assert.equal(page.index.size, page.rectangles.length, "the index has every rectangle");
}

test("the corpus has cases the page runs", () => {
  const applied = names.filter((name) => !JSON.parse(readFileSync(new URL(name, folder))).refused);
  assert.ok(applied.length >= 25, `only ${applied.length} cases with a result`);
});

for (const name of names) {
  const testCase = JSON.parse(readFileSync(new URL(name, folder), "utf8"));
  if (testCase.refused) continue;
  test(name, () => {
    const page = pageOf(testCase.drawing);
    apply(page, testCase.steps);
    assert.deepEqual(page.rectangles, testCase.result, "the result");
    assert.equal(page.title, testCase.title ?? testCase.drawing.title, "the title");
    apply(page, testCase.undo);
    assert.deepEqual(page.rectangles, testCase.drawing.rectangles, "after the undo");
    assert.equal(page.title, testCase.drawing.title, "the title after the undo");
  });
}
