// A large drawing's picture, put in the page without keeping a click waiting. Its rectangles
// are drawn at once on a canvas element (a stand-in, from the drawing's JSON form), while the
// SVG nodes of its file are made in parts, one part a task, out of the page; the whole picture
// then takes the stand-in's place. The selection and the hit test read the rectangles, not the
// nodes, so a click is taken while the nodes are made. An ES module.

/** Drawings of this many rectangles or more are shown by a stand-in while their nodes come. */
export const STAND_IN_FROM = 20000;

/** The rectangles a part of the picture holds, about. */
export const PART = 1000;

/** The longest side of a stand-in, in pixels (a canvas past this costs more than it shows). */
export const STAND_IN_SIDE = 4096;

/**
 * An SVG file's text as the server writes it (`<svg …>`, its `<title>`, then one `<rect …/>`
 * a rectangle, then `</svg>`) in parts: `head`, the file without its rects, and `parts`, the
 * rects' text in runs of about `PART` of the `count` rectangles, each cut before a `<rect`.
 */
export function splitPicture(svg, count) {
  const start = Math.max(svg.indexOf("<svg"), 0);
  const end = svg.lastIndexOf("</svg>");
  const first = svg.indexOf("<rect", start);
  if (first < 0 || end < first) return { head: svg.slice(start), parts: [] };
  const size = Math.ceil((end - first) / Math.max(1, Math.ceil(count / PART)));
  const parts = [];
  for (let at = first; at < end;) {
    let next = at + size >= end ? end : svg.indexOf("<rect", at + size);
    if (next < 0 || next > end) next = end;
    parts.push(svg.slice(at, next));
    at = next;
  }
  return { head: svg.slice(start, first) + svg.slice(end), parts };
}

/**
 * SVG text parsed by the browser's HTML parser (it makes the same SVG elements as the XML
 * one, in a third of the time at 10,000 rectangles); a template keeps them inert. Returns its
 * `<svg>` element, not yet in the page.
 */
export function parseSVG(text) {
  const template = document.createElement("template");
  template.innerHTML = text;
  return document.adoptNode(template.content.firstElementChild);
}

/**
 * Draws `rectangles` from `from` up to `to` (bottom first, as the file stacks them) on a 2D
 * `context` at `scale` pixels a unit, drawing point `origin` at its pixel (0, 0): each filled
 * with its colour at its alpha, as the file's `fill` and `fill-opacity` draw it.
 */
export function drawRectangles(context, rectangles, scale, from = 0, to = rectangles.length,
                               origin = { x: 0, y: 0 }) {
  context.setTransform(scale, 0, 0, scale, (0 - origin.x) * scale, (0 - origin.y) * scale);
  let color = null, alpha = null;
  for (let at = from; at < to; at += 1) {
    const r = rectangles[at];
    if (r.color !== color) context.fillStyle = color = r.color;
    const opacity = r.alpha >= 10 ? 1 : r.alpha / 10;
    if (opacity !== alpha) context.globalAlpha = alpha = opacity;
    context.fillRect(r.x, r.y, r.width, r.height);
  }
}

/**
 * Rectangles packed to be handed to a worker without a copy (`unpackRectangles` makes them
 * again, without their ids), in their order: `boxes` (x, y, width, height each) and `colors`
 * (the colour's 24 bits times 16, plus the alpha level 1 to 10).
 */
export function packRectangles(rectangles) {
  const boxes = new Float64Array(rectangles.length * 4);
  const colors = new Uint32Array(rectangles.length);
  rectangles.forEach((r, at) => {
    boxes.set([r.x, r.y, r.width, r.height], at * 4);
    colors[at] = parseInt(r.color.slice(1), 16) * 16 + r.alpha;
  });
  return { boxes, colors };
}

/** The rectangles `packRectangles` packed, as `drawRectangles` draws them (no ids). */
export function unpackRectangles({ boxes, colors }) {
  return Array.from(colors, (packed, at) => ({
    x: boxes[at * 4], y: boxes[at * 4 + 1], width: boxes[at * 4 + 2], height: boxes[at * 4 + 3],
    color: `#${Math.floor(packed / 16).toString(16).padStart(6, "0")}`, alpha: packed % 16,
  }));
}

/** The pixels a unit of a stand-in for a `width` × `height` drawing shown at `zoom`. */
export function standInScale(width, height, zoom, pixelRatio) {
  return Math.min(zoom * pixelRatio, STAND_IN_SIDE / Math.max(width, height, 1));
}

/** The rectangles drawn on a stand-in in one task. */
export const DRAWN_AT_ONCE = 2500;

/**
 * A canvas element to show in the picture's place at `zoom` while its nodes are made, and the
 * pixels a unit it is drawn at; a screen reader passes it over (the rectangles' names come
 * with the nodes).
 */
export function standIn(drawing, zoom) {
  const element = document.createElement("canvas");
  const scale = standInScale(drawing.width, drawing.height, zoom, window.devicePixelRatio || 1);
  element.width = Math.max(1, Math.round(drawing.width * scale));
  element.height = Math.max(1, Math.round(drawing.height * scale));
  element.className = "stand-in";
  element.setAttribute("aria-hidden", "true");
  return { element, scale };
}

/** Waits for a task of its own, after what the browser has to do first (input, a frame). */
function nextTask(priority) {
  if (globalThis.scheduler && scheduler.postTask) {
    return scheduler.postTask(() => {}, { priority });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Draws `rectangles` on a stand-in, `DRAWN_AT_ONCE` a task (at 100,000 rectangles the whole
 * takes the browser longer than a click should wait), while `wanted()` says it is still the
 * one to show. Whether all of them were drawn.
 */
export async function drawStandIn({ element, scale }, rectangles, wanted) {
  const context = element.getContext("2d");
  for (let at = 0; at < rectangles.length; at += DRAWN_AT_ONCE) {
    if (at > 0) {
      await nextTask("user-visible");
      if (!wanted()) return false;
    }
    drawRectangles(context, rectangles, scale, at, Math.min(at + DRAWN_AT_ONCE, rectangles.length));
  }
  return true;
}

/**
 * Makes `parts` (`splitPicture`) into nodes of `picture`, one part a task, while `wanted()`
 * says the picture is still the one to show. Whether all of them went in.
 */
export async function growPicture(picture, parts, wanted) {
  const holder = document.createElement("template");
  for (const part of parts) {
    await nextTask("background");
    if (!wanted()) return false;
    holder.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg">${part}</svg>`;
    picture.append(...document.adoptNode(holder.content.firstElementChild).childNodes);
  }
  return true;
}
