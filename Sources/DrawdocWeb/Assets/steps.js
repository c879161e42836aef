// The page's mirror of the edit steps: applies them to the rectangles it shows as the server
// will, `was` included, but without the server's checks of values (an edit the server refuses
// is taken off again). The steps are those of `POST /api/drawings/ID/edits`
// (Schema/drawdoc-edits.schema.json); the cases of Tests/EditSteps run against both this and
// the server (Tests/page/steps.test.mjs, EditStepCorpusTests). An ES module.

import { makeId } from "./pagedrawing.js";

/** Puts `items` in `array` in place (a spread of 100,000 arguments would overflow the stack). */
export function replaceAll(array, items) {
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
export function insertAll(rectangles, items) {
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
