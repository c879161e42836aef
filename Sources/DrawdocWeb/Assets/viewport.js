// The editor's viewport: the canvas at a zoom and a place in the stage, with the pasteboard
// around it (rectangles outside the canvas are drawn there, and can be selected). Zoom with
// Ctrl/⌘+wheel, + and -, Shift+1 (fit) and Shift+0 (100 %), about the pointer; pan with the
// wheel, or by dragging with the space bar held. An ES module.

/** The zooms a person can reach: 10 % to 3,200 %. */
export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 32;
/** Room left around the canvas when it is fitted to the stage, in pixels. */
const MARGIN = 24;
/** The smallest scale the canvas is shown at before it is drawn again at its zoom. */
export const SMALLEST_SCALE = 0.5;

/** Where a picture the overview stands for is moved, out of every tile the browser draws. */
const OUT_OF_SIGHT = "translate(-1000000px, 0px)";

/**
 * Places `content` (the canvas and its overlay) in `stage` at a zoom and an offset.
 * `size()` gives the drawing's canvas; `changed(zoomed)` is called after every move (`zoomed`: the zoom changed), so the page
 * can draw its overlay again.
 */
export class Viewport {
  constructor(stage, content, size, changed, companions = []) {
    this.stage = stage;
    this.content = content;
    /**
     * Elements placed as the canvas is but apart from it (the overlay): what changes in them
     * each frame repaints them, not the drawing.
     */
    this.companions = companions;
    this.size = size;
    this.changed = changed;
    this.zoom = 1;
    this.x = 0;
    this.y = 0;
    this.placed = false;
    this.panning = null;
    this.spaceHeld = false;
    /** Whether a drag pans, as the hand tool makes it. */
    this.handTool = false;
    /** The fingers on the stage, by pointer, and the pinch two of them make. */
    this.touches = new Map();
    this.pinch = null;
    /** Called when a second finger turns a gesture into a pinch: the page drops its own. */
    this.onPinch = () => {};
    /** Called when a drag starts panning (true) and when it lets go (false): the tools follow. */
    this.onPan = () => {};
    /** A large drawing's overview (overview.js), shown in the picture's place where it can. */
    this.overview = null;
    this.listen();
  }

  /** The zoom that shows the whole canvas in the stage. */
  fitZoom() {
    const { width, height } = this.size();
    const box = this.stage.getBoundingClientRect();
    return clamp(Math.min((box.width - 2 * MARGIN) / width, (box.height - 2 * MARGIN) / height));
  }

  /** The first placement: 100 %, or less when the canvas would not fit; centred. */
  place() {
    // A picture read again is sized for the zoom at once.
    if (this.placed) { this.size_(this.zoom); return this.apply(); }
    this.placed = true;
    this.zoomTo(Math.min(1, this.fitZoom()));
    this.centre();
  }

  /** Puts the canvas in the middle of the stage, at the zoom it has. */
  centre() {
    const { width, height } = this.size();
    const box = this.stage.getBoundingClientRect();
    this.x = Math.round((box.width - width * this.zoom) / 2);
    this.y = Math.round(Math.max(MARGIN, (box.height - height * this.zoom) / 2));
    this.apply();
  }

  /** Zooms to `zoom`, keeping the canvas point under stage point (sx, sy) where it is. */
  zoomTo(zoom, sx, sy) {
    const box = this.stage.getBoundingClientRect();
    const ax = sx ?? box.width / 2;
    const ay = sy ?? box.height / 2;
    const next = clamp(zoom);
    const cx = (ax - this.x) / this.zoom;
    const cy = (ay - this.y) / this.zoom;
    this.zoom = next;
    this.x = ax - cx * next;
    this.y = ay - cy * next;
    this.apply();
  }

  panBy(dx, dy) {
    this.x += dx;
    this.y += dy;
    this.apply();
  }

