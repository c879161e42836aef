// The recent colours (swatches.js): the newest first, each once, at most RECENT_LIMIT, only
// colours the drawing keeps as `#rrggbb`; and the fixed palette.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PALETTE, RECENT_LIMIT, withRecent } from "../../Sources/DrawdocWeb/Assets/swatches.js";

test("a colour used goes first, once", () => {
  assert.deepEqual(withRecent([], "#e03131"), ["#e03131"]);
  assert.deepEqual(withRecent(["#111111", "#e03131", "#222222"], "#e03131"),
    ["#e03131", "#111111", "#222222"]);
});

test("at most RECENT_LIMIT: the oldest goes", () => {
  const full = Array.from({ length: RECENT_LIMIT }, (_, k) => `#00000${k}`);
  const after = withRecent(full, "#abcdef");
  assert.equal(after.length, RECENT_LIMIT);
  assert.equal(after[0], "#abcdef");
  assert.ok(!after.includes(full[RECENT_LIMIT - 1]), "the oldest is kept");
});

test("what is not #rrggbb leaves the list as it is", () => {
  const list = ["#111111"];
  for (const color of ["teal", "#FFF", "rgb(1, 2, 3)", "", "#12345"]) {
    assert.equal(withRecent(list, color), list, color);
  }
});

test("the palette: ten distinct #rrggbb colours", () => {
  assert.equal(PALETTE.length, 10);
  assert.equal(new Set(PALETTE).size, 10);
  for (const color of PALETTE) assert.match(color, /^#[0-9a-f]{6}$/);
});
