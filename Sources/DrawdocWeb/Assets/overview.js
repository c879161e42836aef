// A large drawing's overview: a bitmap of its rectangles, shown in the picture's place when
// the drawing is zoomed out. At 100,000 rectangles a fit or a zoom key had the browser draw
// every rectangle of the SVG picture again at the new zoom, tile by tile (in software, a quarter
// of a second a frame: the rectangles lie a hundred deep); the overview is drawn once, by a
// worker off the page's thread, and then only scaled. Each change to the picture is drawn again
// on it where it changed, in the same frame. Past twice the fit's zoom (three zoom-ins, where
// the stage shows part of the drawing), the SVG picture is shown again, sharp at any zoom. An
// ES module; overviewworker.js draws the bitmap with pictureparts.js, as the stand-in is drawn.

import { bounds } from "./gestures.js";
import { drawRectangles, packRectangles } from "./pictureparts.js";

/** Drawings of this many rectangles or more get an overview (the stand-in's threshold). */
export const OVERVIEW_FROM = 20000;

/** The most pixels an overview may have (64 MB), and its longest side. */
export const OVERVIEW_PIXELS = 16 * 1024 * 1024;
export const OVERVIEW_SIDE = 8192;

/** The most of an overview's area drawn again on the page's thread after a change. */
export const REDRAWN_HERE = 0.25;

/** How far past the fit the overview serves, sharp: up to twice its zoom (three zoom-ins). */
export const OVERVIEW_REACH = 2;

/**
 * The box an overview covers, in drawing units: the canvas and every rectangle (those on the
 * pasteboard around it are drawn too).
 */
export function overviewBounds(rectangles, width, height) {
  const canvas = { x: 0, y: 0, width, height };
  const drawn = bounds(rectangles);
  return drawn ? bounds([canvas, drawn]) : canvas;
}

/**
 * The pixels a unit of an overview of `bounds`, for a stage whose fit is `fitZoom`:
 * `OVERVIEW_REACH` times the fit's, within the overview's size; 0 when that would not even show
 * the fit sharp (rectangles far out on the pasteboard): no overview then.
 */
export function overviewScale(bounds, fitZoom, pixelRatio) {
  const wanted = OVERVIEW_REACH * fitZoom * pixelRatio;
  const area = bounds.width * bounds.height;
  const longest = Math.max(bounds.width, bounds.height);
  const scale = Math.min(wanted, Math.sqrt(OVERVIEW_PIXELS / area), OVERVIEW_SIDE / longest);
  return Number.isFinite(scale) && scale > 0 && scale >= fitZoom * pixelRatio ? scale : 0;
}

/**
 * The overview's size in whole pixels at `scale` (`overviewScale`), and the scale lowered a
 * little when rounding up would pass `OVERVIEW_PIXELS` or `OVERVIEW_SIDE` (a browser may refuse
 * a canvas past them).
 */
export function overviewPixels(bounds, scale) {
  for (let at = scale; ; at *= 0.999) {
    const width = Math.max(1, Math.ceil(bounds.width * at));
    const height = Math.max(1, Math.ceil(bounds.height * at));
    if (width * height <= OVERVIEW_PIXELS && Math.max(width, height) <= OVERVIEW_SIDE) {
      return { scale: at, pixels: { width, height } };
    }
  }
}

/**
 * The pixels of an overview (`scale`, its top left at drawing point `origin`) that a change to
 * the drawing's box `box` may have touched: the box's pixels and one more around them (the
 * edges are smoothed), within `pixels` (the overview's width and height). Null when none.
 */
export function touchedPixels(box, scale, origin, pixels) {
  const left = Math.max(0, Math.floor((box.x - origin.x) * scale) - 1);
  const top = Math.max(0, Math.floor((box.y - origin.y) * scale) - 1);
  const right = Math.min(pixels.width, Math.ceil((box.x + box.width - origin.x) * scale) + 1);
  const bottom = Math.min(pixels.height, Math.ceil((box.y + box.height - origin.y) * scale) + 1);
  return right > left && bottom > top
    ? { x: left, y: top, width: right - left, height: bottom - top } : null;
}

/** Whether pixel areas `a` and `b` overlap or touch. */
function touching(a, b) {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height
    && b.y <= a.y + a.height;
}

/**
 * How to draw `boxes` (drawing units) again on an overview of `extent` at `scale`, `pixels` in
 * size: the pixel areas to draw again here, those that overlap merged; or null when the worker
 * should draw it anew (a box past it, or areas over `REDRAWN_HERE` of it).
 */
