// The editor's clipboard: copy, cut and paste through the system clipboard, with the
// document's `copy`, `cut` and `paste` events (Ctrl/⌘+C, X, V, and the browser's menus), so
// that it works within a drawing, across drawings and across tabs and windows. Copy writes two
// forms: drawdoc's JSON (`application/x-drawdoc+json`), which another drawdoc page pastes
// exactly, and SVG text (`text/plain`), which other programs and drawdoc's import read. Paste
// takes drawdoc's JSON first; otherwise SVG, draw.io or Excalidraw text, which the server
// imports (`POST /api/import`) with its warnings. A field keeps the browser's own copy and paste. An ES module.

import { bounds } from "./gestures.js";
import { makeId } from "./pagedrawing.js";

/** The clipboard type of drawdoc's JSON form. */
export const CLIPBOARD_TYPE = "application/x-drawdoc+json";

/** How far a paste lands from what it copies, in canvas units, when both are in sight. */
const OFFSET = 10;

/** The largest body the server reads (`WebApp.limits`), which a paste of SVG is sent in. */
const BODY_LIMIT = 16 << 20;

/** Whether a clipboard event is meant for a field rather than for the editor. */
function inField(event) {
  const target = event.target instanceof Element ? event.target : document.activeElement;
  return Boolean(target && target.closest && target.closest("input, select, textarea"))
    || Boolean(target && target.isContentEditable);
}