  /**
   * Moves the canvas to its place, and sizes it for the zoom. While the zoom keeps changing (a
   * wheel turning, a pinch), the canvas drawn at the last settled zoom is only scaled, which
   * costs nothing however many rectangles it has; 150 ms after the last change it is drawn at
   * the new zoom, sharp. `shownZoom` is the zoom the canvas and overlay are sized for.
   *
   * Scaled down, though, the canvas shows more of the picture it was drawn as, and the browser
   * draws every tile of it at its old size before it shows anything new: zoomed in to 7× and
   * fitted, 100,000 rectangles were 1,700 tiles, seconds of a page that takes no click. So a
   * zoom below half the size drawn (a fit, a zoom out from far in) sizes the canvas at once.
   */
  apply(settle = false) {
    // Whole pixels: the canvas stays crisp, and a point maps to the pixel it is drawn on.
    this.x = Math.round(this.x);
    this.y = Math.round(this.y);
    clearTimeout(this.settling);
    if (this.zoom !== this.shownZoom) {
      if (settle || this.shownZoom === undefined || this.zoom < this.shownZoom * SMALLEST_SCALE) {
        this.size_(this.zoom);
      } else {
        this.settling = setTimeout(() => this.apply(true), 150);
      }
    }
    const scale = this.zoom / this.shownZoom;
    const transform = `translate(${this.x}px, ${this.y}px)` + (scale === 1 ? "" : ` scale(${scale})`);
    for (const layer of [this.content, ...this.companions]) layer.style.transform = transform;
    const zoomed = this.zoom !== this.lastZoom || settle;
    this.lastZoom = this.zoom;
    this.changed(zoomed);
  }

  /**
   * Sizes the canvas for `zoom` (only what changed: a size set again repaints). The picture
   * keeps the drawing's own size and is scaled by a transform: a new width and height would
   * have the browser paint every rectangle again on the main thread (at 100,000 rectangles
   * half a second a zoom), where a new transform inside the viewport's layer only has the
   * tiles drawn again, sharp at the new zoom, by the compositor's raster threads.
   */
  size_(zoom) {
    this.shownZoom = zoom;
    const { width, height } = this.size();
    const canvas = this.content.querySelector(".canvas");
    const picture = canvas && canvas.querySelector("svg");
    const set = (node, name, value) => { if (node.getAttribute(name) !== value) node.setAttribute(name, value); };
    if (canvas) {
      if (canvas.style.width !== `${width * zoom}px`) canvas.style.width = `${width * zoom}px`;
      if (canvas.style.height !== `${height * zoom}px`) canvas.style.height = `${height * zoom}px`;
    }
    // Where the overview shows the drawing, the picture is moved out of sight (a transform of
    // its own layer: nothing is painted again), so the browser draws none of its tiles.
    const overview = Boolean(this.overview && this.overview.covers(zoom));
    const holder = picture && picture.parentNode;
    if (holder && holder.classList.contains("picture-holder") && holder.away !== overview) {
      holder.style.transform = overview ? OUT_OF_SIGHT : "";
      holder.away = overview;
    }
    if (this.overview && canvas) this.overview.place(canvas, zoom, overview);
    if (picture && !overview) {
      set(picture, "width", String(width));
      set(picture, "height", String(height));
      // CSS keeps a transform's numbers to 6 digits: the zoom set is noted on the element.
      if (picture.drawnAt !== zoom) {
        picture.style.transform = `scale(${zoom})`;
        picture.drawnAt = zoom;
      }
    }
  }

  /** Sizes the canvas again at the zoom it is shown at (the overview came, or went). */
  refresh() {
    if (this.shownZoom !== undefined) this.size_(this.shownZoom);
  }

  /** The canvas point under a pointer event. */
  canvasPoint(event) {
    const box = this.stage.getBoundingClientRect();
    return { x: (event.clientX - box.left - this.x) / this.zoom,
             y: (event.clientY - box.top - this.y) / this.zoom };
  }

  /** How many canvas units one screen pixel is. */
  unitsPerPixel() { return 1 / this.zoom; }

  /** The client coordinates of canvas point (x, y) at the current zoom and place. */
  toScreen(x, y) {
    const box = this.stage.getBoundingClientRect();
    return { x: box.left + this.x + x * this.zoom, y: box.top + this.y + y * this.zoom };
  }

