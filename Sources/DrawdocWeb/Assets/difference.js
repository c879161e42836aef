// The edit steps between two states of a drawing: how the page takes back a change it did not
// make as steps of its own (restoring a version, which the server makes whole), so that its
// own undo and redo can take it back and make it again. A pure ES module.

const FIELDS = ["x", "y", "width", "height", "color", "alpha"];

/**
 * The steps (`remove`, `set`, `arrange`, `add` with `at`, `rename`, as `POST …/edits` takes
 * them) that turn drawing `from` into drawing `to`; each is `{title, rectangles}`, rectangles
 * bottom first. Every step says what it expects (`was`), so that what someone else changed in
 * the meantime is left as they made it. No steps when the two are the same.
 */
export function stepsBetween(from, to) {
  const steps = [];
  const before = new Map(from.rectangles.map((r) => [r.id, r]));
  const after = new Set(to.rectangles.map((r) => r.id));
  for (const r of from.rectangles) {
    if (!after.has(r.id)) steps.push({ remove: r.id, was: fieldsOf(r) });
  }
  for (const r of to.rectangles) {
    const old = before.get(r.id);
    if (!old) continue;
    const changed = {}, was = {};
    for (const field of FIELDS) {
      if (r[field] !== old[field]) { changed[field] = r[field]; was[field] = old[field]; }
    }
    if (Object.keys(changed).length) steps.push({ set: r.id, to: changed, was });
  }
  // The rectangles both have, in `to`'s order; those out of `from`'s order move there.
  const kept = to.rectangles.filter((r) => before.has(r.id)).map((r) => r.id);
  const rank = new Map(from.rectangles.filter((r) => after.has(r.id)).map((r, at) => [r.id, at]));
  const staying = longestRising(kept.map((rid) => rank.get(rid)));
  const moving = [];
  kept.forEach((rid, at) => { if (!staying.has(at)) moving.push([rid, at]); });
  if (moving.length) steps.push({ arrange: moving });
  // The new ones last, each at its z-index in `to`, rising: the others are in order by then.
  to.rectangles.forEach((r, at) => {
    if (!before.has(r.id)) steps.push({ add: { id: r.id, ...fieldsOf(r) }, at });
  });
  if ((from.title ?? "") !== (to.title ?? "")) {
    steps.push({ rename: to.title ?? "", was: from.title ?? "" });
  }
  return steps;
}

function fieldsOf(r) {
  const fields = {};
  for (const field of FIELDS) fields[field] = r[field];
  return fields;
}

/**
 * The positions of a longest rising run (not necessarily adjacent) of `values`, as a set: the
 * rectangles that can stay while the others move around them. O(n log n).
 */
function longestRising(values) {
  const tails = [];      // tails[k]: the position ending the best run of length k + 1
  const previous = [];   // previous[i]: the position before i in its run
  values.forEach((value, i) => {
    let low = 0, high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]] < value) low = middle + 1; else high = middle;
    }
    previous[i] = low > 0 ? tails[low - 1] : -1;
    tails[low] = i;
  });
  const run = new Set();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = previous[i]) run.add(i);
  return run;
}
