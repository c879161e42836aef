// The editor's geometry and drawing helpers: which rectangle a point hits, a rectangle
// resized by a corner, an SVG rect for the overlay, a random color. An ES module.

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
