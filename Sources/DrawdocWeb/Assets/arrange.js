// Align and distribute, as pure functions of rectangles: what the editor's actions of that
// name move. Several rectangles align with the box around them; one aligns with the drawing,
// as Figma aligns one layer with its frame. Distributing takes three or more and makes the
// gaps between neighbours equal, the outermost two staying. Positions stay whole units. An ES
// module.

import { bounds } from "./gestures.js";

/** The six ways to align: the edge or middle each rectangle is brought to. */
export const ALIGNMENTS = ["left", "centre", "right", "top", "middle", "bottom"];

/**
 * The rectangles aligned (`left`, `centre`, `right`, `top`, `middle`, `bottom`): copies with
 * their new x or y. `drawing` ({width, height}) is what a single rectangle aligns with.
 */
export function aligned(rectangles, how, drawing) {
  const box = rectangles.length === 1 && drawing
    ? { x: 0, y: 0, width: drawing.width, height: drawing.height } : bounds(rectangles);
  if (!box) return [];
  return rectangles.map((r) => {
    switch (how) {
      case "left": return { ...r, x: box.x };
      case "centre": return { ...r, x: Math.round(box.x + (box.width - r.width) / 2) };
      case "right": return { ...r, x: box.x + box.width - r.width };
      case "top": return { ...r, y: box.y };
      case "middle": return { ...r, y: Math.round(box.y + (box.height - r.height) / 2) };
      case "bottom": return { ...r, y: box.y + box.height - r.height };
      default: throw new Error(`no alignment ${how}: one of ${ALIGNMENTS.join(", ")}`);
    }
  });
}

/**
 * The rectangles distributed along `axis` (`horizontal` or `vertical`): ordered by their
 * start along it, the first and the last stay and the others move so that the gaps between
 * neighbours are equal (negative when they overlap more than the room there is). Fewer than
 * three come back as they are.
 */
export function distributed(rectangles, axis) {
  if (rectangles.length < 3) return rectangles.map((r) => ({ ...r }));
  const [at, size] = axis === "horizontal" ? ["x", "width"] : ["y", "height"];
  const order = [...rectangles].sort((a, b) => a[at] - b[at] || a[at] + a[size] - b[at] - b[size]);
  const first = order[0], last = order[order.length - 1];
  const sizes = order.reduce((sum, r) => sum + r[size], 0);
  const gap = (last[at] + last[size] - first[at] - sizes) / (order.length - 1);
  const placed = new Map();
  let used = 0;
  order.forEach((r, index) => {
    const to = index === 0 ? r[at] : index === order.length - 1 ? r[at]
      : Math.round(first[at] + used + index * gap);
    placed.set(r, to);
    used += r[size];
  });
  return rectangles.map((r) => ({ ...r, [at]: placed.get(r) }));
}