export function planRedraw(boxes, extent, scale, pixels) {
  if (boxes.some((box) => !inside(box, extent))) return null;
  let areas = boxes.map((box) => touchedPixels(box, scale, extent, pixels)).filter(Boolean);
  for (let merged = true; merged;) {
    merged = false;
    const next = [];
    for (const area of areas) {
      const at = next.findIndex((other) => touching(other, area));
      if (at < 0) next.push(area);
      else { next[at] = bounds([next[at], area]); merged = true; }
    }
    areas = next;
  }
  const drawn = areas.reduce((sum, area) => sum + area.width * area.height, 0);
  return drawn > REDRAWN_HERE * pixels.width * pixels.height ? null : areas;
}

/** Whether box `a` lies inside box `b`. */
function inside(a, b) {
  return a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width
    && a.y + a.height <= b.y + b.height;
}

/**
 * The picture in a layer of its own, which the viewport moves out of sight (a transform, so
 * nothing is painted again) where the overview stands for it.
 */
export function held(picture) {
  const holder = document.createElement("div");
  holder.className = "picture-holder";
  holder.append(picture);
  return holder;
}

/**
 * The rectangles the picture shows, bottom first: `page`'s, those shown elsewhere for a moment
 * (a drag) where they are shown, those hidden for a moment left out.
 */
export function shownRectangles(page) {
  const { previewed, hiddenIds } = page;
  if (!previewed.size && !hiddenIds.size) return page.rectangles;
  const shown = [];
  for (const r of page.rectangles) {
    if (!hiddenIds.has(r.id)) shown.push(previewed.get(r.id) || r);
  }
  return shown;
}

/** Whether this browser can draw an overview off the page's thread (as far as it says). */
function supported() {
  return typeof Worker === "function" && typeof OffscreenCanvas === "function"
    && typeof OffscreenCanvas.prototype.transferToImageBitmap === "function";
}

/**
 * The overview of one page's drawing (pagedrawing.js: its rectangles in their order, with those
 * shown elsewhere or hidden for a moment). `onChange()` is called when the overview can be
 * shown, or can no longer be.
 */
export class Overview {
  constructor(onChange) {
    this.onChange = onChange;
    this.worker = null;
    /** Whether the worker failed once: the picture is shown from then on. */
    this.failed = false;
    this.job = 0;
    /** How many bitmaps the worker drew that were shown (a test reads it). */
    this.builds = 0;
    this.element = null;
    this.built = null;
  }

  /** Draws the overview of `page`'s drawing for a stage whose fit is `fitZoom`, in a worker. */
  build(page, fitZoom, pixelRatio) {
    this.drop();
    if (this.failed || !supported() || page.rectangles.length < OVERVIEW_FROM) return;
    const shown = shownRectangles(page);
    const box = overviewBounds(shown, page.drawing.width, page.drawing.height);
    const wanted = overviewScale(box, fitZoom, pixelRatio);
    if (!wanted) return;
    const { scale, pixels } = overviewPixels(box, wanted);
    if (scale < fitZoom * pixelRatio) return;
    const job = ++this.job;
    // `changed`: the boxes that changed while the worker draws, drawn again when it is done.
    this.built = { page, fitZoom, pixelRatio, bounds: box, scale, pixels, changed: [] };
    // The page tells each change of its picture from now on (none is looked for otherwise).
    page.painted = (changed) => this.changed(changed);
    const packed = packRectangles(shown);
    try {
      if (!this.worker) {
        this.worker = new Worker(new URL("./overviewworker.js", import.meta.url),
                                 { type: "module" });
        this.worker.onmessage = ({ data }) => this.arrive(data);
        this.worker.onerror = () => this.fail();
      }
      this.worker.postMessage({ job, scale, origin: box, pixels, ...packed },
                              [packed.boxes.buffer, packed.colors.buffer]);
    } catch {
      this.fail();
    }
  }

  /** The worker could not draw (a browser without module workers): no overview from now on. */
  fail() {
    this.failed = true;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.drop();
  }

  arrive({ job, bitmap }) {
    const built = this.built;
    if (job !== this.job || !built || !bitmap) { if (bitmap) bitmap.close(); return; }
    // Changed all over meanwhile (a drag of everything): drawn anew before it is shown.
    if (built.changed.length && !planRedraw(built.changed, built.bounds, built.scale,
                                            built.pixels)) {
      bitmap.close();
      this.build(built.page, built.fitZoom, built.pixelRatio);
      return;
    }
    const element = document.createElement("canvas");
    element.className = "overview";
    element.setAttribute("aria-hidden", "true");
    element.width = bitmap.width;
    element.height = bitmap.height;
    element.getContext("2d").drawImage(bitmap, 0, 0);
    bitmap.close();
    this.element = element;
    this.builds += 1;
    this.redraw();
    this.onChange();
  }