/** Text with the five characters XML escapes in an attribute escaped. */
function escaped(value) {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The clipboard's JSON form of rectangles copied from drawing `drawing`: each as the drawing
 * JSON's rectangle object (`id x y width height color alpha`), bottom first.
 */
export function clipboardJSON(drawing, rectangles) {
  return JSON.stringify({
    format: "drawdoc-clipboard", version: 1, drawing,
    rectangles: rectangles.map(({ id, x, y, width, height, color, alpha }) =>
      ({ id, x, y, width, height, color, alpha })),
  });
}

/**
 * A standalone SVG file of rectangles: its `viewBox` is the box around them, so that another
 * program shows just them, and each is a `rect` with its fill and opacity, as drawdoc's import
 * reads it back.
 */
export function clipboardSVG(rectangles) {
  const { x: left, y: top, width, height } = bounds(rectangles);
  const lines = rectangles.map((r) =>
    `  <rect data-id="${escaped(r.id)}" x="${r.x}" y="${r.y}" width="${r.width}" ` +
    `height="${r.height}" fill="${escaped(r.color)}" fill-opacity="${r.alpha / 10}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="${left} ${top} ${width} ${height}">\n${lines.join("\n")}\n</svg>\n`;
}

/** Reads drawdoc's JSON form; `null` when the text is not one. */
export function readClipboardJSON(text) {
  let value;
  try { value = JSON.parse(text); } catch (error) { return null; }
  if (!value || value.format !== "drawdoc-clipboard" || value.version !== 1
      || !Array.isArray(value.rectangles)) return null;
  const rectangles = value.rectangles.filter((r) => r && typeof r === "object");
  return { drawing: typeof value.drawing === "string" ? value.drawing : null, rectangles };
}

/** Whether text looks like an SVG document (the server's import decides). */
export function looksLikeSVG(text) {
  return /^\s*</.test(text) && /<svg[\s>/]/i.test(text);
}

/** Whether text looks like a draw.io file (`<mxfile` or `<mxGraphModel` at the root). */
export function looksLikeDrawIO(text) {
  return /^\s*</.test(text) && /<(mxfile|mxGraphModel)[\s>/]/.test(text.slice(0, 4096));
}

/** Whether text looks like an Excalidraw scene: JSON whose `type` is `excalidraw`. */
export function looksLikeExcalidraw(text) {
  return /^\s*\{/.test(text) && /"type"\s*:\s*"excalidraw"/.test(text);
}

/** Whether text is something the server's import may read: SVG, draw.io or Excalidraw. */
export function looksImportable(text) {
  return looksLikeSVG(text) || looksLikeDrawIO(text) || looksLikeExcalidraw(text);
}

/** The steps that add rectangles with fresh ids, moved by (dx, dy), on top. */
function additions(rectangles, dx, dy) {
  return rectangles.map((r) => {
    const added = { id: makeId() };
    for (const field of ["x", "y", "width", "height", "color", "alpha"]) {
      if (r[field] !== undefined && r[field] !== null) added[field] = r[field];
    }
    if (typeof added.x === "number") added.x += dx;
    if (typeof added.y === "number") added.y += dy;
    return { add: added };
  });
}

/**
 * The notices of an import's warnings: the first `shown` (two), each with its line, then how
 * many more — at most three notices, as many as the page shows at once.
 */
export function warningNotes(warnings, shown = 2) {
  const notes = warnings.slice(0, shown)
    .map((w) => `Line ${w.line} of the pasted SVG: ${w.message.replace(/\.$/, "")}.`);
  const more = warnings.length - shown;
  if (more > 0) notes.push(`And ${more} more ${more === 1 ? "warning" : "warnings"}.`);
  return notes;
}

/** Connects the clipboard to the editor. */
export function connectClipboard(editor) {
  const { page } = editor;
  /** What this page pasted last: the clipboard's text and how many times, to step each paste. */
  let pasted = null;

  const ignored = (event) => inField(event) || document.getElementById("shortcuts").open;

  /** The selection, bottom first, as the clipboard keeps it. */
  function selection() {
    return editor.selectedRectangles().sort((a, b) => page.index.get(a.id) - page.index.get(b.id));
  }

  /** Writes the selection to the clipboard; whether there was one. */
  function copy(event) {
    const rectangles = selection();
    if (!rectangles.length) return false;
    event.clipboardData.setData(CLIPBOARD_TYPE, clipboardJSON(editor.id, rectangles));
    event.clipboardData.setData("text/plain", clipboardSVG(rectangles));
    event.preventDefault();
    pasted = null;
    return true;
  }

  document.addEventListener("copy", (event) => {
    if (!ignored(event)) copy(event);
  });

  document.addEventListener("cut", (event) => {
    if (!ignored(event) && copy(event)) editor.removeSelected();
  });

  /** Pastes drawdoc's JSON form: at the same place in another drawing, else a step aside. */
  function pasteCopied(text, copied) {
    if (!copied.rectangles.length) return;
    const here = copied.drawing === editor.id;
    const originals = here && copied.rectangles.some((r) => page.index.has(r.id));
    const before = pasted && pasted.text === text ? pasted.times : 0;
    const shift = here ? OFFSET * (before + (originals ? 1 : 0)) : 0;
    const steps = additions(copied.rectangles, shift, shift);
    editor.edit(steps);
    // An edit the page refuses at once (offline, or the drawing gone) shows nothing: that
    // paste does not count.
    if (page.index.has(steps[0].add.id)) pasted = { text, times: before + 1 };
    editor.select(steps.map((step) => step.add.id));
  }

  /** Pastes SVG, draw.io or Excalidraw text: the server imports it (in the body's `svg`), and
   * the page adds what it kept as one edit. */
  async function pasteSVG(text) {
    if (new TextEncoder().encode(JSON.stringify({ svg: text })).length > BODY_LIMIT) {
      editor.notify("The SVG on the clipboard is larger than the 16 MiB that drawdoc pastes: " +
        "save it in a file and import it with drawdoc save.");
      return;
    }
    const result = await editor.api("POST", "/api/import", { svg: text });
    if (!result.ok) {
      const reason = result.status === 0 ? "the server cannot be reached"
        : result.data.error || `the server answered ${result.status}`;
      editor.notify(`The SVG on the clipboard could not be pasted: ${reason}.`
        .replace(/\.\.$/, "."));
      return;
    }
    const { rectangles, warnings } = result.data;
    if (!rectangles.length) {
      editor.notify("The SVG on the clipboard has no rectangle that drawdoc can keep.");
      for (const note of warningNotes(warnings, 1)) editor.notify(note);
      return;
    }
    const steps = additions(rectangles, 0, 0);
    editor.edit(steps);
    editor.select(steps.map((step) => step.add.id));
    for (const note of warningNotes(warnings)) editor.notify(note);
  }

  document.addEventListener("paste", (event) => {
    if (ignored(event)) return;
    event.preventDefault();
    const data = event.clipboardData;
    const json = data.getData(CLIPBOARD_TYPE);
    const copied = json && readClipboardJSON(json);
    if (copied) { pasteCopied(json, copied); return; }
    const text = [data.getData("image/svg+xml"), data.getData("text/plain")].find(looksImportable);
    if (text) { pasteSVG(text); return; }
    editor.notify("There is nothing on the clipboard that drawdoc can paste: copy rectangles in " +
      "drawdoc, or SVG, draw.io or Excalidraw from another program.");
  });
}
