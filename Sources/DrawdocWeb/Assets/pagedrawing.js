// The drawing as the page shows it: the version the server confirmed, with the page's own
// edits that are on their way on top — shown at once, taken off again if the server refuses
// them — and the SVG nodes that draw it, touched only where something changed. An ES module.
//
// An edit is a list of steps, as `POST /api/drawings/ID/edits` takes them (Schema/
// drawdoc-edits.schema.json): `set`, `shift`, `add`, `remove`, `place`, `order`, `arrange`,
// `rename`. The page applies them here as the server will, `was` included, but without the
// server's checks of values: an edit the server refuses is taken off again. The cases of
// Tests/EditSteps run against both (Tests/page/steps.test.mjs, EditStepCorpusTests).

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

/** Puts `items` in `array` in place (a spread of 100,000 arguments would overflow the stack). */
function replaceAll(array, items) {
  items.forEach((item, at) => { array[at] = item; });
  array.length = items.length;
}

/**
 * A number sent as a number or as text, read as the server reads text (Swift's Double):
 * decimal (`-12.5`, `1e3`, `.5`) or hexadecimal (`0x10`, `-0x1.8p1`); NaN for anything else,
 * which the server refuses (JavaScript's Number would take `" 12"` or `"Infinity"`).
 */
function number(value) {
  if (typeof value === "number") return value;
  const text = String(value);
  if (/^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(text)) return Number(text);
  const hex = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?[0-9]+))?$/.exec(text);
  if (!hex || !(hex[2] || hex[3])) return NaN;
  const digits = (hex[2] || "") + (hex[3] || "");
  const exponent = Number(hex[4] || 0) - 4 * (hex[3] || "").length;
  return (hex[1] === "-" ? -1 : 1) * parseInt(digits, 16) * 2 ** exponent;
}

/** Whether a field is given: `null` and empty text are not, as the server reads them. */
const given = (value) => value !== undefined && value !== null && value !== "";

/**
 * A field's value as the drawing keeps it: a number, or a color as lowercase `#rrggbb` when
 * it is written in hex (`#fa0`, `#ABCDEF`). A color name or `rgb()` stays as sent: CSS draws
 * it the same until the server's version, which spells it in hex, arrives.
 */
function valueOf(field, value) {
  if (field !== "color") return number(value);
  const text = String(value).trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text);
  if (!hex) return value;
  const digits = hex[1].length <= 4 ? [...hex[1]].map((d) => d + d).join("") : hex[1];
  return "#" + digits.slice(0, 6);
}

const FIELDS = ["x", "y", "width", "height", "color", "alpha"];

/**
 * Applies steps to `rectangles` (changed in place: entries are replaced, never changed) with
 * its `index` (id → position, kept up to date); returns the ids touched and the new title,
 * if one. `shownTitle`, the drawing's title, is what a rename's `was` is checked against.
 */
