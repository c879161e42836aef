// The editor's tools: select (V), rectangle (R: drag to draw, Shift for a square) and hand
// (H: drag to pan). After a rectangle is drawn the tool goes back to Select, as in Figma and
// Excalidraw, unless the tool is kept (Q). What each key and button does is an action
// (commands.js); the gestures of each tool are gestures.js's. An ES module.

/** The tool on, and who follows it. */
export class Tools {
  constructor(changed) {
    this.changed = changed;
    this.current = "select";
  }

  pick(tool) {
    if (tool === this.current) return;
    this.current = tool;
    this.changed(tool);
  }
}

/**
 * The rectangle a drag from `start` to `point` draws, in whole canvas units and at least 1 by
 * 1; with `square`, its sides are equal (the longer one), away from the start.
 */
export function drawn(start, point, square) {
  let width = point.x - start.x;
  let height = point.y - start.y;
  if (square) {
    const side = Math.max(Math.abs(width), Math.abs(height));
    width = Math.sign(width || 1) * side;
    height = Math.sign(height || 1) * side;
  }
  const x = Math.round(Math.min(start.x, start.x + width));
  const y = Math.round(Math.min(start.y, start.y + height));
  return { x, y, width: Math.max(1, Math.round(Math.abs(width))),
           height: Math.max(1, Math.round(Math.abs(height))) };
}
