// The editor's clipboard: copy, cut and paste through the system clipboard, with the
// document's `copy`, `cut` and `paste` events (Ctrl/⌘+C, X, V, and the browser's menus), so
// that it works within a drawing, across drawings and across tabs and windows. Copy writes two
// forms: drawdoc's JSON (`application/x-drawdoc+json`), which another drawdoc page pastes
// exactly, and SVG text (`text/plain`), which other programs and drawdoc's import read. Paste
// takes drawdoc's JSON first; otherwise SVG, draw.io or Excalidraw text (a file's, or what
// draw.io's and Excalidraw's copy put on the clipboard), which the server imports
// (`POST /api/import`) with its warnings, the notices naming what was pasted. A field keeps
// the browser's own copy and paste.
// Files dropped on the canvas or its pasteboard are pasted the same way, each its text (SVG,
// draw.io, Excalidraw or drawdoc's JSON) with its name, or a PNG file's bytes in base64 (a PNG
// drawdoc, draw.io or Excalidraw exported, which carries the drawing). An ES module.

import { bottomFirst } from "./geometry.js";
import { bounds } from "./gestures.js";
import { makeId } from "./pagedrawing.js";

/** The clipboard type of drawdoc's JSON form. */
export const CLIPBOARD_TYPE = "application/x-drawdoc+json";

/** How far a paste lands from what it copies, in canvas units, when both are in sight. */
const OFFSET = 10;

/** The largest body the server reads (`WebApp.limits`), which a paste of SVG is sent in. */
const BODY_LIMIT = 16 << 20;

/** The largest PNG file whose base64 fits in the body, with room for the rest of it. */
const PNG_LIMIT = (BODY_LIMIT - 4096) / 4 * 3;

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

/**
 * Whether text looks like a draw.io file (`<mxfile` or `<mxGraphModel` at the root), or one
 * URL-encoded as draw.io's copy puts it on the clipboard (`%3CmxGraphModel%3E…`).
 */
export function looksLikeDrawIO(text) {
  return (/^\s*</.test(text) && /<(mxfile|mxGraphModel)[\s>/]/.test(text.slice(0, 4096)))
    || /^[ \t\r\n]*%3[cC]mx(GraphModel|file)/.test(text);
}

