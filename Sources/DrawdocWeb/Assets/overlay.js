// The editor's overlay: what the page draws over the canvas, in the canvas's coordinates, as
// a layer of its own (what changes in it each frame repaints it alone, never the drawing): the
// selection's outlines and handles, the hovered rectangle, and what a gesture marks (boxes
// moving, a ghost being drawn, the marquee, the guides snapped to). Also an old version shown
// over the canvas, read-only (the history's preview). It is drawn from the store: no one calls
// it by hand. An ES module.

import { svgRect } from "./geometry.js";
import { bounds, handlePoint } from "./gestures.js";
import { GRID_STEP } from "./snap.js";

/**
 * Connects the overlay (`overlay`, the SVG over the canvas) to the editor's store; returns
 * `{ showPreview }`.
 */
export function connectOverlay(editor, overlay) {
  const { page, state, store, view, tools } = editor;
  const canvas = document.getElementById("canvas");

  /** Shows an old version over the canvas, read-only (`null` ends it): the history's preview. */
  function showPreview(svg) {
    let box = document.getElementById("version-preview");
    if (svg === null) {
      if (box) box.remove();
      state.previewing = false;
      editor.stage.classList.remove("previewing");
      return;
    }
    if (!box) {
      box = document.createElement("div");
      box.id = "version-preview";
      box.className = "version-preview";
      // The last child of the viewport: it zooms and pans with the canvas.
      document.getElementById("viewport").append(box);
    }
    const template = document.createElement("template");
    template.innerHTML = svg.slice(svg.indexOf("<svg"));
    const picture = document.adoptNode(template.content.firstElementChild);
    picture.setAttribute("width", page.drawing.width * view.shownZoom);
    picture.setAttribute("height", page.drawing.height * view.shownZoom);
    box.replaceChildren(picture);
    state.previewing = true;
    editor.stage.classList.add("previewing");
    overlay.replaceChildren();
  }

  /**
   * A line of the overlay, across the whole pasteboard: an SVG `line` (a rect of width 0 with a
   * stroke, as it was, is drawn by no browser), 1 screen pixel wide at any zoom (app.css).
   */
  function guide(line) {
    const far = 1e6;
    const vertical = line.x !== undefined;
    const node = document.createElementNS("http://www.w3.org/2000/svg", "line");
    node.setAttribute("x1", vertical ? line.x : -far);
    node.setAttribute("x2", vertical ? line.x : far);
    node.setAttribute("y1", vertical ? -far : line.y);
    node.setAttribute("y2", vertical ? far : line.y);
    node.setAttribute("class", "guide");
    return node;
  }

  /**
   * The overlay has the canvas's coordinates: outlines of the selection, its eight handles, the
   * hovered rectangle; during a gesture, `extra` gives the boxes moving, a ghost being drawn,
   * the marquee and the guides snapped to.
   */
  function drawOverlay(extra = {}) {
    const drawing = page.drawing;
    const preview = document.querySelector("#version-preview svg");
    if (preview) {
      preview.setAttribute("width", drawing.width * view.shownZoom);
      preview.setAttribute("height", drawing.height * view.shownZoom);
      return;
    }
    // Sized as the canvas is (for the zoom it is drawn at; the viewport scales both between).
    const setSize = (node, name, value) => {
      if (node.getAttribute(name) !== value) node.setAttribute(name, value);
    };
    setSize(overlay, "viewBox", `0 0 ${drawing.width} ${drawing.height}`);
    setSize(overlay, "width", String(drawing.width * view.shownZoom));
    setSize(overlay, "height", String(drawing.height * view.shownZoom));
    // The grid's step set only when it shows (a style set on the canvas restyles every rect).
    canvas.classList.toggle("grid", state.grid);
    const step = state.grid ? `${GRID_STEP * view.shownZoom}px ${GRID_STEP * view.shownZoom}px` : "";
    if (canvas.style.backgroundSize !== step) canvas.style.backgroundSize = step;
    const shapes = [];
    const boxes = extra.boxes || [...state.selection].map((rid) => page.rectangle(rid)).filter(Boolean);
    // Up to a thousand outlines; past that, the box around them says enough.
    for (const box of boxes.slice(0, 1000)) {
      if (extra.copies) {
        const copy = svgRect(box, "copy");
        copy.setAttribute("fill", box.color);
        copy.setAttribute("fill-opacity", box.alpha / 10);
        shapes.push(copy);
      }
      shapes.push(svgRect(box, "outline"));
    }
    const around = bounds(boxes);
    if (around && !extra.ghost && tools.current === "select") {
      if (boxes.length > 1) shapes.push(svgRect(around, "around"));
      if (!extra.boxes) shapes.push(...handles(around));
    }
    const hovered = !extra.boxes && state.hovered && !state.selection.has(state.hovered)
      && page.rectangle(state.hovered);
    if (hovered) shapes.push(svgRect(hovered, "hover"));
    if (extra.ghost) {
      const ghost = svgRect(extra.ghost, "ghost");
      ghost.setAttribute("fill", extra.ghost.color);
      shapes.push(ghost);
    }
    if (extra.marquee) shapes.push(svgRect(extra.marquee, "marquee"));
    for (const line of extra.guides || []) shapes.push(guide(line));
    overlay.replaceChildren(...shapes);
  }

  /**
   * The eight handles of a box: a small square drawn, and a larger one (16 px) that a mouse
   * takes. A page with no pointer but coarse ones (a phone, a tablet without a trackpad) gets no
   * such areas: a finger's or a pen's handle is found by `nearHandle` (gestures.js), whose zones
   * leave out the middle of the selection and the other rectangles, which a square cannot.
   */
  function handles(box) {
    const unit = view.unitsPerPixel();
    const touchOnly = matchMedia("(any-pointer: coarse)").matches
      && !matchMedia("(any-pointer: fine)").matches;
    const shown = 9 * unit, reach = 16 * unit;
    const made = [];
    // Edges first: where they overlap a corner, the corner is on top.
    for (const name of ["n", "e", "s", "w", "nw", "ne", "se", "sw"]) {
      const { x, y } = handlePoint(box, name);
      made.push(svgRect({ x: x - shown / 2, y: y - shown / 2, width: shown, height: shown },
        `handle ${name}`));
      if (touchOnly) continue;
      const area = svgRect({ x: x - reach / 2, y: y - reach / 2, width: reach, height: reach },
        `handle-area ${name}`);
      area.dataset.handle = name;
      made.push(area);
    }
    return made;
  }

  store.subscribe(["drawing", "selection", "hovered", "tool", "shownZoom", "grid", "previewing",
                   "marks"], () => { if (page.drawing) drawOverlay(state.marks || {}); });
  return { showPreview };
}
