// The editor's tools: select (V), rectangle (R: drag to draw, Shift for a square) and hand
// (H: drag to pan). The toolbar's buttons show which is on (aria-pressed). An ES module.

/** The tools, by the key that picks each. */
export const TOOL_KEYS = { v: "select", r: "rectangle", h: "hand" };

export class Tools {
  constructor(toolbar, changed) {
    this.toolbar = toolbar;
    this.changed = changed;
    this.current = "select";
    for (const button of toolbar.querySelectorAll("button[data-tool]")) {
      button.addEventListener("click", () => this.pick(button.dataset.tool));
    }
    this.show();
  }

  pick(tool) {
    this.current = tool;
    this.show();
    this.changed(tool);
  }

  show() {
    for (const button of this.toolbar.querySelectorAll("button[data-tool]")) {
      button.setAttribute("aria-pressed", String(button.dataset.tool === this.current));
    }
  }

  /** Picks the tool of a key (V, R, H, without modifiers); returns whether it did. */
  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    const tool = TOOL_KEYS[event.key.toLowerCase()];
    if (!tool) return false;
    this.pick(tool);
    return true;
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
