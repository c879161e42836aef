// The editor's geometry and drawing helpers: which rectangle a point hits, a rectangle
// resized by a corner, an SVG rect for the overlay, a random color, a color's and a rectangle's
// everyday names, copies of rectangles, their stacking order. An ES module.

import { makeId } from "./pagedrawing.js";

const SVG = "http://www.w3.org/2000/svg";

/** The topmost rectangle whose half-open box holds the point, as `drawdoc hit` finds it. */
export function hit(rectangles, point) {
  for (let index = rectangles.length - 1; index >= 0; index -= 1) {
    const r = rectangles[index];
    if (r.x <= point.x && point.x < r.x + r.width && r.y <= point.y && point.y < r.y + r.height) {
      return r;
    }
  }
  return null;
}

/** A rectangle resized by dragging `corner` to `point`: the opposite corner stays. */
export function resized(original, corner, point) {
  // The size is at least 1.
  let left = original.x, top = original.y;
  let right = original.x + original.width, bottom = original.y + original.height;
  const px = Math.round(point.x), py = Math.round(point.y);
  if (corner.endsWith("w")) left = Math.min(px, right - 1); else right = Math.max(px, left + 1);
  if (corner.startsWith("n")) top = Math.min(py, bottom - 1); else bottom = Math.max(py, top + 1);
  return { ...original, x: left, y: top, width: right - left, height: bottom - top };
}

/** An SVG rect element for the overlay. */
export function svgRect(box, className) {
  const node = document.createElementNS(SVG, "rect");
  node.setAttribute("x", box.x);
  node.setAttribute("y", box.y);
  node.setAttribute("width", Math.max(box.width, 0));
  node.setAttribute("height", Math.max(box.height, 0));
  node.setAttribute("class", className);
  return node;
}

/** A random `#rrggbb`. */
export function randomColor() {
  const hex = Math.floor(Math.random() * 0x1000000).toString(16).padStart(6, "0");
  return `#${hex}`;
}

/**
 * The id of the rectangle after `id` in z-order, bottom to top (`backwards`: top to bottom),
 * round at the end; the first one when none is selected. How Tab steps through them.
 */
export function stepped(rectangles, id, backwards) {
  const at = rectangles.findIndex((r) => r.id === id);
  const count = rectangles.length;
  const next = at < 0 ? (backwards ? count - 1 : 0) : (at + (backwards ? count - 1 : 1)) % count;
  return rectangles[next].id;
}

// What a person calls a rectangle: its color's everyday name and its size ("Red rectangle,
// 120 × 80"), for the selection's heading and the layers, where an id alone says nothing.

/** Hue bounds (degrees, each the end of its range) and the names of the hues within. */
const HUES = [[15, "Red"], [40, "Orange"], [66, "Yellow"], [165, "Green"], [195, "Teal"],
              [255, "Blue"], [290, "Purple"], [345, "Pink"], [360, "Red"]];

/** The everyday name of a `#rrggbb` color ("Red", "Grey", …); "Colored" for anything else. */
export function colorName(color) {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(String(color));
  if (!match) return "Colored";
  const [r, g, b] = match.slice(1).map((pair) => parseInt(pair, 16) / 255);
  const high = Math.max(r, g, b), low = Math.min(r, g, b);
  const lightness = (high + low) / 2;
  const chroma = high - low;
  if (lightness < 0.1) return "Black";
  if (lightness > 0.94 && chroma < 0.15) return "White";
  if (chroma < 0.12) return "Grey";
  let hue = high === r ? ((g - b) / chroma) % 6 : high === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  hue = (hue * 60 + 360) % 360;
  const name = HUES.find(([end]) => hue < end)[1];
  // A dark orange or yellow is what people call brown.
  return (name === "Orange" || name === "Yellow") && high < 0.7 ? "Brown" : name;
}

/** "Red rectangle, 120 × 80": what the selection's heading calls one rectangle. */
export function rectangleName(r) {
  return `${colorName(r.color)} rectangle, ${r.width} × ${r.height}`;
}

/** Copies of rectangles with fresh ids, moved by (dx, dy): the steps that add them on top. */
export function copies(rectangles, dx, dy) {
  return rectangles.map((r) => ({
    add: { id: makeId(), x: r.x + dx, y: r.y + dy, width: r.width, height: r.height,
           color: r.color, alpha: r.alpha },
  }));
}

/** Rectangles in the order they stack, the bottom first, by `index` (id → z-index). */
export function bottomFirst(rectangles, index) {
  return [...rectangles].sort((a, b) => index.get(a.id) - index.get(b.id));
}
