// The drawing as the page shows it: the version the server confirmed, with the page's own
// edits that are on their way on top — shown at once, taken off again if the server refuses
// them — and the SVG nodes that draw it, touched only where something changed. An ES module.
// An edit is a list of steps, as `POST /api/drawings/ID/edits` takes them, which steps.js
// applies as the server will.

import { applySteps, insertAll, replaceAll } from "./steps.js";

// The page's steps live in steps.js; what imported them from here still finds them.
export { applySteps };

const SVG = "http://www.w3.org/2000/svg";

/** A rectangle's SVG node, as the file draws it. */
export function makeNode(r) {
  const node = document.createElementNS(SVG, "rect");
  setNode(node, r);
  return node;
}

/** A rectangle in words: its accessible name, and what the page says when it is selected. */
export function describe(r) {
  return `Rectangle ${r.id} at ${r.x}, ${r.y}, ${r.width} by ${r.height}, color ${r.color}, ` +
    `alpha ${r.alpha}`;
}

function setNode(node, r) {
  node.setAttribute("data-id", r.id);
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", describe(r));
  node.setAttribute("x", r.x);
  node.setAttribute("y", r.y);
  node.setAttribute("width", r.width);
  node.setAttribute("height", r.height);
  node.setAttribute("fill", r.color);
  // As the file writes it: 0.1 to 0.9, and 1 for level 10.
  node.setAttribute("fill-opacity", r.alpha >= 10 ? "1" : String(r.alpha / 10));
}

/** The box a rectangle's node draws. */
function boxOf(node) {
  return { x: Number(node.getAttribute("x")), y: Number(node.getAttribute("y")),
           width: Number(node.getAttribute("width")), height: Number(node.getAttribute("height")) };
}

/** A fresh rectangle id, `abc-def-ghi`, as the factory makes them. */
export function makeId() {
  const letters = "abcdefghijklmnopqrstuvwxyz0123456789";
  const random = crypto.getRandomValues(new Uint8Array(9));
  const text = Array.from(random, (byte) => letters[byte % 36]).join("");
  return `${text.slice(0, 3)}-${text.slice(3, 6)}-${text.slice(6)}`;
}

function indexOf(rectangles) {
  const index = new Map();
  rectangles.forEach((r, position) => index.set(r.id, position));
  return index;
}

/**
 * The drawing of one page: `confirmed` (what the server said, with its version) and the
 * `rectangles` shown (confirmed, then the edits on their way), with `index` (id → z-index) and
 * the nodes of the picture.
 */
export class PageDrawing {
  constructor() {
    this.confirmed = null;
    this.confirmedIndex = new Map();
    this.drawing = null;
    this.rectangles = [];
    this.index = new Map();
    this.nodes = new Map();
    this.picture = null;
    /** The edits on their way: {steps, version}; `version` once the server made it. */
    this.pending = [];
    /** Rectangles shown elsewhere for a moment (`preview`), and hidden (`hide`), by id. */
    this.previewed = new Map();
    this.hiddenIds = new Set();
    /**
     * Called, when set (by a large drawing's overview), with each box (drawing units) where
     * the picture's nodes look different now; unset, no box is read.
     */
    this.painted = null;
  }

  /**
   * Takes a whole drawing and its picture, as the server sent them; a picture `coming` has
   * only some of its nodes yet (pictureparts.js): none is touched until `finish`.
   */
  load(drawing, version, picture, coming = false) {
    this.confirmed = { ...drawing, version };
    this.confirmedIndex = indexOf(drawing.rectangles);
    this.picture = picture;
    // The nodes by id are found in the browser's idle time (label), or when an edit or a
    // drag needs them sooner, not while the page opens: at 100,000 rectangles that is a
    // tenth of the time to the first click.
    this.nodeMap = null;
    this.coming = coming;
    this.previewed = new Map();
    this.hiddenIds = new Set();
    this.show(new Set(), true);
    if (!coming) this.label();
  }

  /** The picture that was coming has all its nodes. */
  finish() {
    this.coming = false;
    this.nodeMap = null;
    this.label();
  }