/** Whether text is what Excalidraw's copy puts on the clipboard: `"excalidraw/clipboard"`. */
function looksLikeExcalidrawCopy(text) {
  return /^\s*\{/.test(text) && /"type"\s*:\s*"excalidraw\/clipboard"/.test(text);
}

/**
 * Whether text looks like an Excalidraw scene, JSON whose `type` is `excalidraw`, or the
 * elements Excalidraw's copy puts on the clipboard (`excalidraw/clipboard`).
 */
export function looksLikeExcalidraw(text) {
  return (/^\s*\{/.test(text) && /"type"\s*:\s*"excalidraw"/.test(text))
    || looksLikeExcalidrawCopy(text);
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
export function warningNotes(warnings, shown = 2, source = "the pasted SVG") {
  const notes = warnings.slice(0, shown)
    .map((w) => `Line ${w.line} of ${source}: ${w.message.replace(/\.$/, "")}.`);
  const more = warnings.length - shown;
  if (more > 0) notes.push(`And ${more} more ${more === 1 ? "warning" : "warnings"}.`);
  return notes;
}

/**
 * Where pasted text comes from, as the notices name it: the clipboard, holding SVG, a draw.io
 * diagram, an Excalidraw scene or the selection Excalidraw copied, as the text looks.
 */
function fromClipboard(text) {
  const kind = looksLikeDrawIO(text) ? "draw.io diagram"
    : looksLikeExcalidrawCopy(text) ? "Excalidraw selection"
      : looksLikeExcalidraw(text) ? "Excalidraw scene" : "SVG";
  return {
    what: `The ${kind} on the clipboard`, lines: `the pasted ${kind}`,
    tooLarge: "save it in a file and import it with drawdoc save",
  };
}

/**
 * Where a dropped file comes from, as the notices name it: the file called `name` (`label` when
 * it has no name), a name the server's import is told too.
 */
function fromFile(name, label = name) {
  return { what: label, lines: label, tooLarge: `import it with drawdoc save ${label}`, name };
}

/**
 * Bytes in base64 (standard alphabet, padded), as the server's import takes a PNG file: a
 * piece at a time into `btoa`, so that a large file does not pass too many arguments at once.
 */
export function base64(bytes) {
  const piece = 0x8000;
  const pieces = [];
  for (let start = 0; start < bytes.length; start += piece) {
    pieces.push(String.fromCharCode.apply(null, bytes.subarray(start, start + piece)));
  }
  return btoa(pieces.join(""));
}

/** The names of the files a drop reads as text: what the server's import reads. */
const TEXT_FILE = /\.(svg|drawio|xml|excalidraw|json)$/i;

/**
 * Imports SVG, draw.io or Excalidraw text (or a drawing's JSON): the server reads it (in the
 * body's `svg`, with the file's `name` if it has one), and the page adds the rectangles it kept
 * as one edit, selected, and shows the warnings with their lines. `from` names the text in the
 * notices (the clipboard's, by what the text looks like, or a file's). Paste and drop both come
 * here.
 */
export async function importText(editor, text, from = fromClipboard(text), at = null) {
  const body = from.name ? { svg: text, name: from.name } : { svg: text };
  if (new TextEncoder().encode(JSON.stringify(body)).length > BODY_LIMIT) {
    editor.notify(`${from.what} is larger than the 16 MiB that drawdoc pastes: ${from.tooLarge}.`);
    return;
  }
  await importBody(editor, body, from, at);
}

/**
 * Imports a PNG file's bytes (in the body's `png`, in base64, with the file's `name`) as
 * `importText` imports text: a PNG that carries no drawing gets the server's reason.
 */
async function importPNG(editor, bytes, from) {
  const body = { png: base64(bytes) };
  if (from.name) body.name = from.name;
  await importBody(editor, body, from);
}

/** How far rectangles move to be centred on point `at`, in whole units. */
function centring(rectangles, at) {
  const box = bounds(rectangles);
  return { dx: Math.round(at.x - box.x - box.width / 2), dy: Math.round(at.y - box.y - box.height / 2) };
}

/** Sends a body to the server's import and adds what it answers (see `importText`). */
async function importBody(editor, body, from, at = null) {
  const result = await editor.api("POST", "/api/import", body);
  if (!result.ok) {
    const reason = result.status === 0 ? "the server cannot be reached"
      : result.data.error || `the server answered ${result.status}`;
    editor.notify(`${from.what} could not be pasted: ${reason}.`.replace(/\.\.$/, "."));
    return;
  }
  const { rectangles, warnings } = result.data;
  if (!rectangles.length) {
    editor.notify(`${from.what} has no rectangle that drawdoc can keep.`);
    for (const note of warningNotes(warnings, 1, from.lines)) editor.notify(note);
    return;
  }
  // Centred on the point the context menu was opened at, if it was.
  const { dx, dy } = at ? centring(rectangles, at) : { dx: 0, dy: 0 };
  const steps = additions(rectangles, dx, dy);
  editor.edit(steps);
  editor.select(steps.map((step) => step.add.id));
  for (const note of warningNotes(warnings, 2, from.lines)) editor.notify(note);
}

/** Connects the clipboard, and files dropped on the canvas, to the editor. */
export function connectClipboard(editor) {
  const { page } = editor;
  /** What this page pasted last: the clipboard's text and how many times, to step each paste. */
  let pasted = null;

  const ignored = (event) => inField(event) || document.getElementById("shortcuts").open;

  /** The selection, bottom first, as the clipboard keeps it. */
  function selection() {
    return bottomFirst(editor.selectedRectangles(), page.index);
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

  /** The part of the canvas the stage shows, in canvas units. */
  function inSight() {
    const box = editor.stage.getBoundingClientRect();
    const from = editor.view.canvasPoint({ clientX: box.left, clientY: box.top });
    const to = editor.view.canvasPoint({ clientX: box.right, clientY: box.bottom });
    return { x: from.x, y: from.y, width: to.x - from.x, height: to.y - from.y };
  }

  /**
   * How far pasted rectangles move: centred on `at` (where the context menu opened) when
   * given, as Excalidraw pastes at the pointer; else `shift` aside, or into the middle of the
   * view when that would land out of sight, as Figma pastes.
   */
  function placement(rectangles, shift, at) {
    if (at) return centring(rectangles, at);
    const box = bounds(rectangles);
    const sight = inSight();
    // In sight when its middle is: a sliver at the edge would still be out of view.
    const middle = { x: box.x + shift + box.width / 2, y: box.y + shift + box.height / 2 };
    const seen = sight.x <= middle.x && middle.x <= sight.x + sight.width
      && sight.y <= middle.y && middle.y <= sight.y + sight.height;
    if (seen) return { dx: shift, dy: shift };
    return placement(rectangles, 0, { x: sight.x + sight.width / 2, y: sight.y + sight.height / 2 });
  }

  /**
   * Pastes drawdoc's JSON form: at the same place in another drawing, or a step aside in this
   * one, brought into sight; centred on `at` when the context menu gives the point.
   */
  function pasteCopied(text, copied, at = null) {
    if (!copied.rectangles.length) return;
    const here = copied.drawing === editor.id;
    const originals = here && copied.rectangles.some((r) => page.index.has(r.id));
    const before = pasted && pasted.text === text ? pasted.times : 0;
    const shift = here ? OFFSET * (before + (originals ? 1 : 0)) : 0;
    const { dx, dy } = placement(copied.rectangles, shift, at);
    const steps = additions(copied.rectangles, dx, dy);
    editor.edit(steps);
    // An edit the page refuses at once (offline, or the drawing gone) shows nothing: that
    // paste does not count.
    if (page.index.has(steps[0].add.id)) pasted = { text, times: before + 1 };
    editor.select(steps.map((step) => step.add.id));
  }


  document.addEventListener("paste", (event) => {
    if (ignored(event)) return;
    event.preventDefault();
    const data = event.clipboardData;
    const json = data.getData(CLIPBOARD_TYPE);
    const copied = json && readClipboardJSON(json);
    if (copied) { pasteCopied(json, copied); return; }
    const text = [data.getData("image/svg+xml"), data.getData("text/plain")].find(looksImportable);
    if (text) { importText(editor, text); return; }
    editor.notify("There is nothing on the clipboard that drawdoc can paste: copy rectangles in " +
      "drawdoc, or SVG, draw.io or Excalidraw from another program.");
  });

  /**
   * Pastes what the system clipboard holds as text (the context menu's and the palette's
   * Paste, which come with no paste event): drawdoc's JSON, or SVG, draw.io or Excalidraw.
   */
  async function pasteFromClipboard(at) {
    let text;
    try { text = await navigator.clipboard.readText(); } catch (error) {
      editor.notify(`The browser did not let the page read the clipboard (${error.message}): ` +
        "press Ctrl+V (⌘V) instead.");
      return;
    }
    const copied = readClipboardJSON(text);
    if (copied) pasteCopied(text, copied, at);
    else if (looksImportable(text)) await importText(editor, text, fromClipboard(text), at);
    else editor.notify("There is nothing on the clipboard that drawdoc can paste.");
  }

  // MARK: Dropping files

  /**
   * Pastes one dropped file: its text as a paste of it, a PNG file's bytes for the drawing it
   * carries, or a notice of why not.
   */
  async function dropFile(file) {
    const name = file.name || "The dropped file";
    const from = fromFile(file.name, name);
    if (/\.png$/i.test(name) || file.type === "image/png") {
      // Checked before reading: its base64 would not fit in the body.
      if (file.size > PNG_LIMIT) {
        editor.notify(`${name} is larger than the 12 MiB of PNG that drawdoc pastes: ` +
          `${from.tooLarge}.`);
        return;
      }
      let bytes;
      try { bytes = new Uint8Array(await file.arrayBuffer()); } catch (error) {
        editor.notify(`${name} could not be read.`);
        return;
      }
      await importPNG(editor, bytes, from);
      return;
    }
    if (!TEXT_FILE.test(name) && file.type !== "image/svg+xml") {
      editor.notify(`${name} is not a file drawdoc can import: drop SVG, draw.io (.drawio), ` +
        "Excalidraw (.excalidraw), drawdoc's JSON or a PNG that carries a drawing.");
      return;
    }
    // Checked before reading: the body would be larger still.
    if (file.size > BODY_LIMIT) {
      editor.notify(`${name} is larger than the 16 MiB that drawdoc pastes: ${from.tooLarge}.`);
      return;
    }
    let text;
    try { text = await file.text(); } catch (error) {
      editor.notify(`${name} could not be read.`);
      return;
    }
    const copied = readClipboardJSON(text);
    if (copied) { pasteCopied(text, copied); return; }
    await importText(editor, text, from);
  }

  const withFiles = (event) => Boolean(event.dataTransfer)
    && [...event.dataTransfer.types].includes("Files");
  const onStage = (event) => event.target instanceof Node && editor.stage.contains(event.target);
  const dropping = (on) => editor.stage.classList.toggle("dropping", on);

  // Anywhere in the page a dropped file is not opened by the browser (leaving the editor); on
  // the stage (the canvas and its pasteboard) it is pasted, and the stage shows it is a target.
  document.addEventListener("dragover", (event) => {
    if (!withFiles(event)) return;
    event.preventDefault();
    const here = onStage(event) && !editor.state.gone;
    event.dataTransfer.dropEffect = here ? "copy" : "none";
    dropping(here);
  });
  document.addEventListener("dragleave", (event) => {
    if (!event.relatedTarget || !editor.stage.contains(event.relatedTarget)) dropping(false);
  });
  document.addEventListener("dragend", () => dropping(false));
  document.addEventListener("drop", async (event) => {
    if (!withFiles(event)) return;
    event.preventDefault();
    dropping(false);
    if (!onStage(event) || editor.state.gone) return;
    for (const file of [...event.dataTransfer.files]) await dropFile(file);
  });
  return { pasteFromClipboard };
}