  listen() {
    const stage = this.stage;
    stage.addEventListener("wheel", (event) => {
      event.preventDefault();
      const box = stage.getBoundingClientRect();
      if (event.ctrlKey || event.metaKey) {
        // A pinch on a touchpad comes as a wheel with Ctrl held, as on every browser.
        this.zoomTo(this.zoom * Math.exp(-event.deltaY * 0.002),
          event.clientX - box.left, event.clientY - box.top);
      } else if (event.shiftKey && !event.deltaX) {
        // Shift turns a mouse wheel sideways, as in Figma and Excalidraw.
        this.panBy(-event.deltaY, 0);
      } else {
        this.panBy(-event.deltaX, -event.deltaY);
      }
    }, { passive: false });
    // Two fingers pinch to zoom and move to pan, whatever the tool.
    const finger = (event) => ({ x: event.clientX, y: event.clientY });
    stage.addEventListener("pointerdown", (event) => {
      if (event.pointerType !== "touch") return;
      this.touches.set(event.pointerId, finger(event));
      if (this.touches.size !== 2) return;
      this.pinch = this.pinchOf();
      this.onPinch();
      event.preventDefault();
      event.stopImmediatePropagation();
    }, { capture: true });
    stage.addEventListener("pointermove", (event) => {
      if (!this.touches.has(event.pointerId)) return;
      this.touches.set(event.pointerId, finger(event));
      if (!this.pinch) return;
      const now = this.pinchOf();
      const box = stage.getBoundingClientRect();
      this.zoomTo(this.zoom * now.distance / this.pinch.distance,
        this.pinch.x - box.left, this.pinch.y - box.top);
      this.panBy(now.x - this.pinch.x, now.y - this.pinch.y);
      this.pinch = now;
      event.stopImmediatePropagation();
    }, { capture: true });
    const lift = (event) => {
      if (!this.touches.delete(event.pointerId) || !this.pinch) return;
      if (this.touches.size < 2) this.pinch = null;
      event.stopImmediatePropagation();
    };
    stage.addEventListener("pointerup", lift, { capture: true });
    stage.addEventListener("pointercancel", lift, { capture: true });
    // Space held: a drag pans instead of acting on rectangles.
    stage.addEventListener("pointerdown", (event) => {
      if (!this.spaceHeld && !this.handTool && event.button !== 1) return;
      // The zoom control lies on the stage: its buttons are pressed, not panned from.
      if (event.target.closest && event.target.closest(".zoom-control")) return;
      this.panning = { x: event.clientX, y: event.clientY };
      this.onPan(true);
      stage.setPointerCapture(event.pointerId);
      // Not for a pen, whose next events WebKit would drop (gestures.js, keepDefault).
      if (event.pointerType !== "pen") event.preventDefault();
      event.stopImmediatePropagation();
    }, { capture: true });
    stage.addEventListener("pointermove", (event) => {
      if (!this.panning) return;
      this.panBy(event.clientX - this.panning.x, event.clientY - this.panning.y);
      this.panning = { x: event.clientX, y: event.clientY };
      event.stopImmediatePropagation();
    }, { capture: true });
    const stop = (event) => {
      if (!this.panning) return;
      this.panning = null;
      this.onPan(false);
      event.stopImmediatePropagation();
    };
    stage.addEventListener("pointerup", stop, { capture: true });
    stage.addEventListener("pointercancel", stop, { capture: true });
    // A window that changes size (a phone turned, a window made smaller) shows the canvas
    // again in the middle, no bigger than fits.
    window.addEventListener("resize", () => {
      if (!this.placed) return;
      this.zoom = Math.min(this.zoom, this.fitZoom());
      this.centre();
    });
  }

  /** The middle of the two fingers on the stage, and how far apart they are. */
  pinchOf() {
    const [a, b] = [...this.touches.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2,
             distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)) };
  }

  /** Holds Space: a drag pans while it is down (the keys' module calls it). */
  holdSpace(held) {
    this.spaceHeld = held;
    this.stage.style.cursor = held ? "grab" : "";
  }

  /** Zooms and pans so that a box of the canvas fills the stage (up to 800 %), centred. */
  show(box) {
    if (!box) return;
    const stage = this.stage.getBoundingClientRect();
    const fit = Math.min((stage.width - 2 * MARGIN) / Math.max(box.width, 1),
                         (stage.height - 2 * MARGIN) / Math.max(box.height, 1));
    this.zoom = clamp(Math.min(fit, 8));
    this.x = stage.width / 2 - (box.x + box.width / 2) * this.zoom;
    this.y = stage.height / 2 - (box.y + box.height / 2) * this.zoom;
    this.apply();
  }
}

function clamp(zoom) {
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
}