  /** The picture's rect nodes by rectangle id. */
  get nodes() {
    if (this.coming) return new Map();
    if (!this.nodeMap) {
      this.nodeMap = new Map();
      if (this.picture) {
        for (const node of this.picture.querySelectorAll("rect")) {
          this.nodeMap.set(node.getAttribute("data-id"), node);
        }
      }
    }
    return this.nodeMap;
  }

  set nodes(map) { this.nodeMap = map; }

  /**
   * Gives the nodes read from the file their accessible names, a few hundred or thousand at a
   * time when the page is idle, so that a large drawing opens as fast without them.
   */
  label() {
    const picture = this.picture;
    // The rect nodes in the file's order, read one by one (a live list), not by id.
    const nodes = picture.getElementsByTagName("rect");
    let at = 0, count = nodes.length;
    // The nodes by id, found on the way: the map `nodes` when no edit needed it sooner.
    let found = new Map();
    // In the browser's idle time, a few milliseconds at a time: a click is never kept waiting.
    const later = (work) => (window.requestIdleCallback
      ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 0));
    const some = (deadline) => {
      if (this.picture !== picture) return;
      // An edit that added or removed nodes meanwhile shifts the list: start again (the
      // nodes named already are passed over).
      if (nodes.length !== count) { count = nodes.length; at = 0; found = new Map(); }
      const end = Math.min(at + (deadline && deadline.timeRemaining() > 8 ? 2000 : 500),
                           nodes.length);
      for (; at < end; at += 1) {
        const node = nodes[at];
        const id = node.getAttribute("data-id");
        found.set(id, node);
        if (node.hasAttribute("aria-label")) continue;
        const r = this.rectangle(id);
        if (r) {
          node.setAttribute("role", "img");
          node.setAttribute("aria-label", describe(r));
        }
      }
      if (at < nodes.length) later(some);
      else if (this.nodeMap === null) this.nodeMap = found;
    };
    later(some);
  }

  /** The server's changes since the confirmed version, as `GET …/changes` gives them. */
  catchUp(changes, version) {
    const rectangles = this.confirmed.rectangles;
    const index = this.confirmedIndex;
    const touched = new Set();
    const gone = new Set(changes.removed);
    for (const entry of changes.put) gone.add(entry.rectangle.id);
    if (gone.size) {
      const kept = rectangles.filter((r) => !gone.has(r.id));
      for (const id of gone) { index.delete(id); touched.add(id); }
      replaceAll(rectangles, kept);
    }
    let from = rectangles.length;
    const puts = changes.put;
    if (puts.every((entry, k) => k === 0 || puts[k - 1].index < entry.index)) {
      // In order, as the server lists them: one pass, however many changed.
      from = insertAll(rectangles, puts.map((entry) => ({ r: entry.rectangle, z: entry.index })));
    } else {
      for (const entry of puts) {
        rectangles.splice(entry.index, 0, entry.rectangle);
        from = Math.min(from, entry.index);
      }
    }
    for (let at = Math.min(from, gone.size ? 0 : from); at < rectangles.length; at += 1) {
      index.set(rectangles[at].id, at);
    }
    if (rectangles.length !== changes.count) return false;
    this.confirmed = { ...this.confirmed, title: changes.title, modified: changes.modified,
                       version, rectangles };
    this.show(touched);
    return true;
  }

  get version() { return this.confirmed ? this.confirmed.version : 0; }

  /** Starts an edit: shown at once. */
  begin(steps) {
    if (this.shared) {
      this.rectangles = this.rectangles.slice();
      this.index = new Map(this.index);
      this.shared = false;
    }
    const entry = { steps, version: null, touched: new Set() };
    this.pending.push(entry);
    const { title } = applySteps(this.rectangles, this.index, steps, entry.touched,
                                 this.drawing && this.drawing.title);
    if (title !== undefined) this.drawing = { ...this.drawing, title };
    // A relative step is shown again as the values it gave: applied once more over a version
    // that holds it already (its event came before the answer), it shows the same.
    entry.shown = steps.map((step) => {
      const r = step.shift !== undefined && this.rectangle(step.shift);
      return r ? { set: r.id, to: { x: r.x, y: r.y, width: r.width, height: r.height,
                                    alpha: r.alpha } } : step;
    });
    this.patch(entry.touched);
    return entry;
  }

  /**
   * An edit the server made as `version`: it stays shown on top until the page holds that
   * version (which may be already, when the change's event came before the answer).
   */
  settle(entry, version) {
    entry.version = version;
    if (this.version >= version) this.show(new Set(entry.touched));
  }

  /** An edit the server refused or never got: taken off what the page shows. */
  drop(entry) {
    this.pending = this.pending.filter((other) => other !== entry);
    this.show(new Set(entry.touched));
  }

  /**
   * Puts the nodes that `steps` would touch back as the page shows them: after a preview (a
   * drag, a nudge) of an edit that is not made.
   */
  restore(steps) {
    const touched = new Set();
    applySteps(this.rectangles.slice(), new Map(this.index), steps, touched);
    this.patch(touched);
  }

  /**
   * Shows the confirmed drawing with the edits still on their way (those the confirmed version
   * holds already are done); `touched` are the ids whose nodes may have to change.
   */
  show(touched, all = false) {
    this.pending = this.pending.filter((entry) => entry.version === null
                                                  || entry.version > this.version);
    // With no edit on its way, what is shown is what was confirmed: the same array and index
    // (copied only when an edit begins), not a copy of 100,000 entries at every change.
    this.shared = !this.pending.length;
    this.rectangles = this.shared ? this.confirmed.rectangles : this.confirmed.rectangles.slice();
    this.index = this.shared ? this.confirmedIndex : new Map(this.confirmedIndex);
    this.drawing = this.confirmed;
    for (const entry of this.pending) {
      const { title } = applySteps(this.rectangles, this.index, entry.shown, touched,
                                   this.drawing.title);
      if (title !== undefined) this.drawing = { ...this.drawing, title };
    }
    if (!all) this.patch(touched);
  }

  /** Brings the nodes of `touched` ids in line with the rectangles shown. */
  patch(touched) {
    if (this.coming) return;
    const present = [];
    for (const id of touched) {
      this.previewed.delete(id);
      const at = this.index.get(id);
      if (at === undefined) {
        const node = this.nodes.get(id);
        if (node) { this.repainted(node); node.remove(); this.nodes.delete(id); }
        this.hiddenIds.delete(id);
      } else {
        present.push(at);
      }
    }
    // From the top down, so that the node each goes before is in its place already.
    present.sort((a, b) => b - a);
    for (const at of present) {
      const r = this.rectangles[at];
      let node = this.nodes.get(r.id);
      if (node) { this.repainted(node); setNode(node, r); }
      else this.nodes.set(r.id, node = makeNode(r));
      if (this.painted) this.painted(r);
      const above = this.rectangles[at + 1];
      const next = above ? this.nodes.get(above.id) : null;
      if (node.nextSibling !== next || node.parentNode !== this.picture) {
        this.picture.insertBefore(node, next || null);
      }
    }
  }

  /** Tells `painted`, when set, the box a node draws (before it changes, or goes). */
  repainted(node) {
    if (this.painted) this.painted(boxOf(node));
  }

  /** Hides rectangles' nodes for a moment (while copies of them are dragged), or shows them. */
  hide(ids, hidden) {
    for (const id of ids) {
      if (hidden) this.hiddenIds.add(id); else this.hiddenIds.delete(id);
      const node = this.nodes.get(id);
      if (!node) continue;
      if (hidden) node.setAttribute("visibility", "hidden");
      else node.removeAttribute("visibility");
      this.repainted(node);
    }
  }

  /** Shows rectangles somewhere else for a moment (a drag), without an edit. */
  preview(rectangles) {
    for (const r of rectangles) {
      const node = this.nodes.get(r.id);
      if (!node) continue;
      this.repainted(node);
      setNode(node, r);
      this.previewed.set(r.id, r);
      if (this.painted) this.painted(r);
    }
  }

  rectangle(id) {
    const at = this.index.get(id);
    return at === undefined ? null : this.rectangles[at];
  }
}
