// Snapping: while a selection moves, is resized or a rectangle is drawn, its edges and centre
// are pulled to the canvas's edges and centre, to other rectangles' edges and centres, and to
// the grid when it shows; the lines it snapped to are drawn as guides. An ES module.

/** How near, in screen pixels, an edge has to come to snap. */
export const SNAP_DISTANCE = 6;
/** The grid's step, in canvas units. */
export const GRID_STEP = 10;

/**
 * The lines a gesture can snap to, gathered once when it starts: the canvas's edges and
 * centre and those of every rectangle not in `moving`, as two typed arrays.
 */
export function snapTargets(drawing, rectangles, moving) {
  const xs = new Float64Array(3 * rectangles.length + 3);
  const ys = new Float64Array(3 * rectangles.length + 3);
  let count = 0;
  const put = (x, y, width, height) => {
    xs[count] = x; xs[count + 1] = x + width / 2; xs[count + 2] = x + width;
    ys[count] = y; ys[count + 1] = y + height / 2; ys[count + 2] = y + height;
    count += 3;
  };
  put(0, 0, drawing.width, drawing.height);
  for (const r of rectangles) if (!moving.has(r.id)) put(r.x, r.y, r.width, r.height);
  return { xs: xs.subarray(0, count), ys: ys.subarray(0, count) };
}

/** The target nearest to one of `values`, within `reach`: {offset, line} or null. */
function nearest(values, targets, reach) {
  let best = null;
  for (const value of values) {
    for (let at = 0; at < targets.length; at += 1) {
      const offset = targets[at] - value;
      if (Math.abs(offset) <= reach && (!best || Math.abs(offset) < Math.abs(best.offset))) {
        best = { offset, line: targets[at] };
      }
    }
  }
  return best;
}

/** The nearest grid line to one of `values`, within `reach`. */
function nearestGrid(values, reach) {
  let best = null;
  for (const value of values) {
    const line = Math.round(value / GRID_STEP) * GRID_STEP;
    const offset = line - value;
    if (Math.abs(offset) <= reach && (!best || Math.abs(offset) < Math.abs(best.offset))) {
      best = { offset, line };
    }
  }
  return best;
}

/**
 * How far to move so that one of the `xs` (and of the `ys`) lands on a target: {dx, dy,
 * guides}, the guides being {x} or {y} lines. `reach` is in canvas units.
 */
export function snapped(xs, ys, targets, reach, grid) {
  const x = nearest(xs, targets.xs, reach) || (grid ? nearestGrid(xs, reach) : null);
  const y = nearest(ys, targets.ys, reach) || (grid ? nearestGrid(ys, reach) : null);
  const guides = [];
  if (x) guides.push({ x: x.line });
  if (y) guides.push({ y: y.line });
  return { dx: x ? x.offset : 0, dy: y ? y.offset : 0, guides };
}

/** A box's left, centre and right, and top, middle and bottom. */
export function boxLines(box) {
  return {
    xs: [box.x, box.x + box.width / 2, box.x + box.width],
    ys: [box.y, box.y + box.height / 2, box.y + box.height],
  };
}
