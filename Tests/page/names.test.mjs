// What a person calls a rectangle (geometry.js): the everyday name of its color, and its size.
import { test } from "node:test";
import assert from "node:assert/strict";
import { colorName, rectangleName } from "../../Sources/DrawdocWeb/Assets/geometry.js";

test("the colors people name, from the page's palette and its neighbours", () => {
  const named = {
    "#dc2626": "Red", "#ff0000": "Red", "#ea580c": "Orange", "#ca8a04": "Yellow",
    "#facc15": "Yellow", "#16a34a": "Green", "#00ff00": "Green", "#0d9488": "Teal",
    "#2563eb": "Blue", "#0000ff": "Blue", "#7c3aed": "Purple", "#db2777": "Pink",
    "#e11d48": "Red", "#000000": "Black", "#ffffff": "White", "#808080": "Grey",
    "#d4d4d8": "Grey", "#78350f": "Brown", "#a8692f": "Brown", "#a16207": "Brown",
  };
  for (const [color, name] of Object.entries(named)) assert.equal(colorName(color), name, color);
});

test("upper-case digits read as lower-case; what is not #rrggbb is only colored", () => {
  assert.equal(colorName("#DC2626"), "Red");
  assert.equal(colorName("red"), "Colored");
  assert.equal(colorName("#f00"), "Colored");
  assert.equal(colorName(undefined), "Colored");
});

test("a rectangle is named by its color and its size", () => {
  assert.equal(rectangleName({ id: "afy-kw5-t7o", color: "#dc2626", width: 120, height: 80 }),
    "Red rectangle, 120 × 80");
});