export function applySteps(rectangles, index, steps, touched = new Set(), shownTitle) {
  let title;
  const reindex = (from) => {
    for (let at = from; at < rectangles.length; at += 1) index.set(rectangles[at].id, at);
  };
  const move = (id, to) => {
    const from = index.get(id);
    if (from === undefined) return;
    to = Math.min(Math.max(to, 0), rectangles.length - 1);
    if (from === to) return;
    const [r] = rectangles.splice(from, 1);
    rectangles.splice(to, 0, r);
    reindex(Math.min(from, to));
    touched.add(id);
  };
  for (let at = 0; at < steps.length; at += 1) {
    const step = steps[at];
    if (step.set !== undefined || step.shift !== undefined) {
      const id = step.set ?? step.shift;
      const at = index.get(id);
      if (at === undefined) continue;
      const r = { ...rectangles[at] };
      if (step.to) {
        // A field is set only if it still holds its value in `was` (when `was` gives one).
        const was = step.was || {};
        for (const field of FIELDS) {
          if (!given(step.to[field])) continue;
          const value = valueOf(field, step.to[field]);
          if (field !== "color" && !Number.isFinite(value)) continue;
          if (given(was[field]) && valueOf(field, was[field]) !== r[field]) continue;
          r[field] = value;
        }
      } else {
        for (const [field, amount] of Object.entries(step.by || {})) r[field] += amount;
        r.alpha = Math.min(Math.max(r.alpha, 1), 10);
      }
      rectangles[at] = r;
      touched.add(id);
    } else if (step.add !== undefined) {
      // A run of additions: in one pass when each has a z-index and they ascend (the undo of
      // a removal), as the server makes them.
      const made = [];
      const ids = new Set();
      for (; at < steps.length && steps[at].add !== undefined; at += 1) {
        const fields = steps[at].add;
        const r = { id: fields.id || makeId(), alpha: 10, color: "#9ca3af" };
        for (const field of FIELDS) {
          if (given(fields[field])) r[field] = valueOf(field, fields[field]);
          else if (r[field] === undefined) r[field] = 0;
        }
        if (!index.has(r.id) && !ids.has(r.id)) {
          ids.add(r.id);
          made.push({ r, z: steps[at].at });
        }
      }
      at -= 1;
      const rising = made.length > 1 && made.every((entry, k) => Number.isInteger(entry.z)
        && (k === 0 || made[k - 1].z < entry.z));
      if (rising) {
        reindex(insertAll(rectangles, made));
      } else {
        for (const { r, z } of made) {
          const place = Math.min(z ?? rectangles.length, rectangles.length);
          rectangles.splice(place, 0, r);
          reindex(place);
        }
      }
      for (const { r } of made) touched.add(r.id);
    } else if (step.remove !== undefined) {
      // A run of removals in one pass, as the server makes it: a selection of thousands
      // costs one.
      const gone = new Set();
      for (; at < steps.length && steps[at].remove !== undefined; at += 1) {
        const { remove: id, was } = steps[at];
        const r = index.has(id) ? rectangles[index.get(id)] : null;
        // With `was`, only if it still has every one of those values.
        if (r && !(was && FIELDS.some((field) => valueOf(field, was[field]) !== r[field]))) {
          gone.add(id);
        }
      }
      at -= 1;
      if (!gone.size) continue;
      let first = rectangles.length;
      const kept = rectangles.filter((r, position) => {
        if (!gone.has(r.id)) return true;
        first = Math.min(first, position);
        return false;
      });
      replaceAll(rectangles, kept);
      for (const id of gone) { index.delete(id); touched.add(id); }
      reindex(first);
    } else if (step.place !== undefined) {
      move(step.place, step.at);
    } else if (step.order !== undefined) {
      order(rectangles, index, step.order, step.to, touched);
    } else if (step.arrange !== undefined) {
      arrange(rectangles, index, step.arrange, touched);
    } else if (step.rename !== undefined) {
      const current = title ?? shownTitle;
      // With `was` (text), only if the title still is `was`.
      if (typeof step.was === "string" && current !== undefined && step.was !== current) continue;
      title = step.rename;
    }
  }
  return { touched, title };
}

/**
 * Puts `items` ({r, z}) in `rectangles` in one pass, each at its z-index in the new order; one
 * not above the one before goes right above it (as Plane.insert does). Returns the lowest
 * position that changed.
 */
function insertAll(rectangles, items) {
  const result = [];
  let old = 0;
  let first = null;
  for (const { r, z } of items) {
    const target = Math.min(z, result.length + rectangles.length - old);
    while (result.length < target) { result.push(rectangles[old]); old += 1; }
    first ??= result.length;
    result.push(r);
  }
  for (; old < rectangles.length; old += 1) result.push(rectangles[old]);
  replaceAll(rectangles, result);
  return first ?? rectangles.length;
}

/**
 * `[[id, z], …]`: takes the rectangles out, then puts each at its z-index, the lowest first
 * (of two at one z-index, the one listed first), each above the one before, as the server does.
 */