  /** Forgets the overview (a drawing read again): the picture is shown until the next. */
  drop() {
    this.job += 1;
    const had = Boolean(this.element);
    if (this.element) this.element.remove();
    this.element = null;
    if (this.built) this.built.page.painted = null;
    this.built = null;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (had) this.onChange();
  }

  /**
   * Whether the overview shows the drawing sharp at `zoom` on this screen: it is drawn, at as
   * many pixels a unit as the screen shows or more. (A drawing's canvas changes size only when
   * it is read again, which drops the overview.)
   */
  covers(zoom) {
    const built = this.built;
    return Boolean(this.element
      && zoom * (window.devicePixelRatio || 1) <= built.scale * (1 + 1e-9));
  }

  /**
   * What a test reads of it (editor.js, `drawdocEditor`): `{drawn, shown, scale, x, y, zoom,
   * builds}`, `zoom` the one it was last placed at, `builds` how many bitmaps the worker drew.
   */
  describe() {
    const element = this.element, built = this.built;
    return { drawn: Boolean(element),
             shown: Boolean(element && element.isConnected && element.style.display !== "none"),
             scale: built ? built.scale : 0, x: built ? built.bounds.x : 0,
             y: built ? built.bounds.y : 0, zoom: this.placedAt || 0, builds: this.builds };
  }

  /** Puts the overview in `canvas` at `zoom`, shown or not. */
  place(canvas, zoom, shown) {
    const element = this.element;
    if (!element) return;
    if (element.parentNode !== canvas) canvas.append(element);
    this.placedAt = zoom;
    // Its whole pixels, each 1 / scale units: a little past the box where it was rounded up.
    const { bounds, pixels, scale } = this.built;
    const style = { display: shown ? "" : "none", left: `${bounds.x * zoom}px`,
                    top: `${bounds.y * zoom}px`, width: `${pixels.width / scale * zoom}px`,
                    height: `${pixels.height / scale * zoom}px` };
    for (const [name, value] of Object.entries(style)) {
      if (element.style[name] !== value) element.style[name] = value;
    }
  }

  /**
   * The drawing looks different in `box` (drawing units): drawn again there before the next
   * frame. Boxes past the overview's, or over much of it, have it drawn anew by the worker.
   */
  changed(box) {
    const built = this.built;
    if (!built) return;
    built.changed.push(box);
    // Many at once (an edit of thousands): one box holds them.
    if (built.changed.length > 64) built.changed = [bounds(built.changed)];
    // While the worker draws, what changed waits for its bitmap.
    if (this.element && !this.frame) this.frame = requestAnimationFrame(() => this.redraw());
  }

  /** Draws again what changed: cleared, then every rectangle over it, bottom first. */
  redraw() {
    this.frame = 0;
    const built = this.built;
    if (!built || !built.changed.length || !this.element) return;
    const areas = planRedraw(built.changed, built.bounds, built.scale, built.pixels);
    built.changed = [];
    // A change over much of the drawing (all of it moved) is drawn anew by the worker, off the
    // page's thread, as 100,000 rectangles drawn again here would keep a frame waiting.
    if (!areas) {
      this.build(built.page, built.fitZoom, built.pixelRatio);
      return;
    }
    const context = this.element.getContext("2d");
    for (const area of areas) drawArea(context, built, area);
  }
}

/** Draws `area` (pixels) of an overview again: cleared, then every rectangle over it. */
function drawArea(context, { page, scale, bounds: origin }, area) {
  // The area in drawing units, to find the rectangles that reach into it.
  const left = origin.x + area.x / scale, top = origin.y + area.y / scale;
  const right = left + area.width / scale, bottom = top + area.height / scale;
  const { previewed, hiddenIds } = page;
  const moved = previewed.size > 0 || hiddenIds.size > 0;
  const over = [];
  for (let r of page.rectangles) {
    if (moved) {
      if (hiddenIds.has(r.id)) continue;
      r = previewed.get(r.id) || r;
    }
    if (r.x < right && r.y < bottom && r.x + r.width > left && r.y + r.height > top) over.push(r);
  }
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(area.x, area.y, area.width, area.height);
  context.beginPath();
  context.rect(area.x, area.y, area.width, area.height);
  context.clip();
  drawRectangles(context, over, scale, 0, over.length, origin);
  context.restore();
}