function arrange(rectangles, index, pairs, touched) {
  const kept = [];
  const chosen = new Set();
  pairs.forEach(([id, z], offset) => {
    if (index.has(id) && !chosen.has(id)) { chosen.add(id); kept.push({ id, z, offset }); }
  });
  if (!kept.length) return;
  kept.sort((a, b) => a.z - b.z || a.offset - b.offset);
  const taken = new Map();
  replaceAll(rectangles, rectangles.filter((r) => {
    if (!chosen.has(r.id)) return true;
    taken.set(r.id, r);
    return false;
  }));
  let target = -1;
  const items = kept.map(({ id, z }, k) => {
    target = Math.min(Math.max(z, target + 1), rectangles.length + k);
    return { r: taken.get(id), z: target };
  });
  insertAll(rectangles, items);
  rectangles.forEach((r, at) => index.set(r.id, at));
  for (const id of chosen) touched.add(id);
}

/**
 * `front`, `forward`, `backward` or `back`, as the server moves a selection in z-order: in one
 * pass, keeping the selection's own order; one place up (or down) moves each above the
 * rectangle just above it that is not moving.
 */
function order(rectangles, index, ids, to, touched) {
  const chosen = new Set(ids.filter((id) => index.has(id)));
  if (!chosen.size) return;
  const before = rectangles.slice();
  if (to === "front" || to === "back") {
    const others = before.filter((r) => !chosen.has(r.id));
    const moving = before.filter((r) => chosen.has(r.id));
    replaceAll(rectangles, to === "front" ? others.concat(moving) : moving.concat(others));
  } else if (to === "forward") {
    for (let at = rectangles.length - 2; at >= 0; at -= 1) {
      if (chosen.has(rectangles[at].id) && !chosen.has(rectangles[at + 1].id)) {
        [rectangles[at], rectangles[at + 1]] = [rectangles[at + 1], rectangles[at]];
      }
    }
  } else if (to === "backward") {
    for (let at = 1; at < rectangles.length; at += 1) {
      if (chosen.has(rectangles[at].id) && !chosen.has(rectangles[at - 1].id)) {
        [rectangles[at], rectangles[at - 1]] = [rectangles[at - 1], rectangles[at]];
      }
    }
  }
  rectangles.forEach((r, at) => {
    if (before[at] !== r) { index.set(r.id, at); touched.add(r.id); }
  });
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
  }

  /** Takes a whole drawing and its picture, as the server sent them. */
  load(drawing, version, picture) {
    this.confirmed = { ...drawing, version };
    this.confirmedIndex = indexOf(drawing.rectangles);
    this.picture = picture;
    // The nodes by id are found in the browser's idle time (label), or when an edit or a
    // drag needs them sooner, not while the page opens: at 100,000 rectangles that is a
    // tenth of the time to the first click.
    this.nodeMap = null;
    this.show(new Set(), true);
    this.label();
  }

  /** The picture's rect nodes by rectangle id. */
  get nodes() {
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
    const present = [];
    for (const id of touched) {
      const at = this.index.get(id);
      if (at === undefined) {
        const node = this.nodes.get(id);
        if (node) { node.remove(); this.nodes.delete(id); }
      } else {
        present.push(at);
      }
    }
    // From the top down, so that the node each goes before is in its place already.
    present.sort((a, b) => b - a);
    for (const at of present) {
      const r = this.rectangles[at];
      let node = this.nodes.get(r.id);
      if (node) setNode(node, r); else this.nodes.set(r.id, node = makeNode(r));
      const above = this.rectangles[at + 1];
      const next = above ? this.nodes.get(above.id) : null;
      if (node.nextSibling !== next || node.parentNode !== this.picture) {
        this.picture.insertBefore(node, next || null);
      }
    }
  }

  /** Hides rectangles' nodes for a moment (while copies of them are dragged), or shows them. */
  hide(ids, hidden) {
    for (const id of ids) {
      const node = this.nodes.get(id);
      if (!node) continue;
      if (hidden) node.setAttribute("visibility", "hidden");
      else node.removeAttribute("visibility");
    }
  }

  /** Shows rectangles somewhere else for a moment (a drag), without an edit. */
  preview(rectangles) {
    for (const r of rectangles) {
      const node = this.nodes.get(r.id);
      if (node) setNode(node, r);
    }
  }

  rectangle(id) {
    const at = this.index.get(id);
    return at === undefined ? null : this.rectangles[at];
  }
}
